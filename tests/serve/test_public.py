"""What the other parts of issue 22 promise, checked through `make serve` itself: static files under
hashed names cached a year (compressed too), and the rate limit on starts, counted per client in
make serve's memcached."""

from __future__ import annotations

import json
import re

import pytest

from scorekeeper.app import CREATE_LIMIT
from scorekeeper.rules.limits import MAX_NAME
from tests.helpers.api import SESSIONS
from tests.helpers.serve_requests import request
from tests.serve.conftest import Served

pytestmark = pytest.mark.serve

YEAR = "public, max-age=31536000, immutable"
TWO = [{"players": ["Asha"]}, {"players": ["Dev"]}]


def static_urls(served: Served) -> list[str]:
    """The static files the home page names: stylesheet, modules and their preloads."""
    status, _, page = request(served, "GET", "/")
    assert status == 200
    urls = sorted(set(re.findall(r'(?:href|src)="(/static/[^"]+)"', page.decode())))
    assert any(u.endswith(".css") for u in urls) and any(u.endswith(".js") for u in urls), urls
    return urls


def test_static_files_have_hashed_names_cached_a_year_and_compressed(served: Served) -> None:
    for url in static_urls(served):
        assert re.search(r"\.[0-9a-f]{12}\.\w+$", url), url
        status, headers, _ = request(served, "GET", url, Accept_Encoding="br")
        assert status == 200, url
        assert headers["Cache-Control"] == YEAR, url
        if url.endswith((".js", ".css")):
            assert headers["Content-Encoding"] == "br", url


def test_the_service_worker_and_pages_are_revalidated_not_kept(served: Served) -> None:
    for path in ("/sw.js", "/"):
        status, headers, _ = request(served, "GET", path)
        assert status == 200
        assert "immutable" not in (headers["Cache-Control"] or ""), path
    _, _, worker = request(served, "GET", "/sw.js")
    shell = json.loads(worker.decode().split("\n", 1)[0].removeprefix("const BUILD = ")[:-1])
    assert set(static_urls(served)) <= set(shell["shell"])


def start(served: Served, source: str, name: str) -> int:
    """Start a Seep session from `source`: the status."""
    teams = [{"players": [name[:MAX_NAME]]}, {"players": ["Dev"]}]
    return request(served, "POST", SESSIONS, {"game": "seep", "teams": teams}, source=source)[0]


def test_starts_are_limited_per_client_with_retry_after(served: Served) -> None:
    allowed = int(CREATE_LIMIT.split()[0])  # "30 per minute;…": make serve keeps the default
    crowd = "127.0.0.77"  # a client of its own: the other tests start from 127.0.0.1
    statuses = [start(served, crowd, f"Player {n}") for n in range(allowed + 5)]
    assert statuses[:allowed] == [201] * allowed, statuses
    assert set(statuses[allowed:]) == {429}, statuses
    status, headers, body = request(
        served, "POST", SESSIONS, {"game": "seep", "teams": TWO}, source=crowd
    )
    assert status == 429
    assert 0 < int(headers["Retry-After"]) <= 60
    assert json.loads(body)["error"] == "rate-limited"
    assert start(served, "127.0.0.78", "Another table") == 201
