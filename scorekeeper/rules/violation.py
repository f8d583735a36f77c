"""An illegal move, as every game's `check` reports it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Violation:
    """Why a move is illegal: the rule's id in the game's rules, the API's code, a sentence."""

    rule: str | None  # None: the rule is the turn itself, which has no id
    code: str
    reason: str
