"""Seep's session options: players, teams, the match options of rules/seep.md (M2–M4)
and the rules tables' variations (C2, T3, R3)."""

from __future__ import annotations

from ....words import lazy_gettext
from ...setup import Radio, Setup

# Players, teams, the match options of rules/seep.md (M2–M4) and the rules tables vary (C2, T3,
# R3).
SETUP = Setup(
    players=(("4", lazy_gettext("Four, in two teams")), ("2", lazy_gettext("Two"))),
    options=(
        Radio(
            "target",
            lazy_gettext("A baazi is won by a lead of"),
            (("50", "50"), ("100", "100"), ("150", "150")),
            "100",
        ),
        Radio(
            "baazis",
            lazy_gettext("Baazis to play"),
            (
                ("", lazy_gettext("Open-ended")),
                ("1", lazy_gettext("One")),
                *((n, lazy_gettext("Best of %(num)d", num=int(n))) for n in "357"),
            ),
            "",
        ),
        Radio(
            "under9",
            lazy_gettext("Under 9 counts"),
            (
                ("sweeps", lazy_gettext("Deal score with sweeps")),
                ("cards", lazy_gettext("Card points only")),
            ),
            "sweeps",
        ),
        # C2, T3 and R3: rules tables play differently, named as the table says them.
        Radio(
            "capture",
            lazy_gettext("A capture takes all it can (C2)"),
            (("maximal", lazy_gettext("Yes")), ("free", lazy_gettext("No, the player chooses"))),
            "maximal",
        ),
        Radio(
            "throw",
            lazy_gettext("A card that could capture may be thrown (T3)"),
            (
                ("strict", lazy_gettext("No")),
                ("matching", lazy_gettext("Unless a loose card matches it")),
            ),
            "strict",
        ),
        # R3: house rules some tables play, named as the table says them.
        Radio(
            "raise_own",
            lazy_gettext("We may raise our own house"),
            (("off", lazy_gettext("No")), ("on", lazy_gettext("Yes"))),
            "off",
        ),
        Radio(
            "raise_partner",
            lazy_gettext("We may raise a partner's house"),
            (("on", lazy_gettext("Yes")), ("off", lazy_gettext("No"))),
            "on",
        ),
    ),
)
