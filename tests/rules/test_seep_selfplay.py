"""Random play-outs of whole Seep deals (rules/seep.md S1–S4, C4, E1–E2, H5).

Each configuration (2 or 4 players, capture maximal/free, throw strict/matching, R3's raise
options) plays its
deals once; every test then checks one thing that must hold in every one of them.
Cards and points are written out from the rules text, not read off the engine.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from typing import Any

import pytest

from scorekeeper.rules import Table, get_game
from scorekeeper.rules.cards import Card
from scorekeeper.rules.seep.generate import legal_moves
from scorekeeper.rules.seep.moves import Build, Capture, Move, Raise, Throw
from scorekeeper.rules.seep.play import check
from scorekeeper.rules.seep.position import Position
from scorekeeper.rules.seep.record import Bid, Sweep, parse_deal
from scorekeeper.rules.seep.selfplay import (
    SelfPlayDeal,
    SelfPlayError,
    play_deal,
    play_deals,
    random_policy,
)

from .helpers import CONFIGS, PLAY_OPTIONS

DEALS = 40  # per configuration: 8 configurations, 320 deals
PLAYS = 48  # S4
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
DECK = Counter(Card.parse(rank + suit) for suit in "SHDC" for rank in RANKS)
# rules/seep.md "Cards": every spade its capture value, the other aces 1, 10♦ 6: 100 in all.
POINTS = {Card.parse(r + "S"): value for value, r in enumerate(RANKS, 1)} | {
    Card.parse(c): value for c, value in {"AH": 1, "AD": 1, "AC": 1, "10D": 6}.items()
}
SWEEP_VALUES = {"opening": 25, "play": 50, "last": 0}  # C4


@cache
def played(players: int, **options: str) -> tuple[SelfPlayDeal, ...]:
    """The configuration's deals, played once and shared by every test."""
    seed = 1000 * players + 10 * len(options["capture"]) + len(options["throw"])
    return tuple(play_deals(DEALS, seed, players, options))


def points_of(cards: Any) -> int:
    return sum(POINTS.get(card, 0) for card in cards)


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_all_52_cards_are_on_the_table_after_every_play(
    players: int, options: dict[str, str]
) -> None:
    for deal in played(players, **options):
        for board in [*(play.board for play in deal.plays), deal.end]:
            # Hands, loose cards, houses, undealt stock and captured piles: the deck, once each.
            assert Counter(board.cards()) == DECK
        for play in deal.plays:
            # The mover sees their own hand and the real floor.
            assert play.position.hand == play.board.hands[play.seat]
            position, board = play.position, play.board
            assert (position.loose, position.houses) == (board.loose, board.houses)


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_points_total_100_plus_the_sweeps(players: int, options: dict[str, str]) -> None:
    for deal in played(players, **options):
        team0, team1 = deal.record.captured
        assert points_of(team0) + points_of(team1) == 100
        assert deal.record.card_points() == (points_of(team0), points_of(team1))
        sweeps = sum(SWEEP_VALUES[s.when] for s in deal.record.sweeps)
        assert sum(deal.record.points()) == 100 + sweeps
        # The record's sweeps are exactly the plays that cleared the floor, in order (C4).
        swept = [p for p in deal.plays if p.outcome.sweep]
        assert [s.team for s in deal.record.sweeps] == [p.seat % 2 for p in swept]
        assert sweeps == sum(p.outcome.sweep_points for p in swept)


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_sweeps_are_opening_only_on_the_first_play_and_last_only_on_the_48th(
    players: int, options: dict[str, str]
) -> None:
    for deal in played(players, **options):
        whens = iter(deal.record.sweeps)
        for n, play in enumerate(deal.plays):
            if play.outcome.sweep:
                expected = "opening" if n == 0 else "last" if n == PLAYS - 1 else "play"
                assert next(whens).when == expected
            else:
                assert play.outcome.sweep_points == 0


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_every_deal_ends_after_48_plays_with_an_empty_table(
    players: int, options: dict[str, str]
) -> None:
    for deal in played(players, **options):
        assert len(deal.plays) == PLAYS
        end = deal.end
        assert end.houses == ()  # H5, E1: no house can remain
        assert (end.loose, end.stock, end.hands) == ((), (), ((),) * players)
        # Only the 48th play is the last; only the first carries the bid.
        assert [p.position.last_play for p in deal.plays] == [False] * (PLAYS - 1) + [True]
        assert [p.position.opening_bid is not None for p in deal.plays] == [True] + [False] * 47


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_every_play_made_is_legal(players: int, options: dict[str, str]) -> None:
    for deal in played(players, **options):
        for play in deal.plays:
            assert play.position.options == options
            assert check(play.position, play.move) is None, (play.position, play.move)


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_the_raises_made_are_of_the_houses_r3_allows(players: int, options: dict[str, str]) -> None:
    """R1, R3: an opponent's house is raised in every configuration; one's own only with
    raise_own: on, and it is, now and then; a partner's only with raise_partner: on."""
    raised: Counter[str] = Counter()
    for deal in played(players, **options):
        for play in deal.plays:
            if isinstance(play.move, Raise):
                owners = next(h.owners for h in play.position.houses if h.value == play.move.house)
                mine = {s for s in range(players) if s % 2 == play.seat % 2}
                whose = "own" if play.seat in owners else "partner" if owners & mine else "other"
                raised[whose] += 1
    assert raised["other"], raised
    assert bool(raised["own"]) is (options["raise_own"] == "on"), raised
    if options["raise_partner"] == "off" or players == 2:
        assert not raised["partner"], raised
    else:
        assert raised["partner"], raised


def uses(move: Move, bid: int) -> bool:
    """S3: build a house of the bid, capture with a card of the bid, or throw one."""
    if isinstance(move, Build):
        return move.value == bid
    return isinstance(move, Capture | Throw) and move.card.rank == bid


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_the_bidder_after_the_dealer_bids_a_held_value_and_opens_with_it(
    players: int, options: dict[str, str]
) -> None:
    for n, deal in enumerate(played(players, **options)):
        bid, opening = deal.record.bid, deal.plays[0]
        assert bid is not None
        assert deal.record.dealer == n % players  # the deal passes round
        assert bid.seat == opening.seat == (n + 1) % players  # S1
        assert 9 <= bid.value <= 13
        assert bid.value in {card.rank for card in opening.position.hand}  # S2
        assert opening.position.opening_bid == bid.value
        assert uses(opening.move, bid.value), opening.move  # S3


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_hands_are_dealt_and_played_in_turn_as_s1_and_s4_say(
    players: int, options: dict[str, str]
) -> None:
    for deal in played(players, **options):
        bidder = deal.plays[0].seat
        sizes = [[len(hand) for hand in play.board.hands] for play in deal.plays]
        # S1: 4 to the bidder, 4 to the floor (two players: 4 to the dealer too).
        first = [4 if seat == bidder or players == 2 else 0 for seat in range(players)]
        assert sizes[0] == first
        assert len(deal.plays[0].board.loose) == 4
        # S4: after the opening play the bidder holds 11, everyone else 12.
        assert sizes[1] == [11 if seat == bidder else 12 for seat in range(players)]
        if players == 2:
            # Both hands empty after 24 plays: 12 more each, no new floor cards.
            assert sizes[24] == [12, 12]
            assert deal.plays[24].board.stock == ()
        # Play goes round from the bidder, seat after seat.
        assert [p.seat for p in deal.plays] == [(bidder + n) % players for n in range(PLAYS)]


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_the_loose_cards_left_go_to_the_last_capturer_without_a_sweep(
    players: int, options: dict[str, str]
) -> None:
    for deal in played(players, **options):
        last = deal.plays[-1].outcome.position
        capturer = [p.seat % 2 for p in deal.plays if p.outcome.captured][-1]
        assert set(last.loose) <= set(deal.record.captured[capturer])  # E1
        assert len(deal.record.sweeps) == sum(p.outcome.sweep for p in deal.plays)


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_the_record_is_one_the_score_keeper_accepts(players: int, options: dict[str, str]) -> None:
    table = Table(2, players // 2)
    for deal in played(players, **options):
        raw = deal.record.to_json()
        assert parse_deal(raw, table) == deal.record
        assert get_game("seep").parse_deal(raw, table, {}) == raw


def test_the_same_seed_plays_the_same_deals_and_another_seed_does_not() -> None:
    def moves(seed: int) -> list[tuple[Move, ...]]:
        return [deal.moves for deal in play_deals(3, seed, 2)]

    assert moves(11) == moves(11)
    assert moves(11) != moves(12)
    again = list(play_deals(DEALS, 1000 * 4 + 10 * len("maximal") + len("strict"), 4))
    assert [d.record for d in again] == [d.record for d in played(4, **PLAY_OPTIONS[0])]


class StackedDeck(random.Random):
    """A Random whose first shuffle puts chosen cards on top (to the bidder)."""

    def __init__(self, top: list[Card], seed: int) -> None:
        super().__init__(seed)
        self.top: list[Card] | None = top

    def shuffle(self, x: Any) -> None:
        super().shuffle(x)
        if self.top is not None:
            rest = [card for card in x if card not in self.top]
            x[:] = [*self.top, *rest]
            self.top = None


@pytest.mark.parametrize("players", [4, 2])
def test_a_bidder_with_no_card_above_8_is_dealt_again_by_the_same_dealer(players: int) -> None:
    low = [Card.parse(c) for c in ("8S", "7H", "AD", "2C")]
    deal = play_deal(StackedDeck(low, seed=5), dealer=1, players=players)
    assert deal.redeals == 1  # S2
    assert deal.record.dealer == 1
    hand = deal.plays[0].position.hand
    assert hand != tuple(low)
    assert max(card.rank for card in hand) > 8


def captures_first(position: Position, rng: random.Random) -> Move:
    """A policy that captures whenever it can."""
    moves = list(legal_moves(position))
    return rng.choice([m for m in moves if isinstance(m, Capture)] or moves)


def test_an_opening_capture_that_clears_the_floor_is_a_sweep_of_25() -> None:
    # The bidder (seat 1) holds K♠ as the only card above 8, so bids 13; the floor 6 7 10 3
    # makes two groups of 13, and a maximal capture takes both (C2): an opening sweep (C4).
    top = [Card.parse(c) for c in ("KS", "2H", "4C", "8D", "6H", "7D", "10C", "3S")]
    deal = play_deal(StackedDeck(top, seed=8), dealer=0, policy=captures_first)
    assert deal.record.bid == Bid(1, 13)
    opening = deal.plays[0].outcome
    assert set(opening.captured) == {Card.parse(c) for c in ("KS", "6H", "7D", "10C", "3S")}
    assert deal.record.sweeps[0] == Sweep(1, "opening")
    assert deal.record.sweeps[0].points == 25
    later = sum(SWEEP_VALUES[s.when] for s in deal.record.sweeps[1:] if s.team == 1)
    assert deal.record.sweep_points()[1] == 25 + later


def test_a_bidder_can_bid_only_a_value_held() -> None:
    with pytest.raises(SelfPlayError, match="S2"):
        play_deal(random.Random(3), dealer=0, bidder_policy=lambda hand, rng: 7)


def test_a_policy_sees_every_position_and_its_moves_are_made() -> None:
    seen: list[Position] = []

    def first_move(position: Position, rng: random.Random) -> Move:
        seen.append(position)
        return random_policy(position, random.Random(0))

    deal = play_deal(random.Random(9), dealer=2, policy=first_move)
    assert deal.positions == tuple(seen)
    assert len(seen) == PLAYS
    assert seen[0].seat == 3
