"""A move checked: illegal, as every game's `check` reports it, or legal."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from .cards import Card

P = TypeVar("P")  # a game's position
M = TypeVar("M")  # a game's move


@dataclass(frozen=True)
class Violation:
    """Why a move is illegal: the rule's id in the game's rules, the API's code, a sentence."""

    rule: str | None  # None: the rule is the turn itself, which has no id
    code: str
    reason: str  # in plain English, seats by number: the web layer writes its own from `said`
    # What the sentence says, as data for the web layer: {"say": a sentence's key, and its
    # seats, counts and values}; empty when `reason` names nobody.
    said: Mapping[str, Any] = field(default_factory=dict, compare=False)

    def to_json(self) -> dict[str, Any]:
        """The checker's answer for an illegal move."""
        return {"legal": False, "rule": self.code, "rule_id": self.rule, "reason": self.reason}


def legal(after: dict[str, Any], move: dict[str, Any], description: str) -> dict[str, Any]:
    """The checker's answer for a legal move: the position after it, the move, in words."""
    return {"legal": True, "after": after, "move": move, "description": description}


def answer(
    position: P,
    move: M,
    check: Callable[[P, M], Violation | None],
    legal_answer: Callable[[P, M], dict[str, Any]],
) -> dict[str, Any]:
    """The checker's answer to `move` in `position`: the rule `check` finds it breaks, or else
    `legal_answer`'s (which may then apply it)."""
    violation = check(position, move)
    return legal_answer(position, move) if violation is None else violation.to_json()


class Written(Protocol):
    """A position or a move, as the API writes it."""

    def to_json(self) -> dict[str, Any]:
        """The API's notation."""
        ...


class FloorMove(Written, Protocol):
    """A move of a floor game (Seep, Casino)."""

    def describe(self) -> str:
        """The move in words."""
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
