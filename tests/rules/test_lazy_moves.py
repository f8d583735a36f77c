"""The lazy search of /moves gives the same answers as the whole listing (issue 23).

A page of moves stops the search once the page is full, and a count afterwards goes on
from where it stopped; neither may change what is listed or counted. On random Seep and
Casino positions (floors of 0 to 14 loose cards), the first page of the lazy listing equals
the first page of the whole search run first (as /moves did before), in the same order, and
the count, the truncation and the summary by card are the same.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from itertools import islice
from typing import Any

import pytest

from scorekeeper.rules import floor as value_counts
from scorekeeper.rules.cards import Card, Suit
from scorekeeper.rules.casino import generate as casino
from scorekeeper.rules.casino.position import Position as CasinoPosition
from scorekeeper.rules.seep import generate as seep
from scorekeeper.rules.seep.position import Position as SeepPosition
from scorekeeper.rules.seep.position import parse_position as parse_seep
from tests.helpers.casino_positions import random_positions as casino_positions

from .seep_positions import positions as seep_positions

PAGES = (0, 1, 7, 100)


def whole_search(position: Any, game: Any, floor: value_counts.Floor) -> value_counts.Survey[Any]:
    """The survey as /moves built it before: every choice searched before the first move."""
    return value_counts.Survey(floor, tuple(game.choices(position, floor)))


def seep_floor(position: SeepPosition) -> value_counts.Floor:
    """A Seep floor."""
    return seep.Floor(position.loose)


def casino_floor(position: CasinoPosition) -> value_counts.Floor:
    """A Casino floor."""
    return casino.Floor(position.loose, position.variant, position.aces)


def notation(move: Any) -> dict[str, Any]:
    """A move as /moves writes it."""
    written: dict[str, Any] = move.to_json()
    return written


def assert_same(position: Any, game: Any, floor: Callable[[Any], value_counts.Floor]) -> None:
    """The lazy survey lists, counts and summarises exactly as the whole search."""
    before = whole_search(position, game, floor(position))
    full = list(before.moves())
    assert game.count_moves(position) == len(full) == before.count()
    for limit in PAGES:
        assert list(islice(game.legal_moves(position), limit)) == full[:limit]
        old = before.listing(limit, notation)
        assert game.survey(position).listing(limit, notation) == old


@pytest.mark.parametrize("seed", range(4))
def test_seep_lazy_listing_equals_whole_listing(seed: int) -> None:
    """Seep: same first pages, count and summary on 150 random positions a seed."""
    sizes = random.Random(seed).choices(range(15), k=150)
    raws = [seep_positions(seed * 1000 + i, 1, loose_size=size)[0] for i, size in enumerate(sizes)]
    for raw in raws:
        assert_same(parse_seep(raw), seep, seep_floor)


@pytest.mark.parametrize("aces", ["choice", "capturing", "one"])
@pytest.mark.parametrize("seed", range(4))
def test_casino_lazy_listing_equals_whole_listing(seed: int, aces: str) -> None:
    """Casino, classic and Royal (under each `aces`, K3): same first pages, count and summary
    on 200 positions a seed."""
    for position in casino_positions(seed + 500, 200, aces):
        assert_same(position, casino, casino_floor)


def crowded_seep() -> SeepPosition:
    """22 loose cards of values 1 to 6 and a hand of 8 to K: millions of moves."""
    rng = random.Random(2024)
    small = [Card(rank, suit) for rank in range(1, 7) for suit in Suit]
    rng.shuffle(small)
    hand = tuple(Card(rank, rng.choice(list(Suit))) for rank in range(8, 14))
    return SeepPosition(4, 0, hand, tuple(small[:22]))


def test_a_first_page_stops_the_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """A first page of 100 searches only the first card's first kind of move, not the rest."""
    position = crowded_seep()
    whole = whole_search(position, seep, seep.Floor(position.loose))
    searched: list[Any] = []
    search = seep.choices

    def counted(position: SeepPosition, floor: seep.Floor) -> Iterator[Any]:
        for choice in search(position, floor):
            searched.append(choice)
            yield choice

    monkeypatch.setattr(seep, "choices", counted)
    page = list(islice(seep.legal_moves(position), 100))
    assert page == list(islice(whole.moves(), 100))
    assert len(searched) == 1 < len(whole.choices)
