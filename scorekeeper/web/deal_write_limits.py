"""Rate limits on deal writes, per client and per session (shared/API.md "Limits").

A deal write is an API or form request that adds, corrects, deletes or restores a deal, or
starts, plays or takes back a live deal. It is counted once its edit token is accepted (so that
no one without the token can use up a table's allowance) and before anything is stored; a
repeat under a stored Idempotency-Key is answered without being counted or refused, because the
count is made inside the write that such a repeat skips. Over a limit: RateLimitExceeded (429
with Retry-After, web/rate_limits.py), nothing stored.

The figures (app.py) leave room for the fastest honest table and a tournament behind one
address; the limits bound floods such as 369 writes in 10 s from one client (issue 34).
"""

from __future__ import annotations

from flask import Flask, current_app, g
from flask_limiter import Limiter, RouteLimit

from . import limits_store

EXTENSION = "scorekeeper.deal-writes"
CLIENT_SCOPE, SESSION_SCOPE = "deal-writes", "session-deal-writes"


def register(app: Flask, limiter: Limiter) -> None:
    """Give the app's limiter the two limits on deal writes."""
    per_client = limiter.shared_limit(
        lambda: str(current_app.config["WRITE_LIMIT"]), scope=CLIENT_SCOPE
    )
    per_session = limiter.shared_limit(
        lambda: str(current_app.config["SESSION_WRITE_LIMIT"]),
        scope=SESSION_SCOPE,
        key_func=lambda: str(g.written_session),
    )
    app.extensions[EXTENSION] = (limiter, per_client, per_session)


def count_deal_write(session_id: str) -> None:
    """Count a deal write to this session by this client; RateLimitExceeded when over a limit.

    The session's count is taken first: a client refused for its table's figure is not also
    charged on its own (one refused by its own figure has been charged one on the table's)."""
    limiter, per_client, per_session = _limits()
    if not limiter.enabled:
        return
    g.written_session = session_id
    with limits_store.watched(limiter):
        with per_session:
            pass
        with per_client:
            pass


def _limits() -> tuple[Limiter, RouteLimit, RouteLimit]:
    limits: tuple[Limiter, RouteLimit, RouteLimit] = current_app.extensions[EXTENSION]
    return limits
