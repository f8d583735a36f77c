"""What should I play, in Casino (advice/advisor.py, advice/casino_hidden.py's samples): every
sample of the hidden cards agrees with what the table knows, the moves come ranked with their
intervals, and with nothing hidden the advice is exact and brute force's."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

import pytest

from scorekeeper.advice.advisor import advise
from scorekeeper.advice.answers import advise_request
from scorekeeper.advice.casino_hidden import Known, from_history, layout, sampled
from scorekeeper.rules import InvalidInput
from scorekeeper.rules.cards import Card, full_deck
from scorekeeper.rules.casino.live import LIVE
from scorekeeper.rules.casino.options import parse_options, table_for
from scorekeeper.rules.casino.position import Pile, Position
from scorekeeper.rules.casino.values import held
from scorekeeper.rules.table import Table
from tests.helpers import live_deals
from tests.helpers.open_deals import brute

ROYAL = {"variant": "royal", "sweeps": "on"}
PAIRS = {"partnerships": "on"}


def soon(seconds: float) -> float:
    """A deadline `seconds` from now."""
    return time.monotonic() + seconds


def so_far(
    seed: int, players: int, made: int, chosen: dict[str, Any] | None = None
) -> tuple[Table, dict[str, Any], Any, Sequence[Any], Any]:
    """A live deal's seating, options, start and first `made` plays, and the next mover's
    real hand."""
    options = parse_options(chosen or {})
    start, plays = live_deals.casino(seed, players, chosen)
    hand = live_deals.casino_played(seed, players, chosen).plays[made][0].hand
    return table_for(players, options), options, start, plays[:made], hand


@pytest.mark.parametrize(
    ("players", "made", "chosen"),
    [
        (2, 0, {}),
        (2, 9, ROYAL),
        (2, 33, {}),
        (3, 1, ROYAL),
        (3, 14, {}),
        (3, 40, ROYAL | {"aces": "capturing"}),
        (4, 2, {}),
        (4, 17, ROYAL | PAIRS),
        (4, 45, PAIRS),
    ],
)
def test_every_sample_agrees_with_what_the_table_knows(
    players: int, made: int, chosen: dict[str, Any]
) -> None:
    table, options, start, plays, hand = so_far(made + players, players, made, chosen)
    position, seen, known = from_history(table, options, start, plays, hand)
    state = LIVE.derive(table, options, start, plays)
    taken = state.taken()
    assert (known.cards, known.spades) == (tuple(taken["cards"]), tuple(taken["spades"]))
    assert known.last_capturer == state.last_capturer
    variant, aces = options["variant"], options["aces"]
    samples = sampled(position, seen, random.Random(1), known)
    for _ in range(50):
        deal = next(samples)
        others = {
            *(c for seat, h in enumerate(deal.hands) if seat != position.seat for c in h),
            *(c for batches in deal.later for batch in batches for c in batch),
        }
        on_table = {*deal.loose, *(c for b in deal.builds for c in b.cards)}
        assert not others & seen  # a card out of play is in nobody's hand
        assert set(deal.unplaced()) == set(full_deck()) - (seen - on_table)
        assert len(deal.unplaced()) == len(set(deal.unplaced()))
        assert deal.hands[position.seat] == position.hand
        assert [len(h) for h in deal.hands] == list(state.hands)  # K1, K2
        assert all(len(batch) == 4 for batches in deal.later for batch in batches)
        assert deal.plays_left == 48 - made
        assert (deal.cards, deal.spades) == (known.cards, known.spades)
        assert deal.for_seat == position.seat and deal.options["sweeps"] == options["sweeps"]
        for build in deal.builds:  # K9: an owner holds a card of the build's value
            assert build.value in held(deal.hands[build.owner], variant, aces)
        for seat, value in known.holds:  # a claim still standing: the card is still held
            assert value in held(deal.hands[seat], variant, aces)


def test_a_claim_outlives_its_build() -> None:
    """Seat 1 built 9, so holding another 9 (K5); seat 0 took the build with a 9 and seat 1
    trailed a 6: seat 1 still holds a 9, and every sample deals it one."""
    table, options = Table(2, 1), parse_options({})
    nine, four, five = Card.parse("9C"), Card.parse("4H"), Card.parse("5S")
    start = {"dealer": 1, "table": ["4H", "5S", "KD", "QH"]}
    plays = [
        {"seat": 0, "card": "2C", "action": "trail"},
        {"seat": 1, "card": "5D", "action": "build", "value": 9, "loose": ["4H"]},
        {"seat": 0, "card": "9C", "action": "capture", "builds": [9]},
        {"seat": 1, "card": "6C", "action": "trail"},
    ]
    hand = [five, Card.parse("3D")]
    with pytest.raises(InvalidInput) as raised:  # 5♠ lies on the table
        from_history(table, options, start, plays, hand)
    assert raised.value.key == "advice-casino-seen"
    hand = [Card.parse("6H"), Card.parse("3D")]
    position, seen, known = from_history(table, options, start, plays, hand)
    assert known.holds == ((1, 9),) and not position.builds and nine in seen and four in seen
    samples = sampled(position, seen, random.Random(4), known)
    assert all(9 in held(next(samples).hands[1], "classic") for _ in range(30))


def test_the_moves_come_ranked_best_first_with_their_intervals() -> None:
    table, options, start, plays, hand = so_far(9, 3, 20, ROYAL)
    position, seen, known = from_history(table, options, start, plays, hand)
    advice = advise(sampled(position, seen, random.Random(2), known), soon(0.3), hidden=True)
    margins = [m.margin for m in advice.moves]
    assert margins == sorted(margins, reverse=True) and advice.samples >= 2
    assert all(m.low <= m.margin <= m.high for m in advice.moves)
    assert not advice.exact


@pytest.mark.parametrize(("players", "chosen"), [(2, {}), (3, ROYAL), (4, PAIRS), (4, {})])
def test_with_nothing_hidden_the_advice_is_exact_and_brute_forces(
    players: int, chosen: dict[str, Any]
) -> None:
    """The last play of a deal, everyone else's cards played: one sample."""
    table, options, start, plays, hand = so_far(4, players, 47, chosen)
    position, seen, known = from_history(table, options, start, plays, hand)
    deal = next(sampled(position, seen, random.Random(3), known))
    advice = advise(sampled(position, seen, random.Random(3), known), soon(1.0), hidden=False)
    assert advice.exact and advice.samples == 1
    sign = 1 if deal.team == 0 else -1
    for ranked in advice.moves:
        child, gained = deal.after(ranked.move)
        assert ranked.margin == sign * (gained + brute(child)) == ranked.low == ranked.high


def test_a_bare_position_knows_nothing_taken_and_its_hidden_count_must_fit() -> None:
    """Four players alone, the mover holding 3 with two seats before them this round (K1):
    7 hidden in hands and 16 in the last batch (K2). Without history no side has taken
    anything."""
    hand = tuple(Card.parse(c) for c in ("7H", "2D", "KS"))
    build = Pile(9, (Card.parse("5C"), Card.parse("4D")), 1)
    position = Position(4, 3, "classic", hand, (Card.parse("QC"),), (build,))
    shown = {*hand, Card.parse("QC"), *build.cards}
    pool = [c for c in full_deck() if c not in shown and c.rank != 9]  # seen cards to choose
    out = pool[: 52 - len(shown) - 23]
    where = layout(position, 23)
    assert (where.held, where.batches, where.owed) == ((3, 2, 2, 0), 1, ((1, 9),))
    deal = next(sampled(position, out, random.Random(5)))
    assert deal.cards == deal.spades == (0, 0, 0, 0) and deal.last_capturer is None
    assert 9 in held(deal.hands[1], "classic") and deal.plays_left == 26
    for hidden in (5, 10, 21, 26, 37, 42):  # 6-9, 22-25 and 38-41 fit (K2: 3 batches)
        with pytest.raises(InvalidInput) as raised:
            next(sampled(position, pool[: 52 - len(shown) - hidden], random.Random(5), Known()))
        assert raised.value.key == "advice-casino-hidden-count"


@pytest.mark.parametrize("made", [0, 10])
def test_a_hand_the_mover_cannot_hold_is_refused(made: int) -> None:
    table, options, start, plays, hand = so_far(6, 4, made)
    played = Card.parse(plays[0]["card"]) if plays else Card.parse(start["table"][0])
    for wrong, key in [
        (hand[:-1], "advice-casino-hand-size"),
        ([*hand[:-1], hand[0]], "card-twice"),
        ([*hand[:-1], played], "advice-casino-seen"),  # on the table, or played already
    ]:
        with pytest.raises(InvalidInput) as raised:
            from_history(table, options, start, plays, wrong)
        assert raised.value.key == key


def test_an_owner_without_a_card_of_the_build_is_refused() -> None:
    """K9: seat 0 built 9 with a 5 on the table's 4, so it holds a 9 still."""
    table, options = Table(2, 1), parse_options({})
    start = {"dealer": 1, "table": ["4H", "5S", "KD", "QH"]}
    plays = [
        {"seat": 0, "card": "5D", "action": "build", "value": 9, "loose": ["4H"]},
        {"seat": 1, "card": "2C", "action": "trail"},
    ]
    from_history(table, options, start, plays, [Card.parse(c) for c in ("9C", "3D", "JS")])
    with pytest.raises(InvalidInput) as raised:
        from_history(table, options, start, plays, [Card.parse(c) for c in ("8C", "3D", "JS")])
    assert raised.value.key == "build-owner-without-card"


def test_a_deal_already_over_has_nothing_to_advise() -> None:
    table, options, start, plays, _ = so_far(7, 2, 47)
    full = [*plays, live_deals.casino(7, 2)[1][47]]
    with pytest.raises(InvalidInput) as raised:
        from_history(table, options, start, full, [])
    assert raised.value.key == "advice-deal-over"


def test_a_table_crowded_past_what_the_engine_lists_still_gets_advice() -> None:
    """Play 40 of a four-player deal: a trail there leaves 19 loose cards, more than the move
    generator lists (too-crowded); the samples' lines that reach it are left out."""
    start, plays = live_deals.casino(7, 4)
    hand = [str(c) for c in live_deals.casino_played(7, 4).plays[39][0].hand]
    body = {"players": 4, "history": {"start": start, "plays": plays[:39]}, "hand": hand}
    answer = advise_request("casino", body | {"budget_ms": 300}, seed=1)
    assert answer["samples"] >= 1 and {m["move"]["card"] for m in answer["moves"]} <= set(hand)
