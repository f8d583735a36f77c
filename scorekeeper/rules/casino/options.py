"""Casino's session options and the seating they give (K1, K3, K12, K13), and a tournament
table's round length (K13: `games`, `deals`; rules/lengths.py).

>>> table_for(4, parse_options({"partnerships": "on"}))
Table(teams=2, players_per_team=2)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import InvalidInput
from ..lengths import GAMES, deals_option
from ..options import Option, choices_of, defaults_of, read_options
from ..table import Table
from .values import ACES, CHOICE, CLASSIC, VARIANTS

PLAYERS = (2, 3, 4)  # K1
PAIRED = 4  # K1: only four players may play as two partnerships
OPTIONS = (
    Option(
        "variant",
        "K3",
        CLASSIC,
        VARIANTS,
        doc="K3: classic (J, Q, K only pair; builds 2–10) or Royal (J=11, Q=12, K=13, an ace 1 "
        "or 14; builds 2–14).",
    ),
    # Accepted in classic too, where aces count 1 anyway (as `partnerships` is with two or three
    # players).
    Option(
        "aces",
        "K3",
        CHOICE,
        ACES,
        doc="K3, Royal only: how an ace counts. `choice` (default): a played ace counts 1 or 14 "
        "as its move says, and an ace on the table may count 14 as a set of its own; "
        "`capturing`: only a played ace that captures may count 14, aces in builds and on the "
        "table count 1; `one`: aces always count 1. Accepted in classic, where aces count 1 "
        "anyway.",
    ),
    Option(
        "sweeps",
        "K12",
        "off",
        ("off", "on"),
        doc="K12: whether sweeps score 1 each (Royal Casino's custom).",
    ),
    Option(
        "count_out",
        "K13",
        "off",
        ("off", "on"),
        doc="K13: whether a deal's points are counted out in order (cards, spades, big casino, "
        "little casino, aces ♠ ♣ ♥ ♦, sweeps), the first side to reach 21 winning.",
    ),
    Option(
        "partnerships",
        "K1",
        "off",
        ("off", "on"),
        doc="K1: four players as two partnerships of two (partners opposite) instead of four "
        "sides; with 2 or 3 players it changes nothing.",
    ),
    # A session is one game, the race to 21, either way: `games: 1` says that it is a tournament
    # table's round of one game (shared/API.md), which changes only what a deal after the won
    # race answers.
    Option(
        GAMES,
        "K13",
        None,
        (None, 1),
        doc="K13: 1: the session is a tournament table's round of one game, the race to 21 "
        "(shared/API.md); once it is won a further deal answers 409 `round-over`. null (the "
        "default): the same race, after which a deal answers 400 `game-over` (a rematch starts "
        "the next).",
    ),
    deals_option("K13"),
)
CHOICES = choices_of(OPTIONS)
DEFAULTS = defaults_of(OPTIONS)


def parse_options(raw: object) -> dict[str, Any]:
    """Validated session options with the defaults of rules/casino.md filled in."""
    return read_options(raw, OPTIONS)


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
