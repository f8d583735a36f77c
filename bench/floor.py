"""The cost of a request (issue 34): the per-request floor, a poll's 304s, a move check and the
100-deal scoreboard, each beside the bare Flask page (bench/yardstick.py).

`make bench` prints, for each request, the median and p90 time through the WSGI test client in
one process, and the median as a multiple of the bare page's, each request timed many times in
a row as bench/reads.py does. The scoreboard is timed as served again (kept, web/drawn.py) and
as drawn anew (the first request after each change). The client is a keeper's phone: it holds
the session cookie (its edit token, its CSRF token), as a poll does. Targets of issue 34: the
scoreboard within 25x, its 304 within 3x, a move check within 4x. Then the statements each 304
sends to the database (bench/round_trips.py): its one SELECT since issue 34.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from sqlalchemy import Engine

from scorekeeper.data.extensions import db
from scorekeeper.web.drawn import kept_pages

from .reads import migrated_app, session_with_deals
from .round_trips import counted
from .yardstick import bare_app

DEALS = 100
REPEATS = 1000
ROUND_TRIPS = ("session JSON 304", "scoreboard 304")
TARGETS = {"scoreboard": 25.0, "scoreboard 304": 3.0, "move check": 4.0}
# A Seep move the check calls legal: the king captures the 9 and the 4 loose beside it.
CHECK = {
    "game": "seep",
    "position": {
        "players": 4,
        "seat": 1,
        "hand": ["KS", "4H", "9C"],
        "loose": ["9D", "4C"],
        "houses": [],
        "opening_bid": None,
        "last_play": False,
    },
    "move": {"card": "KS", "action": "capture", "loose": ["9D", "4C"], "house": False},
}


def requests(client: Any, played: dict[str, str]) -> dict[str, Callable[[], Any]]:
    """The requests timed, by name, the bare page first."""
    bare = bare_app().test_client()
    board, api = played["board"], f"/api/v1/sessions/{played['id']}"
    page_tag = client.get(board).headers["ETag"]
    api_tag = client.get(api).headers["ETag"]
    return {
        "bare Flask page": lambda: bare.get("/"),
        "floor: API 404": lambda: client.get("/api/v1/nothing-here"),
        "session JSON 304": lambda: client.get(api, headers={"If-None-Match": api_tag}),
        "scoreboard 304": lambda: client.get(board, headers={"If-None-Match": page_tag}),
        "move check": lambda: client.post("/api/v1/check", json=CHECK),
        "scoreboard": lambda: client.get(board),
        # The first phone after a change draws it; the others are served it (web/drawn.py).
        "scoreboard, drawn": lambda: drawn_anew(client, board),
    }


def drawn_anew(client: Any, board: str) -> Any:
    """The scoreboard drawn, not served as kept: the first request after a change."""
    kept_pages(client.application).clear()
    return client.get(board)


def timed_in_a_row(reads: dict[str, Callable[[], Any]], repeats: int) -> dict[str, list[float]]:
    """Milliseconds of each request, `repeats` times in a row (after a few to warm up)."""
    times = {}
    for name, read in reads.items():
        expected = read().status_code
        for _ in range(5):
            read()
        spent = []
        for _ in range(repeats):
            start = time.perf_counter()
            status = read().status_code
            spent.append((time.perf_counter() - start) * 1000)
            assert status == expected, (name, status)
        times[name] = spent
    return times


def round_trips(engine: Engine, read: Callable[[], Any]) -> str:
    """The database round trips of one request, named."""
    with counted(engine) as counts:
        read()
    named = ", ".join(f"{n} {name}" for name, n in sorted(counts.items()))
    return f"{sum(counts.values())} ({named})"


def main() -> None:
    """Time the requests and print them against the bare page."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=DEALS)
    parser.add_argument("--repeats", type=int, default=REPEATS)
    args = parser.parse_args()
    with migrated_app() as app:
        client = app.test_client()
        played = session_with_deals(client, "Seep", args.deals, random.Random(7))
        reads = requests(client, played)
        assert reads["move check"]().get_json()["legal"] is True
        times = timed_in_a_row(reads, args.repeats)
        with app.app_context():
            engine = db.engine
        trips = {name: round_trips(engine, reads[name]) for name in ROUND_TRIPS}
    print(
        f"The cost of a request: Seep, {args.deals} deals, {args.repeats} of each in a row, "
        "one process (WSGI test client, SQLite)"
    )
    print(f"{'request':<20} {'median ms':>10} {'p90 ms':>8} {'x bare':>8}  target")
    base = statistics.median(times["bare Flask page"])
    for name, spent in times.items():
        median = statistics.median(spent)
        p90 = statistics.quantiles(spent, n=10)[-1]
        target = TARGETS.get(name)
        verdict = (
            ""
            if target is None
            else f"<= {target:g}x " + ("ok" if median / base <= target else "MISSED")
        )
        print(f"{name:<20} {median:>10.3f} {p90:>8.3f} {median / base:>8.1f}  {verdict}")
    for name, named in trips.items():
        print(f"database round trips of a {name}: {named}")


if __name__ == "__main__":
    main()
