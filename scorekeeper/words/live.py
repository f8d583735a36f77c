"""A live deal's sentences in the reader's words: the engine says what it refused or flagged as
data (a sentence's key, seats, counts, values); this writes its flags with the players' names,
through gettext so a catalog can translate every sentence whole (its refusals: verdicts.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from ..rules.live import LiveDeal, PlayRefused
from ..rules.violation import Violation
from . import gettext, ngettext
from .lists import listed

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
        owners=listed([seats[s] for s in flag.owners]),
    )


def claim_reason(flag: JSON, seats: Sequence[str]) -> str:
    """Why a Casino claim was flagged (K5, K9): its maker by name, and what the table saw."""
    said = {"player": seats[flag["seat"]], "play": flag["declared_at"], "value": flag["value"]}
    said |= {"rule": flag["rule"]}
    if flag["why"] == "seen":
        return gettext(
            "%(player)s claimed at play %(play)d to hold a card of %(value)d (%(rule)s), but "
            "every card of %(value)d is seen.",
            **said,
        )
    return ngettext(
        "%(player)s claimed at play %(play)d to hold a card of %(value)d (%(rule)s), but "
        "%(num)d card left cannot hold builds of %(owed)s.",
        "%(player)s claimed at play %(play)d to hold a card of %(value)d (%(rule)s), but "
        "%(num)d cards left cannot hold builds of %(owed)s.",
        flag["left"],
        owed=listed([str(value) for value in flag["owed"]]),
        **said,
    )


def worded(shown: JSON, state: LiveDeal, seats: Sequence[str]) -> JSON:
    """A live state as the API shows it (`shown`), its flags' reasons in the reader's words:
    Seep's held houses, Casino's claims."""
    flags = getattr(state, "flags", ())
    if not shown.get("flags"):
        return shown
    if all(hasattr(f, "owners") and hasattr(f, "left") for f in flags):
        reasons = [flag_reason(f, seats) for f in flags]
    else:
        reasons = [claim_reason(f, seats) for f in shown["flags"]]
    said = [f | {"reason": r} for f, r in zip(shown["flags"], reasons, strict=True)]
    return shown | {"flags": said}
