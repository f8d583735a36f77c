"""A finished deal reviewed: each play beside the best move with every hand as it really was.

A game gives its deal as moments: each play's number, seat and move, and the open deal just
before it (None where the table cannot know the mover's hand: Seep's opening play, whose other
three cards are any three of the bidder's later ones). Each moment's play is valued beside the
best move by the open-cards search (search.py's `against`: the other moves only as far as it takes
to know they are not better) on one transposition table shared by the whole deal (a later
moment's future is part of an earlier one's). Near the end, where every line can be searched,
the values are exact; a little earlier they are searched to the end too if that takes at most the
review's budget again (else estimated); earlier still the search deepens a play at a time, from a
horizon of one play, while the moment's share of the time budget lasts, and its values are
estimates.

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
from .search import OpenDeal, Search, TimeUp, Verdict, collector_paused

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


def review(
    moments: Sequence[Moment], budget: float, exact_left: int, sure_left: int | None = None
) -> Review:
    """Review every moment within about `budget` seconds; a moment with at most `sure_left`
    plays still to come (its own included; default `exact_left`) is searched to the end, and
    one with at most `exact_left` is too if that takes at most `budget` seconds."""
    sure_left = exact_left if sure_left is None else sure_left
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
                reviewed.append(
                    review_one(search, moment, moment.deal, share, (exact_left, sure_left), budget)
                )
            except InvalidInput:  # its first step crowds the table past what the engine lists
                reviewed.append(unvalued(moment, legal=True))
    return Review(tuple(reviewed))


def unvalued(moment: Moment, legal: bool) -> PlayReview:
    """A play shown without a value."""
    return PlayReview(moment.number, moment.seat, moment.move, None, 0.0, False, False, legal)


def review_one(
    search: Search[Any],
    moment: Moment,
    deal: OpenDeal[Any],
    share: float,
    exact_left: tuple[int, int],
    budget: float,
) -> PlayReview:
    """One moment: the played move against the best, searched to the end where `exact_left`
    (tried, sure) says so, else deepened within `share` seconds."""
    if moment.move not in deal.moves():
        return unvalued(moment, legal=False)
    tried, sure = exact_left
    if deal.plays_left <= sure:
        verdict = search.against(deal, moment.move, None)
    elif deal.plays_left <= tried:
        verdict = solved_within(search, deal, moment.move, budget) or deepened(
            search, deal, moment.move, share
        )
    else:
        verdict = deepened(search, deal, moment.move, share)
    sign = 1.0 if deal.team == 0 else -1.0
    loss = sign * (verdict.best_value - verdict.played_value)
    loss = loss if loss > NOTHING else 0.0  # rounding apart (Casino's shares of a point)
    best = verdict.best if loss else None
    return PlayReview(moment.number, moment.seat, moment.move, best, loss, verdict.exact)


def solved_within(
    search: Search[Any], deal: OpenDeal[Any], played: Any, seconds: float
) -> Verdict[Any] | None:
    """The played move beside the best searched to the end, if that takes at most `seconds`
    (what was solved on the way stays in the table)."""
    search.deadline = time.monotonic() + seconds
    try:
        return search.against(deal, played, None)
    except TimeUp:
        return None
    finally:
        search.deadline = None


def deepened(search: Search[Any], deal: OpenDeal[Any], played: Any, share: float) -> Verdict[Any]:
    """The played move beside the best at ever deeper horizons while `share` seconds last (one
    at least)."""
    begun, depth = time.monotonic(), 1
    verdict = search.against(deal, played, depth)
    while not verdict.exact:
        spent = time.monotonic() - begun
        # The next depth costs some times the last: stop when it would not fit.
        if spent * 4 > share:
            break
        depth += 1
        try:
            verdict = search.against(deal, played, depth)
        except InvalidInput:  # a line this deep crowds the table past what the engine lists
            break
    return verdict
