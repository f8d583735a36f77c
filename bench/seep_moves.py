"""How fast Seep's legal moves are listed and counted: `make bench` (or --deals N for a quick run).

(a) legal_moves over every position of self-played deals; (b) crowded floors of small loose
cards; (c) the generator against brute force (every card x every subset x every value, each
checked); (d) the 16-card floor through POST /api/v1/moves. Times are wall clock; "cold" means
the engine's memo caches (sets.splits_into, sets.has_subset_sum) are emptied first.
"""

from __future__ import annotations

import argparse
import heapq
import random
import statistics
import time
from collections.abc import Callable, Iterator
from functools import partial
from itertools import combinations, islice
from typing import Any, TypeVar

from scorekeeper.rules.cards import Card, Suit
from scorekeeper.rules.seep import sets
from scorekeeper.rules.seep.generate import count_moves, legal_moves
from scorekeeper.rules.seep.moves import Build, Capture, Move, Raise, Throw
from scorekeeper.rules.seep.play import check
from scorekeeper.rules.seep.position import HOUSE_VALUES, Position
from scorekeeper.rules.seep.selfplay import play_deals

T = TypeVar("T")
SEED = 2024
DEALS = 2000
FLOORS = (8, 10, 12, 14, 16, 18, 20)
BRUTE_FLOORS = (8, 10, 12)
PAGE = 100
REPEATS = 5
SLOWEST = 200  # self-play positions timed again, to tell slow ones from a busy machine
TARGET_P99_MS = 5.0
TARGET_SPEEDUP = 50.0
TARGET_API_MS = 100.0
CONFIG = {"TESTING": True, "SECRET_KEY": "b", "SQLALCHEMY_DATABASE_URI": "sqlite://"}


# -- timing ----------------------------------------------------------------------------------


def cold() -> None:
    """Empty the engine's memo caches, so the next call pays for everything."""
    sets.splits_into.cache_clear()
    sets.has_subset_sum.cache_clear()


def timed(
    work: Callable[[], T], fresh: bool = False, clock: Callable[[], float] = time.perf_counter
) -> tuple[float, T]:
    """Milliseconds one call takes (wall clock unless told), and what it returned."""
    if fresh:
        cold()
    start = clock()
    result = work()
    return (clock() - start) * 1000, result


def median_ms(work: Callable[[], T]) -> tuple[float, T]:
    """The median of a few cold runs, and the result."""
    runs = [timed(work, fresh=True) for _ in range(REPEATS)]
    return statistics.median(ms for ms, _ in runs), runs[0][1]


def all_moves(position: Position) -> list[Move]:
    """Every legal move, listed."""
    return list(legal_moves(position))


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (nearest rank) of the values."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered)) - 1))]


def verdict(ok: bool) -> str:
    """PASS or MISS."""
    return "PASS" if ok else "MISS"


def table(title: str, header: list[str], rows: list[list[str]]) -> None:
    """Print a plain-text table."""
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    print(f"\n{title}")
    for row in [header, ["-" * w for w in widths], *rows]:
        print("  ".join(str(cell).rjust(w) for cell, w in zip(row, widths, strict=True)))


# -- (a) self-play -----------------------------------------------------------------------------


def selfplay_times(deals: int) -> tuple[list[float], list[float], list[Position]]:
    """legal_moves times (ms) as played and cold over every position; the slowest positions."""
    played: list[float] = []
    chill: list[float] = []
    slowest: list[tuple[float, int, Position]] = []  # the slowest cold times, a min-heap

    def timing_policy(position: Position, rng: random.Random) -> Move:
        ms, moves = timed(partial(all_moves, position))
        played.append(ms)
        return rng.choice(moves)

    for deal in play_deals(deals, SEED, 4, None, timing_policy):
        for position in deal.positions:
            chill.append(timed(partial(all_moves, position), fresh=True)[0])
            entry = (chill[-1], len(chill), position)
            if len(slowest) < SLOWEST:
                heapq.heappush(slowest, entry)
            else:
                heapq.heappushpop(slowest, entry)
    return played, chill, [position for _, _, position in slowest]


def retimed(positions: list[Position]) -> tuple[float, Position]:
    """The slowest of the positions when each is timed again (best of 3 cold runs)."""

    def best_of_3(position: Position) -> float:
        runs = (timed(partial(all_moves, position), True, time.process_time) for _ in range(3))
        return min(ms for ms, _ in runs)

    return max(((best_of_3(p), p) for p in positions), key=lambda pair: pair[0])


def report_selfplay(deals: int) -> None:
    """(a) median, p99 and worst legal_moves time over self-played positions."""
    started = time.perf_counter()
    played, chill, slowest = selfplay_times(deals)
    rows = []
    for name, times in (("as played", played), ("cold caches", chill)):
        p99 = percentile(times, 99)
        rows.append(
            [
                name,
                str(len(times)),
                f"{statistics.median(times):.3f}",
                f"{p99:.3f}",
                f"{max(times):.3f}",
                f"< {TARGET_P99_MS:g} at p99",
                verdict(p99 < TARGET_P99_MS),
            ]
        )
    header = ["legal_moves, list all", "positions", "median ms", "p99 ms", "worst ms", "target", ""]
    seconds = time.perf_counter() - started
    title = f"(a) {deals} self-played deals, 4 players, default options ({seconds:.0f} s)"
    table(title, header, rows)
    ms, p = retimed(slowest)
    print(
        f"    slowest re-timed ({SLOWEST} slowest, best of 3 cold runs, CPU time): {ms:.3f} ms, "
        f"{len(p.loose)} loose, {len(p.houses)} houses, {len(p.hand)} in hand, "
        f"{count_moves(p)} moves"
    )


# -- (b) crowded floors ----------------------------------------------------------------------


def crowded(loose: int) -> Position:
    """A fixed hand (8 to K) over `loose` small cards (values 1 to 5), from a fixed seed."""
    rng = random.Random(SEED)
    small = [Card(rank, suit) for rank in range(1, 6) for suit in Suit]
    rng.shuffle(small)
    hand = tuple(Card(rank, rng.choice(list(Suit))) for rank in range(8, 14))
    return Position(4, 0, hand, tuple(small[:loose]))


def first_page(position: Position) -> list[Move]:
    """The first page of moves, as the API lists them."""
    return list(islice(legal_moves(position), PAGE))


def report_crowded() -> None:
    """(b) exact count and first page on crowded floors."""
    rows = []
    for n in FLOORS:
        position = crowded(n)
        count_ms, count = median_ms(partial(count_moves, position))
        page_ms, page = median_ms(partial(first_page, position))
        assert len(page) == min(PAGE, count)
        rows.append([str(n), f"{count:,}", f"{count_ms:.2f}", f"{page_ms:.2f}", "—"])
    header = ["loose cards", "count_moves", "count ms", f"first {PAGE} ms", "target"]
    table(f"(b) crowded floors, hand 8 9 10 J Q K, median of {REPEATS} cold runs", header, rows)


# -- (c) brute force -------------------------------------------------------------------------


def candidates(position: Position) -> Iterator[Move]:
    """Every card x every subset of loose cards x capture/build values; raises and throws."""
    for card in position.hand:
        yield Throw(card)
        yield from (Raise(card, house.value) for house in position.houses)
        for size in range(len(position.loose) + 1):
            for subset in combinations(position.loose, size):
                loose = frozenset(subset)
                yield Capture(card, loose, False)
                if position.house(card.rank) is not None:
                    yield Capture(card, loose, True)
                yield from (Build(card, value, loose) for value in HOUSE_VALUES)


def brute_force(position: Position) -> list[Move]:
    """The legal moves found by checking every candidate with play.check."""
    return [move for move in candidates(position) if check(position, move) is None]


def report_brute() -> None:
    """(c) brute force against legal_moves on the same positions."""
    rows = []
    for n in BRUTE_FLOORS:
        position = crowded(n)
        brute_ms, brute = timed(partial(brute_force, position), fresh=True)
        fast_ms, fast = median_ms(partial(all_moves, position))
        agree = set(brute) == set(fast) and len(fast) == len(set(fast)) == count_moves(position)
        ratio = brute_ms / fast_ms
        target = f">= {TARGET_SPEEDUP:g}x" if n == max(BRUTE_FLOORS) else "—"
        ok = verdict(ratio >= TARGET_SPEEDUP) if n == max(BRUTE_FLOORS) else ""
        rows.append(
            [
                str(n),
                str(len(brute)),
                "yes" if agree else "NO",
                f"{brute_ms:.1f}",
                f"{fast_ms:.2f}",
                f"{ratio:.0f}x",
                target,
                ok,
            ]
        )
    header = ["loose", "moves", "same", "brute ms", "legal_moves ms", "speed-up", "target", ""]
    table("(c) brute force (cold, 1 run) vs legal_moves listing all (cold median)", header, rows)


# -- (d) the API -----------------------------------------------------------------------------


def report_api() -> None:
    """(d) the 16-card floor through POST /api/v1/moves: exact count and first page."""
    from scorekeeper import create_app  # Flask only for this part

    client = create_app(CONFIG).test_client()
    position = crowded(16)
    body: dict[str, Any] = {"game": "seep", "position": position.to_json(), "limit": PAGE}
    count = count_moves(position)
    rows = []
    for name, fresh in (("16 loose, cold", True), ("16 loose, warm", False)):
        runs = [timed(lambda: client.post("/api/v1/moves", json=body), fresh) for _ in range(5)]
        for _, response in runs:
            answer = response.get_json()
            assert response.status_code == 200, answer
            assert answer["count"] == count and len(answer["moves"]) == PAGE, answer["count"]
        times = [ms for ms, _ in runs]
        rows.append(
            [
                name,
                f"{count:,}",
                f"{statistics.median(times):.1f}",
                f"{max(times):.1f}",
                f"< {TARGET_API_MS:g}",
                verdict(max(times) < TARGET_API_MS),
            ]
        )
    header = ["POST /api/v1/moves", "count", "median ms", "worst ms", "target", ""]
    table("(d) through the API (test client, limit 100, 5 runs each)", header, rows)


def main(argv: list[str] | None = None) -> None:
    """Run the four benchmarks and print their tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--deals", type=int, default=DEALS, help="self-played deals for (a)")
    args = parser.parse_args(argv)
    report_selfplay(args.deals)
    report_crowded()
    report_brute()
    report_api()


if __name__ == "__main__":
    main()
