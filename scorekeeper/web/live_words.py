"""A live deal's sentences in the reader's words: the engine says what it refused or flagged as
data (a sentence's key, seats, counts, values); this writes it with the players' names, through
gettext so a catalog can translate every sentence whole."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any, Protocol

from ..rules.live import LiveDeal
from ..rules.violation import Violation
from .words import gettext, ngettext

JSON = dict[str, Any]
Said = Mapping[str, Any]


class HeldFlag(Protocol):
    """A flag of a claim the table saw broken: its owners held to more cards than are left."""

    value: int
    owners: tuple[int, ...]
    left: int


def together(names: Sequence[str]) -> str:
    """Names in a list as a sentence has them: "Asha", "Asha and Dev", "Asha, Ravi and Dev"."""
    if len(names) < 2:
        return "".join(names)
    return gettext("%(first)s and %(last)s", first=", ".join(names[:-1]), last=names[-1])


def _turn(said: Said, seats: Sequence[str]) -> str:
    return gettext("It is %(player)s's turn to play.", player=seats[said["seat"]])


def _all_seen(said: Said, seats: Sequence[str]) -> str:
    return gettext(
        "%(reason)s The table can see it: every other %(value)d has been seen.",
        reason=said["reason"],
        value=said["value"],
    )


def _cards_left(said: Said, seats: Sequence[str]) -> str:
    return ngettext(
        "%(reason)s The table can see it: %(player)s has %(num)d card left after this play.",
        "%(reason)s The table can see it: %(player)s has %(num)d cards left after this play.",
        said["left"],
        reason=said["reason"],
        player=seats[said["seat"]],
    )


# Each sentence the engine's `said` names by its "say" key.
SAYINGS: dict[str, Callable[[Said, Sequence[str]], str]] = {
    "turn": _turn,
    "all-seen": _all_seen,
    "cards-left": _cards_left,
}


def refusal(violation: Violation, seats: Sequence[str]) -> Violation:
    """The refusal with its reason in the reader's words, players by name (as the engine
    wrote it when it gave no sentence's key)."""
    write = SAYINGS.get(violation.params.get("say", ""))
    return replace(violation, reason=write(violation.params, seats)) if write else violation


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
