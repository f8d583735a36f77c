"""Fifty-six's session options and the seating they give (F1, F2, F6, F16).

>>> table_for(6, parse_options({"teams": "pairs"}))
Table(teams=3, players_per_team=2)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import InvalidInput
from ..fields import integer
from ..options import Choices, parse_choices
from ..table import Table
from .cards import check_players

CHOICES: dict[str, Choices] = {
    "teams": ("sides", "pairs"),  # F2: two sides alternating, or pairs of partners opposite
    "doubling": ("multiply", "additive"),  # F16
}
TABLES = "tables"  # F6: the tables each team starts with, a whole number
MAX_TABLES = 99
DEFAULTS: dict[str, Any] = {"teams": "sides", "doubling": "multiply", TABLES: 12}


def parse_options(raw: object) -> dict[str, Any]:
    """Validated session options with the defaults of rules/fifty-six.md filled in."""
    return parse_choices(raw, {**CHOICES, TABLES: _tables}, DEFAULTS)


def _tables(value: object) -> int:
    try:
        return integer(value, "Option tables", 1, MAX_TABLES)
    except InvalidInput as error:
        raise InvalidInput("bad-option", error.message) from None


def table_for(players: object, options: Mapping[str, Any]) -> Table:
    """The seating for `players` (F1): two sides (T = 2) or pairs (T = n / 2), as F2 says."""
    n = check_players(players)
    if options["teams"] == "pairs":
        return Table(n // 2, 2)
    return Table(2, n // 2)


def check_table(table: Table, options: Mapping[str, Any]) -> None:
    """Raise InvalidInput unless `table` is the seating that F1 and the options give."""
    wanted = table_for(table.seats, options)
    if table != wanted:
        shape = "two sides" if options["teams"] == "sides" else "pairs"
        raise InvalidInput(
            "bad-teams",
            f"{table.seats} players in {shape} make {wanted.teams} teams of "
            f"{wanted.players_per_team} (F2), not {table.teams} of {table.players_per_team}.",
        )
