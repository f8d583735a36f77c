"""Every legal move of a position, listed lazily and counted exactly, without brute force.

The search over how many loose cards of each value to take is shared with Casino
(rules/floor.py); what Seep's captures and builds accept is Seep's (C1, C2, B1, H2), and whose
house may be raised is play.py's own answer (R1, R3).

Each play is listed once (API.md "Listing legal moves": a move is a play, not a way of
writing it). A new house absorbs every loose card of its value (H2) whether the build names
it or not, so a build is written naming none of them: its choices take only smaller values.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial

from .. import floor as value_counts
from ..cards import Card
from ..floor import NOTHING, Chosen
from .moves import Build, Capture, Move, Raise, Throw
from .play import can_capture, owner_refusal
from .position import HOUSE_VALUES, Position

Choice = value_counts.Choice[Move]
Survey = value_counts.Survey[Move]


class Floor(value_counts.Floor):
    """The loose cards by rank, with Seep's captures (C1, C2) and builds (B1, H2) over them."""

    def captures(self, value: int, maximal: bool) -> Chosen:
        """Choices that split into groups of `value` (C1) and, if maximal, leave none (C2)."""

        def accepted() -> int:
            sets = self.splits(value)
            return sets.leaving_none() if maximal else sets.splitting

        key = ("capture" if maximal else "free", value, 0)
        return self.select(key, accepted, self.by_total)

    def builds(self, value: int, card_rank: int, absorbing: bool) -> Chosen:
        """Choices that, with a card of `card_rank`, split into sets of `value` (B1)."""
        # H2: a new house takes the loose cards of `value` anyway, so an absorbing build
        # names none; each is a set of its own, so the other cards still make sets.
        most = value - 1 if absorbing else value

        def accepted() -> int:
            return self.splits(value).with_played(card_rank) & self.up_to(most)

        key = ("absorbing" if absorbing else "build", value, card_rank)
        return self.select(key, accepted, self.by_total)


def choices(position: Position, floor: Floor) -> Iterator[Choice]:
    """The legal moves, grouped by card and kind, in hand order."""
    owned = {h.value for h in position.houses if position.seat in h.owners}
    ranks_in_hand = [c.rank for c in position.hand]
    seen: set[Card] = set()
    for card in position.hand:
        if card in seen:
            continue
        seen.add(card)

        def holds(values: set[int], card: Card = card) -> bool:
            # H5: after playing `card`, a card of each owned house's value is still in hand.
            return all(ranks_in_hand.count(v) - (card.rank == v) > 0 for v in values)

        yield from _captures(position, floor, card, owned, holds)
        yield from _builds(position, floor, card, owned, holds)
        yield from _raises(position, floor, card, owned, holds)
        yield from _throws(position, floor, card, owned, holds)


Holds = Callable[[set[int]], bool]


def _capture(card: Card, house: bool, loose: frozenset[Card]) -> Move:
    return Capture(card, loose, house)


def _build(card: Card, value: int, loose: frozenset[Card]) -> Move:
    return Build(card, value, loose)


def _raise(card: Card, house: int, _: frozenset[Card]) -> Move:
    return Raise(card, house)


def _throw(card: Card, _: frozenset[Card]) -> Move:
    return Throw(card)


def _captures(
    position: Position, floor: Floor, card: Card, owned: set[int], holds: Holds
) -> Iterator[Choice]:
    value, bid = card.rank, position.opening_bid
    if bid is not None and value != bid:
        return  # S3
    maximal = position.options["capture"] == "maximal"
    house = position.house(value)
    flags = [True] if house and maximal else [False, True] if house else [False]
    for take_house in flags:
        if not holds(owned - {value} if take_house else owned):
            continue
        chosen = floor.captures(value, maximal)
        chosen = chosen if take_house else chosen.without(NOTHING)
        if chosen:
            yield Choice(card, "capture", chosen, partial(_capture, card, take_house))


def _builds(
    position: Position, floor: Floor, card: Card, owned: set[int], holds: Holds
) -> Iterator[Choice]:
    for value in HOUSE_VALUES:
        if card.rank > value or (position.opening_bid not in (None, value)):
            continue
        house = position.house(value)
        owner = house is None or position.seat in position.owners_after_adding(house)
        if not holds(owned | {value} if owner else owned):
            continue  # H5, B4
        # H2: a new house absorbs the loose cards of its value, so the build names none (one
        # writing per play); B2: its loose card may be one of those, and adding needs none.
        absorbing = house is None and value in floor.cards
        bare = house is not None or absorbing
        chosen = floor.builds(value, card.rank, absorbing)
        chosen = chosen if bare else chosen.without(NOTHING)
        if chosen:
            yield Choice(card, "build", chosen, partial(_build, card, value))


def _raises(
    position: Position, floor: Floor, card: Card, owned: set[int], holds: Holds
) -> Iterator[Choice]:
    if position.opening_bid is not None:
        return  # S3
    for house in position.houses:
        new_value = house.value + card.rank
        if (
            owner_refusal(position, house) is None  # R1, R3
            and not house.cemented  # H3
            and new_value <= max(HOUSE_VALUES)  # R1
            and holds(owned - {house.value} | {new_value})  # R2 (R3: one's own house goes)
        ):
            yield Choice(card, "raise", floor.taking_none, partial(_raise, card, house.value))


def _throws(
    position: Position, floor: Floor, card: Card, owned: set[int], holds: Holds
) -> Iterator[Choice]:
    value, bid = card.rank, position.opening_bid
    capturing = can_capture(position, card)
    if bid is not None and (value != bid or capturing):
        return  # S3
    if position.house(value) is not None:
        return  # T2
    if position.options["throw"] == "matching":
        if value in floor.cards:
            return  # T3, the Portuguese reading
    elif capturing:
        return  # T3
    if holds(owned):
        yield Choice(card, "throw", floor.taking_none, partial(_throw, card))


def survey(position: Position) -> Survey:
    """Search the position once, lazily."""
    floor = Floor(position.loose)
    return value_counts.Survey(floor, choices(position, floor))


def legal_moves(position: Position) -> Iterator[Move]:
    """Every legal move, lazily, grouped by card in hand order (agrees with check())."""
    return survey(position).moves()


def count_moves(position: Position) -> int:
    """The exact number of legal moves, without listing them."""
    return survey(position).count()
