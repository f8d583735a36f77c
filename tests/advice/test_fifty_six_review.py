"""A finished live Fifty-six deal reviewed (advice/review.py, advice/fifty_six.py's moments):
every card valued with the real hands, the auction's calls left out, each loss never negative
and, where the search reached the end, exactly what brute force says the card gave up."""

from __future__ import annotations

import random
from typing import Any

import pytest

from scorekeeper.advice.fifty_six import moments
from scorekeeper.advice.review import Moment, Review, review
from scorekeeper.rules import InvalidInput
from scorekeeper.rules.fifty_six.options import parse_options, table_for
from scorekeeper.rules.fifty_six.selfplay import PlayedDeal, play_deal
from scorekeeper.rules.fifty_six.trick import parse_trump
from scorekeeper.rules.table import Table
from tests.helpers import live_deals
from tests.helpers.open_deals import assert_brute_force_agrees


def bid(players: int, seat: int, value: int, trump: str) -> list[dict[str, Any]]:
    """Dealer 0's auction: the seats before `seat` pass, it bids, every other seat passes."""
    calls: list[dict[str, Any]] = [{"seat": s, "call": "pass"} for s in range(1, seat)]
    calls.append({"seat": seat, "call": "bid", "value": value, "trump": trump})
    return calls + [{"seat": (seat + n) % players, "call": "pass"} for n in range(1, players)]


# (players, teams, the auction: None for everyone passing, F10)
DEALS = {
    "4 sides, all pass": (4, "sides", None),
    "6 pairs, 30♠ by seat 2": (6, "pairs", bid(6, 2, 30, "S")),
    "8 sides, 40♥ by seat 1": (8, "sides", bid(8, 1, 40, "H")),
}


def reviewed(
    seed: int, players: int, teams: str, calls: list[dict[str, Any]] | None, budget: float = 1.5
) -> tuple[Table, list[Any], list[Moment], Review, PlayedDeal]:
    """A self-played live deal, its moments and their review, and the deal with its hands."""
    options = parse_options({"teams": teams})
    table = table_for(players, options)
    start, plays = live_deals.fifty_six(seed, 0, players, {"teams": teams}, calls)
    found = moments(table, options, start, plays)
    trump = parse_trump(calls[-players]["trump"]) if calls else None  # the bid, then passes
    played = play_deal(random.Random(seed), table, 0, trump)  # the same deal, with its hands
    return table, plays, found, review(found, budget, exact_left=2 * players), played


@pytest.mark.parametrize(("players", "teams", "calls"), DEALS.values(), ids=DEALS.keys())
def test_every_card_is_valued_with_the_real_hands(
    players: int, teams: str, calls: list[dict[str, Any]] | None
) -> None:
    table, plays, found, done, played = reviewed(players, players, teams, calls)
    auction = len(plays) - len(found)
    # One moment per card, numbered as the live deal numbers its plays (the calls first).
    assert [p.number for p in done.plays] == list(range(auction + 1, len(plays) + 1))
    assert all("card" in plays[p.number - 1] for p in done.plays)
    assert all(p.valued and p.legal and p.loss >= 0 for p in done.plays)
    assert all((p.best is None) == (p.loss == 0) for p in done.plays)
    assert all(p.exact for p in done.plays[-2 * players :])  # the last two tricks: to the end
    # Each moment's hands are the dealt hands less the cards played before it.
    cards = [play for trick in played.tricks for play in trick.plays]
    for index, moment in enumerate(found):
        deal = moment.deal
        assert deal is not None and deal.seat == moment.seat == cards[index].seat
        assert moment.move == cards[index].card and moment.move in deal.moves()
        for seat in range(players):
            left = list(played.hands[seat])
            for play in cards[:index]:
                if play.seat == seat:
                    left.remove(play.card)
            assert deal.hands[seat] == tuple(sorted(left))
        # The contracting team against the rest (F14): with pairs, the defenders on one side.
        bidder = 1 if calls is None else next(c["seat"] for c in calls if "value" in c)
        ours = table.team_of(bidder)
        assert all(
            (deal.sides[s] == deal.sides[bidder]) == (table.team_of(s) == ours)
            for s in range(players)
        )


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_an_exact_loss_is_what_brute_force_says_the_card_gave_up(seed: int) -> None:
    for players, teams, calls in ((4, "sides", None), (6, "pairs", bid(6, 4, 29, "D"))):
        _, _, found, done, _ = reviewed(seed, players, teams, calls, budget=0.5)
        last = 2 * players  # the last two tricks
        for moment, play in zip(found[-last:], done.plays[-last:], strict=True):
            assert_brute_force_agrees(moment, play)


def test_each_seats_loss_and_the_costliest_plays_sum_up_the_plays() -> None:
    _, _, _, done, _ = reviewed(5, 6, "sides", None)
    losses = done.seat_losses()
    assert set(losses) == set(range(6))
    for seat, lost in losses.items():
        assert lost == pytest.approx(sum(p.loss for p in done.plays if p.seat == seat))
    costliest = done.costliest()
    by_number = {p.number: p.loss for p in done.plays}
    assert len(costliest) == 3 and all(by_number[n] > 0 for n in costliest)
    assert [by_number[n] for n in costliest] == sorted(
        (by_number[n] for n in costliest), reverse=True
    )
    others = [loss for n, loss in by_number.items() if n not in costliest]
    assert max(others, default=0) <= by_number[costliest[-1]]


def test_a_deal_still_being_played_is_not_reviewed() -> None:
    options = parse_options({"teams": "sides"})
    start, plays = live_deals.fifty_six(7)
    with pytest.raises(InvalidInput):
        moments(table_for(4, options), options, start, plays[:-1])
