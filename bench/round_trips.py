"""Database round trips, counted: each statement SQLite is given, by its first word.

A 304 poll sent four before issue 34 on PostgreSQL: the pool's pre-ping, BEGIN, the SELECT of
the session's version and the ROLLBACK that returns the connection. Now it sends the SELECT
alone (data/extensions.scalar_alone). The count is the driver's own (sqlite3's trace callback),
so it sees what SQLAlchemy sends and what the app sends past it alike.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import Engine, event


@contextmanager
def counted(engine: Engine) -> Iterator[Counter[str]]:
    """Count, while inside, the statements sent on the engine's connections (SQLite only),
    by their first word in lower case: begin, select, rollback …"""
    assert engine.dialect.name == "sqlite", "the count is sqlite3's trace callback"
    counts: Counter[str] = Counter()

    def trace(statement: str) -> None:
        counts[statement.split(None, 1)[0].lower()] += 1

    def checkout(driver: Any, *_args: Any) -> None:
        driver.set_trace_callback(trace)

    def checkin(driver: Any, *_args: Any) -> None:
        if driver is not None:
            driver.set_trace_callback(None)

    event.listen(engine, "checkout", checkout)
    event.listen(engine, "checkin", checkin)
    try:
        yield counts
    finally:
        event.remove(engine, "checkout", checkout)
        event.remove(engine, "checkin", checkin)
