"""The wall (/t/<id>/tv) over HTTP: the round's tables and who sits where, the tables still
playing with their running standing, the results, the byes and the standings; the tournament's
version as its ETag (a table's deal moves it), the stream it follows, the usual 404."""

from __future__ import annotations

import re

from flask.testing import FlaskClient

from tests.helpers.pages import unhashed
from tests.helpers.seep import deal as seep_deal
from tests.helpers.tournament_api import TOURNAMENTS, create, play, read_tournament
from tests.helpers.tournament_evening import evening, first_round_played, next_round, not_words
from tests.helpers.tournament_pages import standing_rows, text
from tests.helpers.untranslated import leftovers, marking


def wall(client: FlaskClient, tournament_id: str) -> str:
    response = client.get(f"/t/{tournament_id}/tv")
    assert response.status_code == 200
    return response.get_data(as_text=True)


def table_block(page: str, number: int) -> str:
    """The part of the wall that shows table `number`."""
    found = re.search(
        rf'<li class="wall-table[^"]*" data-testid="wall-table" data-table="{number}">(.*?)</li>',
        page,
        re.S,
    )
    assert found, f"no table {number} on the wall"
    return found.group(1)


def test_the_wall_shows_each_table_its_sides_and_seats(client: FlaskClient) -> None:
    night = evening(client)
    page = wall(client, night.id)
    assert "Diwali cup" in page
    assert "Round 1 of 3" in page
    for table in night.tables:
        block = table_block(page, table["table"])
        for entrant in table["entrants"]:
            assert night.name(entrant) in block
        for seat in table["seats"]:
            assert seat in block
        assert 'data-state="playing"' in block
        assert "No deals yet" in block
    (bye,) = night.byes
    assert f"Bye: {night.name(bye)} " in text(page)
    assert "2 tables still playing" in page


def test_the_wall_shows_running_scores_results_and_standings(client: FlaskClient) -> None:
    night = evening(client)
    first_round_played(client, night)
    page = wall(client, night.id)
    first = table_block(page, 1)
    assert 'data-state="confirmed"' in first
    winner = night.name(night.tables[0]["entrants"][0])
    assert f"Won by {winner} · game points +20 to -20" in text(first)
    second = table_block(page, 2)
    assert 'data-state="playing"' in second
    # One deal in: team 0 took 70 of the 100 points, a lead of 40.
    assert "lead by 40" in second and "1 deal" in second
    assert "1 table still playing" in page
    standings = read_tournament(client, night.tournament)["standings"]
    rows = [
        (r["entrant"], r["rank"], r["match-points"], r["buchholz"], r["difference"])
        for r in standing_rows(page)
    ]
    assert [(int(e), int(r), int(m)) for e, r, m, _, _ in rows] == [
        (line["entrant"], line["rank"], line["match_points"]) for line in standings
    ]
    # The winner of table 1 and the bye have 2 match points each; the difference (game points
    # for, 20, minus against, -20: +40; the bye's 0) puts the winner first.
    winner = night.tables[0]["entrants"][0]
    assert [(int(e), int(r), int(m)) for e, r, m, _, _ in rows[:2]] == [
        (winner, 1, 2),
        (night.byes[0], 2, 2),
    ]
    assert [d for e, *_, d in rows if int(e) == winner] == ["+40"]


def test_a_tables_deal_moves_the_walls_etag(client: FlaskClient) -> None:
    night = evening(client)
    first = client.get(f"/t/{night.id}/tv")
    etag = first.headers["ETag"]
    assert client.get(f"/t/{night.id}/tv", headers={"If-None-Match": etag}).status_code == 304
    play(client, night.tables[1], seep_deal(70))
    again = client.get(f"/t/{night.id}/tv", headers={"If-None-Match": etag})
    assert again.status_code == 200 and again.headers["ETag"] != etag
    assert "lead by 40" in table_block(again.get_data(as_text=True), 2)


def test_the_wall_follows_the_tournaments_stream(client: FlaskClient) -> None:
    night = evening(client)
    page = wall(client, night.id)
    version = read_tournament(client, night.tournament)["version"]
    assert f'data-changes="{TOURNAMENTS}/{night.id}/changes"' in page
    assert f'data-follow="{TOURNAMENTS}/{night.id}"' in page
    assert f"data-follow-tag='\"t{version}\"'" in page
    assert f'data-version="{version}"' in page
    assert 'data-live="wall"' in page and "/static/js/follow.js" in unhashed(page)
    assert "<form" not in page  # a wall only watches


def test_a_later_round_and_a_withdrawal_on_the_wall(client: FlaskClient) -> None:
    night = evening(client)
    next_round(client, night)
    gone = night.tournament["entrants"][0]
    response = client.delete(
        f"{TOURNAMENTS}/{night.id}/entrants/{gone['id']}",
        headers={"Authorization": f"Bearer {night.club['keeper_token']}"},
    )
    assert response.status_code == 200
    page = wall(client, night.id)
    assert "Round 2 of 3" in page
    assert f"Withdrawn: {gone['name']} " in text(page)
    assert page.count('data-testid="withdrawn"') == 1


def test_the_wall_before_any_round(client: FlaskClient) -> None:
    _, tournament = create(client)
    page = wall(client, tournament["id"])
    assert "Not paired yet" in page
    assert page.count('data-testid="standing-row"') == 5


def test_every_word_on_the_wall_is_marked_for_translation(client: FlaskClient) -> None:
    night = evening(client)
    first_round_played(client, night)
    with marking():
        page = wall(client, night.id)
    assert leftovers(page, names=not_words(night)) == []


def test_no_wall_for_an_unknown_tournament(client: FlaskClient) -> None:
    assert client.get("/t/nosuchtournament0/tv").status_code == 404
