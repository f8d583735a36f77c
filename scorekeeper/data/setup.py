"""The data floor's state, set up by the app factory: the memos this process keeps, and the
listeners on every database session that keep them and the session summaries.

Every memo the app keeps is listed in `app.extensions["scorekeeper.memos"]` by name (`memos`),
each by the area that keeps it, from its `register(app)` called by create_app: one place to
read them all, and to empty them all (`forget`)."""

from __future__ import annotations

from flask import Flask

from . import live_cache, summaries, tournaments
from .extensions import db
from .memo import Kept
from .standings import STANDINGS

MEMOS = "scorekeeper.memos"  # in app.extensions: every memo the app keeps, by name


def register(app: Flask) -> None:
    """Follow the app's database sessions: the standing memo's commits and rollbacks, and each
    session's summary written before its commit (data/summaries.py); list the floor's memos."""
    STANDINGS.listen(db.session)
    summaries.listen(db.session)
    memos(app).update(
        standings=STANDINGS,  # its tiers: a write's pending, committed, scoreboards
        summaries=summaries.MEMO,
        snapshots=live_cache.SNAPSHOTS,
        table_results=tournaments.PLAYED,  # each tournament table's result, by session version
    )


def memos(app: Flask) -> dict[str, Kept]:
    """The memos `app` keeps, by name: each area adds its own."""
    listed: dict[str, Kept] = app.extensions.setdefault(MEMOS, {})
    return listed


def forget(app: Flask) -> None:
    """Empty every memo `app` keeps, as a restart would (tests, benches)."""
    for memo in memos(app).values():
        memo.clear()
