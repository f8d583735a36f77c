"""Issue 34's limits through `make serve` itself, with its default figures: a session's deal
writes past SESSION_WRITE_LIMIT answer 429 through nginx, counted in make serve's memcached,
and `GET /api/v1/health` says the counts are shared."""

from __future__ import annotations

import json

import pytest

from scorekeeper.app import SESSION_WRITE_LIMIT
from tests.helpers.api import FOUR, SESSIONS
from tests.helpers.seep import deal as seep_deal
from tests.helpers.serve_requests import request
from tests.serve.conftest import Served

pytestmark = pytest.mark.serve


def test_health_says_the_limits_are_shared_in_memcached(served: Served) -> None:
    status, headers, body = request(served, "GET", "/api/v1/health")
    assert status == 200 and headers["Cache-Control"] == "no-store"
    assert json.loads(body) == {"limits": "shared", "database": "ok"}


def test_a_session_s_deal_writes_are_limited_with_retry_after(served: Served) -> None:
    allowed = int(SESSION_WRITE_LIMIT.split()[0])  # "120 per minute": make serve's default
    table = "127.0.0.79"  # a client of its own: the other tests write from 127.0.0.1
    status, _, body = request(
        served, "POST", SESSIONS, {"game": "seep", "teams": FOUR}, source=table
    )
    assert status == 201
    session = json.loads(body)
    auth = {"Authorization": f"Bearer {session['edit_token']}"}
    url = f"{SESSIONS}/{session['id']}/deals"
    # The window opens at the first write: these take seconds, far less than its minute.
    statuses = [
        request(served, "POST", url, seep_deal(20), source=table, **auth)[0]
        for _ in range(allowed + 1)
    ]
    assert statuses == [201] * allowed + [429], statuses
    status, headers, body = request(served, "POST", url, seep_deal(30), source=table, **auth)
    assert status == 429 and 0 < int(headers["Retry-After"]) <= 60
    answer = json.loads(body)
    assert answer["error"] == "rate-limited"
    assert f"At most {allowed} a minute." in answer["message"]
    _, _, stored = request(served, "GET", f"{SESSIONS}/{session['id']}", source=table)
    assert len(json.loads(stored)["deals"]) == allowed
