"""Open-cards search: every hand known, two teams, the best line found by alpha-beta.

A game gives its deal as an `OpenDeal`: whose team moves, the legal moves, the deal after one
with what the move scored, and what is left to score once the last card is played. Values are
the margin still to come, team 0's points minus team 1's, from this moment to the end of the
deal; team 0 takes the largest, team 1 the smallest. So two moments with the same future (the
same `key`) share one value in the transposition table, whatever was scored before them.

`solve` searches to the end of the deal (exact) or to a horizon of `depth` plays, where the
game's `estimate` stands in for the rest; a value is exact when no line it rests on met the
horizon.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Hashable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

M = TypeVar("M")
INFINITE = float("inf")


class OpenDeal(Protocol[M]):
    """A deal with every hand known, at one moment."""

    @property
    def team(self) -> int:
        """The team to move: 0 or 1."""
        ...

    @property
    def over(self) -> bool:
        """Whether the last card has been played."""
        ...

    @property
    def plays_left(self) -> int:
        """How many plays are still to come, the next one included."""
        ...

    def moves(self) -> Sequence[M]:
        """The mover's legal moves (never empty while the deal is not over)."""
        ...

    def after(self, move: M) -> tuple[OpenDeal[M], float]:
        """The deal after `move`, and what the move scored: team 0's points minus team 1's."""
        ...

    def rest(self) -> float:
        """Once over: what the end of the deal still gives (team 0's minus team 1's)."""
        ...

    def estimate(self) -> float:
        """Before the end: the margin still to come, as an evaluation guesses it."""
        ...

    def key(self) -> Hashable:
        """What decides the rest of the deal: equal keys, equal futures."""
        ...


# The transposition table's bounds: the value is exact, at least, or at most what is stored.
EXACT, LOWER, UPPER = 0, 1, 2


@dataclass
class Entry:
    """What a search left for one moment: its value, bound, depth searched, exactness."""

    value: float
    bound: int
    depth: int  # plays searched below it; -1: to the end of the deal
    exact: bool


@dataclass(frozen=True)
class Verdict(Generic[M]):
    """A played move beside the best: the played one's value, the best move and its value
    (the played move itself when none beats it), and whether every value it rests on is
    exact."""

    played_value: float
    best: M
    best_value: float
    exact: bool

    def seen(self, move: M, value: float, beats: bool, exact: bool) -> Verdict[M]:
        """This verdict once `move` was searched: the new best if it `beats` the last."""
        best, best_value = (move, value) if beats else (self.best, self.best_value)
        return Verdict(self.played_value, best, best_value, self.exact and exact)


class TimeUp(Exception):
    """The search's deadline passed before it finished (its values are not to be used)."""


@dataclass
class Search(Generic[M]):
    """One search's state: its transposition table, how many moments it visited, and the
    `deadline` (time.monotonic()) it gives up at, if any."""

    table: dict[Hashable, Entry] = field(default_factory=dict)
    nodes: int = 0
    deadline: float | None = None

    def value(self, deal: OpenDeal[M], depth: int | None) -> tuple[float, bool]:
        """The margin still to come with best play by both teams, and whether it is exact."""
        return self._search(deal, -INFINITE, INFINITE, -1 if depth is None else depth)

    def values(self, deal: OpenDeal[M], depth: int | None) -> list[tuple[M, float, bool]]:
        """Each legal move with the margin still to come after it (what it scores included),
        best play after it by both teams, and whether that is exact; in the order of moves()."""
        found = []
        for move in deal.moves():
            child, gained = deal.after(move)
            below = -1 if depth is None else max(depth - 1, 0)
            value, exact = self._search(child, -INFINITE, INFINITE, below)
            found.append((move, gained + value, exact))
        return found

    def against(self, deal: OpenDeal[M], played: M, depth: int | None) -> Verdict[M]:
        """`played` beside the best move: its value searched whole, then each other move only
        as far as it takes to know whether it beats the best so far (a review needs no other
        move's value, and this cuts most of them short)."""
        below = -1 if depth is None else max(depth - 1, 0)
        ordered = self._ordered(deal)
        child, gained = next(c for move, c in ordered if move == played)
        value, exact = self._search(child, -INFINITE, INFINITE, below)
        verdict = Verdict(value + gained, played, value + gained, exact)
        for move, (child, gained) in ordered:
            if move == played:
                continue
            best = verdict.best_value - gained
            # A move that does not beat the best so far is not valued (fail-soft: its bound
            # says so); one that does is valued exactly, the window open on its side.
            if deal.team == 0:
                value, exact = self._search(child, best, INFINITE, below)
                beats = value > best
            else:
                value, exact = self._search(child, -INFINITE, best, below)
                beats = value < best
            verdict = verdict.seen(move, value + gained, beats, exact)
        return verdict

    def _search(
        self, deal: OpenDeal[M], alpha: float, beta: float, depth: int
    ) -> tuple[float, bool]:
        """Alpha-beta (fail-soft) on the margin still to come; depth -1 searches to the end."""
        self.nodes += 1
        if deal.over:
            return deal.rest(), True
        if depth == 0:
            return deal.estimate(), False
        key = deal.key()
        entry = self.table.get(key)
        if entry is not None and (entry.depth == -1 or (depth != -1 and entry.depth >= depth)):
            if entry.bound == EXACT:
                return entry.value, entry.exact
            if entry.bound == LOWER and entry.value >= beta:
                return entry.value, entry.exact
            if entry.bound == UPPER and entry.value <= alpha:
                return entry.value, entry.exact
        # The clock, before each expansion: a crowded floor's children take milliseconds to
        # make, so looking only every so many nodes let a search run far past its deadline.
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise TimeUp
        maximise = deal.team == 0
        start_alpha, start_beta = alpha, beta
        best = -INFINITE if maximise else INFINITE
        exact = True
        for _, (child, gained) in self._ordered(deal):
            value, child_exact = self._search(
                child, alpha - gained, beta - gained, next_depth(depth)
            )
            value += gained
            exact = exact and child_exact
            if maximise:
                best = max(best, value)
                alpha = max(alpha, value)
            else:
                best = min(best, value)
                beta = min(beta, value)
            if alpha >= beta:
                break
        bound = EXACT
        if best <= start_alpha:
            bound = UPPER
        elif best >= start_beta:
            bound = LOWER
        self.table[key] = Entry(best, bound, depth, exact)
        return best, exact

    @staticmethod
    def _ordered(deal: OpenDeal[M]) -> list[tuple[M, tuple[OpenDeal[M], float]]]:
        """The moves with their children, the mover's likeliest best first (what a move scores
        at once), so that alpha-beta cuts early."""
        children = [(move, deal.after(move)) for move in deal.moves()]
        return sorted(children, key=lambda c: c[1][1], reverse=deal.team == 0)


@contextmanager
def collector_paused() -> Iterator[None]:
    """The objects alive before a search left out of Python's cycle collections during it
    (gc.freeze): a search makes and drops millions of small objects, and each full collection
    they trigger walked every object of the process too (over 100 ms in one 200 ms budget,
    measured). Turning the collector off instead was slower still: the search's own cycles
    then pile up."""
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def next_depth(depth: int) -> int:
    """The depth left below one more play (-1, to the end, stays -1)."""
    return -1 if depth == -1 else depth - 1
