"""Database round trips, counted: each statement sent, and each ping, rollback and commit.

A 304 poll sent four before issue 34 on PostgreSQL: the pool's pre-ping, BEGIN, the SELECT of
the session's version and the ROLLBACK that returns the connection. On SQLite the app's own
BEGIN is a statement; psycopg sends PostgreSQL's with the first statement, one round trip more.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import Engine, event

COUNTED = ("do_ping", "do_rollback", "do_commit")  # the dialect's calls that reach the database


@contextmanager
def counted(engine: Engine) -> Iterator[Counter[str]]:
    """Count, while inside, the engine's statements and the dialect's pings, rollbacks and
    commits (the pool's too)."""
    counts: Counter[str] = Counter()
    dialect = engine.dialect
    originals = {name: getattr(dialect, name) for name in COUNTED}
    for name, method in originals.items():
        setattr(dialect, name, _counting(counts, name, method))

    def statement(*_args: Any) -> None:
        counts["statement"] += 1

    event.listen(engine, "before_cursor_execute", statement)
    try:
        yield counts
    finally:
        event.remove(engine, "before_cursor_execute", statement)
        for name in originals:
            delattr(dialect, name)  # the class's own method again


def _counting(counts: Counter[str], name: str, method: Callable[..., Any]) -> Callable[..., Any]:
    def call(connection: Any, *args: Any, **kwargs: Any) -> Any:
        if name == "do_ping" or _in_transaction(connection):
            counts[name] += 1
        return method(connection, *args, **kwargs)

    return call


def _in_transaction(connection: Any) -> bool:
    """Whether the driver has a transaction to end: with none, sqlite3 and psycopg send nothing
    (the pool's rollback of a connection the session has just rolled back)."""
    connection = getattr(connection, "dbapi_connection", connection)  # the pool's proxy's driver
    if hasattr(connection, "in_transaction"):  # sqlite3
        return bool(connection.in_transaction)
    info = getattr(connection, "info", None)  # psycopg: 0 is IDLE
    return getattr(info, "transaction_status", 1) != 0
