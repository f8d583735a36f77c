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
from functools import cached_property
from itertools import combinations, islice, product
from math import prod
from typing import Any, Generic, TypeVar

from .bitsets import Box, Splits
from .cards import Card
from .errors import InvalidInput

Counts = tuple[int, ...]  # how many loose cards of each value in `Floor.ranks` are taken
Candidate = tuple[Counts, int]  # a choice of counts and its bit in a set of choices (Box)
Candidates = Callable[[], Iterable[Candidate]]  # choices in the order they are listed
NOTHING = 1  # the bit of the choice that takes no loose card
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
        self.nothing: Counts = (0,) * len(self.ranks)
        if prod(m + 1 for m in self.sizes) > MOST_CHOICES:
            raise InvalidInput(
                "too-crowded",
                f"{len(loose)} loose cards of so many values are too many to list every move.",
            )
        self.box = Box(self.ranks, self.sizes)
        self.none = Chosen(self.box, ())  # no choice at all
        self.taking_none = self.given(self.nothing)  # a raise, a throw or a trail
        self._cache: dict[Hashable, Chosen] = {}
        self._totals: dict[int, dict[int, list[Candidate]]] = {}
        self._splits: dict[tuple[int, int | None], Splits] = {}

    def splits(self, target: int, alone: int | None = None) -> Splits:
        """Which choices split into sets of `target` (rules/bitsets.py), found once a position."""
        key = (target, alone)
        if key not in self._splits:
            self._splits[key] = Splits(self.box, target, alone)
        return self._splits[key]

    def select(self, key: Hashable, chosen: Callable[[], int], candidates: Candidates) -> Chosen:
        """The choices a rule accepts (a set of bits), listed from `candidates`, once per `key`.

        Every accepted choice must be among the candidates: they are what is listed.
        """
        if key not in self._cache:
            self._cache[key] = Chosen(self.box, ((chosen(), candidates),))
        return self._cache[key]

    def given(self, counts: Counts) -> Chosen:
        """The one choice given."""
        i = self.box.index(counts)
        return Chosen(self.box, ((1 << i, lambda: [(counts, i)]),))

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

    def totalling(self, value: int, extra: int, most: int) -> Iterator[Candidate]:
        """Choices of values up to `most` whose total plus `extra` is a multiple of `value`."""
        by_total = self.choices(most)
        for total in range(-extra % value, max(by_total) + 1, value):
            yield from by_total.get(total, ())

    def every(self, most: int) -> Iterator[Candidate]:
        """Every choice of counts taking only values up to `most`."""
        for group in self.choices(most).values():
            yield from group

    def choices(self, most: int) -> dict[int, list[Candidate]]:
        """Every choice of counts taking only values up to `most` and its bit, by its total."""
        # Every `most` from the largest loose value up gives the same choices: search once.
        usable = sum(rank <= most for rank in self.ranks)
        if usable not in self._totals:
            choices: list[tuple[Counts, int, int]] = [((), 0, 0)]
            for rank, stride in zip(self.ranks, self.box.strides, strict=True):
                limit = len(self.cards[rank]) if rank <= most else 0
                choices = [
                    ((*counts, k), total + k * rank, i + k * stride)
                    for counts, total, i in choices
                    for k in range(limit + 1)
                ]
            by_total: dict[int, list[Candidate]] = {}
            for counts, total, i in choices:
                by_total.setdefault(total, []).append((counts, i))
            self._totals[usable] = by_total
        return self._totals[usable]


class Chosen:
    """Choices of counts a rule accepts: a set of bits to count, listed on demand.

    In parts, each listed in the order of its candidates, none listing a choice twice.
    """

    def __init__(self, box: Box, parts: tuple[tuple[int, Candidates], ...]) -> None:
        self.box = box
        self.parts = parts
        self.bits = 0
        for bits, _ in parts:
            self.bits |= bits

    def __bool__(self) -> bool:
        return self.bits != 0

    @property
    def ways(self) -> int:
        """How many sets of cards the choices stand for, all told."""
        return self.box.weigh(self.bits)

    @cached_property
    def counts(self) -> tuple[Counts, ...]:
        """The choices, listed."""
        found: list[Counts] = []
        for bits, candidates in self.parts:
            written = format(bits, "b")[::-1].ljust(self.box.bits, "0")  # written[i]: bit i
            found += [counts for counts, i in candidates() if written[i] == "1"]
        return tuple(found)

    def without(self, bits: int) -> Chosen:
        """These choices but those of `bits`."""
        parts = tuple((mine & ~bits, candidates) for mine, candidates in self.parts)
        return Chosen(self.box, parts)

    def __or__(self, other: Chosen) -> Chosen:
        """These choices, then those of `other` not among them."""
        return Chosen(self.box, self.parts + other.without(self.bits).parts)


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
