"""What should I play, in Seep (advice/advisor.py, advice/seep.py's samples): every sample of
the hidden cards agrees with what the table knows, the moves come ranked with their intervals,
and with nothing hidden the advice is exact and brute force's."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

import pytest

from scorekeeper.advice.advisor import advise
from scorekeeper.advice.seep import from_history, sampled
from scorekeeper.rules import InvalidInput
from scorekeeper.rules.cards import Card, full_deck
from scorekeeper.rules.seep.options import parse_rule_options
from scorekeeper.rules.seep.selfplay import play_deal
from scorekeeper.rules.table import Table
from tests.helpers import live_deals
from tests.helpers.open_deals import brute

OPTIONS = parse_rule_options(None)


def soon(seconds: float) -> float:
    """A deadline `seconds` from now."""
    return time.monotonic() + seconds


def so_far(seed: int, players: int, made: int) -> tuple[Any, Sequence[Any], Any]:
    """A live deal's start and its first `made` plays, and the next mover's real hand."""
    start, plays = live_deals.seep(seed, players=players)
    played = play_deal(random.Random(seed), 0, players)  # the same deal, with its hands
    hand = played.plays[made].position.hand
    return start, plays[:made], hand


@pytest.mark.parametrize(("players", "made"), [(4, 0), (4, 1), (4, 22), (2, 0), (2, 5), (2, 30)])
def test_every_sample_agrees_with_what_the_table_knows(players: int, made: int) -> None:
    start, plays, hand = so_far(made + players, players, made)
    table = Table(2, players // 2)
    position, seen, _ = from_history(table, OPTIONS, start, plays, hand)
    samples = sampled(position, seen, random.Random(1))
    for _ in range(50):
        deal = next(samples)
        others = {
            *(c for seat, h in enumerate(deal.hands) if seat != position.seat for c in h),
            *(c for batches in deal.later for batch in batches for c in batch),
        }
        on_table = {*deal.loose, *(c for h in deal.houses for c in h.cards)}
        cards = [*(c for h in deal.hands for c in h), *others, *on_table]
        assert not others & seen  # a card out of play is in nobody's hand
        assert set(cards) == set(full_deck()) - (seen - on_table)
        assert deal.hands[position.seat] == position.hand
        assert deal.plays_left == 48 - made
        for house in deal.houses:
            for owner in house.owners:
                assert any(c.rank == house.value for c in deal.hands[owner])


def test_the_moves_come_ranked_best_first_with_their_intervals() -> None:
    start, plays, hand = so_far(9, 4, 20)
    position, seen, capturer = from_history(Table(2, 2), OPTIONS, start, plays, hand)
    advice = advise(sampled(position, seen, random.Random(2), capturer), soon(0.3), hidden=True)
    margins = [m.margin for m in advice.moves]
    assert margins == sorted(margins, reverse=True) and advice.samples >= 2
    assert all(m.low <= m.margin <= m.high for m in advice.moves)
    assert not advice.exact


def test_with_nothing_hidden_the_advice_is_exact_and_brute_forces() -> None:
    """The last plays of a four-player deal, everyone else's cards played: one sample."""
    start, plays, hand = so_far(4, 4, 47)
    position, seen, capturer = from_history(Table(2, 2), OPTIONS, start, plays, hand)
    samples = sampled(position, seen, random.Random(3), capturer)
    deal = next(sampled(position, seen, random.Random(3), capturer))
    advice = advise(samples, soon(1.0), hidden=False)
    assert advice.exact and advice.samples == 1
    sign = 1 if deal.team == 0 else -1
    for ranked in advice.moves:
        child, gained = deal.after(ranked.move)
        assert ranked.margin == sign * (gained + brute(child)) == ranked.low == ranked.high


@pytest.mark.parametrize("made", [0, 10])
def test_a_hand_the_mover_cannot_hold_is_refused(made: int) -> None:
    start, plays, hand = so_far(6, 4, made)
    with pytest.raises(InvalidInput):
        from_history(Table(2, 2), OPTIONS, start, plays, hand[:-1])
    if plays:  # a card already played cannot be in hand
        played = Card.parse(plays[0]["card"])
        with pytest.raises(InvalidInput):
            from_history(Table(2, 2), OPTIONS, start, plays, [*hand[:-1], played])
