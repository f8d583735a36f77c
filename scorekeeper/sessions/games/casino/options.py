"""Casino's session options: partnerships, the variant, aces, sweeps, counting out."""

from __future__ import annotations

from ....words import lazy_gettext
from ...setup import Radio, Setup

SETUP = Setup(
    players=(("2", "2"), ("3", "3"), ("4", "4")),
    options=(
        Radio(
            "partnerships",
            lazy_gettext("Four players play"),
            (("off", lazy_gettext("Each alone")), ("on", lazy_gettext("Two partnerships"))),
            "off",
        ),
        Radio(
            "variant",
            lazy_gettext("Variant (K3)"),
            (("classic", lazy_gettext("Classic")), ("royal", lazy_gettext("Royal"))),
            "classic",
        ),
        Radio(
            "aces",
            lazy_gettext("Aces in Royal (K3)"),
            (
                ("choice", lazy_gettext("Count 1 or 14")),
                ("capturing", lazy_gettext("14 only when capturing")),
                ("one", lazy_gettext("Always 1")),
            ),
            "choice",
        ),
        Radio(
            "sweeps",
            lazy_gettext("Sweeps score 1 (K12)"),
            (("off", lazy_gettext("No")), ("on", lazy_gettext("Yes"))),
            "off",
        ),
        Radio(
            "count_out",
            lazy_gettext("Counting out (K13)"),
            (("off", lazy_gettext("Off")), ("on", lazy_gettext("On: count in K13's order"))),
            "off",
        ),
    ),
    shaped_by="partnerships",
)
