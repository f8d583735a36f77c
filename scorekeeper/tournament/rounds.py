"""A tournament's rounds as pairing and standings read them: entrants, tables, results, byes.

Entrants are named by their ids. A table seats two entrants (one a side) or, in `rotating`,
four players in seat order, partners in seats 0 and 2 and in seats 1 and 3: either way a
table's sides are its even and its odd seats.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations, product


class Format(StrEnum):
    """How a tournament pairs its rounds (the API's `format`)."""

    SWISS = "swiss"
    ROUND_ROBIN = "round-robin"
    ROTATING = "rotating"


@dataclass(frozen=True)
class Entrant:
    """An entrant of the standings: its id, and whether it has withdrawn."""

    id: int
    withdrawn: bool = False


@dataclass(frozen=True)
class Result:
    """A table's result per side: match points (2 a win, 1 a draw, 0 a loss), game points."""

    match_points: tuple[int, int]
    game_points: tuple[int, int]


@dataclass(frozen=True)
class Table:
    """A table: its entrants in seat order, and its result once there is one."""

    entrants: tuple[int, ...]
    result: Result | None = None

    @property
    def sides(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The two sides: the even seats and the odd seats."""
        return self.entrants[0::2], self.entrants[1::2]


@dataclass(frozen=True)
class Round:
    """A round: its tables, and the entrants who sit it out with a bye."""

    tables: tuple[Table, ...]
    byes: tuple[int, ...] = ()

    @property
    def seated(self) -> frozenset[int]:
        """Every entrant at one of the round's tables."""
        return frozenset(entrant for table in self.tables for entrant in table.entrants)


Pair = frozenset[int]


def opponents(table: Table) -> Iterator[Pair]:
    """Each two entrants who face each other at the table, one from each side."""
    front, back = table.sides
    for one, other in product(front, back):
        yield frozenset((one, other))


def partners(table: Table) -> Iterator[Pair]:
    """Each two entrants who share a side at the table."""
    for side in table.sides:
        for one, other in combinations(side, 2):
            yield frozenset((one, other))


def meetings(rounds: Iterable[Round]) -> Counter[Pair]:
    """How often each two entrants have met as opponents."""
    return Counter(pair for one in rounds for table in one.tables for pair in opponents(table))


def partnerships(rounds: Iterable[Round]) -> Counter[Pair]:
    """How often each two entrants have shared a side."""
    return Counter(pair for one in rounds for table in one.tables for pair in partners(table))


def byes_had(rounds: Iterable[Round]) -> Counter[int]:
    """How many byes each entrant has had."""
    return Counter(entrant for one in rounds for entrant in one.byes)
