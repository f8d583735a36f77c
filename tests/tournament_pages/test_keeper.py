"""The keeper's controls over HTTP: a late entrant, withdrawing, adjusting with a note everyone
sees, un-pairing, ending, and the printable table cards."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.data.extensions import db
from scorekeeper.data.tournaments import Tournament
from scorekeeper.tournament_pages.keeper import read_entrant_line
from tests.helpers.seep import deal as seep_deal
from tests.helpers.tournament_api import play
from tests.helpers.tournament_pages import create, keeping_club, pair, problems, tables, text


@pytest.mark.parametrize(
    ("line", "entrant"),
    [
        ("Lions: Asha, Ravi", {"name": "Lions", "players": ["Asha", "Ravi"]}),
        ("Asha, Ravi", {"players": ["Asha", "Ravi"]}),
        # An Urdu keyboard types Arabic script's comma; others the full-width colon and comma.
        ("شیر: آشا، روی", {"name": "شیر", "players": ["آشا", "روی"]}),
        ("虎：明，丽", {"name": "虎", "players": ["明", "丽"]}),
        ("Lions: Asha: Ravi", {"name": "Lions", "players": ["Asha: Ravi"]}),
    ],
)
def test_an_entrants_line_is_read_with_any_keyboards_colon_and_comma(
    line: str, entrant: dict[str, object]
) -> None:
    assert read_entrant_line(line, rotating=False) == entrant


def test_a_late_entrant_joins_from_the_next_round(app: Flask, client: FlaskClient) -> None:
    club = keeping_club(app, client)
    tournament = create(client, club)
    pair(client, tournament)
    response = client.post(f"/t/{tournament}/entrants", data={"entrant": "Owls: Tara, Neel"})
    assert response.status_code == 302
    words = text(client.get(f"/t/{tournament}").get_data(as_text=True))
    assert "Owls joins from round 2." in words
    assert "plays from round 2" in words  # Tara's and Neel's lines
    with app.app_context():
        entrants = db.session.get(Tournament, tournament).entrants
        assert [e.name for e in entrants][-1] == "Owls" and entrants[-1].joins_from == 2


def test_a_late_entrant_of_the_wrong_size_is_refused(app: Flask, client: FlaskClient) -> None:
    club = keeping_club(app, client)
    tournament = create(client, club)
    response = client.post(f"/t/{tournament}/entrants", data={"entrant": "Owls: Tara"})
    assert response.status_code == 400
    assert "2 players" in " ".join(problems(response.get_data(as_text=True)))
    with app.app_context():
        assert len(db.session.get(Tournament, tournament).entrants) == 5


def test_a_withdrawn_entrant_is_marked(app: Flask, client: FlaskClient) -> None:
    club = keeping_club(app, client)
    tournament = create(client, club)
    assert client.post(f"/t/{tournament}/withdraw", data={"entrant": "2"}).status_code == 302
    page = client.get(f"/t/{tournament}").get_data(as_text=True)
    line = re.search(r'data-entrant="2">(.*?)</tr>', page, re.S)
    assert line and "Withdrawn" in line.group(1)
    assert client.post(f"/t/{tournament}/withdraw", data={"entrant": ""}).status_code == 400


def test_an_adjusted_result_and_its_note_are_shown_to_everyone(
    app: Flask, client: FlaskClient
) -> None:
    club = keeping_club(app, client)
    tournament = create(client, club)
    pair(client, tournament)
    data = {"outcome": "second", "points0": "0", "points1": "40", "note": "Phone lost at table 1"}
    response = client.post(f"/t/{tournament}/rounds/1/tables/1/adjust", data=data)
    assert response.status_code == 302
    words = text(app.test_client().get(f"/t/{tournament}").get_data(as_text=True))
    assert "Adjusted by the keeper" in words and "Note: Phone lost at table 1" in words
    bad = client.post(f"/t/{tournament}/rounds/1/tables/1/adjust", data=data | {"note": "x" * 201})
    assert bad.status_code == 400 and problems(bad.get_data(as_text=True))
    back = client.post(f"/t/{tournament}/rounds/1/tables/1/adjust", data={"undo": "1"})
    assert back.status_code == 302
    assert "Phone lost" not in client.get(f"/t/{tournament}").get_data(as_text=True)


def test_unpairing_before_any_deal_and_not_after(app: Flask, client: FlaskClient) -> None:
    club = keeping_club(app, client)
    tournament = create(client, club)
    pair(client, tournament)
    assert client.post(f"/t/{tournament}/rounds/1/unpair").status_code == 302
    assert "No round is paired yet." in text(client.get(f"/t/{tournament}").get_data(as_text=True))
    pair(client, tournament)
    play(client, tables(app, tournament)[0], seep_deal(60))
    refused = client.post(f"/t/{tournament}/rounds/1/unpair")
    assert refused.status_code == 409 and problems(refused.get_data(as_text=True))
    with app.app_context():
        assert len(db.session.get(Tournament, tournament).rounds) == 1


def test_ending_the_tournament(app: Flask, client: FlaskClient) -> None:
    club = keeping_club(app, client)
    tournament = create(client, club)
    assert client.post(f"/t/{tournament}/end").status_code == 302
    words = text(client.get(f"/t/{tournament}").get_data(as_text=True))
    assert "Finished" in words and "Pair round 1" not in words
    refused = client.post(f"/t/{tournament}/rounds", data={})
    assert refused.status_code == 409


def test_the_table_cards_carry_seats_and_scorer_links(app: Flask, client: FlaskClient) -> None:
    club = keeping_club(app, client)
    tournament = create(client, club)
    pair(client, tournament)
    page = client.get(f"/t/{tournament}/rounds/1/cards").get_data(as_text=True)
    seated = tables(app, tournament)
    assert page.count('data-testid="table-card"') == len(seated) == 2
    for table in seated:
        assert f"/s/{table['session']}#key={table['edit_token']}" in page
        for name in table["seats"]:
            assert name in page
    assert page.count("<svg") >= 2
    assert client.get(f"/t/{tournament}/rounds/2/cards").status_code == 404


def test_a_table_that_runs_long_is_ended_where_it_stands_and_plays_on_again(
    app: Flask, client: FlaskClient
) -> None:
    club = keeping_club(app, client)
    tournament = create(client, club, deals="3")
    pair(client, tournament)
    first = tables(app, tournament)[0]
    play(client, first, seep_deal(70))  # one deal of three: team 0 leads by 40
    page = text(client.get(f"/t/{tournament}").get_data(as_text=True))
    assert "End table 1 where it stands" in page and "End table 2 where it stands" in page
    response = client.post(f"/t/{tournament}/rounds/1/tables/1/end")
    assert response.status_code == 302
    words = text(client.get(f"/t/{tournament}").get_data(as_text=True))
    assert "Round 1, table 1 ends where it stands." in words and "Undo" in words
    # Its result is the one deal so far, waiting for the opponents' tap; table 2 plays on.
    assert "Waiting for the opponents to confirm" in words and "game points +40 to -40" in words
    assert "Let table 1 play on" in words and "End table 1 where" not in words
    assert "End table 2 where it stands" in words
    # A second tap (Back, then the button again) changes nothing.
    assert client.post(f"/t/{tournament}/rounds/1/tables/1/end").status_code == 302
    assert "Nothing changed." in text(client.get(f"/t/{tournament}").get_data(as_text=True))
    # The message's Undo: the table plays on, a deal may be entered again.
    assert client.post(f"/t/{tournament}/rounds/1/tables/1/play-on").status_code == 302
    words = text(client.get(f"/t/{tournament}").get_data(as_text=True))
    assert "Round 1, table 1 plays on." in words and "End table 1 where it stands" in words
    play(client, first, seep_deal(60))


def test_a_table_with_no_deal_cannot_be_ended_and_only_the_keeper_ends_one(
    app: Flask, client: FlaskClient
) -> None:
    club = keeping_club(app, client)
    tournament = create(client, club, deals="3")
    pair(client, tournament)
    refused = client.post(f"/t/{tournament}/rounds/1/tables/1/end")
    assert refused.status_code == 409
    assert problems(refused.get_data(as_text=True))
    assert app.test_client().post(f"/t/{tournament}/rounds/1/tables/1/end").status_code == 403
    assert client.post(f"/t/{tournament}/rounds/1/tables/9/end").status_code == 404
