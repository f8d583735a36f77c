"""A finished deal reviewed: each play beside the best move with every hand as it really was.

A game gives its deal as moments: each play's number, seat and move, and the open deal just
before it (None where the table cannot know the mover's hand: Seep's opening play, whose other
three cards are any three of the bidder's later ones). Each moment's legal moves are valued by
the open-cards search (search.py) on one transposition table shared by the whole deal (a later
moment's future is part of an earlier one's). Near the end, where every line can be searched,
the values are exact; earlier the search deepens a play at a time, from a horizon of one play,
while the moment's share of the time budget lasts, and its values are estimates.

A play's loss is what it gave up against the best move, in the margin of the mover's team,
never negative; a play the rules did not allow with the real hand (the table could not see it)
is shown as such and not valued.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..rules.errors import InvalidInput
from .search import OpenDeal, Search, collector_paused

# A loss smaller than this is no loss: estimates of equal moves differ by rounding only.
NOTHING = 1e-9
COSTLIEST = 3  # the plays a seat's summary names


@dataclass(frozen=True)
class Moment:
    """One play of the deal: its number (from 1), seat and move, and the deal before it."""

    number: int
    seat: int
    move: Any
    deal: OpenDeal[Any] | None


@dataclass(frozen=True)
class PlayReview:
    """One play beside the best move: `best` None when the play was best (or not valued)."""

    number: int
    seat: int
    move: Any
    best: Any | None
    loss: float
    exact: bool
    valued: bool = True  # False: the mover's hand unknown, or the play not legal with it
    legal: bool = True


@dataclass(frozen=True)
class Review:
    """The deal's plays reviewed, each seat's points lost and the costliest plays."""

    plays: tuple[PlayReview, ...]

    def seat_losses(self) -> dict[int, float]:
        """Each seat's points lost over the deal."""
        losses: dict[int, float] = {}
        for play in self.plays:
            losses[play.seat] = losses.get(play.seat, 0.0) + play.loss
        return losses

    def costliest(self, count: int = COSTLIEST) -> list[int]:
        """The numbers of the plays that lost most, the costliest first (ties: the earlier)."""
        lost = [p for p in self.plays if p.loss > NOTHING]
        return [p.number for p in sorted(lost, key=lambda p: (-p.loss, p.number))[:count]]


def review(moments: Sequence[Moment], budget: float, exact_left: int) -> Review:
    """Review every moment within about `budget` seconds; a moment with at most `exact_left`
    plays still to come (its own included) is searched to the end."""
    search: Search[Any] = Search()
    deadline = time.monotonic() + budget
    reviewed = []
    valued = [m for m in moments if m.deal is not None]
    with collector_paused():
        for moment in moments:
            if moment.deal is None:
                reviewed.append(unvalued(moment, legal=True))
                continue
            left = max(deadline - time.monotonic(), 0.0)
            share = left / max(sum(1 for m in valued if m.number >= moment.number), 1)
            try:
                reviewed.append(review_one(search, moment, moment.deal, share, exact_left))
            except InvalidInput:  # its first step crowds the table past what the engine lists
                reviewed.append(unvalued(moment, legal=True))
    return Review(tuple(reviewed))


def unvalued(moment: Moment, legal: bool) -> PlayReview:
    """A play shown without a value."""
    return PlayReview(moment.number, moment.seat, moment.move, None, 0.0, False, False, legal)


def review_one(
    search: Search[Any], moment: Moment, deal: OpenDeal[Any], share: float, exact_left: int
) -> PlayReview:
    """One moment: every legal move valued, the played one against the best."""
    moves = list(deal.moves())
    if moment.move not in moves:
        return unvalued(moment, legal=False)
    if deal.plays_left <= exact_left:
        values = search.values(deal, None)
    else:
        values = deepened(search, deal, share)
    by_move = {index: value for index, (_, value, _) in enumerate(values)}
    played = by_move[moves.index(moment.move)]
    sign = 1.0 if deal.team == 0 else -1.0
    best_index = max(by_move, key=lambda i: sign * by_move[i])
    loss = sign * (by_move[best_index] - played)
    loss = loss if loss > NOTHING else 0.0  # rounding apart (Casino's shares of a point)
    best = values[best_index][0] if loss else None
    exact = all(exact for _, _, exact in values)
    return PlayReview(moment.number, moment.seat, moment.move, best, loss, exact)


def deepened(
    search: Search[Any], deal: OpenDeal[Any], share: float
) -> list[tuple[Any, float, bool]]:
    """The moves valued at ever deeper horizons while `share` seconds last (one at least)."""
    begun, depth = time.monotonic(), 1
    values = search.values(deal, depth)
    while not all(exact for _, _, exact in values):
        spent = time.monotonic() - begun
        # The next depth costs some times the last: stop when it would not fit.
        if spent * 4 > share:
            break
        depth += 1
        try:
            values = search.values(deal, depth)
        except InvalidInput:  # a line this deep crowds the table past what the engine lists
            break
    return values
