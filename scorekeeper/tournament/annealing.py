"""Simulated annealing over planned rounds of four-player tables (rotating partners).

A planned round is a row of seats, four to a table: seats 4t and 4t + 2 are partners, and so
are 4t + 1 and 4t + 3. The cost adds, over every two players (the rounds already played
counted in), a convex cost of their partnerships and one of their opponent meetings: with
the number of meetings fixed by the number of tables, a convex sum is least when they are
spread as evenly as they can be. A move swaps two players, or two sides (a pair of partners
with another table's), in one planned round; a side swap changes opponents without touching
partners, which matters once few new partners are left. The search is seeded (`rng`), runs a
fixed number of moves (so the result is the same on any machine, however busy), stops early
once it reaches a bound no seating can beat, and returns the best seating it saw, fewest
repeated partners first: a better spread of opponents is never bought with a partner twice.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterable

# The temperature at the start and at the end of the search, as shares of the mean rise in
# cost of a random move that raises it: the same search suits a table of 4 and one of 64.
HOT, COLD = 0.3, 0.003
SIDE_MOVES = 0.5  # the share of moves that swap sides rather than players


def partner_cost(count: int) -> int:
    """What `count` partnerships of two players cost: a second partnership costs as much as
    300 pairs meeting once more as opponents."""
    return 100 * count * count


def opponent_cost(count: int) -> int:
    """What `count` opponent meetings of two players cost: the fourth power, steep enough
    that a pair meeting three times is dearer than any spread without one (at the cube, some
    schedules with a three cost no more than one without)."""
    return count**4


class Seating:
    """Planned rows of seats over players 0..n − 1, with every two players' counts."""

    def __init__(self, players: int, rows: list[list[int]], most: int) -> None:
        self.n = players
        self.rows = rows
        self.partners = [0] * (players * players)
        self.opponents = [0] * (players * players)
        # The cost of each count, up to the most meetings two players can have.
        self.partner_cost = [partner_cost(c) for c in range(most + 2)]
        self.opponent_cost = [opponent_cost(c) for c in range(most + 2)]

    def key(self, one: int, other: int) -> int:
        """Where two players' counts are kept."""
        return one * self.n + other if one < other else other * self.n + one

    def count(
        self, partners: Iterable[tuple[int, int]], opponents: Iterable[tuple[int, int]]
    ) -> None:
        """Count in the rounds already played: their partnerships and opponent meetings."""
        for one, other in partners:
            self.partners[self.key(one, other)] += 1
        for one, other in opponents:
            self.opponents[self.key(one, other)] += 1

    def pairs(self) -> list[int]:
        """The keys of every two players."""
        n = self.n
        return [one * n + other for one in range(n) for other in range(one + 1, n)]

    def floor(self) -> tuple[int, int]:
        """Before the planned rows are counted in: the least partner and opponent costs that
        any seating of them could reach."""
        tables = sum(len(row) // 4 for row in self.rows)
        keys = self.pairs()
        return (
            least_sum((self.partners[k] for k in keys), 2 * tables, self.partner_cost),
            least_sum((self.opponents[k] for k in keys), 4 * tables, self.opponent_cost),
        )

    def seat_all(self) -> tuple[int, int]:
        """Count every planned table in; the partner and the opponent costs."""
        for row in self.rows:
            for start in range(0, len(row), 4):
                self.table(row, start, 1)
        return self.sums()

    def sums(self) -> tuple[int, int]:
        """The partner and the opponent costs over every two players."""
        keys = self.pairs()
        return (
            sum(self.partner_cost[self.partners[k]] for k in keys),
            sum(self.opponent_cost[self.opponents[k]] for k in keys),
        )

    def table(self, row: list[int], start: int, sign: int) -> tuple[int, int]:
        """Count a table in (sign 1) or out (−1); the change in the two costs."""
        a, b, c, d = row[start : start + 4]
        n, partners, opponents = self.n, self.partners, self.opponents
        partner_cost, opponent_cost = self.partner_cost, self.opponent_cost
        partner = opponent = 0
        for x, y in ((a, c), (b, d)):
            k = x * n + y if x < y else y * n + x
            old = partners[k]
            partners[k] = old + sign
            partner += partner_cost[old + sign] - partner_cost[old]
        for x, y in ((a, b), (a, d), (c, b), (c, d)):
            k = x * n + y if x < y else y * n + x
            old = opponents[k]
            opponents[k] = old + sign
            opponent += opponent_cost[old + sign] - opponent_cost[old]
        return partner, opponent

    def swap(
        self, row: list[int], tables: tuple[int, ...], swaps: tuple[tuple[int, int], ...]
    ) -> tuple[int, int]:
        """Swap seats in a row; the change in the two costs."""
        partner = opponent = 0
        for start in tables:
            more, fewer = self.table(row, start, -1)
            partner, opponent = partner + more, opponent + fewer
        for i, j in swaps:
            row[i], row[j] = row[j], row[i]
        for start in tables:
            more, fewer = self.table(row, start, 1)
            partner, opponent = partner + more, opponent + fewer
        return partner, opponent


def least_sum(counts: Iterable[int], added: int, cost: list[int]) -> int:
    """The least total cost after adding `added` meetings to the counts, each anywhere: to
    the lowest count, as the cost is convex (a bound: real tables cannot always do so well)."""
    histogram = Counter(counts)
    while added:
        level = min(histogram)
        moved = min(histogram[level], added)
        added -= moved
        histogram[level] -= moved
        histogram[level + 1] += moved
        if not histogram[level]:
            del histogram[level]
    return sum(cost[count] * many for count, many in histogram.items())


def random_move(
    rng: random.Random, seated: int
) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...]] | None:
    """A move in a row: the tables it touches and the seats it swaps (None: no change)."""
    if rng.random() < SIDE_MOVES and seated >= 8:
        t, u = rng.sample(range(0, seated, 4), 2)
        i, j = t + rng.randrange(2), u + rng.randrange(2)
        return (t, u), ((i, j), (i + 2, j + 2))
    i, j = rng.randrange(seated), rng.randrange(seated)
    t, u = i - i % 4, j - j % 4
    if t == u and i % 2 == j % 2:
        return None  # the same seat, or two partners swapping sides: nothing changes
    return ((t,) if t == u else (t, u)), ((i, j),)


def typical_rise(seating: Seating, rng: random.Random, seated: int) -> float:
    """The mean rise in cost of the moves that raise it, over a sample of moves."""
    rises = []
    for _ in range(64):
        move = random_move(rng, seated)
        if move is not None:
            row = rng.choice(seating.rows)
            more, fewer = seating.swap(row, *move)
            seating.swap(row, *move)
            if more + fewer > 0:
                rises.append(more + fewer)
    return sum(rises) / len(rises) if rises else 1.0


def anneal(seating: Seating, rng: random.Random, moves: int) -> None:
    """Improve the seating's rows in place: the best seen after `moves`, or at the floor."""
    floor = seating.floor()
    partner, opponent = seating.seat_all()
    cost = partner + opponent
    best = (partner, opponent)
    kept = [row[:] for row in seating.rows]
    lowest = floor[0] + floor[1]
    seated = len(seating.rows[0])
    temperature = HOT * typical_rise(seating, rng, seated)
    cooling = (COLD / HOT) ** (1 / max(moves, 1))
    for _ in range(moves):
        if cost <= lowest:
            break
        temperature *= cooling
        move = random_move(rng, seated)
        if move is None:
            continue
        row = rng.choice(seating.rows)
        more, fewer = seating.swap(row, *move)
        delta = more + fewer
        if delta > 0 and rng.random() >= math.exp(-delta / temperature):
            seating.swap(row, *move)  # swapping again puts it back
            continue
        cost += delta
        partner, opponent = partner + more, opponent + fewer
        if (partner, opponent) < best:
            best = (partner, opponent)
            kept = [row[:] for row in seating.rows]
    seating.rows[:] = kept
