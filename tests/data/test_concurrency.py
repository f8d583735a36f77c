"""Concurrent writers over real HTTP (issue 6, finding 4), on SQLite (WAL) and PostgreSQL.

A threaded server on 127.0.0.1 serves the app; eight clients post at once. Every post must be
answered 201 and stored exactly once, with ids and numbers 1..64 — no 500s, no lost deals.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask

from scorekeeper import create_app
from scorekeeper.data.extensions import db
from scorekeeper.data.models import Deal, GameSession
from tests.helpers.servers import Answer, at_once, call, serving, tag_of, tagged_deal

CLIENTS = 8
DEALS_EACH = 8
TEAMS = [{"name": "Lions", "players": ["Asha", "Ravi"]}, {"players": ["Meena", "Dev"]}]


@pytest.fixture
def app(database: str) -> Iterator[Flask]:
    """The app on this test's own database."""
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": database})
    yield app
    with app.app_context():
        db.engine.dispose()


@pytest.fixture
def server(app: Flask) -> Iterator[str]:
    """The app served over real HTTP; its base URL."""
    with serving(app) as url:
        yield url


def new_session(server: str) -> tuple[str, dict[str, str]]:
    status, _, body = call(f"{server}/api/v1/sessions", "POST", {"game": "seep", "teams": TEAMS})
    assert status == 201, body
    return f"{server}/api/v1/sessions/{body['id']}", {
        "Authorization": f"Bearer {body['edit_token']}"
    }


def rows(app: Flask, model: type[Any]) -> int:
    with app.app_context():
        return db.session.scalar(sa.select(sa.func.count()).select_from(model)) or 0


def test_eight_clients_posting_eight_deals_each_at_once_store_all_64_once(
    app: Flask, server: str
) -> None:
    url, auth = new_session(server)

    def client(i: int) -> list[Answer]:
        return [
            call(f"{url}/deals", "POST", tagged_deal(i * DEALS_EACH + n), auth)
            for n in range(DEALS_EACH)
        ]

    answers = at_once(CLIENTS, client)
    problems = [(status, body) for status, _, body in answers if status != 201]
    assert problems == [], f"{len(problems)} of 64 not stored: {problems[:3]}"
    every = range(1, CLIENTS * DEALS_EACH + 1)
    assert sorted(body["id"] for _, _, body in answers) == list(every)
    assert sorted(body["number"] for _, _, body in answers) == list(every)
    status, _, session = call(url, "GET")
    assert status == 200
    deals = session["deals"]
    assert [(d["id"], d["number"]) for d in deals] == [(n, n) for n in every]
    assert sorted(tag_of(d) for d in deals) == list(range(CLIENTS * DEALS_EACH))
    assert rows(app, Deal) == CLIENTS * DEALS_EACH


def test_the_same_deal_sent_at_once_with_one_idempotency_key_is_stored_once(
    app: Flask, server: str
) -> None:
    url, auth = new_session(server)
    headers = auth | {"Idempotency-Key": "the-same-deal-0123456789abcdefghijkl"}
    answers = at_once(CLIENTS, lambda _: [call(f"{url}/deals", "POST", tagged_deal(7), headers)])
    assert [status for status, _, _ in answers] == [201] * CLIENTS, answers
    assert all(body == answers[0][2] for _, _, body in answers)
    replayed = [h.get("Idempotent-Replayed") for _, h, _ in answers]
    assert sorted(replayed, key=str) == [None] + ["true"] * (CLIENTS - 1)
    assert len(call(url, "GET")[2]["deals"]) == 1
    assert rows(app, Deal) == 1


def test_one_session_started_at_once_with_one_idempotency_key_is_created_once(
    app: Flask, server: str
) -> None:
    body = {"game": "seep", "teams": TEAMS}
    headers = {"Idempotency-Key": "start-once-0123456789abcdefghijkl"}
    answers = at_once(CLIENTS, lambda _: [call(f"{server}/api/v1/sessions", "POST", body, headers)])
    assert [status for status, _, _ in answers] == [201] * CLIENTS, answers
    assert len({answer["id"] for _, _, answer in answers}) == 1
    assert rows(app, GameSession) == 1
