"""How fast a big club's ratings are: the club of bench/club_stats.py (500 sessions, 15,000
deals of all three games, built the same way), its ratings API for each game and its players'
page (which shows them), against the statistics' budget of 0.5 s (issue 25).

States, as bench/club_stats.py names them:

- "cold": the first read after a write (one deal corrected, in a session picked at random):
  the club's figures and ratings are worked out again from the kept summaries;
- "restarted": nothing in this process, the summaries (with their games) in the database;
- "warm": read again, nothing changed.

Each line prints the median and slowest time, the median as a multiple of a bare Flask page's,
and the median as a share of the budget (ratio < 1: within it).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from flask import Flask

from .club_stats import build_club, restart, timed, timed_reads, write_one
from .reads import migrated_app
from .yardstick import bare_app

TARGET_MS = 500.0


def run(app: Flask, repeats: int) -> None:
    """Print the table of timings."""
    client = app.test_client()
    built = time.perf_counter()
    club_id, deals = build_club(client, app, random.Random(9))
    built = time.perf_counter() - built
    reads = {
        f"ratings API, {game}": f"/api/v1/clubs/{club_id}/ratings?game={game}"
        for game in ("seep", "fifty-six", "casino")
    }
    reads["players page"] = f"/c/{club_id}/players"
    seep = client.get(f"/api/v1/clubs/{club_id}/ratings?game=seep").get_json()
    rated = sum(p["games"] for p in seep["players"]) // 4
    bare = bare_app().test_client()
    base = statistics.median(timed(lambda: bare.get("/"), max(repeats, 200), lambda: None))
    print(f"Club ratings: 500 sessions, {deals} deals (built in {built:.0f} s), ~{rated} baazis")
    print(f"bare Flask page: {base:.3f} ms (median)")
    print(f"{'read':<32} {'median ms':>10} {'max ms':>8} {'x bare':>8} {'/ budget':>9}")
    rng = random.Random(23)
    states = {"cold": lambda: write_one(app, rng), "restarted": restart, "warm": lambda: None}
    for read, times in timed_reads(client, reads, states, repeats):
        median = statistics.median(times)
        verdict = "ok" if median < TARGET_MS else "MISSED"
        print(
            f"{read:<32} {median:>10.1f} {max(times):>8.1f} "
            f"{median / base:>8.0f} {median / TARGET_MS:>9.2f}  {verdict}"
        )


def main() -> None:
    """Build the club and print the timings against the budget."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()
    with migrated_app(RATELIMIT_ENABLED=False) as app:
        run(app, args.repeats)


if __name__ == "__main__":
    main()
