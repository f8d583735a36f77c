"""Casino's deal form as the pages take it: the fields a scorer sends."""

from __future__ import annotations

from typing import Any


def deal(number: int, count: int = 2, **fields: Any) -> dict[str, Any]:
    """A deal form: side A takes 30 cards, 7 spades, A♠ A♣ and the 2♠; side B the rest.

    K11: A 3 + 1 + 2 + 1 = 7, B 2 + 2 = 4."""
    form: dict[str, Any] = {"number": number, "next_id": number, "sides": count}
    form |= {"cards0": "30", "spades0": "7", "ace_S": "0", "ace_C": "0", "ace_H": "1"}
    form |= {"ace_D": "1", "big_casino": "1", "little_casino": "0"}
    rest = {"cards": 22, "spades": 6}
    for name, left in rest.items():
        for side in range(1, count):
            share = left // (count - 1) + (side <= left % (count - 1))
            form[f"{name}{side}"] = str(share)
    return form | fields
