"""The limit on advice per client (ADVICE_LIMIT, app.py): each POST /advice holds a search
worker for up to two seconds, so one client's flood must not take the workers from the rest
(the pool's bound answers 503 to everyone; this answers 429 to the one client)."""

from __future__ import annotations

from collections.abc import Callable

from flask import Flask, current_app
from flask_limiter import Limiter

from .limits_store import count

EXTENSION = "scorekeeper.advice-limit"
SCOPE = "advice"


def register(app: Flask, limiter: Limiter, client: Callable[[], str]) -> None:
    """Keep the app's limiter and how it names a client."""
    app.extensions[EXTENSION] = (limiter, client)


def count_advice() -> None:
    """Count one request for advice by this client; OverLimit past its figure."""
    limiter, client = current_app.extensions[EXTENSION]
    if limiter.enabled:
        count(limiter, current_app.config["ADVICE_LIMIT"], SCOPE, client())
