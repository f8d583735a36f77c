"""Where the rate limits' counts are kept, and saying so when that changes.

With a shared store (memcached), every worker and app server counts together. When it cannot
be reached, flask-limiter counts in each process's memory until it answers again (failing open,
so that the tables go on); this module makes that visible: a warning in the log at each change,
and the state for `GET /api/v1/health`. It is looked at only after a limited request's count
and on a health check, so unlimited requests pay nothing for it.

count() is how the deal-write and read limits count: straight on the limiter's storage, with
figures parsed once, because flask-limiter's way for a limit inside a view (a RouteLimit used
as a context manager) costs about half a millisecond a limit (it walks the stack, parses the
figure and resolves every limit again on each use). Whether the store is lost is flask-limiter's
own `_storage_dead` (it has no public switch): read and set here as flask-limiter sets it, so
that its limits (the starts) and these count in the same place.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from typing import Literal

from flask import Flask, current_app
from flask_limiter import Limiter
from limits import RateLimitItem, parse_many

EXTENSION = "scorekeeper.limits-store"
State = Literal["shared", "local"]


class Store:
    """The store of one app (one worker): whether it is shared, and what was last logged."""

    def __init__(self, uri: str) -> None:
        self.kind = uri.partition("://")[0] or "memory"  # never the rest: it may hold a password
        self.shared = self.kind not in ("memory", "")
        self.lost = False  # as last logged
        self.lock = threading.Lock()
        self.looked = 0.0  # when this process last asked a lost store whether it is back


# How often a process counting on its own asks the shared store whether it is back, on a count.
LOOK_AGAIN_SECONDS = 5.0


class OverLimit(Exception):
    """A count past a figure: which (`item`, of the limit `scope`) and the seconds to wait."""

    def __init__(self, item: RateLimitItem, scope: str, wait: int) -> None:
        super().__init__(f"{scope}: {item}")
        self.item, self.scope, self.wait = item, scope, wait


@lru_cache(maxsize=64)
def figures(limit: str) -> tuple[RateLimitItem, ...]:
    """A limit as configured ("120 per minute;1000 per hour"), parsed once."""
    return tuple(parse_many(limit))


def count(limiter: Limiter, limit: str, scope: str, key: str) -> None:
    """Count one for `key` against each figure of `limit`; OverLimit at the first one passed.

    The shared store is used while it answers, else the process's memory (flask-limiter's
    fallback), and a store that fails over is logged; the request is never failed for it."""
    store = _store()
    if limiter._storage_dead and time.monotonic() - store.looked > LOOK_AGAIN_SECONDS:
        store.looked = time.monotonic()
        limiter._storage_dead = not limiter.storage.check()
    for item in figures(limit):
        if not _hit(limiter, item, scope, key):
            stats = limiter.limiter.get_window_stats(item, scope, key)
            raise OverLimit(item, scope, max(1, math.ceil(stats.reset_time - time.time())))
    _noticed(limiter)


def _hit(limiter: Limiter, item: RateLimitItem, scope: str, key: str) -> bool:
    """One more for `key`: whether it is within `item`; the memory's count if the store fails."""
    try:
        return bool(limiter.limiter.hit(item, scope, key))
    except Exception:  # whatever the store's client raises: fail over, not 500
        if limiter._storage_dead:  # the memory itself failed: let it through
            current_app.logger.exception("Rate limits: counting failed; the request goes on.")
            return True
        limiter._storage_dead = True  # flask-limiter then counts in memory
        _store().looked = time.monotonic()
        return _hit(limiter, item, scope, key)


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
    """This app's record of where its limits count."""
    store: Store = current_app.extensions[EXTENSION]
    return store
