"""Each game's options in the reader's words: the label of each option the engine declares
(rules/*/options.py `OPTIONS`), and of each of its choices.

A choice with no words of its own is shown as its value (a lead of 50, 100 or 150); an option
that is a seat is labelled here and its seats are named by number (sessions/setup.py).
"""

from __future__ import annotations

from typing import Any

from . import lazy_gettext

OptionWords = tuple[Any, dict[Any, Any]]  # (label, {value: the choice's label})

YES, NO = lazy_gettext("Yes"), lazy_gettext("No")
# Every game's `deals` (rules/lengths.py): a number of deals, or none (an empty box: no number of
# deals ends the session).
DEALS: OptionWords = (lazy_gettext("Deals to play"), {})

SEEP: dict[str, OptionWords] = {
    "target": (lazy_gettext("A baazi is won by a lead of"), {}),
    "baazis": (
        lazy_gettext("Baazis to play"),
        {
            None: lazy_gettext("Open-ended"),
            1: lazy_gettext("One"),
            **{n: lazy_gettext("Best of %(num)d", num=n) for n in (3, 5, 7)},
        },
    ),
    "deals": DEALS,
    "under9": (
        lazy_gettext("Under 9 counts"),
        {
            "sweeps": lazy_gettext("Deal score with sweeps"),
            "cards": lazy_gettext("Card points only"),
        },
    ),
    # C2, T3 and R3: rules tables play differently, named as the table says them.
    "capture": (
        lazy_gettext("A capture takes all it can (C2)"),
        {"maximal": YES, "free": lazy_gettext("No, the player chooses")},
    ),
    "throw": (
        lazy_gettext("A card that could capture may be thrown (T3)"),
        {"strict": NO, "matching": lazy_gettext("Unless a loose card matches it")},
    ),
    "raise_own": (lazy_gettext("We may raise our own house"), {"off": NO, "on": YES}),
    "raise_partner": (lazy_gettext("We may raise a partner's house"), {"on": YES, "off": NO}),
}

FIFTY_SIX: dict[str, OptionWords] = {
    "teams": (
        lazy_gettext("Teams"),
        {"sides": lazy_gettext("Two sides"), "pairs": lazy_gettext("Pairs of partners")},
    ),
    "doubling": (
        lazy_gettext("A double and a redouble"),
        {"multiply": lazy_gettext("×2 and ×4"), "additive": lazy_gettext("+1 and +2")},
    ),
    "tables": (lazy_gettext("Tables each team starts with"), {}),
    "first_dealer": (lazy_gettext("Who deals first (F7)"), {}),
    "games": (
        lazy_gettext("Games to play"),
        {None: lazy_gettext("Open-ended"), 1: lazy_gettext("One")},
    ),
    "deals": DEALS,
}

CASINO: dict[str, OptionWords] = {
    "variant": (
        lazy_gettext("Variant (K3)"),
        {"classic": lazy_gettext("Classic"), "royal": lazy_gettext("Royal")},
    ),
    "aces": (
        lazy_gettext("Aces in Royal (K3)"),
        {
            "choice": lazy_gettext("Count 1 or 14"),
            "capturing": lazy_gettext("14 only when capturing"),
            "one": lazy_gettext("Always 1"),
        },
    ),
    "sweeps": (lazy_gettext("Sweeps score 1 (K12)"), {"off": NO, "on": YES}),
    "count_out": (
        lazy_gettext("Counting out (K13)"),
        {"off": lazy_gettext("Off"), "on": lazy_gettext("On: count in K13's order")},
    ),
    "partnerships": (
        lazy_gettext("Four players play"),
        {"off": lazy_gettext("Each alone"), "on": lazy_gettext("Two partnerships")},
    ),
    # A session is one game either way: `games: 1` makes it a tournament table's round.
    "games": (lazy_gettext("A tournament round of one game (K13)"), {None: NO, 1: YES}),
    "deals": DEALS,
}

# By the game's name in the registry (rules/__init__.py GAMES).
OPTION_WORDS: dict[str, dict[str, OptionWords]] = {
    "seep": SEEP,
    "fifty-six": FIFTY_SIX,
    "casino": CASINO,
}
