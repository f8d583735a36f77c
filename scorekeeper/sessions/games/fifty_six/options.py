"""Fifty-six's session options: players, teams, doubling, tables, the first dealer."""

from __future__ import annotations

from ....words import lazy_gettext
from ...setup import Number, Radio, Seat, Setup

SETUP = Setup(
    players=(("4", "4"), ("6", "6"), ("8", "8")),
    options=(
        Radio(
            "teams",
            lazy_gettext("Teams"),
            (("sides", lazy_gettext("Two sides")), ("pairs", lazy_gettext("Pairs of partners"))),
            "sides",
        ),
        Radio(
            "doubling",
            lazy_gettext("A double and a redouble"),
            (("multiply", lazy_gettext("×2 and ×4")), ("additive", lazy_gettext("+1 and +2"))),
            "multiply",
        ),
        Number("tables", lazy_gettext("Tables each team starts with"), 1, 99, 12),
        Seat("first_dealer", lazy_gettext("Who deals first (F7)")),
    ),
    shaped_by="teams",
)
