"""The search workers: a bounded pool of processes that work out advice and reviews, so that a
search never holds a web worker's CPU (its thread only waits for the answer).

Each app process has its own pool (SCOREKEEPER_SEARCH_WORKERS processes, one by default), made
on first use from a fresh interpreter (forkserver: never a fork of a web worker holding
database connections and threads); gunicorn makes it as each worker starts (`warm`,
deploy/gunicorn.conf.py), so that no request pays for starting it. At most `workers` searches
run and `waiting` more wait their turn; past that a request is refused at once (Busy: the API
answers 503 with Retry-After), so a crowd of requests never queues without end. The work and
its answer are plain data.
"""

from __future__ import annotations

import atexit
import multiprocessing
import os
import threading
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any, TypeVar

from flask import Flask, current_app

from ..advice.answers import ready

EXTENSION = "scorekeeper.workers"
WORKERS_ENV = "SCOREKEEPER_SEARCH_WORKERS"
T = TypeVar("T")


class Busy(Exception):
    """Every worker is searching and every waiting place is taken."""


class Workers:
    """A pool of search processes with a bounded line."""

    def __init__(self, workers: int, waiting: int) -> None:
        self.workers = workers
        self.places = threading.BoundedSemaphore(workers + waiting)
        self.lock = threading.Lock()
        self.pool: ProcessPoolExecutor | None = None

    def run(self, work: Callable[..., T], *args: Any, timeout: float) -> T:
        """Run `work(*args)` in a worker process and wait up to `timeout` seconds for it; Busy
        when the line is full (nothing runs)."""
        return self.submit(work, *args).result(timeout=timeout)

    def submit(self, work: Callable[..., T], *args: Any) -> Future[T]:
        """Start `work(*args)` in a worker process, not waiting for it; Busy when the line is
        full (nothing runs)."""
        if not self.places.acquire(blocking=False):
            raise Busy
        try:
            future: Future[T] = self._pool().submit(work, *args)
        except BaseException:
            self.places.release()
            raise
        future.add_done_callback(lambda _: self.places.release())
        return future

    def warm(self, work: Callable[[], object]) -> list[Future[object]]:
        """Start every worker process now, each running `work` once (what imports the search
        code), so that the first search after a start spends its budget searching."""
        pool = self._pool()
        return [pool.submit(work) for _ in range(self.workers)]

    def _pool(self) -> ProcessPoolExecutor:
        with self.lock:
            if self.pool is None:
                context = multiprocessing.get_context("forkserver")
                self.pool = ProcessPoolExecutor(self.workers, mp_context=context)
                atexit.register(self.pool.shutdown, wait=False, cancel_futures=True)
            return self.pool

    def close(self) -> None:
        """Stop the worker processes (tests; a process's exit does it anyway)."""
        with self.lock:
            if self.pool is not None:
                self.pool.shutdown(wait=False, cancel_futures=True)
                self.pool = None


def register(app: Flask) -> None:
    """Give the app its pool (made on first use)."""
    workers = int(app.config.get("SEARCH_WORKERS") or os.environ.get(WORKERS_ENV) or 1)
    waiting = int(app.config.get("SEARCH_WAITING", 2 * workers))
    app.extensions[EXTENSION] = Workers(workers, waiting)


def warm(app: Flask) -> None:
    """Start the app's search processes now, the search code imported in each."""
    app.extensions[EXTENSION].warm(ready)


def workers() -> Workers:
    """The current app's search workers."""
    found: Workers = current_app.extensions[EXTENSION]
    return found
