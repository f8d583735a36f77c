"""What should I play, in Fifty-six (advice/advisor.py, advice/fifty_six_hidden.py): every
sample of the hidden cards agrees with what the table knows (each seat's count, the pack's two
copies of every card, the voids shown by F12), the moves come ranked with their intervals and
the chance that the contract is made, with nothing hidden the advice is exact and brute
force's, and the auction, a finished deal and hands the mover cannot hold are refused."""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

from scorekeeper.advice import fifty_six_hidden
from scorekeeper.advice.advisor import advise
from scorekeeper.advice.fifty_six import FiftySixOpen
from scorekeeper.advice.fifty_six_hidden import (
    CardPosition,
    Target,
    from_history,
    from_trick,
    sampled,
)
from scorekeeper.rules import InvalidInput
from scorekeeper.rules.cards import Card, Suit
from scorekeeper.rules.fifty_six.cards import card_points, deck
from scorekeeper.rules.fifty_six.options import parse_options, table_for
from scorekeeper.rules.fifty_six.selfplay import PlayedDeal, play_deal
from scorekeeper.rules.fifty_six.trick import parse_position
from scorekeeper.rules.table import Table
from tests.helpers import live_deals
from tests.helpers.open_deals import brute

History = tuple[Table, dict[str, Any], dict[str, Any], list[Any], tuple[Card, ...], PlayedDeal]


def so_far(seed: int, players: int, teams: str, made: int) -> History:
    """A live deal (everyone passing: 28 NT, F10) with its auction and its first `made` cards,
    and the next mover's real hand, from the same deal self-played with its hands."""
    options = parse_options({"teams": teams})
    table = table_for(players, options)
    start, plays = live_deals.fifty_six(seed, 0, players, {"teams": teams})
    played = play_deal(random.Random(seed), table, 0, None)
    cards = [play for trick in played.tricks for play in trick.plays]
    hand = cards[made].position.hand if made < len(cards) else ()
    return table, options, start, plays[: players + made], hand, played


def voids_shown(played: PlayedDeal, made: int) -> dict[int, set[Suit]]:
    """F12, read again from the deal's first `made` cards: who did not follow the suit led."""
    voids: dict[int, set[Suit]] = {}
    cards = [(trick, play) for trick in played.tricks for play in trick.plays][:made]
    for trick, play in cards:
        led = trick.plays[0].card.suit
        if play.card.suit != led:
            voids.setdefault(play.seat, set()).add(led)
    return voids


def agrees(deal: FiftySixOpen, position: CardPosition, seen: Sequence[Card], voids: Any) -> None:
    """The sample is a deal the table could be in."""
    assert deal.hands[position.seat] == position.hand
    assert deal.leader == position.leader and deal.trick == position.trick
    assert tuple(map(len, deal.hands)) == position.holding()
    cards = Counter([*(c for hand in deal.hands for c in hand), *deal.trick, *seen])
    assert cards == Counter(deck(position.players))  # the pack, every card twice (F3)
    for seat, suits in voids.items():
        if seat != position.seat:
            assert not any(card.suit in suits for card in deal.hands[seat])


CASES = [(4, "sides", 0), (4, "sides", 17), (6, "pairs", 23), (8, "sides", 45), (8, "pairs", 30)]


@pytest.mark.parametrize(("players", "teams", "made"), CASES)
def test_every_sample_agrees_with_what_the_table_knows(players: int, teams: str, made: int) -> None:
    table, options, start, plays, hand, played = so_far(made + players, players, teams, made)
    position, seen, voids, target = from_history(table, options, start, plays, hand)
    assert {s: set(v) for s, v in voids.items()} == voids_shown(played, made)
    assert len(seen) == made - len(position.trick)
    assert target.bid == 28 and target.seat == 1  # F10: the first bidder's team
    samples = sampled(position, seen, random.Random(1), voids, target)
    places: set[tuple[int, Card]] = set()
    for _ in range(300):
        deal = next(samples)
        agrees(deal, position, seen, voids)
        places |= {(s, c) for s, hand in enumerate(deal.hands) if s != position.seat for c in hand}
    # Spread: every hidden card has been in every seat that may hold it.
    hidden = Counter(deck(players)) - Counter([*hand, *position.trick, *seen])
    holding = position.holding()
    allowed = {
        (s, c)
        for c in hidden
        for s in range(players)
        if s != position.seat and holding[s] and c.suit not in voids.get(s, ())
    }
    assert places == allowed


def test_a_fill_that_keeps_failing_is_dealt_card_by_card(monkeypatch: pytest.MonkeyPatch) -> None:
    """With no fill allowed to fail, every sample is the card-by-card deal, and agrees too."""
    table, options, start, plays, hand, _ = so_far(53, 8, "sides", 45)
    position, seen, voids, target = from_history(table, options, start, plays, hand)
    assert voids
    monkeypatch.setattr(fifty_six_hidden, "TRIES", 0)
    samples = sampled(position, seen, random.Random(4), voids, target)
    for _ in range(20):
        agrees(next(samples), position, seen, voids)


def test_voids_or_counts_no_deal_can_meet_are_refused_at_once() -> None:
    table, options, start, plays, hand, _ = so_far(3, 4, "sides", 13)
    position, seen, voids, _ = from_history(table, options, start, plays, hand)
    rng = random.Random(5)
    others = [s for s in range(4) if s != position.seat]
    every_suit = {seat: set(Suit) for seat in others}
    with pytest.raises(InvalidInput) as raised:
        sampled(position, seen, rng, every_suit)
    assert raised.value.key == "advice-voids"
    with pytest.raises(InvalidInput) as raised:
        sampled(position, seen[1:], rng, voids)  # a card out of play forgotten
    assert raised.value.key == "advice-unseen-count"
    with pytest.raises(InvalidInput) as raised:
        sampled(position, [*seen, position.hand[0], position.hand[0]], rng, voids)
    assert raised.value.key == "advice-card-count"


def test_the_moves_come_ranked_best_first_with_their_intervals_and_made() -> None:
    table, options, start, plays, hand, _ = so_far(9, 6, "pairs", 20)
    position, seen, voids, target = from_history(table, options, start, plays, hand)
    samples = sampled(position, seen, random.Random(2), voids, target)
    advice = advise(samples, time.monotonic() + 0.3, hidden=position.hidden, made=target.made)
    margins = [m.margin for m in advice.moves]
    assert margins == sorted(margins, reverse=True) and advice.samples >= 2
    assert all(m.low <= m.margin <= m.high for m in advice.moves)
    assert all(m.made is not None and 0 <= m.made <= 1 for m in advice.moves)
    assert not advice.exact


@pytest.mark.parametrize(("players", "teams"), [(4, "sides"), (6, "pairs")])
def test_with_nothing_hidden_the_advice_is_exact_and_brute_forces(players: int, teams: str) -> None:
    """The last trick, one seat still to play after the mover: its card is the one unseen."""
    made = len(deck(players)) - 2
    table, options, start, plays, hand, _ = so_far(4, players, teams, made)
    position, seen, voids, target = from_history(table, options, start, plays, hand)
    assert not position.hidden
    deal = next(sampled(position, seen, random.Random(3), voids, target))
    samples = sampled(position, seen, random.Random(3), voids, target)
    advice = advise(samples, time.monotonic() + 1.0, hidden=position.hidden, made=target.made)
    assert advice.exact and advice.samples == 1
    sign = 1 if deal.team == 0 else -1
    ours = 1 if deal.sides[target.seat] == 0 else -1
    left = card_points(deal.trick) + card_points(c for h in deal.hands for c in h)
    for ranked in advice.moves:
        child, gained = deal.after(ranked.move)
        value = gained + brute(child)
        assert ranked.margin == sign * value == ranked.low == ranked.high
        # F14: the contracting team's points, those taken and its share of what is left.
        assert ranked.made == (target.taken + (left + ours * value) / 2 >= target.bid)


def test_made_counts_the_contracting_teams_points_on_either_side() -> None:
    """Six players, the last trick: seat 0's J♠ takes its 7 points. In pairs (team = seat
    mod 3) the contracting team is side 0 (the seat advised is one of it, as `sampled` deals);
    in two sides (team = seat mod 2) the teams are the sides, so it may be side 1."""
    cards = [(Card.parse(c),) for c in ("JS", "9S", "AS", "10S", "KS", "QS")]
    pairs, sides = parse_options({"teams": "pairs"}), parse_options({"teams": "sides"})
    for options, contractor, taken, bid, made in (
        (pairs, 3, 30, 37, True),  # team 0 (seats 0 and 3) takes the 7
        (pairs, 3, 30, 38, False),
        (pairs, 4, 30, 31, False),  # team 1 takes nothing
        (pairs, 4, 31, 31, True),
        (sides, 2, 30, 37, True),  # team 0, side 0
        (sides, 1, 36, 37, False),  # team 1, side 1: nothing of the 7
        (sides, 5, 37, 37, True),
    ):
        deal = FiftySixOpen(6, None, tuple(cards), 0, (), options, contractor)
        value = brute(deal)
        assert value == (7 if deal.sides[0] == 0 else -7)
        assert Target(contractor, bid, taken).made(deal, value) is made


def test_a_trick_position_is_advised_with_its_leader_at_seat_0() -> None:
    raw = {"players": 4, "trump": "S", "hand": ["QH", "JS"], "trick": ["KH", "AH"]}
    position = from_trick(parse_position(raw), parse_options({"teams": "sides"}))
    assert position.seat == 2 and position.holding() == (1, 1, 2, 2)
    unseen = [Card.parse(c) for c in ("9D", "9D", "JC", "QC")]
    shown = [Card.parse(c) for c in ("QH", "JS", "KH", "AH")]
    seen = list((Counter(deck(4)) - Counter([*shown, *unseen])).elements())
    deal = next(sampled(position, seen, random.Random(6)))
    others = [c for seat in (0, 1, 3) for c in deal.hands[seat]]
    assert sorted(others) == sorted(unseen) and len(deal.hands[3]) == 2
    assert list(deal.moves()) == [Card.parse("QH")]  # F12: follow the hearts led


def test_the_auction_and_a_finished_deal_are_refused() -> None:
    table, options, start, plays, hand, _ = so_far(2, 4, "sides", 0)
    with pytest.raises(InvalidInput) as raised:
        from_history(table, options, start, plays[:2], hand)
    assert raised.value.key == "advice-auction" and raised.value.params == {"seat": 3}
    table, options, start, plays, _, _ = so_far(2, 4, "sides", 48)
    with pytest.raises(InvalidInput) as raised:
        from_history(table, options, start, plays, ())
    assert raised.value.key == "advice-deal-over"


def test_a_hand_the_mover_cannot_hold_is_refused() -> None:
    table, options, start, plays, hand, _ = so_far(1, 4, "sides", 30)
    position, seen, voids, _ = from_history(table, options, start, plays, hand)
    refused = []
    for wrong in (
        hand[:-1],  # a card short (F4)
        (*hand, hand[0]),  # a card over
        (*hand[:-1], Card.parse("8S")),  # not in the pack for four (F3)
    ):
        with pytest.raises(InvalidInput) as raised:
            from_history(table, options, start, plays, wrong)
        refused.append(raised.value.key)
    assert refused == ["advice-hand-size", "advice-hand-size", "not-in-pack"]
    # A card already played twice cannot be held (F3).
    out = Counter([*seen, *position.trick])
    twice = next(card for card, n in out.items() if n == 2)
    with pytest.raises(InvalidInput) as raised:
        from_history(table, options, start, plays, (*hand[:-1], twice))
    assert raised.value.key == "advice-hand-copies"
    # Nor a suit the mover showed it holds none of (F12).
    mover = position.seat
    shown = voids.get(mover, frozenset())
    unplayed = [c for c in set(deck(4)) if c.suit in shown and out[c] + hand.count(c) < 2]
    assert shown and unplayed
    with pytest.raises(InvalidInput) as raised:
        from_history(table, options, start, plays, (*hand[:-1], unplayed[0]))
    assert raised.value.key == "advice-hand-void"
