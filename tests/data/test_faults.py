"""A database that stops answering (issue 6, finding 6): honest 503s, never a 500 or HTML.

SQLite faults are simulated (a connection that cannot be opened, a lock held by another
writer, a commit that fails after it may have happened); PostgreSQL faults are real: a
throwaway cluster of this module's own is stopped and started under the running app.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import psycopg
import pytest
from flask import Flask
from flask.testing import FlaskClient
from flask_migrate import upgrade
from sqlalchemy import event
from werkzeug.test import TestResponse

from scorekeeper import app as app_module
from scorekeeper import create_app
from scorekeeper.data.extensions import db
from tests.helpers.api import SESSIONS, bearer
from tests.helpers.postgres import Cluster, find_bindir
from tests.helpers.seep import deal, seep_session
from tests.helpers.servers import call, serving, tag_of, tagged_deal

UNSURE = "could not confirm whether this was saved"
CLIENTS = 4
DEALS_EACH = 6
TEAMS = [{"name": "Lions", "players": ["Asha", "Ravi"]}, {"players": ["Meena", "Dev"]}]


def make_app(url: str, **config: Any) -> Flask:
    return create_app(
        {"TESTING": True, "SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": url, **config}
    )


@pytest.fixture
def app(database: str) -> Iterator[Flask]:
    """The app on this test's own database (SQLite or PostgreSQL)."""
    app = make_app(database)
    yield app
    with app.app_context():
        db.engine.dispose()


def assert_unavailable(response: TestResponse | tuple[int, dict[str, str], Any]) -> str:
    """A 503 in the API's JSON error shape, with Retry-After; its message."""
    if isinstance(response, tuple):
        status, headers, body = response
    else:
        status, headers, body = response.status_code, response.headers, response.get_json()
    assert status == 503, body
    assert isinstance(body, dict), f"not JSON: {body!r}"
    assert body["error"] == "unavailable", body
    assert headers["Retry-After"].isdigit()
    message: str = body["message"]
    assert "Traceback" not in message and "sqlite" not in message.lower()
    return message


def fail_connecting(app: Flask) -> Callable[[], None]:
    """From now on no new connection opens (the pool is emptied first); undo with the result."""

    def refuse(*_args: Any) -> None:
        if db.engine.dialect.name == "sqlite":
            raise sqlite3.OperationalError("unable to open database file")
        raise psycopg.OperationalError("connection refused: the server is not running")

    with app.app_context():
        engine = db.engine
        engine.dispose()
        event.listen(engine, "do_connect", refuse)
    return lambda: event.remove(engine, "do_connect", refuse)


# -- a database that cannot be reached -------------------------------------------------------


def test_an_unreachable_database_answers_503_json_with_an_honest_message(
    app: Flask, client: FlaskClient
) -> None:
    session = seep_session(client)
    url = f"{SESSIONS}/{session['id']}"
    auth = bearer(session["edit_token"])
    restore = fail_connecting(app)
    try:
        read = assert_unavailable(client.get(url))
        assert "Nothing was changed" in read  # a read changed nothing, and says so
        keyed = client.post(
            f"{url}/deals",
            json=deal(60),
            headers=auth | {"Idempotency-Key": "a-0123456789abcdefghijkl"},
        )
        assert UNSURE in assert_unavailable(keyed)
        assert "safe to send it again" in assert_unavailable(keyed)
        unkeyed = assert_unavailable(client.post(f"{url}/deals", json=deal(60), headers=auth))
        assert UNSURE in unkeyed and "Idempotency-Key" in unkeyed  # no promise it cannot keep
        assert UNSURE in assert_unavailable(client.delete(f"{url}/deals/1", headers=auth))
        page = client.get(f"/s/{session['id']}")
        assert page.status_code == 503 and page.mimetype == "text/html"
    finally:
        restore()
    # Back again: the same key stores the deal once.
    again = client.post(
        f"{url}/deals",
        json=deal(60),
        headers=auth | {"Idempotency-Key": "a-0123456789abcdefghijkl"},
    )
    assert again.status_code == 201
    assert len(client.get(url).get_json()["deals"]) == 1


def test_a_write_lock_held_too_long_answers_503_and_reads_go_on(
    monkeypatch: pytest.MonkeyPatch, fresh_db: str
) -> None:
    monkeypatch.setattr(app_module, "SQLITE_WAIT_MS", 200)  # not 30 s in a test
    app = make_app(fresh_db)
    client = app.test_client()
    session = seep_session(client)
    url = f"{SESSIONS}/{session['id']}"
    headers = bearer(session["edit_token"]) | {"Idempotency-Key": "k-0123456789abcdefghijkl"}
    other = sqlite3.connect(fresh_db.removeprefix("sqlite:///"), isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")  # another writer holds the lock
    try:
        message = assert_unavailable(client.post(f"{url}/deals", json=deal(60), headers=headers))
        assert UNSURE in message
        assert client.get(url).status_code == 200  # WAL: readers are not held up
    finally:
        other.rollback()
        other.close()
    assert client.post(f"{url}/deals", json=deal(60), headers=headers).status_code == 201
    assert len(client.get(url).get_json()["deals"]) == 1


def test_a_commit_whose_outcome_is_unknown_says_so_and_a_retry_stores_once(
    app: Flask, client: FlaskClient
) -> None:
    session = seep_session(client)
    url = f"{SESSIONS}/{session['id']}/deals"
    headers = bearer(session["edit_token"]) | {
        "Idempotency-Key": "lost-answer-0123456789abcdefghijkl"
    }
    with app.app_context():
        dialect = db.engine.dialect
    real_commit = dialect.do_commit
    error = sqlite3.OperationalError if dialect.name == "sqlite" else psycopg.OperationalError

    def commit_then_fail(connection: Any) -> None:
        real_commit(connection)  # the deal is stored...
        dialect.do_commit = real_commit  # type: ignore[method-assign]
        raise error("server closed the connection unexpectedly")  # ...but nobody hears so

    dialect.do_commit = commit_then_fail  # type: ignore[method-assign]
    try:
        message = assert_unavailable(client.post(url, json=deal(60), headers=headers))
    finally:
        dialect.do_commit = real_commit  # type: ignore[method-assign]
    assert UNSURE in message and "safe to send it again" in message
    retried = client.post(url, json=deal(60), headers=headers)
    assert retried.status_code == 201, retried.get_json()
    assert retried.headers["Idempotent-Replayed"] == "true"  # it had been stored
    assert [d["id"] for d in client.get(url.removesuffix("/deals")).get_json()["deals"]] == [1]


def test_a_rollback_raising_in_teardown_never_reaches_the_client(
    app: Flask, client: FlaskClient
) -> None:
    session = seep_session(client)
    url = f"{SESSIONS}/{session['id']}"
    with app.app_context():
        dialect = db.engine.dialect
    real_rollback = dialect.do_rollback
    error = sqlite3.OperationalError if dialect.name == "sqlite" else psycopg.OperationalError
    calls: list[int] = []

    def rollback_fails(_connection: Any) -> None:
        calls.append(1)
        raise error("the connection went away during rollback")

    dialect.do_rollback = rollback_fails  # type: ignore[method-assign]
    try:
        read = client.get(url)  # its transaction is rolled back when the request ends
        missing = client.get(f"{SESSIONS}/nosuchsession")  # an error rolls back too
    finally:
        dialect.do_rollback = real_rollback  # type: ignore[method-assign]
    assert calls, "the test did not make a rollback fail"
    assert read.status_code == 200 and read.get_json()["id"] == session["id"]
    assert missing.status_code == 404 and missing.get_json()["error"] == "not-found"
    # The app goes on working with fresh connections.
    assert client.post(f"{url}/deals", json=deal(60), headers=bearer(session["edit_token"]))
    assert len(client.get(url).get_json()["deals"]) == 1


# -- PostgreSQL stopped and started under the app ---------------------------------------------


@pytest.fixture(scope="module")
def cluster() -> Iterator[tuple[Cluster, str]]:
    """A PostgreSQL server of this module's own, migrated; stopping it disturbs no one else."""
    own = Cluster(find_bindir())
    try:
        url = own.start()
        app = make_app(url)
        with app.app_context():
            upgrade()
            db.engine.dispose()
        yield own, url
    finally:
        own.stop()


@pytest.fixture
def pg_app(cluster: tuple[Cluster, str]) -> Iterator[Flask]:
    app = make_app(cluster[1])
    yield app
    with app.app_context():
        db.engine.dispose()


def test_a_stopped_postgresql_answers_503_json_and_the_same_key_stores_once_after(
    cluster: tuple[Cluster, str], pg_app: Flask
) -> None:
    postgres = cluster[0]
    client = pg_app.test_client()
    session = seep_session(client)
    url = f"{SESSIONS}/{session['id']}"
    headers = bearer(session["edit_token"]) | {"Idempotency-Key": "x-0123456789abcdefghijkl"}
    postgres.halt("fast")
    try:
        assert "Nothing was changed" in assert_unavailable(client.get(url))
        message = assert_unavailable(client.post(f"{url}/deals", json=deal(60), headers=headers))
        assert UNSURE in message
        assert client.get(f"/s/{session['id']}").status_code == 503
    finally:
        postgres.resume()
    posted = client.post(f"{url}/deals", json=deal(60), headers=headers)
    assert posted.status_code == 201, posted.get_json()
    assert len(client.get(url).get_json()["deals"]) == 1


def test_after_a_restart_an_idle_apps_pooled_connections_cost_no_request(
    cluster: tuple[Cluster, str], pg_app: Flask
) -> None:
    postgres = cluster[0]
    client = pg_app.test_client()
    session = seep_session(client)
    url = f"{SESSIONS}/{session['id']}"
    with pg_app.app_context():  # the pool keeps a few connections, as a busy app's does
        connections = [db.engine.connect() for _ in range(3)]
        for connection in connections:
            connection.close()
    postgres.halt("fast")  # every pooled connection dies with the server...
    postgres.resume()  # ...while the app is idle
    for _ in range(5):
        response = client.get(url)
        assert response.status_code == 200, response.get_json()
    posted = client.post(f"{url}/deals", json=deal(60), headers=bearer(session["edit_token"]))
    assert posted.status_code == 201, posted.get_json()


def test_after_a_restart_polls_304s_cost_no_request_and_leave_no_autocommit(
    cluster: tuple[Cluster, str], pg_app: Flask
) -> None:
    """A poll's 304 reads the version on a driver connection of its own in autocommit
    (data/extensions.scalar_alone): a dropped one is read again through SQLAlchemy, and the
    connection goes back to the pool transactional, so a write after it is still atomic."""
    postgres = cluster[0]
    client = pg_app.test_client()
    session = seep_session(client)
    url, board = f"{SESSIONS}/{session['id']}", f"/s/{session['id']}"
    tags = {address: client.get(address).headers["ETag"] for address in (url, board)}
    with pg_app.app_context():
        connections = [db.engine.connect() for _ in range(3)]
        for connection in connections:
            connection.close()
    postgres.halt("fast")
    postgres.resume()
    for _ in range(3):
        for address, tag in tags.items():
            answer = client.get(address, headers={"If-None-Match": tag})
            assert answer.status_code == 304, (address, answer.status_code)
    with pg_app.app_context(), db.engine.connect() as connection:
        assert connection.connection.driver_connection.autocommit is False
    posted = client.post(f"{url}/deals", json=deal(60), headers=bearer(session["edit_token"]))
    assert posted.status_code == 201, posted.get_json()


def test_after_a_restart_a_write_first_runs_again_and_is_stored_once(
    cluster: tuple[Cluster, str], pg_app: Flask
) -> None:
    """With no pre-ping, a write whose first statement finds its pooled connection dropped is
    run again on a new one (web/reconnect.py): nothing of it had reached the database."""
    postgres = cluster[0]
    client = pg_app.test_client()
    session = seep_session(client)
    url = f"{SESSIONS}/{session['id']}"
    postgres.halt("fast")
    postgres.resume()
    posted = client.post(f"{url}/deals", json=deal(60), headers=bearer(session["edit_token"]))
    assert posted.status_code == 201, posted.get_json()
    assert len(client.get(url).get_json()["deals"]) == 1


def test_a_postgresql_restart_under_load_gives_503s_only_and_loses_or_doubles_nothing(
    cluster: tuple[Cluster, str], pg_app: Flask
) -> None:
    with serving(pg_app) as server:
        restart_under_load(cluster[0], server)


def restart_under_load(postgres: Cluster, server: str) -> None:
    """Clients post deals, each retried under its own key, while PostgreSQL restarts."""
    status, _, session = call(f"{server}/api/v1/sessions", "POST", {"game": "seep", "teams": TEAMS})
    assert status == 201
    url = f"{server}/api/v1/sessions/{session['id']}"
    auth = {"Authorization": f"Bearer {session['edit_token']}"}
    unexpected: list[Any] = []
    unavailable: list[str] = []
    first_answers = threading.Event()

    def client(i: int) -> None:
        for n in range(DEALS_EACH):
            tag = i * DEALS_EACH + n
            headers = auth | {"Idempotency-Key": f"deal-{tag}-0123456789abcdefghijkl"}
            for _ in range(200):  # a client that retries until it hears a 201
                answer = call(f"{url}/deals", "POST", tagged_deal(tag), headers)
                first_answers.set()
                if answer[0] == 201:
                    break
                try:  # an assertion failing in a thread would go unseen: keep the answer
                    unavailable.append(assert_unavailable(answer))
                except AssertionError:
                    unexpected.append(answer)
                    break
                time.sleep(0.05)

    threads = [threading.Thread(target=client, args=(i,)) for i in range(CLIENTS)]
    for thread in threads:
        thread.start()
    assert first_answers.wait(30)
    postgres.halt("fast")
    time.sleep(0.3)
    postgres.resume()
    for thread in threads:
        thread.join(120)
    assert unexpected == []
    assert unavailable, "the restart happened when no request was in flight"
    assert all(UNSURE in message for message in unavailable)
    deals = call(url, "GET")[2]["deals"]
    assert sorted(tag_of(d) for d in deals) == list(range(CLIENTS * DEALS_EACH))
    assert [d["id"] for d in deals] == list(range(1, CLIENTS * DEALS_EACH + 1))


def test_a_pool_with_no_free_connection_answers_503(fresh_db: str) -> None:
    app = make_app(
        fresh_db, SQLALCHEMY_ENGINE_OPTIONS={"pool_size": 1, "max_overflow": 0, "pool_timeout": 0.2}
    )
    client = app.test_client()
    session = seep_session(client)
    with app.app_context():
        held = db.engine.connect()  # the pool's only connection, kept busy
        try:
            assert_unavailable(client.get(f"{SESSIONS}/{session['id']}"))
        finally:
            held.close()
    assert client.get(f"{SESSIONS}/{session['id']}").status_code == 200
