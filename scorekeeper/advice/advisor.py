"""What should I play? Each legal move's expected margin over samples of the hidden cards.

The game deals the hidden cards at random, each sample agreeing with what the table knows
(perfect-information Monte Carlo, as GIB plays bridge and Kermit Skat): each sample is an open
deal, every legal move is valued on it by the open-cards search (search.py), to the end of the
deal when few cards are left and else to a horizon with the game's evaluation; a move's margin
is its mean over the samples, with a 95% interval. Samples are drawn until the time budget is
spent (at least one). When no card is hidden there is one sample, and the margins are exact.

A margin is the points still to come, from this play to the end of the deal, of the mover's
side minus the other's: what was scored before does not change which move is best.

A game with a contract (Fifty-six) also gives `made`: whether, on one sample, the contract is
made after a move with its value (the best line after it); a move's `made` is the share of
the samples where it is.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from ..rules.errors import InvalidInput
from .search import OpenDeal, Search, TimeUp, collector_paused

Z95 = 1.96  # the normal distribution's 97.5th percentile
SPENDABLE = 0.85  # of a budget, for the searches: the rest answers, and a search's last steps


def deadline_for(begun: float, budget: float) -> float:
    """When the searches of a request begun at `begun` with `budget` seconds must end."""
    return begun + budget * SPENDABLE


EXACT_LEFT = 8  # with at most this many plays to come, each sample is searched to the end
# Earlier, each sample to a horizon: shallower while hands are full (more moves, dearer plays),
# so that a second's budget still draws tens of samples. (plays left above, horizon) pairs. Two
# plays at least, so that the reply is seen: at one, Seep's advisor gave early sweeps away, and
# two plays deep from the start it beats greedy by +202 points a deal where one play deep it
# beat it by +69 (docs/strength.md), though early samples cost about 30 times more.
HORIZONS = ((20, 2), (0, 3))


@dataclass(frozen=True)
class Ranked:
    """A legal move with its expected margin for the mover's side and a 95% interval."""

    move: Any
    margin: float
    low: float
    high: float
    made: float | None = None  # the share of samples where the contract is made: see advise


@dataclass(frozen=True)
class Advice:
    """The legal moves ranked, best first; how many samples; whether the margins are exact."""

    moves: tuple[Ranked, ...]
    samples: int
    exact: bool


def advise(
    samples: Iterator[OpenDeal[Any]],
    deadline: float,
    hidden: bool,
    clock: Callable[[], float] = time.monotonic,
    made: Callable[[Any, float], bool] | None = None,
) -> Advice:
    """Rank the moves over `samples` (open deals, the same mover and legal moves in each) until
    `deadline` (a time of `clock`); `hidden`: whether any card's place is unknown. A sample's
    search that would end past the deadline is given up; the first is then valued at a
    horizon of one play. `made(deal, value)`, when given: whether the contract is made on the
    sample `deal` after a move whose value (team 0's margin still to come, the move's own
    points included) is `value`."""
    with collector_paused():
        return _advise(samples, deadline, hidden, clock, made)


def _advise(
    samples: Iterator[OpenDeal[Any]],
    deadline: float,
    hidden: bool,
    clock: Callable[[], float],
    made: Callable[[Any, float], bool] | None,
) -> Advice:
    """advise's work, the cycle collector paused."""
    margins: list[list[float]] = []
    moves: list[Any] = []
    makes: list[int] = []
    exact = True
    for deal in samples:
        try:
            values = Search[Any](deadline=deadline).values(deal, horizon(deal.plays_left))
        except TimeUp:
            if moves:
                break
            values = Search[Any]().values(deal, 1)
        except InvalidInput:
            # A line of this sample crowds the table past what the engine lists (Casino's
            # too-crowded): the sample is left out; with none valued in time, the refusal stands.
            if clock() < deadline:
                continue
            if moves:
                break
            raise
        sign = 1.0 if deal.team == 0 else -1.0
        if not moves:
            moves = [move for move, _, _ in values]
            margins = [[] for _ in moves]
            makes = [0 for _ in moves]
        for index, (_, value, searched) in enumerate(values):
            margins[index].append(sign * value)
            exact = exact and searched
            if made is not None and made(deal, value):
                makes[index] += 1
        if not hidden or clock() >= deadline:
            break
    count = len(margins[0]) if margins else 0
    ranked = [ranked_move(move, found) for move, found in zip(moves, margins, strict=True)]
    if made is not None:
        ranked = [replace(r, made=n / count) for r, n in zip(ranked, makes, strict=True)]
    ranked.sort(key=lambda r: -r.margin)
    return Advice(tuple(ranked), count, exact and not hidden)


def ranked_move(move: Any, margins: list[float]) -> Ranked:
    """A move's mean margin over its samples, with a 95% interval (a point for one sample)."""
    mean = statistics.fmean(margins)
    if len(margins) < 2:
        return Ranked(move, mean, mean, mean)
    half = Z95 * statistics.stdev(margins) / math.sqrt(len(margins))
    return Ranked(move, mean, mean - half, mean + half)


def horizon(left: int) -> int | None:
    """How deep to search a sample with `left` plays to come: to the end (None) near it."""
    if left <= EXACT_LEFT:
        return None
    return next(depth for above, depth in HORIZONS if left > above)
