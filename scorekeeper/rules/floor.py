"""The search over value counts that lists and counts moves fast, shared by Seep and Casino.

Which loose cards a capture or build may take depends only on their values, so a search
runs over how many cards of each value to take (a few thousand choices even on a crowded
table) instead of over every subset of cards (2**n). Each accepted choice stands for the
product of the ways to pick that many cards of each value. What a choice must satisfy is
each game's rule; a card's value is the game's too (passed in, the rank by default).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations, islice, product
from math import comb, prod
from typing import Any, Generic, TypeVar

from .cards import Card
from .errors import InvalidInput
from .packed import Splits, pack
from .sets import values_key

Counts = tuple[int, ...]  # how many loose cards of each value in `Floor.ranks` are taken
# The search visits every choice of counts; past this many, a table is refused rather than
# searched for seconds. Real tables stay far below (20 loose cards of values 1–5: 3,125).
MOST_CHOICES = 50_000
M = TypeVar("M")  # a game's move


def rank(card: Card) -> int:
    """A card's value in a game where it is its rank."""
    return card.rank


class Floor:
    """The loose cards grouped by value, with the searches over them."""

    def __init__(self, loose: Sequence[Card], value: Callable[[Card], int] = rank) -> None:
        self.value = value
        self.ranks = tuple(sorted({value(c) for c in loose}))
        self.cards = {r: tuple(c for c in loose if value(c) == r) for r in self.ranks}
        self.sizes = tuple(len(self.cards[r]) for r in self.ranks)
        self.everything = values_key(value(c) for c in loose)  # every loose value, high to low
        self.nothing: Counts = (0,) * len(self.ranks)
        if prod(m + 1 for m in self.sizes) > MOST_CHOICES:
            raise InvalidInput(
                "too-crowded",
                f"{len(loose)} loose cards of so many values are too many to list every move.",
            )
        self._cache: dict[Hashable, tuple[Counts, ...]] = {}
        self._totals: dict[int, dict[int, list[Counts]]] = {}
        self._spelled: dict[Counts, tuple[int, ...]] = {}
        self.codes: dict[Counts, int] = {}  # each choice searched, packed (rules/packed.py)
        self.full = pack(self.sizes)
        self._splits: dict[tuple[int, int | None], Splits] = {}

    def splits(self, target: int, alone: int | None = None) -> Splits:
        """Which choices split into sets of `target`, remembered for the whole position."""
        key = (target, alone)
        if key not in self._splits:
            self._splits[key] = Splits(self.ranks, self.sizes, target, alone)
        return self._splits[key]

    def select(
        self,
        key: Hashable,
        candidates: Callable[[], Iterable[Counts]],
        accept: Callable[[Counts], bool],
    ) -> tuple[Counts, ...]:
        """The candidates a rule accepts, remembered under `key` (one search per question)."""
        if key not in self._cache:
            self._cache[key] = tuple(counts for counts in candidates() if accept(counts))
        return self._cache[key]

    def ways(self, counts: Counts) -> int:
        """How many sets of cards a choice of counts stands for."""
        return prod(comb(m, k) for m, k in zip(self.sizes, counts, strict=True))

    def spell(self, counts: Counts) -> Iterator[frozenset[Card]]:
        """Each set of cards a choice of counts stands for."""
        pools = [combinations(self.cards[r], k) for r, k in zip(self.ranks, counts, strict=True)]
        for picked in product(*pools):
            yield frozenset(card for group in picked for card in group)

    def totalling(self, value: int, extra: int, most: int) -> Iterator[Counts]:
        """Choices of values up to `most` whose total plus `extra` is a multiple of `value`."""
        by_total = self.choices(most)
        for total in range(-extra % value, max(by_total) + 1, value):
            yield from by_total.get(total, ())

    def every(self, most: int) -> Iterator[Counts]:
        """Every choice of counts taking only values up to `most`."""
        for group in self.choices(most).values():
            yield from group

    def choices(self, most: int) -> dict[int, list[Counts]]:
        """Every choice of counts taking only values up to `most`, by its total."""
        # Every `most` from the largest loose value up gives the same choices: search once.
        usable = sum(rank <= most for rank in self.ranks)
        if usable not in self._totals:
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
                self.codes[counts] = pack(counts)
            self._totals[usable] = by_total
        return self._totals[usable]

    def taken(self, counts: Counts) -> tuple[int, ...]:
        """The values a choice takes, high to low."""
        values = self._spelled.get(counts)
        if values is None:
            pairs = zip(reversed(self.ranks), reversed(counts), strict=True)
            values = self._spelled[counts] = tuple(rank for rank, k in pairs for _ in range(k))
        return values

    def left(self, counts: Counts) -> tuple[int, ...]:
        """The values a choice leaves, high to low."""
        return self.taken(tuple(m - k for m, k in zip(self.sizes, counts, strict=True)))


@dataclass(frozen=True)
class Choice(Generic[M]):
    """One kind of move for one card: the loose-card choices it accepts, and how to spell it."""

    card: Card
    kind: str
    counts: tuple[Counts, ...]
    make: Callable[[frozenset[Card]], M]


class Survey(Generic[M]):
    """One search of a position's legal moves, read as a listing, a count or a summary.

    The search runs lazily, one kind of move for one card at a time, and each step only
    once: a first page stops it early, and a count afterwards goes on from where it stopped.
    """

    def __init__(self, floor: Floor, choices: Iterable[Choice[M]]) -> None:
        self.floor = floor
        self._search = iter(choices)
        self._found: list[Choice[M]] = []

    @property
    def choices(self) -> tuple[Choice[M], ...]:
        """Every kind of move for every card: the whole search."""
        return tuple(self._each())

    def _each(self) -> Iterator[Choice[M]]:
        """The choices found so far, then the search's next ones."""
        i = 0
        while True:
            if i == len(self._found):
                found = next(self._search, None)
                if found is None:
                    return
                self._found.append(found)
            yield self._found[i]
            i += 1

    def moves(self) -> Iterator[M]:
        """Every legal move, lazily, grouped by card in hand order."""
        for choice in self._each():
            for counts in choice.counts:
                yield from map(choice.make, self.floor.spell(counts))

    def count(self) -> int:
        """The exact number of legal moves, without listing them."""
        return sum(self.floor.ways(c) for choice in self.choices for c in choice.counts)

    def listing(self, limit: int, notation: Callable[[M], dict[str, Any]]) -> dict[str, Any]:
        """The /api/v1/moves answer: up to `limit` moves, the exact count, a summary by card."""
        moves = [notation(m) for m in islice(self.moves(), limit)]
        count = self.count()
        return {
            "moves": moves,
            "count": count,
            "truncated": count > len(moves),
            "by_card": self.by_card(),
        }

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
