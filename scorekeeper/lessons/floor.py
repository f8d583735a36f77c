"""Moves worth trying on a floor (Seep, Casino), in the engine's notation: the legal ones the
engine lists, and the near misses a player makes (two loose cards one short of the card's
value, or one over)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import combinations

from ..rules import GAMES
from ..rules.cards import Card
from .model import JSON

MOST_LISTED = 500  # more legal moves than a lesson's position ever has


def listed(game: str, position: JSON, action: str) -> list[JSON]:
    """The legal moves of one action ("capture", "build" …) that the engine lists."""
    moves: list[JSON] = GAMES[game].list_moves(position, MOST_LISTED)["moves"]
    return [move for move in moves if move["action"] == action]


def by_sum_first(moves: list[JSON]) -> list[JSON]:
    """Captures taking two or more loose cards (a sum) before the others, in order."""
    return sorted(moves, key=lambda move: len(move["loose"]) < 2)


def near_misses(position: JSON, value: Callable[[Card], int | None]) -> Iterator[JSON]:
    """Captures of two loose cards adding up to one less or one more than the played card's
    value (`value`: None for a card that takes no sum)."""
    loose = [Card.parse(code) for code in position["loose"]]
    for code in position["hand"]:
        played = value(Card.parse(code))
        if played is None:
            continue
        for pair in combinations(loose, 2):
            worths = [value(card) for card in pair]
            if None not in worths and abs(sum(w for w in worths if w) - played) == 1:
                yield {"card": code, "action": "capture", "loose": [str(c) for c in pair]}


def pairs_making(position: JSON, target: Callable[[int], bool]) -> Iterator[tuple[str, str, int]]:
    """Each hand card and loose card whose ranks add up to a value `target` accepts, with it."""
    for code in position["hand"]:
        for other in position["loose"]:
            total = Card.parse(code).rank + Card.parse(other).rank
            if target(total):
                yield code, other, total
