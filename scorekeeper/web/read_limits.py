"""Limits on the expensive reads: a whole session (`GET /api/v1/sessions/<id>` without
`?since=`) and the exports. A table of phones shares one address, so the cheap reads (a 304, a
read of what changed, a deal, the pages) are not limited; these are, per client, in two ways:

- a rate (READ_LIMIT), counted only when the read does its work (not for a 304);
- how many run at once (READS_AT_ONCE), in each worker process: a gunicorn worker has
  SCOREKEEPER_THREADS threads (8), and a client past its share is answered 429 at once instead
  of taking the threads the other clients need. The bound is per process, not shared, because
  it must cost nothing on the way in and cannot be left counted by a worker that dies.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from flask import Flask, current_app
from flask_limiter import Limiter

from .limits_store import count

EXTENSION = "scorekeeper.reads"
SCOPE = "expensive-reads"


class TooManyAtOnce(Exception):
    """A client already has as many expensive reads running in this process as it may."""

    def __init__(self, most: int) -> None:
        super().__init__(f"{most} at once")
        self.most = most


class Running:
    """How many expensive reads each client has running in this process."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.by_client: Counter[str] = Counter()

    @contextmanager
    def one_more(self, client: str, most: int) -> Iterator[None]:
        """Hold one of the client's places while the body runs; TooManyAtOnce if none is free."""
        with self.lock:
            if self.by_client[client] >= most:
                raise TooManyAtOnce(most)
            self.by_client[client] += 1
        try:
            yield
        finally:
            with self.lock:
                self.by_client[client] -= 1
                if not self.by_client[client]:
                    del self.by_client[client]  # the counter keeps only clients reading now


def register(app: Flask, limiter: Limiter, client: Callable[[], str]) -> None:
    """Keep the app's limiter and how it names a client; give the app its running reads."""
    app.extensions[EXTENSION] = (limiter, Running(), client)


@contextmanager
def expensive_read() -> Iterator[None]:
    """Around the work of an expensive read: TooManyAtOnce when the client has its most running
    here, OverLimit when it has read its figure (a read of what changed never comes here)."""
    limiter, running, client = current_app.extensions[EXTENSION]
    if not limiter.enabled:
        yield
        return
    who = client()
    with running.one_more(who, int(current_app.config["READS_AT_ONCE"])):
        count(limiter, current_app.config["READ_LIMIT"], SCOPE, who)
        yield
