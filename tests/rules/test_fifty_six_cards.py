"""Fifty-six's pack against rules/fifty-six.md F1 and F3–F5.

Ranks and points are written out from the rules text, not read off the engine.
"""

from __future__ import annotations

import doctest
from collections import Counter
from itertools import pairwise

import pytest

from scorekeeper.rules import InvalidInput
from scorekeeper.rules.cards import Card, Suit
from scorekeeper.rules.fifty_six import cards
from scorekeeper.rules.fifty_six.cards import (
    POINTS,
    RANKS_HIGH_TO_LOW,
    card_points,
    check_players,
    deck,
    hand_size,
    in_pack,
    strength,
)

from .helpers import said

SUITS = "SHDC"
# F3: 4 or 6 players: J 9 A 10 K Q of each suit, twice; 8 players add 8 and 7.
SIX = ["J", "9", "A", "10", "K", "Q"]
EIGHT = [*SIX, "8", "7"]
# F5: J 3, 9 2, A 1, 10 1, others 0.
RULE_POINTS = {"J": 3, "9": 2, "A": 1, "10": 1, "K": 0, "Q": 0, "8": 0, "7": 0}


def pack(ranks: list[str]) -> Counter[Card]:
    return Counter({Card.parse(rank + suit): 2 for suit in SUITS for rank in ranks})


@pytest.mark.parametrize(
    ("players", "size", "ranks"),
    [
        pytest.param(4, 48, SIX, id="F3: 4 players, 48 cards"),
        pytest.param(6, 48, SIX, id="F3: 6 players, 48 cards"),
        pytest.param(8, 64, EIGHT, id="F3: 8 players, 64 cards with 8s and 7s"),
    ],
)
def test_the_deck_is_two_packs_of_the_ranks_f3_names(
    players: int, size: int, ranks: list[str]
) -> None:
    assert len(deck(players)) == size
    assert Counter(deck(players)) == pack(ranks)


@pytest.mark.parametrize("players", [4, 6, 8], ids=lambda n: f"F5: 56 points with {n} players")
def test_every_deck_holds_56_points(players: int) -> None:
    assert card_points(deck(players)) == 56
    by_rule = sum(RULE_POINTS[c.rank_name] for c in deck(players))
    assert by_rule == 56


@pytest.mark.parametrize(
    ("players", "hand"),
    [
        pytest.param(4, 12, id="F4: 12 each with 4"),
        pytest.param(6, 8, id="F4: 8 each with 6"),
        pytest.param(8, 8, id="F4: 8 each with 8"),
    ],
)
def test_hands_share_out_the_whole_deck(players: int, hand: int) -> None:
    assert hand_size(players) == hand
    assert hand * players == len(deck(players))


def test_points_and_rank_order_are_the_rules_tables() -> None:
    names = [Card(rank, Suit.SPADES).rank_name for rank in RANKS_HIGH_TO_LOW]
    assert names == EIGHT  # F5: J 9 A 10 K Q (8 7)
    assert {Card(r, Suit.HEARTS).rank_name: p for r, p in POINTS.items()} == {
        k: v for k, v in RULE_POINTS.items() if v
    }


@pytest.mark.parametrize(
    ("higher", "lower"),
    list(pairwise(EIGHT)),
    ids=lambda r: r,
)
def test_strength_follows_f5(higher: str, lower: str) -> None:
    assert strength(Card.parse(higher + "D")) > strength(Card.parse(lower + "D"))


@pytest.mark.parametrize(
    ("card", "players", "inside"),
    [
        ("8H", 4, False),
        ("7C", 6, False),
        ("8H", 8, True),
        ("7C", 8, True),
        ("6S", 8, False),
        ("2D", 4, False),
        ("QS", 4, True),
    ],
    ids=lambda v: str(v),
)
def test_f3_which_cards_are_in_the_pack(card: str, players: int, inside: bool) -> None:
    assert in_pack(Card.parse(card), players) is inside


@pytest.mark.parametrize("players", [2, 3, 5, 7, 10, True, "4", 4.0, None])
def test_f1_only_4_6_or_8_players(players: object) -> None:
    with pytest.raises(InvalidInput) as caught:
        check_players(players)
    assert caught.value.code == "bad-players"
    assert "F1" in said(caught.value)


def test_module_doctests() -> None:
    failed, attempted = doctest.testmod(cards)
    assert attempted > 0
    assert failed == 0
