"""The tournament's page over HTTP: what every phone sees (rounds, tables, byes, standings,
each player's line), and the keeper's controls with their refusals."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.data.extensions import db
from scorekeeper.data.tournaments import Tournament
from tests.helpers.seep import deal as seep_deal
from tests.helpers.tournament_api import confirm, play
from tests.helpers.tournament_pages import (
    create,
    form,
    keeping_club,
    pair,
    problems,
    standing_rows,
    tables,
    text,
)


def test_the_keeper_creates_a_tournament_and_the_club_lists_it(
    app: Flask, client: FlaskClient
) -> None:
    club = keeping_club(app, client)
    tournament = create(client, club)
    page = client.get(f"/t/{tournament}").get_data(as_text=True)
    words = text(page)
    assert "Diwali cup" in words and "No round is paired yet." in words
    assert "Pair round 1" in words
    listed = client.get(f"/c/{club}").get_data(as_text=True)
    assert f'href="/t/{tournament}"' in listed


def test_the_first_round_shows_tables_byes_and_each_players_line(
    app: Flask, client: FlaskClient
) -> None:
    club = keeping_club(app, client)
    tournament = create(client, club)
    pair(client, tournament)
    words = text(client.get(f"/t/{tournament}").get_data(as_text=True))
    assert "Round 1 of 3" in words
    assert "Table 1" in words and "Table 2" in words and "Table 3" not in words
    assert "2 tables still playing." in words
    # Five partnerships on two tables: one sits out, and its players' lines say so.
    assert re.search(r"Sits out this round \(bye\): \w+", words)
    assert words.count("sits out this round (bye)") == 2
    # Every player of a table has a line naming the partner and the opponents.
    seated = tables(app, tournament)
    assert len(seated) == 2
    first = seated[0]["seats"]  # in playing order: the partners are the first and third
    assert f"Round 1 · Table 1 · partner {first[2]} · against {first[1]} & {first[3]}" in words


def test_pairing_twice_with_one_form_pairs_once(app: Flask, client: FlaskClient) -> None:
    club = keeping_club(app, client)
    tournament = create(client, club)
    page = client.get(f"/t/{tournament}").get_data(as_text=True)
    key = re.search(r'name="key" value="([^"]+)"', page)
    assert key
    for _ in range(2):
        assert client.post(f"/t/{tournament}/rounds", data={"key": key.group(1)}).status_code == 302
    with app.app_context():
        assert len(db.session.get(Tournament, tournament).rounds) == 1


def test_the_next_round_waits_for_confirmed_results(app: Flask, client: FlaskClient) -> None:
    club = keeping_club(app, client)
    tournament = create(client, club)
    pair(client, tournament)
    response = client.post(f"/t/{tournament}/rounds", data={"key": "a1b2c3d4e5f6a7b8c9d0e1f2"})
    assert response.status_code == 409
    assert "round 1" in " ".join(problems(response.get_data(as_text=True))).lower()


def test_confirmed_results_make_the_standings(app: Flask, client: FlaskClient) -> None:
    club = keeping_club(app, client)
    tournament = create(client, club)
    pair(client, tournament)
    for table in tables(app, tournament):
        play(client, table, seep_deal(60))
    words = text(client.get(f"/t/{tournament}").get_data(as_text=True))
    assert words.count("Waiting for the opponents to confirm") == 2
    for table in tables(app, tournament):
        confirm(client, table)
    page = client.get(f"/t/{tournament}").get_data(as_text=True)
    words = text(page)
    assert words.count("Confirmed") >= 2 and "Pair round 2" in words
    ranks = [row["rank"] for row in standing_rows(page)]
    assert len(ranks) == 5 and ranks[0] == "1"


def test_a_bad_tournament_is_named_and_nothing_is_stored(app: Flask, client: FlaskClient) -> None:
    club = keeping_club(app, client)
    response = client.post(
        f"/c/{club}/tournaments/new", data=form(entrants="Lions: Asha, Ravi\nTigers: Asha, Dev")
    )
    assert response.status_code == 400
    assert problems(response.get_data(as_text=True)) == ["A name is given twice: Asha."] or any(
        "Asha" in p for p in problems(response.get_data(as_text=True))
    )
    assert "Tigers: Asha, Dev" in response.get_data(as_text=True)  # the form as sent
    with app.app_context():
        assert db.session.execute(db.select(Tournament)).first() is None


def test_only_the_keeper_changes_a_tournament(app: Flask, client: FlaskClient) -> None:
    club = keeping_club(app, client)
    tournament = create(client, club)
    other = app.test_client()
    page = other.get(f"/t/{tournament}").get_data(as_text=True)
    assert "Pair round 1" not in page
    assert other.post(f"/t/{tournament}/rounds", data={}).status_code == 403
    assert other.post(f"/t/{tournament}/end").status_code == 403
    assert other.get(f"/c/{club}/tournaments/new").status_code == 403
    assert other.get(f"/t/{tournament}/rounds/1/cards").status_code == 403
