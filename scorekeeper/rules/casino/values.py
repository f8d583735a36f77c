"""What a card is worth in Casino (K3), and splitting table cards into sets of a value.

Classic: A=1 … 10=10; J, Q, K have no number value and only pair. Royal: J=11, Q=12,
K=13, and an ace counts 1 or 14 as the option `aces` lets it. With `choice` (the default)
the played ace's value is chosen by the move (`"ace": 14`), and an ace on the table may be
a set of 14 on its own whenever sets of 14 are made (14 is the highest value, so an ace
counting 14 is always a set alone). With `capturing` only a played ace that captures may
count 14: aces in builds and on the table count 1. With `one` every ace counts 1.

>>> values(Card.parse("AS"), ROYAL), values(Card.parse("QS"), CLASSIC)
((1, 14), ())
>>> values(Card.parse("AS"), ROYAL, CAPTURING, building=True), values(Card.parse("AS"), ROYAL, ONE)
((1,), (1,))
>>> splits([10, 4, 1], 14, ROYAL), splits([10, 4, 1], 14, CLASSIC), splits([13], 14, ROYAL, 1)
(True, False, True)
>>> splits([13, 1, 1], 14, ROYAL), splits([13, 1, 1], 14, ROYAL, aces=CAPTURING)
(True, False)
"""

from __future__ import annotations

from collections.abc import Iterable

from ..cards import Card
from ..sets import splits_into, values_key

CLASSIC, ROYAL = "classic", "royal"
VARIANTS = (CLASSIC, ROYAL)
CHOICE, CAPTURING, ONE = "choice", "capturing", "one"  # K3: Royal's option `aces`
ACES = (CHOICE, CAPTURING, ONE)
ACE, ACE_HIGH = 1, 14
BUILD_VALUES = {CLASSIC: range(2, 11), ROYAL: range(2, 15)}  # K5


def is_face(card: Card, variant: str) -> bool:
    """Whether the card only pairs (K3: a classic J, Q or K)."""
    return variant == CLASSIC and card.rank > 10


def ace_high(variant: str, aces: str = CHOICE, *, building: bool = False) -> bool:
    """Whether a played ace may count 14 (K3): in Royal, unless `one`, or `capturing` in a build."""
    return variant == ROYAL and aces != ONE and not (building and aces == CAPTURING)


def values(
    card: Card, variant: str, aces: str = CHOICE, *, building: bool = False
) -> tuple[int, ...]:
    """The values the card may be played as (K3): none for a classic face card.

    `building`: the values it may have in a build or a raise, where `capturing` counts an ace 1.
    """
    if is_face(card, variant):
        return ()
    if card.rank == ACE and ace_high(variant, aces, building=building):
        return (ACE, ACE_HIGH)
    return (card.rank,)


def build_values(variant: str, aces: str = CHOICE) -> range:
    """The values a build may have (K5): Royal's 14 only where an ace may count 14 (K3)."""
    if variant == ROYAL and aces == ONE:
        return range(2, ACE_HIGH)  # K9: nobody could hold a card of 14
    return BUILD_VALUES[variant]


def played_value(card: Card, variant: str, ace_high: bool) -> int:
    """The value a move plays the card as: its rank, or 14 for a Royal ace so chosen."""
    return ACE_HIGH if ace_high and variant == ROYAL and card.rank == ACE else card.rank


def held(hand: Iterable[Card], variant: str, aces: str = CHOICE) -> set[int]:
    """Every value a card of the hand could take a build of (K9: holding a build's value)."""
    return {v for card in hand for v in values(card, variant, aces)}


def splits(
    table_values: Iterable[int],
    target: int,
    variant: str,
    played: int | None = None,
    aces: str = CHOICE,
) -> bool:
    """Whether table cards' values (with a played card's) split into sets of `target` (K4-K6).

    A 1 on the table is an ace: in Royal with `aces: choice` it may count 14 (K3), a set of
    its own of 14; the played card counts what the move chose.
    """
    table = values_key(table_values)
    every = table if played is None else values_key((played, *table))
    if not table_aces_high(variant, aces, target):
        return splits_into(every, target)
    count = every.count(ACE)
    rest = every[: len(every) - count]  # the 1s come last, high to low
    return any(
        splits_into(rest + (ACE,) * (count - high), target) for high in range(table.count(ACE) + 1)
    )


def table_aces_high(variant: str, aces: str, target: int) -> bool:
    """Whether an ace on the table may count 14 in sets of `target` (K3: only with `choice`)."""
    return variant == ROYAL and aces == CHOICE and target == ACE_HIGH
