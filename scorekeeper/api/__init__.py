"""The JSON API (shared/API.md), one /api/v1 blueprint; each module adds its routes to it.

sessions.py sessions and deals · live.py live deals · clubs.py clubs and their statistics ·
checks.py /check and /moves · advice.py /advice and reviews · health.py /health ·
openapi.py the description · answers.py every JSON answer · http.py the blueprint and what its
endpoints share · shapes/ the requests and answers declared once · openapi_build.py writes
openapi.json from them.
"""

from flask import Flask

from ..data.setup import memos
from . import (  # noqa: F401 (routes join bp)
    advice,
    changes,
    checks,
    clubs,
    health,
    live,
    openapi,
    sessions,
    tournaments,
)
from .http import bp

__all__ = ["bp", "register"]


def register(app: Flask) -> None:
    """The blueprint, and the memo of what changed since a version (sessions.SINCE) listed."""
    app.register_blueprint(bp)
    memos(app)["since"] = sessions.SINCE
