"""What the advice tests share: a brute-force search of a deal with every hand known (every line
played out, no pruning, no table), against which the open-cards search is held."""

from __future__ import annotations

from typing import Any


def brute(deal: Any) -> float:
    """The margin still to come with best play by both teams, every line searched."""
    if deal.over:
        return float(deal.rest())
    values = []
    for move in deal.moves():
        child, gained = deal.after(move)
        values.append(gained + brute(child))
    return max(values) if deal.team == 0 else min(values)
