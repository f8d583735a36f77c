"""A pooled connection that died with a database restart costs no request, without a pre-ping.

A pre-ping (SQLAlchemy's `pool_pre_ping`) sends a statement before every checkout: one database
round trip more on every request, a quarter of a poll's (issue 34). Instead the connection is
trusted, and a request whose statement finds it dropped is run once more: SQLAlchemy has by
then invalidated that connection and every one pooled before it, so the second run gets a new
one. A read is always safe to run again. A write is run again only when the drop came on the
request's first statement, so nothing of it reached the database: a view that committed and then
read (its answer's version, say) must not be run twice.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, g, has_request_context, request
from flask.typing import ResponseReturnValue
from sqlalchemy import Engine, event
from sqlalchemy.exc import DBAPIError

from ..data.extensions import db
from .errors import READS

RAN = "scorekeeper_ran_a_statement"  # in flask.g: a statement of this request reached the database


def register(app: Flask) -> None:
    """Run a request again, once, when its connection turns out to have been dropped."""
    with app.app_context():
        _note_statements(db.engine)
    dispatch = app.dispatch_request

    def dispatch_request() -> ResponseReturnValue:
        """The view, run once more when the connection it found dropped had lost nothing."""
        try:
            return dispatch()
        except DBAPIError as error:
            if not _may_run_again(error):
                raise
            app.logger.warning("A pooled database connection was dropped: the request runs again")
            db.session.remove()  # the session's transaction died with the connection
            return dispatch()

    app.dispatch_request = dispatch_request  # type: ignore[method-assign]


def _may_run_again(error: DBAPIError) -> bool:
    """Whether the dropped connection lost nothing: a read, or a write's first statement."""
    if not error.connection_invalidated:
        return False
    return request.method in READS or not g.get(RAN, False)


def _note_statements(engine: Engine) -> None:
    """Note in the request's `g` that one of its statements reached the database."""

    @event.listens_for(engine, "after_cursor_execute")
    def _ran(_connection: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        # SQLite's BEGIN IMMEDIATE (app.py) holds nothing once its connection is gone.
        if has_request_context() and not statement.startswith("BEGIN"):
            setattr(g, RAN, True)
