"""Issue 34: limits fail open, but visibly. When the shared store of the counts (memcached)
cannot be reached, each process counts on its own: a warning says so (and says when the store is
back), and `GET /api/v1/health` answers {"limits": "local"} meanwhile, "shared" otherwise."""

from __future__ import annotations

import logging
import socket
import subprocess
import time
from collections.abc import Iterator

import pytest

from scorekeeper import create_app
from tests.helpers.api import FOUR, SESSIONS, bearer
from tests.helpers.limits import ASHA, assert_limited, closed_port, from_, limited_app
from tests.helpers.seep import deal as seep_deal

HEALTH = "/api/v1/health"
LOST = "the shared store (memcached) cannot be reached"
BACK = "the shared store (memcached) answers again"


class Memcached:
    """A memcached of a test's own on one local port, to start and stop."""

    def __init__(self) -> None:
        self.port = closed_port()
        self.uri = f"memcached://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = ["memcached", "-l", "127.0.0.1", "-p", str(self.port), "-U", "0", "-m", "8"]
        self.process = subprocess.Popen(
            [*command, "-u", "nobody"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        deadline = time.monotonic() + 10
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                assert self.process.poll() is None and time.monotonic() < deadline, "no memcached"
                time.sleep(0.05)  # a server starting: nothing to wait on but its port

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)


@pytest.fixture
def memcached() -> Iterator[Memcached]:
    server = Memcached()
    server.start()
    try:
        yield server
    finally:
        server.kill()


def warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]


def test_counts_in_memory_are_local(fresh_db: str) -> None:
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": fresh_db})
    answer = app.test_client().get(HEALTH)
    assert answer.status_code == 200
    assert answer.get_json() == {"limits": "local", "database": "ok"}
    assert answer.headers["Cache-Control"] == "no-store"


def test_a_shared_store_that_answers_is_shared(fresh_db: str, memcached: Memcached) -> None:
    app = limited_app(fresh_db, RATELIMIT_STORAGE_URI=memcached.uri)
    assert app.test_client().get(HEALTH).get_json()["limits"] == "shared"


def test_a_store_that_cannot_be_reached_is_said_once_and_limits_still_hold(
    fresh_db: str, caplog: pytest.LogCaptureFixture
) -> None:
    app = limited_app(
        fresh_db,
        CREATE_LIMIT="2 per minute",
        RATELIMIT_STORAGE_URI=f"memcached://127.0.0.1:{closed_port()}",
    )
    client = app.test_client()
    body = {"game": "seep", "teams": FOUR}
    answers = [client.post(SESSIONS, json=body, headers=from_(ASHA)) for _ in range(3)]
    assert [a.status_code for a in answers[:2]] == [201, 201]
    assert_limited(answers[2], "at most 2 a minute")  # counted in this process meanwhile
    assert client.get(HEALTH).get_json()["limits"] == "local"
    said = [line for line in warnings(caplog) if LOST in line]
    assert len(said) == 1, warnings(caplog)  # once, not at every request


def test_a_store_that_goes_away_and_comes_back_is_said_both_times(
    fresh_db: str, memcached: Memcached, caplog: pytest.LogCaptureFixture
) -> None:
    app = limited_app(fresh_db, RATELIMIT_STORAGE_URI=memcached.uri)
    client = app.test_client()
    assert client.get(HEALTH).get_json()["limits"] == "shared"
    memcached.kill()
    assert client.get(HEALTH).get_json()["limits"] == "local"
    assert any(LOST in line for line in warnings(caplog)), warnings(caplog)
    memcached.start()
    assert client.get(HEALTH).get_json()["limits"] == "shared"
    assert any(BACK in line for line in warnings(caplog)), warnings(caplog)


def test_a_write_notices_the_store_gone_without_a_health_check(
    fresh_db: str, memcached: Memcached, caplog: pytest.LogCaptureFixture
) -> None:
    app = limited_app(fresh_db, RATELIMIT_STORAGE_URI=memcached.uri)
    client = app.test_client()
    session = client.post(SESSIONS, json={"game": "seep", "teams": FOUR}).get_json()
    memcached.kill()
    url = f"{SESSIONS}/{session['id']}"
    assert client.get(url).status_code == 200  # a whole read, counted: never a 500
    assert any(LOST in line for line in warnings(caplog)), warnings(caplog)


def test_an_unreachable_database_is_said_too(tmp_path: object) -> None:
    url = f"sqlite:///{tmp_path}/gone/db.sqlite"  # a directory that does not exist
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": url})
    answer = app.test_client().get(HEALTH)
    assert answer.status_code == 200
    assert answer.get_json() == {"limits": "local", "database": "unavailable"}


def test_deal_writes_are_still_limited_while_the_store_cannot_be_reached(
    fresh_db: str, caplog: pytest.LogCaptureFixture
) -> None:
    unreachable = f"memcached://127.0.0.1:{closed_port()}"
    app = limited_app(
        fresh_db, SESSION_WRITE_LIMIT="2 per minute", RATELIMIT_STORAGE_URI=unreachable
    )
    client = app.test_client()
    session = client.post(SESSIONS, json={"game": "seep", "teams": FOUR}).get_json()
    url, auth = f"{SESSIONS}/{session['id']}/deals", bearer(session["edit_token"])
    statuses = [client.post(url, json=seep_deal(20), headers=auth).status_code for _ in range(3)]
    assert statuses == [201, 201, 429]  # counted in this process, never a 500
    assert [line for line in warnings(caplog) if LOST in line] != []
