"""A finished live Casino deal reviewed (advice/review.py, advice/casino.py's moments): every
play valued with the real hands, the real line scoring what the live deal scored, each loss
never negative and, where the search reached the end, exactly what brute force says the play
gave up."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from scorekeeper.advice.answers import exact_plays, review_deal
from scorekeeper.advice.casino import moments
from scorekeeper.advice.review import Moment, Review, review
from scorekeeper.rules import InvalidInput
from scorekeeper.rules.cards import full_deck
from scorekeeper.rules.casino.live import LIVE
from scorekeeper.rules.casino.options import parse_options, table_for
from tests.helpers import live_deals
from tests.helpers.open_deals import assert_brute_force_agrees

ROYAL = {"variant": "royal", "sweeps": "on"}
# K1: two and three players, four alone and four in partnerships, classic and Royal.
SHAPES = [(2, {}), (3, ROYAL), (4, {}), (4, ROYAL | {"partnerships": "on"})]
BRUTE_A_SEAT = 2  # each seat's last plays held to brute force (which takes minutes for more)


def found(seed: int, players: int, chosen: dict[str, Any]) -> list[Moment]:
    start, plays = live_deals.casino(seed, players, chosen)
    options = parse_options(chosen)
    return moments(table_for(players, options), options, start, plays)


def reviewed(seed: int, players: int, chosen: dict[str, Any]) -> tuple[list[Moment], Review]:
    moments_ = found(seed, players, chosen)
    return moments_, review(moments_, 1.0, *exact_plays("casino", players))


@pytest.mark.parametrize(("players", "chosen"), SHAPES)
def test_every_play_is_valued_with_the_real_hands(players: int, chosen: dict[str, Any]) -> None:
    moments_, done = reviewed(players, players, chosen)
    assert [p.number for p in done.plays] == list(range(1, 49))
    assert all(p.valued and p.legal and p.loss >= 0 for p in done.plays)
    assert all((p.best is None) == (p.loss == 0) for p in done.plays)
    assert all(p.exact for p in done.plays[-exact_plays("casino", players)[1] :])
    deck = set(full_deck())
    for moment in moments_:
        deal = moment.deal
        assert deal is not None and deal.seat == deal.for_seat == moment.seat
        assert moment.move in deal.moves()
        # Every card not yet taken is in a hand, a batch to come or on the table (K2).
        taken = 52 - len(deal.unplaced())
        assert sum(deal.cards) == taken and set(deal.unplaced()) <= deck
        assert deal.plays_left == 49 - moment.number


@pytest.mark.parametrize(("players", "chosen"), SHAPES)
def test_the_real_line_scores_what_the_live_deal_scored(
    players: int, chosen: dict[str, Any]
) -> None:
    """Each moment is the one before after its play, and the line's points (K10-K12) are the
    live deal's: the mover's side's minus the mean of the others' (casino.py's reading)."""
    for seed in range(3):
        start, plays = dealt_by(seed % players, *live_deals.casino(seed, players, chosen))
        options = parse_options(chosen)
        table = table_for(players, options)
        line = moments(table, options, start, plays)
        points = LIVE.derive(table, options, start, plays).points()
        deal, total = line[0].deal, 0.0
        assert deal is not None
        for moment in line:
            assert moment.deal is not None
            assert moment.deal.key() == replace(deal, for_seat=moment.seat).key()
            deal, gained = deal.after(moment.move)
            total += gained
        assert deal.over
        home = line[0].deal.home
        others = [p for side, p in enumerate(points) if side != home]
        assert total + deal.rest() == pytest.approx(points[home] - sum(others) / len(others))


def dealt_by(dealer: int, start: dict[str, Any], plays: list[dict[str, Any]]) -> Any:
    """The same live deal with another dealer: every seat moved round the table (K1)."""
    players = start["dealer"] + 1
    turn = (dealer + 1) % players
    moved = [play | {"seat": (play["seat"] + turn) % players} for play in plays]
    return start | {"dealer": dealer}, moved


@pytest.mark.parametrize(("seed", "shape"), [(1, 0), (2, 1), (3, 2), (4, 3)])
def test_an_exact_loss_is_what_brute_force_says_the_play_gave_up(seed: int, shape: int) -> None:
    players, chosen = SHAPES[shape]
    moments_, done = reviewed(seed, players, chosen)
    last = BRUTE_A_SEAT * players
    for moment, play in zip(moments_[-last:], done.plays[-last:], strict=True):
        assert_brute_force_agrees(moment, play)


def test_each_seats_loss_and_the_costliest_plays_sum_up_the_plays() -> None:
    _, done = reviewed(5, 3, {})
    losses = done.seat_losses()
    assert set(losses) == {0, 1, 2}
    for seat, lost in losses.items():
        assert lost == pytest.approx(sum(p.loss for p in done.plays if p.seat == seat))
    costliest = done.costliest()
    by_number = {p.number: p.loss for p in done.plays}
    assert len(costliest) <= 3 and all(by_number[n] > 0 for n in costliest)
    assert [by_number[n] for n in costliest] == sorted(
        (by_number[n] for n in costliest), reverse=True
    )
    others = [loss for n, loss in by_number.items() if n not in costliest]
    assert not costliest or max(others, default=0) <= by_number[costliest[-1]]


def test_a_deal_still_being_played_is_not_reviewed() -> None:
    """Its hands are not known until every card is played."""
    start, plays = live_deals.casino(6, 2)
    options = parse_options({})
    with pytest.raises(InvalidInput):
        moments(table_for(2, options), options, start, plays[:-1])


def test_the_last_three_plays_of_each_seat_are_tried_exactly_and_nine_for_sure() -> None:
    assert [exact_plays("casino", players) for players in (2, 3, 4)] == [(6, 6), (9, 9), (12, 9)]


@pytest.mark.parametrize(("seed", "budget", "exact"), [(12, 30.0, 12), (20, 0.05, 9)])
def test_the_plays_past_nine_are_exact_when_solved_within_the_budget_else_estimated(
    seed: int, budget: float, exact: int
) -> None:
    """Four players alone: deal 12's last 12 plays are solved in well under a second (the 30 s
    budget is never used up), deal 20's 12th from the end takes over ten seconds, so within
    0.05 s it is estimated (valued, not exact), and the last 9 are exact whatever it takes."""
    last = found(seed, 4, {})[-12:]
    done = review(last, budget, *exact_plays("casino", 4))
    assert all(p.valued for p in done.plays)
    assert all(p.exact for p in done.plays[-exact:])
    assert all(p.exact for p in done.plays) == (exact == 12)


def test_a_table_crowded_past_what_the_engine_lists_leaves_those_plays_unvalued() -> None:
    """Four players trailing: 19 loose cards, more than the move generator lists (too-crowded);
    the plays whose own line crowds it so are shown unvalued, and the rest of the deal is still
    reviewed, the end exactly."""
    start, plays = live_deals.casino(9, 4)
    options = parse_options({})
    answer = review_deal("casino", table_for(4, options), options, start, plays, 1, budget=1.0)
    unvalued = [p for p in answer["plays"] if not p["valued"]]
    assert unvalued and all(p["best"] is None and p["legal"] for p in unvalued)
    exact = [p for p in answer["plays"] if p["valued"] and p["exact"]]
    assert len(exact) + len(unvalued) >= exact_plays("casino", 4)[1]
