"""Where the rate limits' counts are kept, and saying so when that changes.

With a shared store (memcached), every worker and app server counts together. When it cannot
be reached, flask-limiter counts in each process's memory until it answers again (failing open,
so that the tables go on); this module makes that visible: a warning in the log at each change,
and the state for `GET /api/v1/health`. It is looked at only after a limited request's count
and on a health check, so unlimited requests pay nothing for it.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Literal

from flask import Flask, current_app
from flask_limiter import Limiter

EXTENSION = "scorekeeper.limits-store"
State = Literal["shared", "local"]


class Store:
    """The store of one app (one worker): whether it is shared, and what was last logged."""

    def __init__(self, uri: str) -> None:
        self.kind = uri.partition("://")[0] or "memory"  # never the rest: it may hold a password
        self.shared = self.kind not in ("memory", "")
        self.lost = False  # as last logged
        self.lock = threading.Lock()


def register(app: Flask, _limiter: Limiter) -> None:
    """Note where the app's limiter keeps its counts."""
    app.extensions[EXTENSION] = Store(str(app.config.get("RATELIMIT_STORAGE_URI", "memory://")))


@contextmanager
def watched(limiter: Limiter) -> Iterator[None]:
    """Around a count: log it when the limiter has gone over to its memory, or come back."""
    try:
        yield
    finally:
        _noticed(limiter)


def state(limiter: Limiter) -> State:
    """Where the counts are kept now, the shared store asked first when there is one."""
    store = _store()
    if not store.shared:
        return "local"
    reachable = limiter.storage.check()
    # flask-limiter looks again only on a limited request, and backs off between looks: the
    # health check tells it what it found, so that the counts and the answer agree.
    limiter._storage_dead = not reachable  # its only switch to and from memory
    _noticed(limiter)
    return "shared" if reachable else "local"


def _noticed(limiter: Limiter) -> None:
    """Log a change between the shared store and the process's memory, once per change."""
    store = _store()
    lost = bool(limiter._storage_dead)  # flask-limiter keeps it there only
    if not store.shared or lost == store.lost:
        return
    with store.lock:
        if lost == store.lost:
            return
        store.lost = lost
    if lost:
        current_app.logger.warning(
            "Rate limits: the shared store (%s) cannot be reached; this process counts on its "
            "own until it answers again, so a client may pass a limit once per process.",
            store.kind,
        )
    else:
        current_app.logger.warning(
            "Rate limits: the shared store (%s) answers again; the counts are shared.", store.kind
        )


def _store() -> Store:
    store: Store = current_app.extensions[EXTENSION]
    return store
