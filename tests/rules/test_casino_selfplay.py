"""Random play-outs of whole Casino deals: what must always hold (K1, K2, K10-K12).

Every play is legal under check; the 52 cards end in the sides' piles, each once; the
deal's points, counted here from the piles alone (K11, an oracle apart from score.py), are
11 less what ties leave unscored, and sweeps add to them only with the option on (K12).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from scorekeeper.rules.cards import Card, Suit, full_deck
from scorekeeper.rules.casino.moves import Capture
from scorekeeper.rules.casino.play import apply, check
from scorekeeper.rules.casino.selfplay import Deal, play_deal

SHAPES = [(2, False), (3, False), (4, False), (4, True)]  # K1
DEALS = 25
BIG_CASINO = Card(10, Suit.DIAMONDS)
LITTLE_CASINO = Card(2, Suit.SPADES)


def most(counts: list[int], points: int) -> list[int]:
    """K11: the points to the one side with most; nothing to anyone on a tie."""
    best = max(counts)
    if counts.count(best) > 1:
        return [0] * len(counts)
    return [points if n == best else 0 for n in counts]


def k11_points(piles: tuple[tuple[Card, ...], ...]) -> list[int]:
    """Each side's points for the deal, from its captured cards alone (K11)."""
    cards = most([len(p) for p in piles], 3)
    spades = most([sum(c.suit is Suit.SPADES for c in p) for p in piles], 1)
    return [
        cards[side]
        + spades[side]
        + sum(c.rank == 1 for c in pile)
        + 2 * (BIG_CASINO in pile)
        + (LITTLE_CASINO in pile)
        for side, pile in enumerate(piles)
    ]


def unscored(piles: tuple[tuple[Card, ...], ...]) -> int:
    """The points a tie for most cards (3) or most spades (1) leaves to nobody."""
    cards = [len(p) for p in piles]
    spades = [sum(c.suit is Suit.SPADES for c in p) for p in piles]
    return 3 * (cards.count(max(cards)) > 1) + (spades.count(max(spades)) > 1)


def check_deal(deal: Deal, players: int) -> None:
    """The invariants of one deal."""
    for position, move in deal.plays:
        assert check(position, move) is None, (position.to_json(), move.to_json())
    every = [card for pile in deal.captured for card in pile]
    assert Counter(every) == Counter(full_deck())  # 52 cards, each once
    assert len(deal.plays) == 48  # K2: 4 to the table, the other 48 played
    assert len(deal.captured) == deal.table.teams
    points = k11_points(deal.captured)
    assert sum(points) + unscored(deal.captured) == 11
    last, move = deal.plays[-1]
    assert last.last_play and all(not p.last_play for p, _ in deal.plays[:-1])
    hands = Counter(len(p.hand) for p, _ in deal.plays)
    assert hands == {n: 48 // 4 for n in (1, 2, 3, 4)}  # K2: hands of 4, refilled when empty
    assert {p.seat for p, _ in deal.plays} == set(range(players))


@pytest.mark.parametrize(("players", "partnerships"), SHAPES)
@pytest.mark.parametrize("variant", ["classic", "royal"])
def test_random_deals(players: int, partnerships: bool, variant: str) -> None:
    """25 random deals per shape and variant, with sweeps on."""
    for seed in range(DEALS):
        deal = play_deal(random.Random(seed), players, partnerships, variant, sweeps=True)
        check_deal(deal, players)
        captures = [m for _, m in deal.plays[:-1] if isinstance(m, Capture)]
        assert sum(deal.sweeps) <= len(captures)  # K12: never on the last play


@pytest.mark.parametrize("aces", ["choice", "capturing", "one"])
@pytest.mark.parametrize(("players", "partnerships"), SHAPES)
def test_random_royal_deals_under_each_aces_option(
    players: int, partnerships: bool, aces: str
) -> None:
    """K3: 10 random Royal deals per shape under each `aces` option keep every invariant, and
    an ace plays as 14 only where the option lets it (never in a build, or ever)."""
    for seed in range(10):
        deal = play_deal(random.Random(seed), players, partnerships, "royal", True, aces=aces)
        check_deal(deal, players)
        assert all(p.aces == aces for p, _ in deal.plays)
        high = [m for _, m in deal.plays if getattr(m, "ace_high", False)]
        if aces == "one":
            assert not high
        if aces == "capturing":
            assert all(isinstance(m, Capture) for m in high)


def test_sweeps_count_only_with_the_option() -> None:
    """K12: with sweeps off no deal records one; with them on, some deals do."""
    off = [play_deal(random.Random(s), 2, variant="royal").sweeps for s in range(30)]
    on = [play_deal(random.Random(s), 2, variant="royal", sweeps=True).sweeps for s in range(30)]
    assert all(sum(s) == 0 for s in off)
    assert any(sum(s) for s in on)


def test_the_residue_goes_to_the_last_capturer() -> None:
    """K10: the table cards left at the end are in the pile of the side that captured last."""
    for seed in range(10):
        deal = play_deal(random.Random(seed), 3, variant="classic")
        last_side = next(
            deal.table.team_of(p.seat) for p, m in reversed(deal.plays) if isinstance(m, Capture)
        )
        after = apply(*deal.plays[-1]).position
        left = [*after.loose, *(c for b in after.builds for c in b.cards)]
        assert set(left) <= set(deal.captured[last_side])


def test_the_same_seed_plays_the_same_deal() -> None:
    """Randomness comes only from the Random passed in."""
    one = play_deal(random.Random(5), 4, True, "royal", True)
    two = play_deal(random.Random(5), 4, True, "royal", True)
    assert one == two
