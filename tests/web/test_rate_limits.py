"""Issue 22: starting sessions and clubs is rate-limited per client (shared/API.md "Limits"),
429 with Retry-After, nothing stored; other clients, replays and refused requests unaffected."""

from __future__ import annotations

import re
import socket
import subprocess
import time
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from werkzeug.test import TestResponse

from scorekeeper import create_app
from scorekeeper.data.models import Club, GameSession
from tests.helpers import limits
from tests.helpers.api import CLUBS, FOUR, SESSIONS, count
from tests.helpers.limits import ASHA, DEV
from tests.helpers.pages import problems, start

BODY = {"game": "seep", "teams": FOUR}


def limited_app(fresh_db: str, limit: str = "2 per minute", **config: Any) -> Flask:
    """The app behind one proxy, with its starts limited to `limit`."""
    return limits.limited_app(fresh_db, CREATE_LIMIT=limit, **config)


@pytest.fixture
def limited(fresh_db: str) -> Flask:
    return limited_app(fresh_db)


def from_(address: str) -> dict[str, str]:
    """The header the proxy adds: the client's address."""
    return {"X-Forwarded-For": address}


def assert_limited(response: TestResponse, said: str = "at most 2 a minute") -> None:
    """A 429 that names the limit and says how long to wait, in seconds."""
    assert response.status_code == 429, response.get_data(as_text=True)[:300]
    wait = int(response.headers["Retry-After"])
    assert 1 <= wait <= 60
    text = response.get_data(as_text=True)
    assert said in text and "Try again in" in text


def test_one_client_starting_sessions_fast_is_refused_by_default(fresh_db: str) -> None:
    """The finding: one client started 400 sessions and clubs in 2 seconds. With the default
    configuration, it is refused once it passes the limit, and what it was refused is not kept."""
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": fresh_db})
    client = app.test_client()
    answers = [client.post(SESSIONS, json=BODY).status_code for _ in range(31)]
    assert answers == [201] * 30 + [429]
    refused = client.post(CLUBS, json={"name": "Thursday"})
    assert refused.status_code == 429 and "Retry-After" in refused.headers
    assert refused.get_json()["error"] == "rate-limited"
    assert (count(app, GameSession), count(app, Club)) == (30, 0)


def test_the_api_answers_429_with_retry_after_and_stores_nothing(limited: Flask) -> None:
    client = limited.test_client()
    for _ in range(2):
        assert client.post(SESSIONS, json=BODY, headers=from_(ASHA)).status_code == 201
    refused = client.post(SESSIONS, json=BODY, headers=from_(ASHA))
    assert_limited(refused)
    answer = refused.get_json()
    assert answer["error"] == "rate-limited" and set(answer) == {"error", "message"}
    assert answer["message"].startswith("Too many sessions and clubs were started")
    club = client.post(CLUBS, json={"name": "Thursday"}, headers=from_(ASHA))
    assert_limited(club)  # one limit for sessions and clubs alike
    assert (count(limited, GameSession), count(limited, Club)) == (2, 0)


def test_another_client_is_not_held_back(limited: Flask) -> None:
    client = limited.test_client()
    for _ in range(2):
        client.post(SESSIONS, json=BODY, headers=from_(ASHA))
    assert client.post(SESSIONS, json=BODY, headers=from_(ASHA)).status_code == 429
    assert client.post(SESSIONS, json=BODY, headers=from_(DEV)).status_code == 201
    assert client.post(CLUBS, json={"name": "Dev's"}, headers=from_(DEV)).status_code == 201


def test_without_a_proxy_configured_the_forwarded_address_is_not_believed(
    fresh_db: str,
) -> None:
    """A client cannot escape its limit by naming another address itself."""
    app = limited_app(fresh_db, PROXIES=0)
    client = app.test_client()
    for address in (ASHA, DEV):
        assert client.post(SESSIONS, json=BODY, headers=from_(address)).status_code == 201
    assert client.post(SESSIONS, json=BODY, headers=from_("192.0.2.9")).status_code == 429


def test_addresses_of_one_ipv6_network_share_a_limit(limited: Flask) -> None:
    client = limited.test_client()
    for host in ("1", "2"):
        response = client.post(SESSIONS, json=BODY, headers=from_(f"2001:db8:1:2::{host}"))
        assert response.status_code == 201
    assert client.post(SESSIONS, json=BODY, headers=from_("2001:db8:1:2::3")).status_code == 429
    assert client.post(SESSIONS, json=BODY, headers=from_("2001:db8:1:3::1")).status_code == 201


def test_a_replay_under_a_stored_key_is_answered_past_the_limit(limited: Flask) -> None:
    """A phone that never heard its answer sends again: that stores nothing, so it is not
    refused, nor counted."""
    client = limited.test_client()
    key = {"Idempotency-Key": str(uuid.uuid4())} | from_(ASHA)
    first = client.post(SESSIONS, json=BODY, headers=key)
    club_key = {"Idempotency-Key": str(uuid.uuid4())} | from_(ASHA)
    club = client.post(CLUBS, json={"name": "Thursday"}, headers=club_key)
    assert (first.status_code, club.status_code) == (201, 201)
    assert client.post(SESSIONS, json=BODY, headers=from_(ASHA)).status_code == 429
    again = client.post(SESSIONS, json=BODY, headers=key)
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json() == first.get_json()
    club_again = client.post(CLUBS, json={"name": "Thursday"}, headers=club_key)
    assert club_again.status_code == 201 and club_again.get_json() == club.get_json()
    assert (count(limited, GameSession), count(limited, Club)) == (1, 1)


def test_a_refused_request_is_not_counted(limited: Flask) -> None:
    client = limited.test_client()
    for _ in range(5):
        bad = client.post(SESSIONS, json={"game": "chess"}, headers=from_(ASHA))
        assert bad.status_code == 400
    for _ in range(2):
        assert client.post(SESSIONS, json=BODY, headers=from_(ASHA)).status_code == 201


def test_the_form_over_the_limit_comes_back_as_typed(limited: Flask) -> None:
    client = limited.test_client()
    client.environ_base["HTTP_X_FORWARDED_FOR"] = ASHA
    for _ in range(2):
        start(client)
    names = {"a1": "Asha", "a2": "Ravi", "b1": "Meena", "b2": "Zubin"}
    refused = client.post("/new/seep", data=names | {"team_a": "Lions"})
    assert_limited(refused)
    page = refused.get_data(as_text=True)
    assert any(p.startswith("Too many sessions and clubs") for p in problems(page)), page
    for typed in ("Zubin", "Lions"):
        assert f'value="{typed}"' in page
    assert count(limited, GameSession) == 2


def test_a_rematch_over_the_limit_is_a_page_that_says_wait(limited: Flask) -> None:
    client = limited.test_client()
    client.environ_base["HTTP_X_FORWARDED_FOR"] = ASHA
    board = start(client)
    start(client)
    refused = client.post(board + "/rematch")
    assert_limited(refused)
    assert "Please wait" in refused.get_data(as_text=True)
    assert count(limited, GameSession) == 2


def test_a_limiter_that_cannot_be_reached_still_counts_in_memory(fresh_db: str) -> None:
    """Its storage down must not stop the tables (never a 500): the counts are kept in the
    worker's memory meanwhile."""
    app = limited_app(fresh_db, RATELIMIT_STORAGE_URI=f"memcached://127.0.0.1:{closed_port()}")
    client = app.test_client()
    answers = [client.post(SESSIONS, json=BODY, headers=from_(ASHA)) for _ in range(3)]
    assert [a.status_code for a in answers] == [201, 201, 429]
    assert client.post(SESSIONS, json=BODY, headers=from_(DEV)).status_code == 201


def test_the_storage_and_the_limit_come_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, fresh_db: str
) -> None:
    monkeypatch.setenv("SCOREKEEPER_LIMITS_STORAGE", "memcached://127.0.0.1:11211")
    monkeypatch.setenv("SCOREKEEPER_CREATE_LIMIT", "5 per hour")
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": fresh_db})
    assert app.config["RATELIMIT_STORAGE_URI"] == "memcached://127.0.0.1:11211"
    assert app.config["CREATE_LIMIT"] == "5 per hour"


@pytest.mark.parametrize(
    ("limit", "said"),
    [
        ("1 per hour", "at most 1 an hour"),
        ("1 per day", "at most 1 a day"),
        ("1 per 10 minutes", "at most 1 per 10 minute"),
    ],
)
def test_the_message_names_the_limit(fresh_db: str, limit: str, said: str) -> None:
    app = limited_app(fresh_db, limit)
    client = app.test_client()
    assert client.post(SESSIONS, json=BODY).status_code == 201
    refused = client.post(SESSIONS, json=BODY)
    assert refused.status_code == 429
    message = refused.get_json()["message"]
    assert said in message, message
    wait = int(refused.headers["Retry-After"])
    unit = re.search(r"Try again in (\d+) (second|minute|hour)s?\.", message)
    assert unit, message
    assert wait > 60 and unit.group(2) != "second"


def closed_port() -> int:
    """A local port nothing listens on."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


@pytest.fixture
def memcached() -> Iterator[str]:
    """A memcached of this test's own on a free local port; its storage URI."""
    port = closed_port()
    server = subprocess.Popen(
        ["memcached", "-l", "127.0.0.1", "-p", str(port), "-U", "0", "-u", "nobody", "-m", "8"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 10
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                assert server.poll() is None and time.monotonic() < deadline, "no memcached"
                time.sleep(0.05)  # a server starting: nothing to wait on but its port
        yield f"memcached://127.0.0.1:{port}"
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_workers_sharing_a_memcached_share_the_count(fresh_db: str, memcached: str) -> None:
    """Two workers (two apps) with one storage: a client cannot double its limit by landing
    on the other one."""
    one, two = (limited_app(fresh_db, RATELIMIT_STORAGE_URI=memcached) for _ in range(2))
    assert one.test_client().post(SESSIONS, json=BODY, headers=from_(ASHA)).status_code == 201
    assert two.test_client().post(SESSIONS, json=BODY, headers=from_(ASHA)).status_code == 201
    assert_limited(one.test_client().post(SESSIONS, json=BODY, headers=from_(ASHA)))
    assert_limited(two.test_client().post(CLUBS, json={"name": "T"}, headers=from_(ASHA)))
    assert two.test_client().post(SESSIONS, json=BODY, headers=from_(DEV)).status_code == 201
