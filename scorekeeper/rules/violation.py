"""A move checked: illegal, as every game's `check` reports it, or legal."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from .cards import Card

P = TypeVar("P")  # a game's position
M = TypeVar("M")  # a game's move


@dataclass(frozen=True)
class Violation:
    """Why a move is illegal, as data: the rule's id, the API's code, which sentence says it and
    what it is about (cards in notation, values, seats); the web layer writes the sentence."""

    rule: str | None  # None: the rule is the turn itself, which has no id
    code: str
    key: str  # the sentence: one code may have several
    params: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    # The params the API shows under "params" (a Violation among them is shown as its sentence).
    shown: tuple[str, ...] = field(default=(), compare=False, hash=False)

    def __str__(self) -> str:
        return f"{self.rule} {self.code} {self.key} {self.params}"


@dataclass(frozen=True)
class Description:
    """A legal move in words, as data: which sentence, and what it is about."""

    key: str
    params: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)


def notation(played: Iterable[Card]) -> list[str]:
    """Cards as a verdict's params give them: their notation, such as ["KS", "10D"]."""
    return [str(card) for card in played]


def legal(after: dict[str, Any], move: dict[str, Any], description: Description) -> dict[str, Any]:
    """The checker's answer for a legal move: the position after it, the move, its description
    (the web layer writes it)."""
    return {"legal": True, "after": after, "move": move, "description": description}


def illegal(violation: Violation) -> dict[str, Any]:
    """The checker's answer for an illegal move: its `reason` the violation (the web layer
    writes it)."""
    return {"legal": False, "rule": violation.code, "rule_id": violation.rule, "reason": violation}


def answer(
    position: P,
    move: M,
    check: Callable[[P, M], Violation | None],
    legal_answer: Callable[[P, M], dict[str, Any]],
) -> dict[str, Any]:
    """The checker's answer to `move` in `position`: the rule `check` finds it breaks, or else
    `legal_answer`'s (which may then apply it)."""
    violation = check(position, move)
    return legal_answer(position, move) if violation is None else illegal(violation)


class Written(Protocol):
    """A position or a move, as the API writes it."""

    def to_json(self) -> dict[str, Any]:
        """The API's notation."""
        ...


class FloorMove(Written, Protocol):
    """A move of a floor game (Seep, Casino)."""

    def describe(self) -> Description:
        """The move in words, as data."""
        ...


class FloorOutcome(Protocol):
    """What a floor game's move did (Seep's and Casino's play.Outcome)."""

    @property
    def position(self) -> Written:
        """The position after the move."""
        ...

    @property
    def captured(self) -> Sequence[Card]:
        """The cards a capture took."""
        ...

    @property
    def sweep(self) -> bool:
        """Whether the capture cleared the floor."""
        ...


def floor_answer(outcome: FloorOutcome, move: FloorMove, capture: bool) -> dict[str, Any]:
    """The checker's answer for a legal move of a floor game: the floor after it and, for a
    capture, what it took and whether it swept."""
    after = legal(outcome.position.to_json(), move.to_json(), move.describe())
    if capture:
        after |= {"captured": [str(c) for c in outcome.captured], "sweep": outcome.sweep}
    return after
