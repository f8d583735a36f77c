"""The search over value counts that lists and counts moves fast, shared by Seep and Casino.

Which loose cards a capture or build may take depends only on their values, so a search
runs over how many cards of each value to take (a few thousand choices even on a crowded
table) instead of over every subset of cards (2**n). Each accepted choice stands for the
product of the ways to pick that many cards of each value. The choices a rule accepts are
found all at once as a set of bits (rules/bitsets.py), which counts without a look at
each; they are listed, in the search's order, only when a page of moves needs them. What
a choice must satisfy is each game's rule; a card's value is the game's too (passed in,
the rank by default).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations, islice, product
from math import prod
from typing import Any, Generic, TypeVar

from .bitsets import Box, Splits
from .cards import Card
from .errors import InvalidInput

Counts = tuple[int, ...]  # how many loose cards of each value in `Floor.ranks` are taken
Listed = tuple[Counts, int]  # a choice of counts and its bit
Order = Callable[[Counts, int], tuple[int, int]]  # a sort key of choices and their bits
NOTHING = 1  # the bit of the choice that takes no loose card
# Every choice of counts has a bit in the sets searched; past this many, a table is refused
# rather than searched at length. Real tables stay far below (20 loose cards of values 1–5:
# 3,125).
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
        self.nothing: Counts = (0,) * len(self.ranks)
        if prod(m + 1 for m in self.sizes) > MOST_CHOICES:
            raise InvalidInput("too-crowded", "too-crowded", count=len(loose))
        self.box = Box(self.ranks, self.sizes)
        self.none = Chosen(self.box, 0, list)  # no choice at all
        self.taking_none = self.given(self.nothing)  # a raise, a throw or a trail
        self._cache: dict[Hashable, Chosen] = {}
        self._first_of_total: dict[int, int] = {}
        self._splits: dict[tuple[int, int | None], Splits] = {}

    def splits(self, target: int, alone: int | None = None) -> Splits:
        """Which choices split into sets of `target` (rules/bitsets.py), found once a position."""
        key = (target, alone)
        if key not in self._splits:
            self._splits[key] = Splits(self.box, target, alone)
        return self._splits[key]

    def select(self, key: Hashable, chosen: Callable[[], int], order: Order) -> Chosen:
        """The choices a rule accepts (a set of bits), listed in `order`, once per `key`."""
        if key not in self._cache:
            bits = chosen()

            def listing() -> list[Listed]:
                listed = [(self.box.counts(bit), bit) for bit in self.box.members(bits)]
                return sorted(listed, key=lambda pair: order(*pair))

            self._cache[key] = Chosen(self.box, bits, listing)
        return self._cache[key]

    def given(self, counts: Counts) -> Chosen:
        """The one choice given."""
        bit = self.box.index(counts)
        return Chosen(self.box, 1 << bit, lambda: [(counts, bit)])

    def up_to(self, most: int) -> int:
        """The choices taking only values up to `most`."""
        chosen = self.box.everything
        for i, value in enumerate(self.ranks):
            if value > most:
                chosen &= self.box.at_most(i, 0)
        return chosen

    def spell(self, counts: Counts) -> Iterator[frozenset[Card]]:
        """Each set of cards a choice of counts stands for."""
        pools = [combinations(self.cards[r], k) for r, k in zip(self.ranks, counts, strict=True)]
        for picked in product(*pools):
            yield frozenset(card for group in picked for card in group)

    def total(self, counts: Counts) -> int:
        """The sum of the values a choice takes."""
        return sum(k * r for k, r in zip(counts, self.ranks, strict=True))

    def by_total(self, counts: Counts, bit: int) -> tuple[int, int]:
        """The order of choices listed by their total, low to high, then by their bits."""
        return self.total(counts), bit

    def by_first_of_total(self, counts: Counts, bit: int) -> tuple[int, int]:
        """The order of choices listed by where their total first comes among the bits.

        The order in which the search listed every choice, totals grouped (a Royal ace's
        sets of 14, where a total says nothing: a loose ace may count 1 or 14).
        """
        if not self._first_of_total:
            self._first_of_total = self._totals_in_order()
        return self._first_of_total[self.total(counts)], bit

    def _totals_in_order(self) -> dict[int, int]:
        """Every total a choice may have, by the first bit that has it."""
        # The first bit of a total is the choice taking as few of the first values as the
        # rest can make up: the sums each tail of the values can make say what they can.
        tails = [{0}]
        for value, most in zip(reversed(self.ranks), reversed(self.sizes), strict=True):
            tails.append({t + k * value for t in tails[-1] for k in range(most + 1)})
        tails.reverse()
        firsts: dict[int, int] = {}
        for total in tails[0]:
            counts: list[int] = []
            need = total
            for i, value in enumerate(self.ranks):
                k = next(k for k in range(self.sizes[i] + 1) if need - k * value in tails[i + 1])
                counts.append(k)
                need -= k * value
            firsts[total] = self.box.index(counts)
        return {total: n for n, total in enumerate(sorted(firsts, key=firsts.__getitem__))}


class Chosen:
    """Choices of counts a rule accepts: a set of bits to count, listed on demand."""

    def __init__(self, box: Box, bits: int, listing: Callable[[], list[Listed]]) -> None:
        self.box = box
        self.bits = bits
        self._listing = listing
        self._listed: list[Listed] | None = None

    def __bool__(self) -> bool:
        return self.bits != 0

    @property
    def ways(self) -> int:
        """How many sets of cards the choices stand for, all told."""
        return self.box.weigh(self.bits)

    @property
    def counts(self) -> tuple[Counts, ...]:
        """The choices, listed."""
        return tuple(counts for counts, _ in self.listed())

    def listed(self) -> list[Listed]:
        """The choices and their bits, listed (once)."""
        if self._listed is None:
            self._listed = self._listing()
        return self._listed

    def without(self, bits: int) -> Chosen:
        """These choices but those of `bits` (a few: each is looked up in them)."""
        return Chosen(
            self.box,
            self.bits & ~bits,
            lambda: [(counts, bit) for counts, bit in self.listed() if not bits >> bit & 1],
        )

    def __or__(self, other: Chosen) -> Chosen:
        """These choices, then those of `other` not among them."""

        def listing() -> list[Listed]:
            mine = {bit for _, bit in self.listed()}
            return self.listed() + [pair for pair in other.listed() if pair[1] not in mine]

        return Chosen(self.box, self.bits | other.bits, listing)


@dataclass(frozen=True)
class Choice(Generic[M]):
    """One kind of move for one card: the loose-card choices it accepts, and how to spell it."""

    card: Card
    kind: str
    chosen: Chosen
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
            for counts in choice.chosen.counts:
                yield from map(choice.make, self.floor.spell(counts))

    def count(self) -> int:
        """The exact number of legal moves, without listing them."""
        return sum(choice.chosen.ways for choice in self.choices)

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
            kinds[choice.kind] = kinds.get(choice.kind, 0) + choice.chosen.ways
        return [
            {"card": str(card), "count": sum(kinds.values()), "actions": kinds}
            for card, kinds in by_card.items()
        ]
