"""Casino through the API: sessions of players alone, deal records by what each side took."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.helpers.api import Json, alone, new_session

TWO, THREE, FOUR_ALONE = alone("Asha", "Ravi"), alone("Asha", "Ravi", "Meena"), alone(*"ABCD")


def casino_session(client: FlaskClient, lineup: list[Json] = TWO, **options: Any) -> Json:
    """A Casino session started through the API; the answer, with its id and edit token."""
    return new_session(client, "casino", lineup, **options)


def deal(cards: list[int], spades: list[int], aces: list[int], big: int, little: int) -> Json:
    """A deal record: cards and spades per side, who took each ace (♠ ♣ ♥ ♦) and the casinos."""
    record = {"cards": cards, "spades": spades, "aces": aces, "big_casino": big}
    return record | {"little_casino": little}


# Two sides. K11: side 0 takes most cards (3), most spades (1), A♠ and A♥ (2) and the 2♠ (1):
# 7 points; side 1 takes A♣, A♦ and the 10♦ (2): 4 points.
SEVEN_FOUR = deal([30, 22], [7, 6], [0, 1, 0, 1], 1, 0)
# The same deal the other way round: [4, 7].
FOUR_SEVEN = deal([22, 30], [6, 7], [1, 0, 1, 0], 0, 1)
# Side 1 takes most cards, most spades, the A♠ and both casinos (7), side 0 the other aces.
THREE_EIGHT = deal([20, 32], [5, 8], [1, 0, 0, 0], 1, 1)
