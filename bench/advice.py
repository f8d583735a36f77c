"""How fast deals are reviewed and advice is given (issue 38): `make bench`.

Measured in one run, against the targets and beside a bare Flask page (bench/yardstick.py):

- review of a whole 48-play Seep deal recorded play by play (four players), each play beside
  the best move: the median and slowest of 5 deals (target 10 s each);
- advice on Seep positions along self-played deals, at a budget of 200 ms: the median, p99 and
  slowest time against the budget (target: within it, p99), in this process (a worker's work,
  without the pool's hand-over);
- the same through POST /api/v1/advice, for each game: a search worker's hand-over included
  (the median and p99 of 20 requests a game, against the budget);
- review of a four-player Fifty-six and Casino deal (informative: no target);
- samples of hidden cards valued per second on one core, early, midway and late in a deal.
"""

from __future__ import annotations

import random
import statistics
import time

from scorekeeper import create_app
from scorekeeper.advice.advisor import advise, deadline_for
from scorekeeper.advice.answers import review_deal
from scorekeeper.advice.seep import from_history, sampled
from scorekeeper.rules import GAMES
from scorekeeper.rules.seep.options import parse_rule_options
from scorekeeper.rules.seep.selfplay import play_deal
from scorekeeper.rules.table import Table
from scorekeeper.web.workers import EXTENSION
from tests.helpers import advice_bodies, live_deals

from .yardstick import bare_app

DEALS = 5
ADVICE_BUDGET = 0.2
POSITIONS = 60
API_REQUESTS = 20
OPTIONS = parse_rule_options(None)
TABLE = Table(2, 2)


def reviews() -> list[float]:
    """Seconds to review each of DEALS whole four-player deals."""
    times = []
    for seed in range(DEALS):
        start, plays = live_deals.seep(seed, players=4)
        begun = time.perf_counter()
        review_deal("seep", TABLE, OPTIONS, start, plays, deal_id=seed)
        times.append(time.perf_counter() - begun)
    return times


def advice_times(rng: random.Random) -> tuple[list[float], dict[str, float]]:
    """Seconds for each advice at ADVICE_BUDGET, and samples a second early, midway, late."""
    times, rates = [], {}
    for n in range(POSITIONS):
        seed = rng.randrange(10**6)
        start, plays = live_deals.seep(seed, players=4)
        made = 1 + n % 46
        hand = play_deal(random.Random(seed), 0, 4).plays[made].position.hand
        begun = time.monotonic()
        position, seen, capturer = from_history(TABLE, OPTIONS, start, plays[:made], hand)
        samples = sampled(position, seen, random.Random(n), capturer)
        advice = advise(samples, deadline_for(begun, ADVICE_BUDGET), True)
        spent = time.monotonic() - begun
        times.append(spent)
        stage = "early" if made < 16 else "midway" if made < 36 else "late"
        rates.setdefault(stage, advice.samples / spent)
    return times, rates


def through_the_api(game: str) -> list[float]:
    """Seconds for each of API_REQUESTS requests for advice at ADVICE_BUDGET, worker included."""
    app = create_app({"TESTING": True, "SECRET_KEY": "bench", "RATELIMIT_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": "sqlite://"})  # fmt: skip
    client, times = app.test_client(), []
    bodies = advice_bodies.bodies(game)
    try:
        client.post("/api/v1/advice", json=bodies[0])  # the worker process starts
        for n in range(API_REQUESTS):
            body = bodies[n % len(bodies)] | {"budget_ms": round(ADVICE_BUDGET * 1000)}
            begun = time.perf_counter()
            assert client.post("/api/v1/advice", json=body).status_code == 200
            times.append(time.perf_counter() - begun)
    finally:
        app.extensions[EXTENSION].close()
    return times


def other_reviews() -> dict[str, float]:
    """Seconds to review a four-player deal of Fifty-six and of Casino."""
    spent = {}
    for game in ("fifty-six", "casino"):
        rules = GAMES[game]
        options = rules.parse_options({})
        table = rules.table_for(4, options)
        start, plays = live_deals.DEALS[game](3)
        begun = time.perf_counter()
        review_deal(game, table, options, start, plays, deal_id=1)
        spent[game] = time.perf_counter() - begun
    return spent


def p99(times: list[float]) -> float:
    """The 99th percentile of `times` (the slowest but one in a hundred)."""
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def main() -> None:
    """Print the table."""
    bare = bare_app().test_client()
    begun = time.perf_counter()
    for _ in range(200):
        bare.get("/")
    base_ms = (time.perf_counter() - begun) / 200 * 1000
    reviewed = reviews()
    advised, rates = advice_times(random.Random(38))
    print("Advice and review (Seep, four players)")
    print(f"bare Flask page: {base_ms:.3f} ms (median of 200)")
    print(f"{'':<44} {'seconds':>9} {'target':>8} {'/ target':>9}")
    median = statistics.median(reviewed)
    print(row("review of a 48-play deal, median", median, 10.0))
    print(row("review of a 48-play deal, slowest", max(reviewed), 10.0))
    print(row("advice at 200 ms, median", statistics.median(advised), ADVICE_BUDGET))
    print(row("advice at 200 ms, p99", p99(advised), ADVICE_BUDGET))
    print(row("advice at 200 ms, slowest", max(advised), ADVICE_BUDGET))
    for game in GAMES:
        times = through_the_api(game)
        print(
            row(f"POST /advice {game} at 200 ms, median", statistics.median(times), ADVICE_BUDGET)
        )
        print(row(f"POST /advice {game} at 200 ms, p99", p99(times), ADVICE_BUDGET))
    for game, seconds in other_reviews().items():
        print(f"review of a four-player {game} deal: {seconds:.2f} s")
    for stage, rate in rates.items():
        print(f"samples valued a second on one core, {stage}: {rate:.0f}")


def row(name: str, seconds: float, target: float) -> str:
    """One line of the table, with whether it meets its target."""
    mark = "ok" if seconds <= target else "MISSED"
    return f"{name:<44} {seconds:>9.3f} {target:>8.3f} {seconds / target:>9.2f}  {mark}"


if __name__ == "__main__":
    main()
