"""Waiting for what a test checks on a real server, with a deadline, never for a fixed time:
a busy machine makes any fixed wait too short."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path


def until(
    check: Callable[[], bool],
    *,
    seconds: float,
    failing: Callable[[], str] = lambda: "",
    alive: Callable[[], bool] = lambda: True,
    every: float = 0.1,
) -> None:
    """Poll `check` until it holds; fail with `failing()` when `seconds` pass or the server
    stops being `alive` first."""
    give_up = time.monotonic() + seconds
    while not check():
        if not alive():
            raise AssertionError(f"the server stopped:\n{failing()}")
        if time.monotonic() > give_up:
            raise AssertionError(f"not so within {seconds:g} s:\n{failing()}")
        time.sleep(every)  # the poll's pace; the deadline is what bounds the wait


def logged_lines(log: Path, *parts: str, seconds: float = 60) -> str:
    """The text of `log` once it holds every one of `parts` (a server may write a request's line
    after its answer has gone)."""

    def text() -> str:
        return log.read_text(errors="replace") if log.exists() else ""

    until(
        lambda: all(part in text() for part in parts),
        seconds=seconds,
        failing=lambda: f"{log} lacks one of {[p[:60] for p in parts]}:\n{text()[-3000:]}",
    )
    return text()


def connections_to(port: int) -> int:
    """How many TCP connections to `port` on this machine are established (the server's ends)."""
    count = 0
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            rows = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for row in rows:
            local, state = row.split()[1], row.split()[3]
            if state == "01" and int(local.rsplit(":", 1)[1], 16) == port:
                count += 1
    return count
