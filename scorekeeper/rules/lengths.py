"""A round's length, as a tournament table's session options carry it, and a table's result
(shared/API.md, "A table's round ends").

A tournament table is an ordinary session whose options carry the round's length: `deals: n`,
an option every game has (the session is finished after its nth deal), or the game's own end of
a game: Seep's `baazis: 1` (M4), Fifty-six's and Casino's `games: 1` (F6, K13). Each game's
score.py folds `deals` into its standing and says, from a standing, whether the round is over
(`round_over`) and the table's result (`table_result`); what they share is here.

>>> deals_reached({"deals": 2}, 2), deals_reached({"deals": None}, 99)
(True, False)
>>> two_sided(Table(2, 2), None, 7)
{'winner': None, 'game_points': [7, -7]}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict

from .limits import MOST_DEALS
from .options import Option
from .table import Table

DEALS = "deals"  # the option every game has: the session is finished after its nth deal
GAMES = "games"  # Fifty-six's and Casino's: 1, the session is finished when a game is won


def deals_option(rule: str) -> Option:
    """The `deals` option, declared alike in every game's options.py: `rule` is the game's
    rule of when a session ends (M4, F6, K13), which it adds to."""
    return Option(
        DEALS,
        rule,
        None,
        low=1,
        high=MOST_DEALS,
        doc=f"{rule}, and shared/API.md's round length: the session is finished after its nth "
        "deal (a tournament table's round), and a further deal answers 409 `round-over`; null "
        "(the default): no number of deals ends it.",
    )


def deals_reached(options: Mapping[str, Any], played: int) -> bool:
    """Whether `played` deals reach the session's `deals` (none set: never). Read with .get:
    a session stored before the option was declared has no `deals` (no length)."""
    most = options.get(DEALS)
    return most is not None and played >= most


class Result(TypedDict):
    """A two-sided table's result: the side that won it (None: a draw) and each side's game
    points, the tie-break of the tournament's standings (shared/API.md)."""

    winner: int | None
    game_points: list[int]


class TableResult(Result):
    """A table's result, and whether it stands: `over` once the round's length is reached."""

    over: bool


def two_sided(table: Table, winner: int | None, margin: int) -> Result:
    """The result of a table of two sides: `winner`, and side 0's game points `margin` against
    side 1's -margin. Every tournament table has two sides (shared/API.md); another table has
    no table result, and asking for one is a mistake of the caller (ValueError)."""
    if table.teams != 2:
        raise ValueError(f"a table's result is of two sides, not {table.teams}")
    return {"winner": winner, "game_points": [margin, -margin]}
