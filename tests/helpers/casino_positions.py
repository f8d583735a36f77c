"""Random Casino positions that may occur at a table, in the API's notation and parsed, seeded."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from scorekeeper.rules.cards import full_deck
from scorekeeper.rules.casino.position import Position, parse_position
from scorekeeper.rules.casino.values import VARIANTS, build_values, held, values
from scorekeeper.rules.errors import InvalidInput

MOST_LOOSE = 6  # brute force costs 2**loose per card


def random_json(rng: random.Random, aces: str = "choice") -> dict[str, Any]:
    """A position that may occur, in the API's notation (builds of 2-3 cards, some multiple)."""
    variant = rng.choice(VARIANTS)
    players = rng.choice((2, 3, 4))
    seat = rng.randrange(players)
    deck = list(full_deck())
    rng.shuffle(deck)
    builds: list[dict[str, Any]] = []
    for _ in range(rng.choice((0, 1, 1, 2))):
        numbered = [c for c in deck if values(c, variant)]
        cards = numbered[: rng.choice((2, 2, 3))]
        value = sum(c.rank for c in cards)
        if value not in build_values(variant, aces) or any(b["value"] == value for b in builds):
            continue
        twin = next((c for c in deck if c.rank == value), None)
        if twin is not None and rng.random() < 0.4:
            cards.append(twin)  # a multiple build: a card of its value joins it
        builds.append({"value": value, "cards": cards, "owner": rng.randrange(players)})
        deck = [c for c in deck if c not in cards]
    small = [c for c in deck if c.rank <= 7 or rng.random() < 0.3]
    loose = small[: rng.randint(0, MOST_LOOSE)]
    deck = [c for c in deck if c not in loose]
    hand = deck[: rng.randint(1, 4)]
    for pile in builds:
        if pile["owner"] == seat and pile["value"] not in held(hand, variant, aces):
            pile["owner"] = (seat + 1) % players  # K9: the mover would hold its value
    return {
        "players": players,
        "seat": seat,
        "variant": variant,
        "hand": [str(c) for c in hand],
        "loose": [str(c) for c in loose],
        "builds": [b | {"cards": [str(c) for c in b["cards"]]} for b in builds],
        "options": {"aces": aces},
    }


def random_positions(seed: int, count: int, aces: str = "choice") -> Iterator[Position]:
    """`count` positions from a seed; the rare impossible one is skipped for the next."""
    rng = random.Random(seed)
    made = 0
    while made < count:
        try:
            yield parse_position(random_json(rng, aces))
        except InvalidInput:
            continue
        made += 1
