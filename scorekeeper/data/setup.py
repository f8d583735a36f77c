"""The data floor's state, set up by the app factory: the memos this process keeps, and the
listeners on every database session that keep them and the session summaries."""

from __future__ import annotations

from flask import Flask

from . import summaries
from .extensions import db
from .standings import STANDINGS


def register(app: Flask) -> None:
    """Follow the app's database sessions: the standing memo's commits and rollbacks, and each
    session's summary written before its commit (data/summaries.py)."""
    STANDINGS.listen(db.session)
    summaries.listen(db.session)
    app.extensions["scorekeeper.memos"] = {
        "standings": STANDINGS,  # its tiers: a write's pending, committed, scoreboards
        "summaries": summaries.MEMO,
    }
