"""Fifty-six's session options and the seating they give (F1, F2, F6, F16).

>>> table_for(6, parse_options({"teams": "pairs"}))
Table(teams=3, players_per_team=2)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..errors import InvalidInput
from ..fields import integer
from ..options import Choices, parse_choices
from ..table import Table
from .cards import PLAYERS as PLAYERS  # F1: offered here as every options.py does (game.py)
from .cards import check_players

CHOICES: dict[str, Choices] = {
    "teams": ("sides", "pairs"),  # F2: two sides alternating, or pairs of partners opposite
    "doubling": ("multiply", "additive"),  # F16
}
TABLES = "tables"  # F6: the tables each team starts with, a whole number
MAX_TABLES = 99
FIRST_DEALER = "first_dealer"  # F7: the seat that deals the first deal
DEFAULTS: dict[str, Any] = {"teams": "sides", "doubling": "multiply", TABLES: 12, FIRST_DEALER: 0}


def parse_options(raw: object) -> dict[str, Any]:
    """Validated session options with the defaults of rules/fifty-six.md filled in."""
    readers = {
        TABLES: _whole(TABLES, 1, MAX_TABLES),
        FIRST_DEALER: _whole(FIRST_DEALER, 0, max(PLAYERS) - 1),
    }
    return parse_choices(raw, {**CHOICES, **readers}, DEFAULTS)


def _whole(name: str, low: int, high: int) -> Callable[[object], int]:
    """A reader of a whole-number option from `low` to `high`."""

    def read(value: object) -> int:
        try:
            return integer(value, name, low, high)
        except InvalidInput as error:
            raise InvalidInput(
                "bad-option", "option-range", option=name, low=low, high=high
            ) from error

    return read


def table_for(players: object, options: Mapping[str, Any]) -> Table:
    """The seating for `players` (F1): two sides (T = 2) or pairs (T = n / 2), as F2 says."""
    n = check_players(players)
    if options.get(FIRST_DEALER, 0) >= n:
        raise InvalidInput("bad-option", "first-dealer-seat", last=n - 1, players=n)
    if options["teams"] == "pairs":
        return Table(n // 2, 2)
    return Table(2, n // 2)


def check_table(table: Table, options: Mapping[str, Any]) -> None:
    """Raise InvalidInput unless `table` is the seating that F1 and the options give."""
    wanted = table_for(table.seats, options)
    if table != wanted:
        raise InvalidInput(
            "bad-teams",
            "fifty-six-teams",
            players=table.seats,
            shape=options["teams"],
            teams=wanted.teams,
            each=wanted.players_per_team,
            given_teams=table.teams,
            given_each=table.players_per_team,
        )
