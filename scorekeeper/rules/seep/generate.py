"""Every legal move of a position, listed lazily and counted exactly, without brute force.

Which loose cards a capture or build may take depends only on their values, so the search
runs over how many cards of each value to take (a few thousand choices even on a crowded
floor) instead of over every subset of cards (2**n). Each accepted choice stands for the
product of the ways to pick that many cards of each value.

Each play is listed once (API.md "Listing legal moves": a move is a play, not a way of
writing it). A new house absorbs every loose card of its value (H2) whether the build names
it or not, so a build is written naming none of them: its choices take only smaller values.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import combinations, product
from math import comb, prod

from ..cards import Card
from ..errors import InvalidInput
from .moves import Build, Capture, Move, Raise, Throw
from .play import can_capture
from .position import HOUSE_VALUES, Position
from .sets import has_subset_sum, splits_into, values_key

Counts = tuple[int, ...]  # how many loose cards of each value in `Floor.ranks` are taken
# The search visits every choice of counts; past this many, a floor is refused rather than
# searched for seconds. Real floors stay far below (20 loose cards of values 1–5: 3,125).
MOST_CHOICES = 50_000


@dataclass(frozen=True)
class Choice:
    """One kind of move for one card: the loose-card choices it accepts, and how to spell it."""

    card: Card
    kind: str
    counts: tuple[Counts, ...]
    make: Callable[[frozenset[Card]], Move]


class Floor:
    """The loose cards grouped by value, with the searches over them."""

    def __init__(self, loose: Sequence[Card]) -> None:
        self.ranks = tuple(sorted({c.rank for c in loose}))
        self.cards = {r: tuple(c for c in loose if c.rank == r) for r in self.ranks}
        self.sizes = tuple(len(self.cards[r]) for r in self.ranks)
        self.everything = values_key(c.rank for c in loose)  # every loose value, high to low
        self.nothing: Counts = (0,) * len(self.ranks)
        if prod(m + 1 for m in self.sizes) > MOST_CHOICES:
            raise InvalidInput(
                "too-crowded",
                f"{len(loose)} loose cards of so many values are too many to list every move.",
            )
        self._cache: dict[tuple[str, int, int], tuple[Counts, ...]] = {}
        self._totals: dict[int, dict[int, list[Counts]]] = {}
        self._spelled: dict[Counts, tuple[int, ...]] = {}

    def captures(self, value: int, maximal: bool) -> tuple[Counts, ...]:
        """Choices that split into groups of `value` (C1) and, if maximal, leave none (C2)."""
        key = ("capture" if maximal else "free", value, 0)
        if key not in self._cache:
            self._cache[key] = tuple(
                counts
                for counts in self._totalling(value, 0, value)
                if splits_into(self._values(counts), value)
                and not (maximal and has_subset_sum(self._rest(counts), value))
            )
        return self._cache[key]

    def builds(self, value: int, card_rank: int, absorbing: bool) -> tuple[Counts, ...]:
        """Choices that, with a card of `card_rank`, split into sets of `value` (B1)."""
        key = ("absorbing" if absorbing else "build", value, card_rank)
        if key not in self._cache:
            # H2: a new house takes the loose cards of `value` anyway, so an absorbing build
            # names none; each is a set of its own, so the other cards still make sets.
            most = value - 1 if absorbing else value
            self._cache[key] = tuple(
                counts
                for counts in self._totalling(value, card_rank, most)
                if splits_into(values_key((card_rank, *self._values(counts))), value)
            )
        return self._cache[key]

    def ways(self, counts: Counts) -> int:
        """How many sets of cards a choice of counts stands for."""
        return prod(comb(m, k) for m, k in zip(self.sizes, counts, strict=True))

    def spell(self, counts: Counts) -> Iterator[frozenset[Card]]:
        """Each set of cards a choice of counts stands for."""
        pools = [combinations(self.cards[r], k) for r, k in zip(self.ranks, counts, strict=True)]
        for picked in product(*pools):
            yield frozenset(card for group in picked for card in group)

    def _totalling(self, value: int, extra: int, most: int) -> Iterator[Counts]:
        """Choices of values up to `most` whose total plus `extra` is a multiple of `value`."""
        by_total = self._choices(most)
        for total in range(-extra % value, max(by_total) + 1, value):
            yield from by_total.get(total, ())

    def _choices(self, most: int) -> dict[int, list[Counts]]:
        """Every choice of counts taking only values up to `most`, by its total."""
        if most not in self._totals:
            choices: list[tuple[Counts, int]] = [((), 0)]
            for rank in self.ranks:
                limit = len(self.cards[rank]) if rank <= most else 0
                choices = [
                    ((*counts, k), total + k * rank)
                    for counts, total in choices
                    for k in range(limit + 1)
                ]
            by_total: dict[int, list[Counts]] = {}
            for counts, total in choices:
                by_total.setdefault(total, []).append(counts)
            self._totals[most] = by_total
        return self._totals[most]

    def _values(self, counts: Counts) -> tuple[int, ...]:
        """The values a choice takes, high to low."""
        values = self._spelled.get(counts)
        if values is None:
            pairs = zip(reversed(self.ranks), reversed(counts), strict=True)
            values = self._spelled[counts] = tuple(rank for rank, k in pairs for _ in range(k))
        return values

    def _rest(self, counts: Counts) -> tuple[int, ...]:
        """The values a choice leaves, high to low."""
        left = tuple(m - k for m, k in zip(self.sizes, counts, strict=True))
        return self._values(left)


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
        counts = tuple(c for c in floor.captures(value, maximal) if take_house or any(c))
        if counts:
            yield Choice(card, "capture", counts, partial(_capture, card, take_house))


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
        counts = tuple(c for c in floor.builds(value, card.rank, absorbing) if bare or any(c))
        if counts:
            yield Choice(card, "build", counts, partial(_build, card, value))


def _raises(
    position: Position, floor: Floor, card: Card, owned: set[int], holds: Holds
) -> Iterator[Choice]:
    if position.opening_bid is not None:
        return  # S3
    for house in position.houses:
        new_value = house.value + card.rank
        if (
            position.seat not in house.owners  # R1
            and not house.cemented  # H3
            and new_value <= max(HOUSE_VALUES)  # R1
            and holds(owned | {new_value})  # R2
        ):
            yield Choice(card, "raise", (floor.nothing,), partial(_raise, card, house.value))


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
        yield Choice(card, "throw", (floor.nothing,), partial(_throw, card))


@dataclass(frozen=True)
class Survey:
    """One search of a position's legal moves, read as a listing, a count or a summary."""

    floor: Floor
    choices: tuple[Choice, ...]

    def moves(self) -> Iterator[Move]:
        """Every legal move, lazily, grouped by card in hand order."""
        for choice in self.choices:
            for counts in choice.counts:
                yield from map(choice.make, self.floor.spell(counts))

    def count(self) -> int:
        """The exact number of legal moves, without listing them."""
        return sum(self.floor.ways(c) for choice in self.choices for c in choice.counts)

    def by_card(self) -> list[dict[str, object]]:
        """How many legal moves each card has, by kind: for people, not a dump of moves."""
        by_card: dict[Card, dict[str, int]] = {}
        for choice in self.choices:
            kinds = by_card.setdefault(choice.card, {})
            ways = sum(self.floor.ways(c) for c in choice.counts)
            kinds[choice.kind] = kinds.get(choice.kind, 0) + ways
        return [
            {"card": str(card), "count": sum(kinds.values()), "actions": kinds}
            for card, kinds in by_card.items()
        ]


def survey(position: Position) -> Survey:
    """Search the position once."""
    floor = Floor(position.loose)
    return Survey(floor, tuple(choices(position, floor)))


def legal_moves(position: Position) -> Iterator[Move]:
    """Every legal move, lazily, grouped by card in hand order (agrees with check())."""
    return survey(position).moves()


def count_moves(position: Position) -> int:
    """The exact number of legal moves, without listing them."""
    return survey(position).count()
