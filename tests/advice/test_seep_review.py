"""A finished live Seep deal reviewed (advice/review.py, advice/seep.py's moments): every play
after the opening valued with the real hands, its loss never negative and, where the search
reached the end, exactly what brute force says the play gave up."""

from __future__ import annotations

import pytest

from scorekeeper.advice.review import Review, review
from scorekeeper.advice.seep import moments
from scorekeeper.rules.seep.options import parse_rule_options
from scorekeeper.rules.table import Table
from tests.helpers import live_deals
from tests.helpers.open_deals import assert_brute_force_agrees


def reviewed(seed: int, players: int, budget: float = 3.0) -> tuple[list, Review]:
    start, plays = live_deals.seep(seed, players=players)
    found = moments(Table(2, players // 2), parse_rule_options(None), start, plays)
    return found, review(found, budget, exact_left=3 * players)


@pytest.mark.parametrize("players", [2, 4])
def test_every_play_after_the_opening_is_valued_with_the_real_hands(players: int) -> None:
    found, done = reviewed(players, players)
    assert [p.number for p in done.plays] == list(range(1, 49))
    opening, *rest = done.plays
    assert not opening.valued and opening.best is None and opening.loss == 0
    assert all(p.valued and p.legal and p.loss >= 0 for p in rest)
    assert all((p.best is None) == (p.loss == 0) for p in rest)
    # The last three plays of every seat are searched to the end of the deal (exact).
    assert all(p.exact for p in rest[-3 * players :])
    # Each moment's hand holds the card its play used, and the seat is the one to move.
    for moment in found[1:]:
        assert moment.deal is not None and moment.deal.seat == moment.seat
        assert moment.move in moment.deal.moves()


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_an_exact_loss_is_what_brute_force_says_the_play_gave_up(seed: int) -> None:
    found, done = reviewed(seed, 4)
    for moment, play in zip(found[-8:], done.plays[-8:], strict=True):
        assert_brute_force_agrees(moment, play)


def test_each_seats_loss_and_the_costliest_plays_sum_up_the_plays() -> None:
    _, done = reviewed(5, 4)
    losses = done.seat_losses()
    assert set(losses) == {0, 1, 2, 3}
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
