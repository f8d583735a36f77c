"""A live deal's sentences in the reader's words: the engine says what it refused or flagged as
data (a sentence's key, seats, counts, values); this writes its flags with the players' names,
through gettext so a catalog can translate every sentence whole (its refusals: verdicts.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from ..rules.live import LiveDeal, PlayRefused
from ..rules.violation import Violation
from .card_words import together
from .words import ngettext

JSON = dict[str, Any]


class HeldFlag(Protocol):
    """A flag of a claim the table saw broken: its owners held to more cards than are left."""

    value: int
    owners: tuple[int, ...]
    left: int


class Refused(PlayRefused):
    """A refusal raised again with the table's names, for its sentence to name the players."""

    def __init__(self, violation: Violation, seats: Sequence[str]) -> None:
        super().__init__(violation)
        self.seats = seats


def flag_reason(flag: HeldFlag, seats: Sequence[str]) -> str:
    """Why a house was flagged (H5): its owners by name, bound to more cards than are left."""
    return ngettext(
        "The house of %(value)d is owned by %(owners)s, bound to hold a %(value)d each (H5), "
        "but only %(num)d is left unseen.",
        "The house of %(value)d is owned by %(owners)s, bound to hold a %(value)d each (H5), "
        "but only %(num)d are left unseen.",
        flag.left,
        value=flag.value,
        owners=together([seats[s] for s in flag.owners]),
    )


def worded(shown: JSON, state: LiveDeal, seats: Sequence[str]) -> JSON:
    """A live state as the API shows it (`shown`), its flags' reasons in the reader's words
    (a game whose flags carry no owners keeps its own)."""
    flags = getattr(state, "flags", ())
    held = all(hasattr(f, "owners") and hasattr(f, "left") for f in flags)
    if not shown.get("flags") or not held:
        return shown
    reasons = [{"reason": flag_reason(f, seats)} for f in flags]
    return shown | {"flags": [f | r for f, r in zip(shown["flags"], reasons, strict=True)]}
