"""Casino's session options and the seating they give (K1, K3, K12, K13).

>>> table_for(4, parse_options({"partnerships": "on"}))
Table(teams=2, players_per_team=2)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import InvalidInput
from ..options import Choices, parse_choices
from ..table import Table
from .values import ACES, CHOICE, CLASSIC, VARIANTS

PLAYERS = (2, 3, 4)  # K1
PAIRED = 4  # K1: only four players may play as two partnerships
CHOICES: dict[str, Choices] = {
    "variant": VARIANTS,  # K3
    # K3: how a Royal ace counts; accepted in classic too, where aces count 1 anyway (as
    # `partnerships` is with two or three players).
    "aces": ACES,
    "sweeps": ("off", "on"),  # K12
    "count_out": ("off", "on"),  # K13
    # K1: four players as two partnerships (partners opposite) instead of four sides.
    "partnerships": ("off", "on"),
}
DEFAULTS: dict[str, Any] = {
    "variant": CLASSIC,
    "aces": CHOICE,
    "sweeps": "off",
    "count_out": "off",
    "partnerships": "off",
}


def parse_options(raw: object) -> dict[str, Any]:
    """Validated session options with the defaults of rules/casino.md filled in."""
    return parse_choices(raw, CHOICES, DEFAULTS)


def table_for(players: int, options: Mapping[str, Any]) -> Table:
    """Everyone plays alone (K1); four players with `partnerships: on` make two pairs.

    With two or three players `partnerships` changes nothing: there is nobody to pair.
    """
    if players not in PLAYERS:
        raise InvalidInput("bad-players", "casino-players")
    if players == PAIRED and options["partnerships"] == "on":
        return Table(2, 2)
    return Table(players, 1)


def check_table(table: Table, options: Mapping[str, Any]) -> None:
    """Raise InvalidInput unless `table` is the seating that K1 and the options give."""
    wanted = table_for(table.seats, options)
    if table == wanted:
        return
    if wanted.players_per_team == 1 and table.seats == PAIRED:
        raise InvalidInput("bad-teams", "casino-partnerships")
    raise InvalidInput(
        "bad-teams",
        "casino-sides",
        players=table.seats,
        sides=wanted.teams,
        each=wanted.players_per_team,
        given_sides=table.teams,
        given_each=table.players_per_team,
    )
