"""A tournament's standings, worked out from its rounds as they stand.

Match points: 2 a win, 1 a draw, 0 a loss, 2 a bye. Ties are broken, in order, by
`buchholz` (Swiss only: the sum of the match points of every opponent met, once per meeting;
a bye meets nobody), `difference` (game points for minus against) and `head_to_head` (only
between exactly two entrants still tied: the match points each took from their meetings;
null for everyone else). Entrants still tied share a rank, and the next rank skips (1, 2, 2,
4). In `rotating` each player takes the result of its side. Tables without a result count for
nothing yet; withdrawn entrants keep their place. Nothing depends on the order the tables
come in: every figure is a sum.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import groupby
from typing import TypedDict

from .rounds import Entrant, Format, Round, Table

BYE_POINTS = 2
# The tie-breaks before head-to-head, in order, per format.
TIEBREAKS: dict[Format, tuple[str, ...]] = {
    Format.SWISS: ("buchholz", "difference"),
    Format.ROUND_ROBIN: ("difference",),
    Format.ROTATING: ("difference",),
}


class Standing(TypedDict):
    """An entrant's line of the standings, as the API shows it."""

    entrant: int
    rank: int
    match_points: int
    tiebreaks: dict[str, int | None]


@dataclass
class Tally:
    """What an entrant has gathered from the tables with a result and its byes."""

    match_points: int = 0
    difference: int = 0
    met: list[int] = field(default_factory=list)  # each opponent, once per meeting
    taken: Counter[int] = field(default_factory=Counter)  # match points taken from each


def standings(
    entrants: Sequence[Entrant], rounds: Iterable[Round], format: Format | str
) -> list[Standing]:
    """The standings of `format`'s tournament, best first; ties in the entrants' order."""
    names = TIEBREAKS[Format(format)]
    tallies = tally([entrant.id for entrant in entrants], rounds)
    figures = {
        entrant: {name: figure(name, entrant, tallies) for name in names} for entrant in tallies
    }

    def level(entrant: int) -> tuple[int, ...]:
        return (tallies[entrant].match_points, *figures[entrant].values())

    ordered = sorted(tallies, key=level, reverse=True)  # sorted is stable: ties keep entry order
    lines: list[Standing] = []
    for _, tied in groupby(ordered, key=level):
        lines.extend(ranked(list(tied), len(lines) + 1, tallies, figures))
    return lines


def tally(entrants: Sequence[int], rounds: Iterable[Round]) -> dict[int, Tally]:
    """Each entrant's match points, difference and meetings over the rounds."""
    tallies = {entrant: Tally() for entrant in entrants}
    for number, played in enumerate(rounds, start=1):
        for entrant in (*played.seated, *played.byes):
            if entrant not in tallies:
                raise ValueError(f"entrant {entrant} of round {number} is not in the tournament")
        for entrant in played.byes:
            tallies[entrant].match_points += BYE_POINTS
        for table in played.tables:
            add_table(tallies, table)
    return tallies


def add_table(tallies: dict[int, Tally], table: Table) -> None:
    """Add a table's result to each of its entrants: its side's."""
    if table.result is None:
        return
    sides = table.sides
    for side, other in ((0, 1), (1, 0)):
        points = table.result.match_points[side]
        difference = table.result.game_points[side] - table.result.game_points[other]
        for entrant in sides[side]:
            mine = tallies[entrant]
            mine.match_points += points
            mine.difference += difference
            mine.met.extend(sides[other])
            mine.taken.update(dict.fromkeys(sides[other], points))


def figure(name: str, entrant: int, tallies: dict[int, Tally]) -> int:
    """One tie-break figure of an entrant."""
    mine = tallies[entrant]
    if name == "buchholz":
        return sum(tallies[opponent].match_points for opponent in mine.met)
    return mine.difference


def ranked(
    tied: list[int], rank: int, tallies: dict[int, Tally], figures: dict[int, dict[str, int]]
) -> list[Standing]:
    """The lines of entrants level on everything before head-to-head, from `rank` on."""
    taken: dict[int, int | None] = dict.fromkeys(tied)
    ranks = dict.fromkeys(tied, rank)
    if len(tied) == 2:
        one, other = tied
        taken = {one: tallies[one].taken[other], other: tallies[other].taken[one]}
        if taken[one] != taken[other]:
            tied.sort(key=lambda entrant: -(taken[entrant] or 0))
            ranks[tied[1]] = rank + 1
    return [
        {
            "entrant": entrant,
            "rank": ranks[entrant],
            "match_points": tallies[entrant].match_points,
            "tiebreaks": {**figures[entrant], "head_to_head": taken[entrant]},
        }
        for entrant in tied
    ]
