"""What the tournament tests share: random results for a round, and a brute-force oracle for
whether a Swiss round could have been paired without a rematch."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from scorekeeper.tournament.rounds import Pair, Result, Round, Table

OUTCOMES = ((2, 0), (1, 1), (0, 2))


def played(rng: random.Random, paired: Round) -> Round:
    """The round as played: each table a random result (match and game points)."""
    tables = []
    for table in paired.tables:
        won = rng.choice(OUTCOMES)
        tables.append(Table(table.entrants, Result(won, (rng.randint(0, 9), rng.randint(0, 9)))))
    return Round(tuple(tables), paired.byes)


def add_points(points: Counter[int], result: Round) -> None:
    """Add a played round's match points (a bye 2) to the running totals."""
    for table in result.tables:
        assert table.result is not None
        for side, entrants in enumerate(table.sides):
            for entrant in entrants:
                points[entrant] += table.result.match_points[side]
    for entrant in result.byes:
        points[entrant] += 2


def pairs_without_rematch(entrants: Sequence[int], met: Counter[Pair]) -> bool:
    """Whether the entrants (an even number) can all be paired with no two who have met."""
    if not entrants:
        return True
    first, rest = entrants[0], entrants[1:]
    return any(
        not met[frozenset((first, other))]
        and pairs_without_rematch([e for e in rest if e != other], met)
        for other in rest
    )


def could_avoid_rematches(entrants: Sequence[int], met: Counter[Pair], byes: Counter[int]) -> bool:
    """Whether a round without a rematch exists, its bye (odd fields) to one of the entrants
    with the fewest byes (the bye rule comes first)."""
    if len(entrants) % 2 == 0:
        return pairs_without_rematch(entrants, met)
    fewest = min(byes[e] for e in entrants)
    return any(
        pairs_without_rematch([e for e in entrants if e != out], met)
        for out in entrants
        if byes[out] == fewest
    )
