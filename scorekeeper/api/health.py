"""`GET /api/v1/health`: what this app server can reach (shared/API.md "Limits")."""

from __future__ import annotations

from typing import Literal

import sqlalchemy as sa
from flask import Response, jsonify
from sqlalchemy.exc import SQLAlchemyError

from ..data.extensions import db
from ..web.errors import rollback
from ..web.limits_store import state
from ..web.rate_limits import limiter
from .http import bp
from .shapes.meta import Health


@bp.get("/health")
def health() -> Response:
    """Where the rate limits are counted ("shared" by all app servers, or "local" to this
    process), and whether the database answers; 200 either way, for a person or a monitor."""
    response = jsonify(Health(limits=state(limiter()), database=_database()).model_dump())
    response.headers["Cache-Control"] = "no-store"  # always the state now
    return response


def _database() -> Literal["ok", "unavailable"]:
    """ "ok" when the database answers a query, else "unavailable"."""
    try:
        db.session.execute(sa.text("SELECT 1"))
    except SQLAlchemyError:
        rollback()
        return "unavailable"
    return "ok"
