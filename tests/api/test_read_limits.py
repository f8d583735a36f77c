"""Issue 34: the expensive reads (a whole session, the exports) are limited per client, in rate
and in how many run at once (web/read_limits.py); a 304 and a read of what changed are not.
100 parallel reads from one client did stall every other client for up to 21.7 s."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from flask import Flask, request

import scorekeeper.api.sessions
from tests.helpers.api import CLUBS, FOUR, SESSIONS, Json
from tests.helpers.limits import ASHA, DEV, assert_limited, from_, limited_app

SAID = "Too many whole-session reads and exports came from this address. At most 2 a minute."


def seep_in_club(app: Flask) -> tuple[Json, str]:
    """A Seep session in a club, started from DEV: the session's answer and the club's id."""
    client = app.test_client()
    club = client.post(CLUBS, json={"name": "Thursday"}, headers=from_(DEV)).get_json()["id"]
    body = {"game": "seep", "teams": FOUR, "club": club}
    session: Json = client.post(SESSIONS, json=body, headers=from_(DEV)).get_json()
    return session, club


def test_whole_reads_past_the_figure_are_refused_naming_it(fresh_db: str) -> None:
    app = limited_app(fresh_db, READ_LIMIT="2 per minute")
    session, _club = seep_in_club(app)
    client = app.test_client()
    url = f"{SESSIONS}/{session['id']}"
    first = client.get(url, headers=from_(ASHA))
    assert first.status_code == 200
    tag = {"If-None-Match": first.headers["ETag"]}
    # A poll that finds nothing new does no work: not counted, never refused.
    assert {client.get(url, headers=from_(ASHA) | tag).status_code for _ in range(5)} == {304}
    assert client.get(url, headers=from_(ASHA)).status_code == 200
    refused = client.get(url, headers=from_(ASHA))
    assert_limited(refused, SAID)
    assert refused.get_json()["error"] == "rate-limited"
    assert client.get(url, headers=from_(ASHA) | tag).status_code == 304
    assert client.get(url + "?since=0", headers=from_(ASHA)).status_code == 200  # what changed
    assert client.get(url, headers=from_(DEV)).status_code == 200  # another client


def test_the_exports_share_the_figure_and_say_it_on_a_page(fresh_db: str) -> None:
    app = limited_app(fresh_db, READ_LIMIT="2 per minute")
    session, club = seep_in_club(app)
    client = app.test_client()
    client.environ_base["HTTP_X_FORWARDED_FOR"] = ASHA
    assert client.get(f"/s/{session['id']}/export.csv").status_code == 200
    assert client.get(f"/c/{club}/export.json").status_code == 200
    exports = (f"/s/{session['id']}/export.json", f"/s/{session['id']}/export.csv")
    for path in (*exports, f"{exports[1]}?since=0"):  # an export reads it all, since or not
        refused = client.get(path)
        assert refused.mimetype == "text/html"
        assert_limited(refused, SAID)
    assert_limited(client.get(f"{SESSIONS}/{session['id']}"), SAID)


@pytest.fixture
def held_whole_reads(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Any, threading.Event]]:
    """ASHA's whole reads wait inside their work until released; (how many wait, release)."""
    inside = {"now": 0}
    lock, release = threading.Lock(), threading.Event()
    original: Callable[..., Any] = scorekeeper.api.sessions.session_json

    def slow(*args: Any, **kwargs: Any) -> Any:
        if request.headers.get("X-Forwarded-For") == ASHA:
            with lock:
                inside["now"] += 1
            release.wait(timeout=30)
            with lock:
                inside["now"] -= 1
        return original(*args, **kwargs)

    monkeypatch.setattr(scorekeeper.api.sessions, "session_json", slow)
    try:
        yield inside, release
    finally:
        release.set()


def wait_for(check: Callable[[], bool], seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "not within the deadline"
        time.sleep(0.01)  # polling the threads' state: nothing to wait on but it


def test_a_hundred_parallel_reads_from_one_client_do_not_stall_another(
    fresh_db: str, held_whole_reads: tuple[Any, threading.Event]
) -> None:
    """A worker of 8 threads (gunicorn's gthread, deploy/gunicorn.conf.py): ASHA's 100 reads of a
    whole session, each slow, take at most 4 threads; the rest are answered 429 at once, and
    DEV's read is answered while ASHA's four are still running."""
    inside, release = held_whole_reads
    app = limited_app(fresh_db, READS_AT_ONCE=4)
    session, _club = seep_in_club(app)
    url = f"{SESSIONS}/{session['id']}"

    def get(address: str) -> int:
        return app.test_client().get(url, headers=from_(address)).status_code

    with ThreadPoolExecutor(max_workers=8) as threads:
        asha = [threads.submit(get, ASHA) for _ in range(100)]
        wait_for(lambda: sum(f.done() for f in asha) == 96)
        # The four admitted may still be on their way into the held read.
        wait_for(lambda: inside["now"] == 4)
        assert [f.result() for f in asha if f.done()] == [429] * 96
        dev = threads.submit(get, DEV)
        assert dev.result(timeout=20) == 200
        assert inside["now"] == 4 and not release.is_set()  # answered while ASHA's still run
        release.set()
        assert sorted(f.result(timeout=20) for f in asha) == [200] * 4 + [429] * 96


def test_past_its_reads_at_once_a_client_is_told_the_bound(
    fresh_db: str, held_whole_reads: tuple[Any, threading.Event]
) -> None:
    inside, release = held_whole_reads
    app = limited_app(fresh_db, READS_AT_ONCE=1)
    session, _club = seep_in_club(app)
    url = f"{SESSIONS}/{session['id']}"
    with ThreadPoolExecutor(max_workers=1) as thread:
        running = thread.submit(lambda: app.test_client().get(url, headers=from_(ASHA)))
        wait_for(lambda: inside["now"] == 1)
        refused = app.test_client().get(url, headers=from_(ASHA))
        release.set()
        assert running.result(timeout=20).status_code == 200
    said = "Too many whole-session reads and exports from this address are running at once"
    assert_limited(refused, said, "at most 1 at a time")
    assert refused.headers["Retry-After"] == "1"
    assert app.test_client().get(url, headers=from_(ASHA)).status_code == 200  # its place is free


def test_a_pages_poll_by_head_draws_nothing_and_is_not_counted(fresh_db: str) -> None:
    """follow.js asks whether the tag moved with a HEAD: even when it did, no body is drawn,
    so a table of phones polling behind one address never meets the figure."""
    app = limited_app(fresh_db, READ_LIMIT="1 per minute")
    session, _club = seep_in_club(app)
    client = app.test_client()
    url = f"{SESSIONS}/{session['id']}"
    stale = {"If-None-Match": '"s0"'}
    heads = [client.head(url, headers=from_(ASHA) | stale) for _ in range(5)]
    assert {head.status_code for head in heads} == {200}
    assert all(head.data == b"" and head.headers["ETag"] for head in heads)
    assert all("Content-Length" not in head.headers for head in heads)  # not the GET's 0
    assert client.get(url, headers=from_(ASHA)).status_code == 200  # the one whole read
