"""A poll's 304 costs one database round trip, its one SELECT: no pre-ping of the pooled
connection, no BEGIN or ROLLBACK (issue 34). A dropped connection is handled by running the
request again, which tests/data/test_faults.py checks against a real PostgreSQL restart."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask, request
from flask.testing import FlaskClient
from sqlalchemy import event, text

from bench.round_trips import counted
from scorekeeper import create_app
from scorekeeper.data.extensions import db
from tests.helpers.api import SESSIONS, bearer
from tests.helpers.seep import deal, seep_session


def test_a_304_poll_sends_one_statement(app: Flask, client: FlaskClient) -> None:
    session = seep_session(client)
    url = f"{SESSIONS}/{session['id']}"
    client.post(f"{url}/deals", json=deal(60), headers=bearer(session["edit_token"]))
    tag = client.get(url).headers["ETag"]
    with app.app_context():
        engine = db.engine
    with counted(engine) as counts:
        assert client.get(url, headers={"If-None-Match": tag}).status_code == 304
    # The session's version alone: no ping, no BEGIN, no ROLLBACK.
    assert counts == {"select": 1}, counts


def _dropped_on(app: Flask, statement: str) -> None:
    """Read an error of `statement` as a dropped connection, as a database restart gives."""
    with app.app_context():
        engine = db.engine

    @event.listens_for(engine, "handle_error")
    def _as_disconnect(context: Any) -> None:
        if statement in (context.statement or ""):
            context.is_disconnect = True


@pytest.fixture
def on_both(database: str) -> Flask:
    """The app on SQLite or PostgreSQL (where no BEGIN statement is sent before the first)."""
    config = {"SQLALCHEMY_DATABASE_URI": database, "WTF_CSRF_ENABLED": False}
    return create_app({"TESTING": True, "SECRET_KEY": "test", **config})


@pytest.mark.parametrize(("method", "runs"), [("POST", 1), ("GET", 2)])
def test_a_write_that_committed_is_never_run_again(on_both: Flask, method: str, runs: int) -> None:
    """A view that committed and then lost its connection on a later statement (reading the
    version for its answer, say) answers 503 once: running it again would store it twice. A
    read is run again."""
    calls: list[str] = []

    @on_both.route("/test-dropped-after-commit", methods=["GET", "POST"])
    def dropped_after_commit() -> str:
        calls.append(request.method)
        db.session.execute(text("SELECT 1"))
        db.session.commit()
        db.session.execute(text("SELECT * FROM dropped_after_commit"))
        return "unreachable"

    _dropped_on(on_both, "dropped_after_commit")
    answer = on_both.test_client().open("/test-dropped-after-commit", method=method)
    assert answer.status_code == 503
    assert len(calls) == runs


def test_a_write_whose_first_statement_met_a_dropped_connection_runs_again(
    on_both: Flask,
) -> None:
    calls: list[str] = []

    @on_both.route("/test-dropped-first", methods=["POST"])
    def dropped_first() -> str:
        calls.append(request.method)
        if len(calls) == 1:
            db.session.execute(text("SELECT * FROM dropped_first"))
        db.session.execute(text("SELECT 1"))
        return "stored"

    _dropped_on(on_both, "dropped_first")
    answer = on_both.test_client().post("/test-dropped-first")
    assert (answer.status_code, answer.get_data(as_text=True)) == (200, "stored")
    assert len(calls) == 2
