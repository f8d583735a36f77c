"""Fifty-six's session options and the seating they give (F1, F2, F6, F16), and a tournament
table's round length (F6: `games`, `deals`; rules/lengths.py).

>>> table_for(6, parse_options({"teams": "pairs"}))
Table(teams=3, players_per_team=2)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import InvalidInput
from ..lengths import GAMES, deals_option
from ..options import Option, choices_of, defaults_of, read_options
from ..table import Table
from .cards import PLAYERS as PLAYERS  # F1: offered here as every options.py does (game.py)
from .cards import check_players

TABLES = "tables"  # F6: the tables each team starts with, a whole number
MAX_TABLES = 99
FIRST_DEALER = "first_dealer"  # F7: the seat that deals the first deal
OPTIONS = (
    Option(
        "teams",
        "F2",
        "sides",
        ("sides", "pairs"),
        doc="F2: two sides, partners alternating (team = seat mod 2), or pairs of partners "
        "sitting opposite (team = seat mod n/2).",
    ),
    Option(
        "doubling",
        "F16",
        "multiply",
        ("multiply", "additive"),
        doc="F16: a double multiplies the tables moved by 2 and a redouble by 4, or adds 1 and 2.",
    ),
    Option(
        TABLES, "F6", 12, low=1, high=MAX_TABLES, doc="F6: the tables each team starts a game with."
    ),
    Option(
        FIRST_DEALER,
        "F7",
        0,
        low=0,
        high=max(PLAYERS) - 1,
        seat=True,
        doc="F7: the seat that deals the first deal; a seat beyond the table answers 400 "
        "`bad-option`.",
    ),
    Option(
        GAMES,
        "F6",
        None,
        (None, 1),
        doc="F6: 1: the session is finished when a game is won (a tournament table's round "
        "length, shared/API.md), and a further deal, a new game too, answers 409 `round-over`; "
        "null (the default): game after game, each won game followed by a new one.",
    ),
    deals_option("F6"),
)
CHOICES = choices_of(OPTIONS)
DEFAULTS = defaults_of(OPTIONS)


def parse_options(raw: object) -> dict[str, Any]:
    """Validated session options with the defaults of rules/fifty-six.md filled in."""
    return read_options(raw, OPTIONS)


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
