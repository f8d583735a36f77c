"""A pooled connection that died with a database restart costs no request, without a pre-ping.

A pre-ping (SQLAlchemy's `pool_pre_ping`) sends a statement before every checkout: one database
round trip more on every request, a quarter of a poll's (issue 34). Instead the connection is
trusted, and a request whose statement finds it dropped is run once more: SQLAlchemy has by
then invalidated that connection and every one pooled before it, so the second run gets a new
one. A read is always safe to run again. A write is run again only when the drop came on its
connection's first statement, so nothing of it reached the database.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, request
from flask.typing import ResponseReturnValue
from sqlalchemy import Engine, event
from sqlalchemy.exc import DBAPIError

from ..data.extensions import db
from .errors import READS

UNTRIED = "scorekeeper.untried"  # in a pooled connection's info: no statement has run on it yet


def register(app: Flask) -> None:
    """Run a request again, once, when its connection turns out to have been dropped."""
    with app.app_context():
        _mark_untried_connections(db.engine)
    dispatch = app.dispatch_request

    def dispatch_request() -> ResponseReturnValue:
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
    return request.method in READS or bool(getattr(error, UNTRIED, False))


def _mark_untried_connections(engine: Engine) -> None:
    """Note on each connection whether a statement ran on it since it left the pool, and on a
    disconnect error whether it was the first."""

    @event.listens_for(engine, "checkout")
    def _checked_out(_dbapi: Any, record: Any, _proxy: Any) -> None:
        record.info[UNTRIED] = True

    @event.listens_for(engine, "after_cursor_execute")
    def _ran(connection: Any, *_args: Any) -> None:
        connection.info.pop(UNTRIED, None)

    @event.listens_for(engine, "handle_error")
    def _dropped(context: Any) -> None:
        # Called before SQLAlchemy invalidates the connection, so its info is still there.
        connection, error = context.connection, context.sqlalchemy_exception
        if connection is not None and error is not None:
            setattr(error, UNTRIED, bool(connection.info.get(UNTRIED, False)))
