"""A sample whose lines crowd the table past what the engine lists (Casino's too-crowded) is
left out of the advice; with no sample valued by the deadline, the refusal stands
(advice/advisor.py). test_casino_review.py shows such a play of a review unvalued."""

from __future__ import annotations

import time
from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass

import pytest

from scorekeeper.advice.advisor import advise
from scorekeeper.rules import InvalidInput


@dataclass(frozen=True)
class Toy:
    """One play to make, of two moves: "a" scores `points` for team 0, "b" nothing; a crowded
    toy refuses to make either (as Casino's move generator past its most loose cards)."""

    points: float
    crowded: bool = False
    done: bool = False
    team: int = 0

    @property
    def over(self) -> bool:
        return self.done

    @property
    def plays_left(self) -> int:
        return 0 if self.done else 1

    def moves(self) -> Sequence[str]:
        return () if self.done else ("a", "b")

    def after(self, move: str) -> tuple[Toy, float]:
        if self.crowded:
            raise InvalidInput("too-crowded", "too-crowded", count=19)
        return Toy(self.points, done=True), self.points if move == "a" else 0.0

    def rest(self) -> float:
        return 0.0

    def estimate(self) -> float:
        return 0.0

    def key(self) -> Hashable:
        return (self.points, self.done)


def samples(pattern: Sequence[bool]) -> Iterator[Toy]:
    """Toys without end, crowded as `pattern` says in turn; the others score 1, 2, 3 …"""
    n = 0
    while True:
        for crowded in pattern:
            n += 1
            yield Toy(float(n), crowded)


def test_a_crowded_sample_is_left_out() -> None:
    advice = advise(samples([False, True]), time.monotonic() + 0.05, hidden=True)
    # Only the uncrowded toys count: they score 1, 3, 5 …, whose mean over k of them is k.
    best = advice.moves[0]
    assert advice.samples >= 2 and best.move == "a"
    assert best.margin == pytest.approx(advice.samples)


def test_with_every_sample_crowded_the_refusal_stands() -> None:
    with pytest.raises(InvalidInput):
        advise(samples([True]), time.monotonic() + 0.02, hidden=True)
