"""Deals written straight into the database, as many as a limit wants, faster than the API."""

from __future__ import annotations

from datetime import datetime

import sqlalchemy as sa
from flask import Flask

from scorekeeper.data.extensions import db
from scorekeeper.data.models import Deal
from tests.helpers.api import Json


def fill(app: Flask, session: Json, deals: int) -> None:
    """Give the session `deals` more deals, deleted (restorable), as an evening of corrections
    would leave them; its first deal's record stands for each."""
    with app.app_context():
        first = db.session.scalar(sa.select(Deal).where(Deal.session_id == session["id"]))
        assert first is not None
        when = datetime(2026, 1, 1)
        rows = [
            {
                "session_id": session["id"],
                "serial": first.serial + n,
                "record": first.record,
                "deleted_at": when,
                "version": 2,
            }
            for n in range(1, deals + 1)
        ]
        db.session.execute(sa.insert(Deal), rows)
        db.session.commit()
