"""Concurrent writers over real HTTP (issue 6, finding 4), on SQLite (WAL) and PostgreSQL.

A threaded server on 127.0.0.1 serves the app; eight clients post at once. Every post must be
answered 201 and stored exactly once, with ids and numbers 1..64 — no 500s, no lost deals.
"""

from __future__ import annotations

import http.client
import json
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlsplit

import pytest
import sqlalchemy as sa
from flask import Flask
from pg import database, migrated_postgres  # noqa: F401  (fixtures)
from test_api import captured
from werkzeug.serving import make_server

from scorekeeper import create_app
from scorekeeper.data.extensions import db
from scorekeeper.data.models import Deal, GameSession

CLIENTS = 8
DEALS_EACH = 8
TAG_CARDS = ["2H", "3H", "4H", "5H", "6H", "7H"]  # not point cards: 6 bits tell 64 deals apart
TEAMS = [{"name": "Lions", "players": ["Asha", "Ravi"]}, {"players": ["Meena", "Dev"]}]
Answer = tuple[int, dict[str, str], Any]


@pytest.fixture
def app(database: str) -> Iterator[Flask]:  # noqa: F811
    """The app on this test's own database."""
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": database})
    yield app
    with app.app_context():
        db.engine.dispose()


@contextmanager
def serving(app: Flask) -> Iterator[str]:
    """The app served by a threaded HTTP server on 127.0.0.1; its base URL."""
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_port}"
    finally:
        httpd.shutdown()
        thread.join(timeout=10)


@pytest.fixture
def server(app: Flask) -> Iterator[str]:
    """The app served over real HTTP; its base URL."""
    with serving(app) as url:
        yield url


def call(url: str, method: str, body: Any = None, headers: dict[str, str] | None = None) -> Answer:
    """One request on its own connection: (status, headers, JSON body or the text)."""
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.netloc, timeout=60)
    try:
        data = None if body is None else json.dumps(body).encode()
        sent = {"Content-Type": "application/json"} | (headers or {})
        connection.request(method, parts.path, body=data, headers=sent)
        response = connection.getresponse()
        text = response.read().decode()
        answer_headers = dict(response.getheaders())
        try:
            return response.status, answer_headers, json.loads(text)
        except ValueError:
            return response.status, answer_headers, text
    finally:
        connection.close()


def tagged_deal(tag: int) -> dict[str, Any]:
    """A 50/50 deal (the lead never moves, so the session never ends) told apart by `tag`."""
    team0, team1 = captured(50)
    for bit, card in enumerate(TAG_CARDS):
        (team0 if tag >> bit & 1 else team1).append(card)
    return {"captured": [team0, team1]}


def tag_of(record: dict[str, Any]) -> int:
    return sum(1 << bit for bit, card in enumerate(TAG_CARDS) if card in record["captured"][0])


def at_once(count: int, work: Callable[[int], list[Answer]]) -> list[Answer]:
    """Run `work(i)` for i in range(count) in threads released together; all answers."""
    barrier = threading.Barrier(count)

    def run(i: int) -> list[Answer]:
        barrier.wait(timeout=30)
        return work(i)

    with ThreadPoolExecutor(count) as pool:
        return [answer for answers in pool.map(run, range(count)) for answer in answers]


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
    headers = auth | {"Idempotency-Key": "the-same-deal"}
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
    headers = {"Idempotency-Key": "start-once"}
    answers = at_once(CLIENTS, lambda _: [call(f"{server}/api/v1/sessions", "POST", body, headers)])
    assert [status for status, _, _ in answers] == [201] * CLIENTS, answers
    assert len({answer["id"] for _, _, answer in answers}) == 1
    assert rows(app, GameSession) == 1
