"""What every verdict's sentence names, in the reader's words: cards as printed (K♠), lists of
them, seats by number or the players by name."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..rules.cards import Card
from . import gettext
from .lists import listed

Said = Mapping[str, Any]
Seats = Sequence[str] | None
Writer = Callable[[Said, Seats], str]


def together(names: Sequence[str]) -> str:
    """Names in a list as a sentence has them: "Asha", "Asha and Dev", "Asha, Ravi and Dev"."""
    return listed(names)


def card(code: str) -> str:
    """A card in notation ("KS") as printed: K♠."""
    return Card.parse(code).pretty


def rank(code: str) -> str:
    """A card's rank as printed: A, 2 … 10, J, Q, K."""
    return Card.parse(code).rank_name


def cards(codes: Sequence[str]) -> str:
    """Cards in notation as a sentence lists them: "A♠, 10♦ and K♥"."""
    return together([card(code) for code in codes])


def seat(number: int) -> str:
    """A seat by its number, within a sentence: "seat 2"."""
    return gettext("seat %(num)d", num=number)


def player(number: int, seats: Seats) -> str:
    """The player at a seat by name when the table's names are known, else "seat 2"."""
    return seats[number] if seats else seat(number)
