"""Seep's card values: capture values and the 17 point cards (100 points)."""

from __future__ import annotations

from collections.abc import Iterable

from ..cards import Card, Suit

# Every spade scores its capture value; the other aces 1 each; 10♦ scores 6.
POINTS: dict[Card, int] = {Card(rank, Suit.SPADES): rank for rank in range(1, 14)} | {
    Card(1, Suit.HEARTS): 1,
    Card(1, Suit.DIAMONDS): 1,
    Card(1, Suit.CLUBS): 1,
    Card(10, Suit.DIAMONDS): 6,
}
POINT_CARDS: tuple[Card, ...] = tuple(POINTS)
TOTAL_POINTS = sum(POINTS.values())


def card_points(cards: Iterable[Card]) -> int:
    """The points in a pile of captured cards."""
    return sum(POINTS.get(card, 0) for card in cards)
