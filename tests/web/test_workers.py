"""The search workers (web/workers.py): work runs in another process, a full line refuses at
once (Busy) rather than queueing, and a pool is warmed with the search code."""

from __future__ import annotations

import os
import threading
import time

import pytest
from flask import Flask

from scorekeeper.advice.answers import ready
from scorekeeper.web.workers import Busy, Workers, workers


def test_the_app_runs_work_in_a_worker_process(app: Flask) -> None:
    with app.app_context():
        pool = workers()
        try:
            assert pool.run(os.getpid, timeout=30) != os.getpid()
        finally:
            pool.close()


def test_a_full_line_is_refused_at_once_and_frees_as_work_ends() -> None:
    pool = Workers(workers=1, waiting=0)
    try:
        assert pool.run(os.getpid, timeout=30) != os.getpid()  # the pool is up
        first = threading.Thread(target=pool.run, args=(time.sleep, 1.5), kwargs={"timeout": 30})
        first.start()
        time.sleep(0.3)  # the first work holds the one place
        begun = time.monotonic()
        with pytest.raises(Busy):
            pool.run(os.getpid, timeout=30)
        assert time.monotonic() - begun < 0.5  # refused at once, not after a wait
        first.join()
        assert pool.run(os.getpid, timeout=30) != os.getpid()  # the place is free again
    finally:
        pool.close()


def test_a_warmed_pool_has_run_the_search_code_in_every_process_it_started() -> None:
    pool = Workers(workers=2, waiting=0)
    try:
        started = pool.warm(ready)
        assert len(started) == 2
        assert [future.result(timeout=30) for future in started] == [True, True]
        assert pool.run(os.getpid, timeout=30) != os.getpid()
    finally:
        pool.close()
