"""Counting moves by sets of bits (rules/bitsets.py) agrees with the search it replaced (issue 23).

Before, each choice of how many loose cards of each value to take was asked in turn whether
its values split into sets (sets.splits_into, Casino's values.splits) and, for a maximal Seep
capture, whether the cards left hold none (has_subset_sum); the count multiplied out each
accepted choice. Here the old questions are asked that way again, candidate by candidate, on
random Seep positions (captures C1, C2 maximal and free, builds B1 and absorbing builds H2,
houses, raises) and Casino positions (classic and Royal: face cards K3, a Royal ace as 1 or 14
on the table and in hand, builds and raises K5-K6 on the table), from empty floors to 22 loose
cards. Every kind of move for every card accepts the same choices in the same order, and the
count, the summary by card and the /moves answer are those of the old search.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator
from math import comb, prod
from typing import Any

import pytest

from scorekeeper.rules import floor as value_counts
from scorekeeper.rules.bitsets import Box
from scorekeeper.rules.cards import Card, Suit
from scorekeeper.rules.casino import generate as casino
from scorekeeper.rules.casino.position import parse_position as parse_casino
from scorekeeper.rules.casino.values import splits, values
from scorekeeper.rules.errors import InvalidInput
from scorekeeper.rules.floor import NOTHING, Chosen, Counts
from scorekeeper.rules.seep import generate as seep
from scorekeeper.rules.seep.position import parse_position as parse_seep
from scorekeeper.rules.sets import has_subset_sum, splits_into, values_key
from tests.helpers.casino_positions import random_json as random_casino

from .seep_positions import random_position as random_seep

PAGES = (0, 1, 100)


Candidate = tuple[Counts, int]  # a choice of counts and its bit


def by_total(floor: value_counts.Floor, most: int) -> dict[int, list[Candidate]]:
    """Every choice taking values up to `most`, by its total, as the old search made them."""
    choices: list[tuple[Counts, int, int]] = [((), 0, 0)]
    for rank, stride in zip(floor.ranks, floor.box.strides, strict=True):
        limit = len(floor.cards[rank]) if rank <= most else 0
        choices = [
            ((*counts, k), total + k * rank, i + k * stride)
            for counts, total, i in choices
            for k in range(limit + 1)
        ]
    found: dict[int, list[Candidate]] = {}
    for counts, total, i in choices:
        found.setdefault(total, []).append((counts, i))
    return found


def totalling(floor: value_counts.Floor, value: int, extra: int, most: int) -> list[Candidate]:
    """Choices of values up to `most` whose total plus `extra` is a multiple of `value`."""
    found = by_total(floor, most)
    steps = range(-extra % value, max(found) + 1, value)
    return [candidate for total in steps for candidate in found.get(total, ())]


def every(floor: value_counts.Floor, most: int) -> list[Candidate]:
    """Every choice of values up to `most`, in the order the old search made them."""
    return [candidate for group in by_total(floor, most).values() for candidate in group]


def taken(floor: value_counts.Floor, counts: Counts) -> tuple[int, ...]:
    """The values a choice takes, high to low."""
    return values_key(r for r, k in zip(floor.ranks, counts, strict=True) for _ in range(k))


def left(floor: value_counts.Floor, counts: Counts) -> tuple[int, ...]:
    """The values a choice leaves, high to low."""
    return taken(floor, tuple(m - k for m, k in zip(floor.sizes, counts, strict=True)))


class OneByOne(Chosen):
    """Choices listed one by one, left out and joined as the old search's tuples were."""

    def __init__(self, box: Box, found: list[Candidate]) -> None:
        super().__init__(box, sum(1 << i for _, i in found), lambda: found)
        self.found = found

    def without(self, bits: int) -> Chosen:
        """The choices but those of `bits` (the old search: all but the empty choice)."""
        assert bits == NOTHING
        return OneByOne(self.box, [(c, i) for c, i in self.found if any(c)])

    def __or__(self, other: Chosen) -> Chosen:
        """These choices, then those of `other` not among them (the old search: a dict)."""
        assert isinstance(other, OneByOne)
        joined = dict(self.found) | dict(other.found)
        return OneByOne(self.box, list(joined.items()))


def one_by_one(
    floor: value_counts.Floor, candidates: Iterable[Candidate], accept: Callable[[Counts], bool]
) -> Chosen:
    """The candidates the old question accepts, asked of each in turn."""
    return OneByOne(floor.box, [(counts, i) for counts, i in candidates if accept(counts)])


class OldSeepFloor(seep.Floor):
    """Seep's captures and builds as the old search found them."""

    def captures(self, value: int, maximal: bool) -> Chosen:
        """C1, C2: sets of `value`, and if maximal none left."""

        def accept(counts: Counts) -> bool:
            return splits_into(taken(self, counts), value) and not (
                maximal and has_subset_sum(left(self, counts), value)
            )

        return one_by_one(self, totalling(self, value, 0, value), accept)

    def builds(self, value: int, card_rank: int, absorbing: bool) -> Chosen:
        """B1, H2: with the played card, sets of `value`; absorbing, none of `value` named."""

        def accept(counts: Counts) -> bool:
            return splits_into(values_key((card_rank, *taken(self, counts))), value)

        most = value - 1 if absorbing else value
        return one_by_one(self, totalling(self, value, card_rank, most), accept)


class OldCasinoFloor(casino.Floor):
    """Casino's sets of a value as the old search found them."""

    def __init__(self, loose: tuple[Card, ...], variant: str) -> None:
        super().__init__(loose, variant, "choice")  # the old search knew only `choice` (K3)
        self.none = OneByOne(self.box, [])

    def sets_of(self, target: int, played: int | None = None) -> Chosen:
        """K4-K6, with K3's Royal ace counting 14 on the table."""
        flexible = self.variant == "royal" and target == 14
        found = every(self, target) if flexible else totalling(self, target, played or 0, target)

        def accept(counts: Counts) -> bool:
            return splits(taken(self, counts), target, self.variant, played)

        return one_by_one(self, found, accept)


def ways(floor: value_counts.Floor, choice: value_counts.Choice[Any]) -> int:
    """The moves of one kind for one card, multiplied out choice by choice."""
    return sum(
        prod(comb(m, k) for m, k in zip(floor.sizes, counts, strict=True))
        for counts in choice.chosen.counts
    )


def notation(move: Any) -> dict[str, Any]:
    """A move as /moves writes it."""
    written: dict[str, Any] = move.to_json()
    return written


def assert_counted_as_before(position: Any, game: Any, old_floor: value_counts.Floor) -> int:
    """Same choices in the same order for every kind of move, same count, summary and answer."""
    old = value_counts.Survey(old_floor, game.choices(position, old_floor))
    new = game.survey(position)
    assert [(c.card, c.kind, c.chosen.counts) for c in new.choices] == [
        (c.card, c.kind, c.chosen.counts) for c in old.choices
    ]
    by_card: dict[str, dict[str, int]] = {}
    for choice in old.choices:
        kinds = by_card.setdefault(str(choice.card), {})
        kinds[choice.kind] = kinds.get(choice.kind, 0) + ways(old_floor, choice)
    count = sum(sum(kinds.values()) for kinds in by_card.values())
    assert new.count() == count == game.count_moves(position)
    assert new.by_card() == [
        {"card": card, "count": sum(kinds.values()), "actions": kinds}
        for card, kinds in by_card.items()
    ]
    for limit in PAGES:
        assert game.survey(position).listing(limit, notation) == old.listing(limit, notation)
    if len(position.loose) <= 8:
        assert len(list(game.legal_moves(position))) == count
    return count


def seep_positions(seed: int, n: int) -> Iterator[Any]:
    """Random Seep positions, a third of them crowded with 15 to 22 small loose cards."""
    rng = random.Random(seed)
    made = 0
    while made < n:
        crowded = made % 3 == 0
        size = rng.randint(15, 22) if crowded else rng.randint(0, 14)
        raw = random_seep(rng, loose_size=size, top=rng.choice((5, 6, 7, 8, 13)))
        try:
            position = parse_seep(raw)
            seep.Floor(position.loose)
        except InvalidInput:
            continue  # a floor too crowded to search, or the rare impossible position
        yield position
        made += 1


def casino_positions(seed: int, n: int) -> Iterator[Any]:
    """Random Casino positions (builds on the table, Royal aces), some with 22 loose cards."""
    rng = random.Random(seed)
    made = 0
    while made < n:
        raw = random_casino(rng)
        used = {*raw["hand"], *raw["loose"], *(c for b in raw["builds"] for c in b["cards"])}
        aces = [c for c in ("AH", "AS", "AD", "AC") if c not in used]
        if aces and rng.random() < 0.5:
            raw["hand"][0] = aces[0]  # K3: a Royal ace plays as 1 or 14
            used.add(aces[0])
        top = rng.choice((4, 6, 7, 13))
        small = [str(Card(r, s)) for r in range(1, top + 1) for s in Suit]
        small = [c for c in small if c not in used]
        rng.shuffle(small)
        raw["loose"] += small[: rng.randint(0, 22 - len(raw["loose"]))]
        try:
            position = parse_casino(raw)
            casino.Floor(position.loose, position.variant, position.aces)
        except InvalidInput:
            continue  # a floor too crowded to search, or the rare impossible position
        yield position
        made += 1


@pytest.mark.parametrize("seed", range(4))
def test_seep_counts_as_the_old_search(seed: int) -> None:
    """Seep: 60 random positions a seed, 20 of them crowded, counted as the old search did."""
    counts = [
        assert_counted_as_before(pos, seep, OldSeepFloor(pos.loose))
        for pos in seep_positions(seed + 2300, 60)
    ]
    assert max(counts) > 100_000  # crowded floors are among them


@pytest.mark.parametrize("seed", range(4))
def test_casino_counts_as_the_old_search(seed: int) -> None:
    """Casino, classic and Royal: 60 random positions a seed, counted as the old search did."""
    positions = list(casino_positions(seed + 2300, 60))
    counts = [
        assert_counted_as_before(pos, casino, OldCasinoFloor(pos.loose, pos.variant))
        for pos in positions
    ]
    assert max(counts) > 100_000
    assert {p.variant for p in positions} == {"classic", "royal"}
    royal_aces = [p for p in positions if any(values(c, p.variant) == (1, 14) for c in p.hand)]
    assert any(p.builds for p in royal_aces) and any(
        any(c.rank == 1 for c in p.loose) for p in royal_aces
    )
