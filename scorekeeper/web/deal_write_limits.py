"""Rate limits on deal writes, per client and per session (shared/API.md "Limits").

A deal write is an API or form request that adds, corrects, deletes or restores a deal, or
starts, plays or takes back a live deal. It is counted once its edit token is accepted (so that
no one without the token can use up a table's allowance) and before anything is stored. A
repeat is answered without being counted or refused: under a stored Idempotency-Key, because
the count is made inside the write that such a repeat skips; a play sent again, or a deletion
of a deleted deal, because only a request that changes something is counted. Over a limit:
OverLimit (429 with Retry-After, web/rate_limits.py), nothing stored.

The figures (app.py) leave room for the fastest honest table and a tournament behind one
address; the limits bound floods such as 369 writes in 10 s from one client (issue 34).
"""

from __future__ import annotations

from collections.abc import Callable

from flask import Flask, current_app
from flask_limiter import Limiter

from ..data.extensions import db
from ..data.standings import WROTE
from .limits_store import count

EXTENSION = "scorekeeper.deal-writes"
CLIENT_SCOPE, SESSION_SCOPE = "deal-writes", "session-deal-writes"


def register(app: Flask, limiter: Limiter, client: Callable[[], str]) -> None:
    """Keep the app's limiter and how it names a client, for the counts of deal writes."""
    app.extensions[EXTENSION] = (limiter, client)


def count_deal_write(session_id: str) -> None:
    """Count a deal write to this session by this client; OverLimit when over a figure.

    The session's count is taken first: a client refused for its table's figure is not also
    charged on its own (one refused by its own figure has been charged one on the table's)."""
    limiter, client = current_app.extensions[EXTENSION]
    if not limiter.enabled:
        return
    config = current_app.config
    count(limiter, config["SESSION_WRITE_LIMIT"], SESSION_SCOPE, session_id)
    count(limiter, config["WRITE_LIMIT"], CLIENT_SCOPE, client())


def count_if_written(session_id: str) -> None:
    """Count a deal write once the request has changed something, before it commits: a repeat
    that changes nothing (a play or a deletion sent again) is never counted or refused."""
    if db.session.info.get(WROTE):
        count_deal_write(session_id)
