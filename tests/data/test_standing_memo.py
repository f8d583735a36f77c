"""The memoised standing follows the deals a read loaded, not the session's version number."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy.exc import OperationalError

from scorekeeper.data import idempotency
from scorekeeper.data.extensions import db
from scorekeeper.data.models import Deal, GameSession
from scorekeeper.rules import GAMES
from tests.helpers.api import FOUR, SESSIONS, add_deals, bearer, new_club, new_session
from tests.helpers.pages import deal_fields, start
from tests.helpers.seep import deal, seep_session


def test_a_deal_committed_between_the_session_row_and_its_deals_is_read_whole(
    app: Flask, client: FlaskClient
) -> None:
    session = seep_session(client)
    add_deals(client, session, deal(60))
    assert client.get(f"{SESSIONS}/{session['id']}").status_code == 200  # memoises the standing
    # On PostgreSQL a read loads the session row and then its deals in a second statement, so a
    # deal committed in between is seen beside the older session version (bench/load.py got a
    # 500 from this). A deal added without touching the version puts a read in that state.
    with app.app_context():
        stored = db.session.get(GameSession, session["id"])
        assert stored is not None
        db.session.add(Deal(session_id=stored.id, serial=2, record=stored.deals[0].record))
        db.session.commit()
    answer = client.get(f"{SESSIONS}/{session['id']}")
    assert answer.status_code == 200, answer.get_json()
    body = answer.get_json()
    assert [row["id"] for row in body["standing"]["deals"]] == [1, 2]
    assert [d["id"] for d in body["deals"]] == [1, 2]


def test_a_write_that_fails_to_commit_leaves_no_standing_behind(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = seep_session(client)
    add_deals(client, session, deal(60))
    url, headers = f"{SESSIONS}/{session['id']}/deals", bearer(session["edit_token"])

    def lose_the_connection() -> None:
        raise OperationalError("DELETE", {}, Exception("server closed the connection"))

    # The deal is flushed and its answer drawn, then the commit's last step fails: a 503.
    monkeypatch.setattr(idempotency, "_forget_old", lose_the_connection)
    failed = client.post(
        url, json=deal(90), headers=headers | {"Idempotency-Key": "k-0123456789abcdefghijkl"}
    )
    assert failed.status_code == 503
    monkeypatch.undo()
    # Another deal 2 (the same id and version as the lost one) must be scored as itself.
    add_deals(client, session, deal(10))
    read = client.get(f"{SESSIONS}/{session['id']}").get_json()["standing"]
    assert [row["points"] for row in read["deals"]] == [[60, 40], [10, 90]]
    assert read["lead"] == {"team": 1, "points": 60}


def test_a_deal_written_in_a_club_folds_its_deals_once(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    club = new_club(client)
    session = new_session(client, "seep", FOUR, club["id"])
    add_deals(client, session, deal(60))
    work = seep_work(monkeypatch)
    # The check of deal 2 finds the standing deal 1's write left; deal 2's answer goes on from
    # it by one deal, and its club summary takes that one.
    answer = add_deals(client, session, deal(90))
    assert work == [("extended", 1)]
    stored = client.get(f"{SESSIONS}/{session['id']}").get_json()
    assert work == [("extended", 1)]  # the commit kept it for the next read
    assert [row["points"] for row in stored["standing"]["deals"]] == [[60, 40], [90, 10]]
    rest = {name: value for name, value in stored["standing"].items() if name != "deals"}
    assert rest == answer["standing"]  # the 201's, which leaves out the per-deal rows


def test_a_deal_entered_on_its_form_is_scored_from_the_standing_before_it(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    board = start(client)
    assert client.post(board + "/deals/new", data=deal_fields(60)).status_code == 302
    client.get(board)  # the standing after deal 1, kept
    work = seep_work(monkeypatch)
    assert client.post(board + "/deals/new", data=deal_fields(30)).status_code == 302
    page = client.get(board).get_data(as_text=True)
    assert work == [("extended", 1)]  # not the two deals folded again
    assert "Deal 2 saved." in page


def seep_work(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """What Seep's standing does from now on: each whole fold and each extension, by deals."""
    seep, work = GAMES["seep"], []

    def folded(*args: Any) -> Any:
        work.append(("folded", len(args[2])))
        return seep.standing(*args)

    def extended(*args: Any) -> Any:
        work.append(("extended", len(args[2]["deals"])))
        assert seep.extend is not None
        return seep.extend(*args)

    monkeypatch.setitem(GAMES, "seep", replace(seep, standing=folded, extend=extended))
    return work
