"""A move checked: illegal, as every game's `check` reports it, or legal."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Violation:
    """Why a move is illegal: the rule's id in the game's rules, the API's code, a sentence."""

    rule: str | None  # None: the rule is the turn itself, which has no id
    code: str
    reason: str

    def to_json(self) -> dict[str, Any]:
        """The checker's answer for an illegal move."""
        return {"legal": False, "rule": self.code, "rule_id": self.rule, "reason": self.reason}


def legal(after: dict[str, Any], move: dict[str, Any], description: str) -> dict[str, Any]:
    """The checker's answer for a legal move: the position after it, the move, in words."""
    return {"legal": True, "after": after, "move": move, "description": description}
