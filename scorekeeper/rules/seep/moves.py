"""Seep moves: capture (C), build (B), raise (R) and throw (T), and their notation."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import Card, ensure_distinct, parse_cards
from ..errors import InvalidInput
from ..fields import choice, integer, record, required
from ..violation import Description, notation


@dataclass(frozen=True)
class Capture:
    """Take the house of the card's value (if `house`) and loose cards in groups of that sum."""

    card: Card
    loose: frozenset[Card] = frozenset()
    house: bool = False

    def describe(self) -> Description:
        """The move in words, as data."""
        house = self.card.rank if self.house else None
        said = {"card": str(self.card), "cards": notation(sorted(self.loose)), "house": house}
        return Description("seep-capture", said)

    def to_json(self) -> dict[str, Any]:
        """The move in the API's notation."""
        loose = [str(c) for c in sorted(self.loose)]
        return {"card": str(self.card), "action": "capture", "loose": loose, "house": self.house}


@dataclass(frozen=True)
class Build:
    """Play the card with loose cards into the house of `value`, new or existing."""

    card: Card
    value: int
    loose: frozenset[Card] = frozenset()

    def describe(self) -> Description:
        """The move in words, as data."""
        cards = notation([self.card, *sorted(self.loose)])
        return Description("seep-build", {"cards": cards, "value": self.value})

    def to_json(self) -> dict[str, Any]:
        """The move in the API's notation."""
        loose = [str(c) for c in sorted(self.loose)]
        return {"card": str(self.card), "action": "build", "value": self.value, "loose": loose}


@dataclass(frozen=True)
class Raise:
    """Put the card on the house of value `house`, raising it by the card's value."""

    card: Card
    house: int

    def describe(self) -> Description:
        """The move in words, as data."""
        total = self.house + self.card.rank
        return Description(
            "seep-raise", {"card": str(self.card), "house": self.house, "value": total}
        )

    def to_json(self) -> dict[str, Any]:
        """The move in the API's notation."""
        return {"card": str(self.card), "action": "raise", "house": self.house}


@dataclass(frozen=True)
class Throw:
    """Put the card on the floor as a loose card."""

    card: Card

    def describe(self) -> Description:
        """The move in words, as data."""
        return Description("seep-throw", {"card": str(self.card)})

    def to_json(self) -> dict[str, Any]:
        """The move in the API's notation."""
        return {"card": str(self.card), "action": "throw"}


Move = Capture | Build | Raise | Throw
ACTIONS = ("capture", "build", "raise", "throw")


def parse_move(raw: object) -> Move:
    """Read a move in the API's notation; raise InvalidInput if it cannot be read."""
    fields = record(raw, "A move", ("card", "action", "loose", "house", "value"))
    card = Card.parse(required(fields, "card", "A move"))
    action = choice(required(fields, "action", "A move"), "action", ACTIONS)
    if action in ("raise", "throw") and parse_cards(fields.get("loose", []), "loose"):
        # R1, T1: a raise or a throw plays the one card and takes nothing from the floor.
        raise InvalidInput("bad-field", "no-loose-cards", action=action)
    if action == "throw":
        return Throw(card)
    if action == "raise":
        return Raise(card, integer(required(fields, "house", "A raise"), "house", 1, 13))
    loose = parse_cards(fields.get("loose", []), "loose")
    ensure_distinct(loose)
    if action == "build":
        value = integer(required(fields, "value", "A build"), "value", 1, 99)
        return Build(card, value, frozenset(loose))
    house = fields.get("house", False)
    if not isinstance(house, bool):
        raise InvalidInput("bad-field", "house-not-bool")
    return Capture(card, frozenset(loose), house)
