"""How fast Casino's legal moves are listed and counted: `make bench` (--deals N: quicker).

(a) legal_moves over every position of self-played deals (4 players, Royal); (b) crowded
tables of small loose cards and a build to raise, classic and Royal; (c) the generator
against brute force (every card x every subset x every build choice x every value x the
ace as 1 and 14, each checked) on the same tables. Times are wall clock; "cold" means the
memo caches of the shared set arithmetic (rules/sets.py) are emptied first; the timing and
table helpers are bench/seep_moves.py's.
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections.abc import Hashable, Iterator
from functools import partial
from itertools import combinations

from bench.seep_moves import REPEATS, median_ms, percentile, table, timed, verdict
from scorekeeper.rules.cards import Card, Suit
from scorekeeper.rules.casino.generate import count_moves, legal_moves
from scorekeeper.rules.casino.moves import Build, Capture, Move, Raise, Trail
from scorekeeper.rules.casino.play import apply, check
from scorekeeper.rules.casino.position import Pile, Position
from scorekeeper.rules.casino.selfplay import play_deal

SEED = 2024
DEALS = 300
FLOORS = (8, 10, 12, 14, 16)
BRUTE_FLOORS = (8, 10, 12)
TARGET_P99_MS = 5.0
TARGET_SPEEDUP = 50.0
HANDS = {"classic": (8, 9, 10, 13), "royal": (1, 9, 12, 13)}


def all_moves(position: Position) -> list[Move]:
    """Every legal move, listed."""
    return list(legal_moves(position))


def report_selfplay(deals: int) -> None:
    """(a) median, p99 and worst legal_moves time over self-played positions."""
    times: list[float] = []
    for seed in range(deals):
        deal = play_deal(random.Random(SEED + seed), 4, variant="royal")
        times.extend(timed(partial(all_moves, p))[0] for p, _ in deal.plays)
    p99 = percentile(times, 99)
    row = [
        str(len(times)),
        f"{statistics.median(times):.3f}",
        f"{p99:.3f}",
        f"{max(times):.3f}",
        f"< {TARGET_P99_MS:g} at p99",
        verdict(p99 < TARGET_P99_MS),
    ]
    header = ["positions", "median ms", "p99 ms", "worst ms", "target", ""]
    table(f"(a) {deals} self-played deals, 4 players, Royal", header, [row])


def crowded(variant: str, loose: int) -> Position:
    """A fixed hand over `loose` small cards (values 1 to 5) and a single 7-build to raise."""
    rng = random.Random(SEED)
    pile = Pile(7, (Card(4, Suit.CLUBS), Card(3, Suit.CLUBS)), 1)
    small = [Card(r, s) for r in range(1, 6) for s in Suit if Card(r, s) not in pile.cards]
    rng.shuffle(small)
    hand = tuple(Card(rank, Suit.HEARTS) for rank in HANDS[variant])
    return Position(2, 0, variant, hand, tuple(small[:loose]), (pile,))


def report_crowded() -> None:
    """(b) exact count and full listing on crowded tables."""
    rows = []
    for variant in HANDS:
        for n in FLOORS:
            position = crowded(variant, n)
            count_ms, count = median_ms(partial(count_moves, position))
            list_ms, _ = median_ms(partial(all_moves, position))
            rows.append([variant, str(n), f"{count:,}", f"{count_ms:.2f}", f"{list_ms:.2f}"])
    header = ["variant", "loose cards", "count_moves", "count ms", "list all ms"]
    table(f"(b) crowded tables and a 7-build, median of {REPEATS} cold runs", header, rows)


def candidates(position: Position) -> Iterator[Move]:
    """Every move a player could write: each card, loose subset, build choice, value, ace."""
    piles = [b.value for b in position.builds]
    for card in position.hand:
        yield Trail(card)
        aces = (False, True) if card.rank == 1 and position.variant == "royal" else (False,)
        for size in range(len(position.loose) + 1):
            for chosen in combinations(position.loose, size):
                loose = frozenset(chosen)
                for high in aces:
                    for n in range(len(piles) + 1):
                        taken = (frozenset(t) for t in combinations(piles, n))
                        yield from (Capture(card, loose, t, high) for t in taken)
                    yield from (Build(card, v, loose, high) for v in range(1, 16))
                    yield from (Raise(card, v, loose, high) for v in piles)


def effect(position: Position, move: Move) -> Hashable:
    """What a move does (a play), whichever way it is written."""
    outcome = apply(position, move)
    after = outcome.position
    piles = sorted((b.value, tuple(sorted(b.cards)), b.owner) for b in after.builds)
    return (move.card, tuple(sorted(after.loose)), tuple(piles), outcome.sweep)


def brute_force(position: Position) -> list[Move]:
    """The legal moves found by checking every candidate with play.check."""
    return [move for move in candidates(position) if check(position, move) is None]


def report_brute() -> None:
    """(c) brute force against legal_moves on the same tables."""
    rows = []
    for variant in HANDS:
        for n in BRUTE_FLOORS:
            position = crowded(variant, n)
            brute_ms, brute = timed(partial(brute_force, position), fresh=True)
            fast_ms, fast = median_ms(partial(all_moves, position))
            # A Royal ace's capture of loose aces may be written as 1 or 14: one play.
            plays = {effect(position, m) for m in fast}
            agree = plays == {effect(position, m) for m in brute}
            agree = agree and len(plays) == len(fast) == count_moves(position)
            ratio = brute_ms / fast_ms
            last = n == max(BRUTE_FLOORS)
            rows.append(
                [
                    variant,
                    str(n),
                    str(len(fast)),
                    str(len(brute)),
                    "yes" if agree else "NO",
                    f"{brute_ms:.1f}",
                    f"{fast_ms:.2f}",
                    f"{ratio:.0f}x",
                    f">= {TARGET_SPEEDUP:g}x" if last else "—",
                    verdict(ratio >= TARGET_SPEEDUP) if last else "",
                ]
            )
    header = ["variant", "loose", "plays", "writings", "listed ok", "brute ms", "fast ms"]
    header += ["speed-up", "target", ""]
    table("(c) brute force (cold, 1 run) vs legal_moves listing all (cold median)", header, rows)


def main(argv: list[str] | None = None) -> None:
    """Run the three benchmarks and print their tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--deals", type=int, default=DEALS, help="self-played deals for (a)")
    args = parser.parse_args(argv)
    report_selfplay(args.deals)
    report_crowded()
    report_brute()


if __name__ == "__main__":
    main()
