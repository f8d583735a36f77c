"""Seep's card values: capture values and the 17 point cards (100 points)."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import repeat

from ..cards import Card, Suit

# Every spade scores its capture value; the other aces 1 each; 10♦ scores 6.
POINTS: dict[Card, int] = {Card(rank, Suit.SPADES): rank for rank in range(1, 14)} | {
    Card(1, Suit.HEARTS): 1,
    Card(1, Suit.DIAMONDS): 1,
    Card(1, Suit.CLUBS): 1,
    Card(10, Suit.DIAMONDS): 6,
}
POINT_CARDS: tuple[Card, ...] = tuple(POINTS)
# The same by a card's canonical name: stored records are read back by name, and a str hashes
# in C where a Card's hash is a Python call (it made half of a club's first statistics).
POINTS_BY_NAME: dict[str, int] = {str(card): value for card, value in POINTS.items()}
TOTAL_POINTS = sum(POINTS.values())


def card_points(cards: Iterable[Card]) -> int:
    """The points in a pile of captured cards."""
    return sum(POINTS.get(card, 0) for card in cards)


def stored_points(names: Iterable[str]) -> int:
    """The points in a pile of captured cards, stored by canonical name."""
    return sum(map(POINTS_BY_NAME.get, names, repeat(0)))
