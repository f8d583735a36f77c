"""A tournament's table on its session's page: the link back to the tournament, and the
opponents' one-tap confirmation on the scorer's phone, cleared by an edit after it."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from tests.helpers.api import bearer
from tests.helpers.seep import deal as seep_deal
from tests.helpers.tournament_api import play
from tests.helpers.tournament_pages import create, keeping_club, pair, tables, text


def scorer(app: Flask, table: dict[str, str]) -> FlaskClient:
    """A phone that joined the table with its card's scorer link."""
    phone = app.test_client()
    response = phone.post(f"/s/{table['session']}/join", data={"key": table["edit_token"]})
    assert response.status_code == 302
    return phone


def test_the_table_links_back_and_the_opponents_confirm(app: Flask, client: FlaskClient) -> None:
    club = keeping_club(app, client)
    tournament = create(client, club)
    pair(client, tournament)
    table = tables(app, tournament)[0]
    phone = scorer(app, table)
    board = f"/s/{table['session']}"
    words = text(phone.get(board).get_data(as_text=True))
    assert "Diwali cup · Round 1 · Table 1" in words
    assert "Opponents confirm" not in words  # the round's deal is not played yet
    assert phone.post(f"{board}/confirm").status_code == 302  # refused, said as a message
    assert "Opponents confirm" not in text(phone.get(board).get_data(as_text=True))
    play(client, table, seep_deal(60))
    words = text(phone.get(board).get_data(as_text=True))
    assert "The table's result: won by" in words and "Opponents confirm" in words
    watcher = text(app.test_client().get(board).get_data(as_text=True))
    assert "Opponents confirm" not in watcher and "Waiting for the opponents" in watcher
    assert app.test_client().post(f"{board}/confirm").status_code == 403
    assert phone.post(f"{board}/confirm").status_code == 302
    words = text(phone.get(board).get_data(as_text=True))
    assert "The opponents confirmed this result." in words and "Opponents confirm " not in words
    assert "Confirmed" in text(client.get(f"/t/{tournament}").get_data(as_text=True))


def test_an_edit_after_confirming_clears_it(app: Flask, client: FlaskClient) -> None:
    club = keeping_club(app, client)
    tournament = create(client, club)
    pair(client, tournament)
    table = tables(app, tournament)[0]
    phone = scorer(app, table)
    board = f"/s/{table['session']}"
    play(client, table, seep_deal(60))
    phone.post(f"{board}/confirm")
    assert "confirmed this result" in text(phone.get(board).get_data(as_text=True))
    response = client.put(
        f"/api/v1/sessions/{table['session']}/deals/1",
        json=seep_deal(20),
        headers=bearer(table["edit_token"]),
    )
    assert response.status_code == 200, response.get_json()
    words = text(phone.get(board).get_data(as_text=True))
    assert "Opponents confirm" in words and "confirmed this result" not in words
