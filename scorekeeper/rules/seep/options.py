"""Seep's session and rule options, with the defaults of rules/seep.md (C2, T3, R3, M2–M4), and
the seating: four players, partners opposite, or two alone ("Seats and teams").

>>> table_for(4, parse_options({}))
Table(teams=2, players_per_team=2)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import InvalidInput
from ..options import parse_choices
from ..table import Table

PLAYERS: tuple[int, ...] = (4, 2)  # the usual first

RULE_CHOICES: dict[str, tuple[Any, ...]] = {
    "capture": ("maximal", "free"),  # C2
    "throw": ("strict", "matching"),  # T3
    "raise_own": ("off", "on"),  # R3: may the mover raise a house they own alone?
    "raise_partner": ("on", "off"),  # R3: may the mover raise a partner's house?
}
RULE_DEFAULTS: dict[str, Any] = {
    "capture": "maximal",
    "throw": "strict",
    "raise_own": "off",
    "raise_partner": "on",
}
CHOICES: dict[str, tuple[Any, ...]] = RULE_CHOICES | {
    "target": (50, 100, 150),  # M2: the lead that wins a baazi
    "baazis": (None, 1, 3, 5, 7),  # M4: best of N baazis; None plays on
    "under9": ("sweeps", "cards"),  # M3: what counts towards the 9
}
DEFAULTS: dict[str, Any] = RULE_DEFAULTS | {"target": 100, "baazis": None, "under9": "sweeps"}


def parse_options(raw: object) -> dict[str, Any]:
    """Validated session options (match and play rules) with defaults filled in."""
    return parse_choices(raw, CHOICES, DEFAULTS)


def parse_rule_options(raw: object) -> dict[str, Any]:
    """Validated options of play, as a position in the move checker carries them."""
    return parse_choices(raw, RULE_CHOICES, RULE_DEFAULTS)


def table_for(players: int, options: Mapping[str, Any]) -> Table:
    """Two teams: of two partners opposite, or of one player each."""
    if players not in PLAYERS:
        raise InvalidInput("bad-players", "seep-players")
    return Table(2, players // 2)


def check_table(table: Table, options: Mapping[str, Any]) -> None:
    """Two teams of two (partners opposite), or two players alone."""
    if table.teams != 2 or table.players_per_team not in (1, 2):
        raise InvalidInput("bad-teams", "seep-teams")
