"""Crowded floors (issue 23): time to the first page of /moves and to the count, 22 loose cards.

A floor of 22 small loose cards has millions of Seep moves. The first page of 100 comes from
a lazy search that stops once the page is full; the count sums the weights of the choices of
how many cards of each value are taken, found as sets of bits (rules/bitsets.py), without
listing. Both are timed cold (the memo caches emptied first; the sets of bits live in each
search's Floor, made afresh), median of a few runs, beside the target of 100 ms. "whole
search" is the first page as /moves made it before: every kind of move for every card
searched first. For the figures before, run this file from an older tree's root (its own
`scorekeeper` is then the one imported): copy it into that tree's bench/ and run
`python -m bench.crowded_floors` there.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import islice
from typing import Any

from bench.seep_moves import REPEATS, median_ms, table, verdict
from scorekeeper.rules.cards import Card, Suit
from scorekeeper.rules.casino import generate as casino
from scorekeeper.rules.casino.position import Pile
from scorekeeper.rules.casino.position import Position as CasinoPosition
from scorekeeper.rules.seep import generate as seep
from scorekeeper.rules.seep.position import Position as SeepPosition

SEED = 2024
LOOSE = 22
PAGE = 100
TARGET_MS = 100.0
CASINO_HANDS = {"classic": (8, 9, 10, 13), "royal": (1, 9, 12, 13)}


def small_cards(top: int, rng: random.Random, taken: tuple[Card, ...] = ()) -> list[Card]:
    """`LOOSE` shuffled cards of values 1 to `top`, none of `taken`."""
    cards = [Card(r, s) for r in range(1, top + 1) for s in Suit if Card(r, s) not in taken]
    rng.shuffle(cards)
    return cards[:LOOSE]


def seep_floor(top: int) -> SeepPosition:
    """A hand of 8 to K over 22 loose cards of values 1 to `top`."""
    rng = random.Random(SEED)
    loose = small_cards(top, rng)
    hand = tuple(Card(rank, rng.choice(list(Suit))) for rank in range(8, 14))
    return SeepPosition(4, 0, hand, tuple(loose))


def casino_floor(variant: str) -> CasinoPosition:
    """A fixed hand over 22 loose cards of values 1 to 6, and a 7-build to raise."""
    pile = Pile(7, (Card(4, Suit.CLUBS), Card(3, Suit.CLUBS)), 1)
    loose = small_cards(6, random.Random(SEED), pile.cards)
    hand = tuple(Card(rank, Suit.HEARTS) for rank in CASINO_HANDS[variant])
    return CasinoPosition(2, 0, variant, hand, tuple(loose), (pile,))


def whole_first_page(game: Any, position: Any) -> int:
    """The first page after searching every kind of move first (as /moves did before)."""
    survey = game.survey(position)
    _ = getattr(survey, "choices", None)  # the whole search
    return len(list(islice(survey.moves(), PAGE)))


def row(name: str, game: Any, position: Any) -> list[str]:
    """Times to the first page (lazy and after the whole search) and to the count."""
    lazy_ms, page = median_ms(lambda: list(islice(game.legal_moves(position), PAGE)))
    whole_ms, _ = median_ms(lambda: whole_first_page(game, position))
    count_ms, count = median_ms(lambda: game.count_moves(position))
    assert len(page) == PAGE
    worst = max(lazy_ms, count_ms)
    return [
        name,
        f"{count:,}",
        f"{lazy_ms:.1f}",
        f"{whole_ms:.1f}",
        f"{count_ms:.1f}",
        f"{TARGET_MS:.0f}",
        verdict(worst <= TARGET_MS),
    ]


def main() -> None:
    """Print the table."""
    floors: list[tuple[str, Callable[[], Any], Any]] = [
        ("Seep, values 1-6", lambda: seep_floor(6), seep),
        ("Seep, values 1-7", lambda: seep_floor(7), seep),
        ("Casino classic, 1-6", lambda: casino_floor("classic"), casino),
        ("Casino Royal, 1-6", lambda: casino_floor("royal"), casino),
    ]
    rows = [row(name, game, make()) for name, make, game in floors]
    header = ["22 loose cards", "moves", "page ms", "whole ms", "count ms", "target", ""]
    table(
        f"Crowded floors: first page of {PAGE} and count, median of {REPEATS} cold runs",
        header,
        rows,
    )


if __name__ == "__main__":
    main()
