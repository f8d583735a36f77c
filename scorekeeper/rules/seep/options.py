"""Seep's session and rule options, with the defaults of rules/seep.md (C2, T3, R3, M2–M4), and
the seating: four players, partners opposite, or two alone ("Seats and teams").

>>> table_for(4, parse_options({}))
Table(teams=2, players_per_team=2)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import InvalidInput
from ..lengths import deals_option
from ..options import Option, choices_of, defaults_of, read_options
from ..table import Table

PLAYERS: tuple[int, ...] = (4, 2)  # the usual first

# The match options (M2–M4, and the number of deals a tournament table's round lasts), then the
# rules of play that tables vary (C2, T3, R3), in the order the new-session form asks them.
MATCH = (
    Option("target", "M2", 100, (50, 100, 150), doc="M2: the lead that wins a baazi."),
    Option(
        "baazis",
        "M4",
        None,
        (None, 1, 3, 5, 7),
        doc="M4: best of this many baazis; null plays on. 1 is also a tournament table's round "
        "length (shared/API.md): once the baazi is won a further deal answers 409 `round-over`.",
    ),
    deals_option("M4"),
    Option("under9", "M3", "sweeps", ("sweeps", "cards"), doc="M3: what counts towards the 9."),
)
RULES = (  # a position in the move checker carries these
    Option("capture", "C2", "maximal", ("maximal", "free"), doc="C2."),
    Option("throw", "T3", "strict", ("strict", "matching"), doc="T3."),
    Option(
        "raise_own",
        "R3",
        "off",
        ("off", "on"),
        doc="R3: whether the mover may raise an ordinary house they own alone.",
    ),
    Option(
        "raise_partner",
        "R3",
        "on",
        ("on", "off"),
        doc="R3: whether the mover may raise a partner's house.",
    ),
)
OPTIONS = MATCH + RULES
# An unknown option's message lists the rules of play first, as it always has.
READ_ORDER = RULES + MATCH
RULE_CHOICES = choices_of(RULES)
RULE_DEFAULTS = defaults_of(RULES)
CHOICES = choices_of(READ_ORDER)
DEFAULTS = defaults_of(READ_ORDER)


def parse_options(raw: object) -> dict[str, Any]:
    """Validated session options (match and play rules) with defaults filled in."""
    return read_options(raw, READ_ORDER)


def parse_rule_options(raw: object) -> dict[str, Any]:
    """Validated options of play, as a position in the move checker carries them."""
    return read_options(raw, RULES)


def table_for(players: int, options: Mapping[str, Any]) -> Table:
    """Two teams: of two partners opposite, or of one player each."""
    if players not in PLAYERS:
        raise InvalidInput("bad-players", "seep-players")
    return Table(2, players // 2)


def check_table(table: Table, options: Mapping[str, Any]) -> None:
    """Two teams of two (partners opposite), or two players alone."""
    if table.teams != 2 or table.players_per_team not in (1, 2):
        raise InvalidInput("bad-teams", "seep-teams")
