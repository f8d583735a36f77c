"""What a card is worth in Casino (K3), and splitting table cards into sets of a value.

Classic: A=1 … 10=10; J, Q, K have no number value and only pair. Royal: J=11, Q=12,
K=13, and an ace counts 1 or 14 at the player's choice. The played ace's value is chosen
by the move (`"ace": 14`); an ace on the table may be a set of 14 on its own whenever sets
of 14 are made (14 is the highest value, so an ace counting 14 is always a set alone).

>>> values(Card.parse("AS"), ROYAL), values(Card.parse("QS"), CLASSIC)
((1, 14), ())
>>> splits([10, 4, 1], 14, ROYAL), splits([10, 4, 1], 14, CLASSIC), splits([13], 14, ROYAL, 1)
(True, False, True)
"""

from __future__ import annotations

from collections.abc import Iterable

from ..cards import Card
from ..sets import splits_into, values_key

CLASSIC, ROYAL = "classic", "royal"
VARIANTS = (CLASSIC, ROYAL)
ACE, ACE_HIGH = 1, 14
BUILD_VALUES = {CLASSIC: range(2, 11), ROYAL: range(2, 15)}  # K5


def is_face(card: Card, variant: str) -> bool:
    """Whether the card only pairs (K3: a classic J, Q or K)."""
    return variant == CLASSIC and card.rank > 10


def values(card: Card, variant: str) -> tuple[int, ...]:
    """The values the card may be played as (K3): none for a classic face card."""
    if is_face(card, variant):
        return ()
    if variant == ROYAL and card.rank == ACE:
        return (ACE, ACE_HIGH)
    return (card.rank,)


def played_value(card: Card, variant: str, ace_high: bool) -> int:
    """The value a move plays the card as: its rank, or 14 for a Royal ace so chosen."""
    return ACE_HIGH if ace_high and variant == ROYAL and card.rank == ACE else card.rank


def held(hand: Iterable[Card], variant: str) -> set[int]:
    """Every value a card of the hand could be played as (K9: holding a build's value)."""
    return {v for card in hand for v in values(card, variant)}


def splits(
    table_values: Iterable[int], target: int, variant: str, played: int | None = None
) -> bool:
    """Whether table cards' values (with a played card's) split into sets of `target` (K4-K6).

    A 1 on the table is an ace: in Royal it may count 14 (K3), a set of its own of 14; the
    played card counts what the move chose.
    """
    table = values_key(table_values)
    every = table if played is None else values_key((played, *table))
    if variant != ROYAL or target != ACE_HIGH:
        return splits_into(every, target)
    aces = every.count(ACE)
    rest = every[: len(every) - aces]  # the 1s come last, high to low
    return any(
        splits_into(rest + (ACE,) * (aces - high), target) for high in range(table.count(ACE) + 1)
    )
