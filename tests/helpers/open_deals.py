"""What the advice tests share: a brute-force search of a deal with every hand known (every line
played out, no pruning, no table), against which the open-cards search is held."""

from __future__ import annotations

from typing import Any

import pytest


def brute(deal: Any) -> float:
    """The margin still to come with best play by both teams, every line searched."""
    if deal.over:
        return float(deal.rest())
    values = []
    for move in deal.moves():
        child, gained = deal.after(move)
        values.append(gained + brute(child))
    return max(values) if deal.team == 0 else min(values)


def assert_brute_force_agrees(moment: Any, play: Any) -> None:
    """A reviewed play (review.PlayReview) of `moment` is exact, its loss what brute force
    says the move gave up against the best, and its best move one that brute force ranks
    first."""
    deal = moment.deal
    assert deal is not None
    values = {}
    for move in deal.moves():
        child, gained = deal.after(move)
        values[move] = gained + brute(child)
    sign = 1 if deal.team == 0 else -1
    best = max(sign * v for v in values.values())
    assert play.exact and play.loss == pytest.approx(best - sign * values[moment.move])
    if play.best is not None:
        assert sign * values[play.best] == pytest.approx(best)
