"""gunicorn on its own (deploy/gunicorn.conf.py), as bench/load.py starts it: what it trusts,
and whether reads go on while SQLite writers wait for the lock.

Straight at gunicorn on 127.0.0.1, with SCOREKEEPER_PROXIES unset: the app trusts no proxy, so
gunicorn must not either (its defaults believed X-Forwarded-Proto from 127.0.0.1 and from any
unix-socket peer). And a SQLite writer waiting for the lock holds a thread, never the worker:
with the lock held from outside and more writes in flight than gunicorn has workers, a read is
answered within 2 s (with sync workers it waited for the writers' 30 s).
"""

from __future__ import annotations

import sqlite3
import tempfile
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from bench.load import gunicorn
from bench.load_http import Answer, exchange
from tests.helpers.api import SESSIONS, bearer
from tests.helpers.seep import deal
from tests.helpers.waiting import connections_to, until

pytestmark = pytest.mark.serve

WORKERS = 2
TWO = [{"players": ["Asha"]}, {"players": ["Dev"]}]


@pytest.fixture
def direct(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[int, Path]]:
    """gunicorn with WORKERS workers on a new SQLite file, trusting no proxy; (port, file)."""
    monkeypatch.delenv("SCOREKEEPER_PROXIES", raising=False)
    monkeypatch.delenv("FORWARDED_ALLOW_IPS", raising=False)
    with tempfile.TemporaryDirectory(prefix="scorekeeper-direct-") as scratch:
        database = Path(scratch) / "direct.sqlite"
        with gunicorn(f"sqlite:///{database}", WORKERS, tmp_path / "gunicorn.log") as (port, _):
            yield port, database


def test_gunicorn_trusts_no_forwarded_proto_of_its_own(direct: tuple[int, Path]) -> None:
    port, _ = direct
    spoofed = {"X-Forwarded-Proto": "https", "X-Forwarded-Ssl": "on"}
    page = exchange(port, 10, "GET", "/new/seep", None, spoofed)
    assert page.status == "200", page.body[:300]
    cookie = page.headers.get("set-cookie", "")
    assert cookie.startswith("session="), page.headers
    assert "secure" not in cookie.lower().split("; "), cookie
    assert "strict-transport-security" not in page.headers


def test_a_read_is_answered_while_writers_wait_for_the_sqlite_lock(
    direct: tuple[int, Path],
) -> None:
    port, database = direct
    created = exchange(port, 10, "POST", SESSIONS, {"game": "seep", "teams": TWO}, {})
    assert created.status == "201", created.body
    session = created.json()
    deals = f"{SESSIONS}/{session['id']}/deals"

    def write(n: int) -> Answer:
        key = {"Idempotency-Key": str(uuid.uuid4()), **bearer(session["edit_token"])}
        return exchange(port, 60, "POST", deals, deal(60), key)

    holder = sqlite3.connect(database, isolation_level=None, timeout=1)
    holder.execute("BEGIN IMMEDIATE")  # the write lock, held from outside the server
    try:
        with ThreadPoolExecutor(3 * WORKERS) as pool:
            writes = [pool.submit(write, n) for n in range(3 * WORKERS)]
            # The writers reach the server (each its own connection) and wait for the lock.
            until(lambda: connections_to(port) >= len(writes), seconds=30)
            assert not any(w.done() for w in writes)
            read = exchange(port, 30, "GET", f"{SESSIONS}/{session['id']}", None, {})
            assert read.status == "200", read.body[:300]
            assert read.ms < 2000, f"the read waited {read.ms:.0f} ms behind the writers"
            holder.execute("ROLLBACK")
            statuses = {w.result().status for w in writes}
    finally:
        holder.close()
    # Each writer either got the lock once it was free, or gave up: 503 with Retry-After.
    assert statuses <= {"201", "503"}, statuses
