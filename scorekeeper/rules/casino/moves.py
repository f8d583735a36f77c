"""Casino moves: capture (K4), build (K5, K7), raise (K6) and trail (K8), and their notation.

`ace_high` is a Royal ace played as 14 (`"ace": 14`, K3); a trail has no value to choose.
A raise may name `"loose"` cards beyond API.md's fields: the loose sets of the new value it
takes in at the same time (K6).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import Card, ensure_distinct, parse_cards
from ..errors import InvalidInput
from ..fields import choice, integer, record, required
from ..violation import Description, notation
from .values import ACE, ACE_HIGH


def _ace(move: Capture | Build | Raise) -> dict[str, int]:
    return {"ace": ACE_HIGH} if move.ace_high else {}


def _loose(cards: frozenset[Card]) -> list[str]:
    return [str(c) for c in sorted(cards)]


@dataclass(frozen=True)
class Capture:
    """Take loose cards in groups of the card's value and builds of that value (K4)."""

    card: Card
    loose: frozenset[Card] = frozenset()
    builds: frozenset[int] = frozenset()
    ace_high: bool = False

    def describe(self) -> Description:
        """The move in words, as data."""
        said = {"card": str(self.card), "builds": sorted(self.builds)}
        return Description("casino-capture", said | {"cards": notation(sorted(self.loose))})

    def to_json(self) -> dict[str, Any]:
        """The move in the API's notation."""
        builds = sorted(self.builds)
        move = {"card": str(self.card), "action": "capture", "loose": _loose(self.loose)}
        return move | {"builds": builds} | _ace(self)


@dataclass(frozen=True)
class Build:
    """Play the card with loose cards into the build of `value`, new or existing (K5, K7)."""

    card: Card
    value: int
    loose: frozenset[Card] = frozenset()
    ace_high: bool = False

    def describe(self) -> Description:
        """The move in words, as data."""
        cards = notation([self.card, *sorted(self.loose)])
        return Description("casino-build", {"cards": cards, "value": self.value})

    def to_json(self) -> dict[str, Any]:
        """The move in the API's notation."""
        move = {"card": str(self.card), "action": "build", "value": self.value}
        return move | {"loose": _loose(self.loose)} | _ace(self)


@dataclass(frozen=True)
class Raise:
    """Put the card on the single build of value `build`, absorbing loose sets (K6)."""

    card: Card
    build: int
    loose: frozenset[Card] = frozenset()
    ace_high: bool = False

    def describe(self) -> Description:
        """The move in words, as data."""
        said = {"card": str(self.card), "build": self.build}
        return Description("casino-raise", said | {"cards": notation(sorted(self.loose))})

    def to_json(self) -> dict[str, Any]:
        """The move in the API's notation."""
        move = {"card": str(self.card), "action": "raise", "build": self.build}
        return move | ({"loose": _loose(self.loose)} if self.loose else {}) | _ace(self)


@dataclass(frozen=True)
class Trail:
    """Lay the card face up on the table (K8)."""

    card: Card

    def describe(self) -> Description:
        """The move in words, as data."""
        return Description("casino-trail", {"card": str(self.card)})

    def to_json(self) -> dict[str, Any]:
        """The move in the API's notation."""
        return {"card": str(self.card), "action": "trail"}


Move = Capture | Build | Raise | Trail
ACTIONS = ("capture", "build", "raise", "trail")
FIELDS = ("card", "action", "loose", "builds", "value", "build", "ace")


def parse_move(raw: object) -> Move:
    """Read a move in the API's notation; raise InvalidInput if it cannot be read."""
    fields = record(raw, "A move", FIELDS)
    card = Card.parse(required(fields, "card", "A move"))
    action = choice(required(fields, "action", "A move"), "action", ACTIONS)
    ace = fields.get("ace", ACE)
    if ace not in (ACE, ACE_HIGH) or type(ace) is not int:
        raise InvalidInput("bad-field", "ace-value")
    if ace == ACE_HIGH and card.rank != ACE:
        raise InvalidInput("bad-field", "only-ace-high", card=card.pretty)
    if action == "trail":
        if parse_cards(fields.get("loose", []), "loose"):
            raise InvalidInput("bad-field", "no-loose-cards", action=action)  # K8
        return Trail(card)
    loose = parse_cards(fields.get("loose", []), "loose")
    ensure_distinct(loose)
    high = ace == ACE_HIGH
    if action == "raise":
        value = integer(required(fields, "build", "A raise"), "build", 1, 99)
        return Raise(card, value, frozenset(loose), high)
    if action == "build":
        value = integer(required(fields, "value", "A build"), "value", 1, 99)
        return Build(card, value, frozenset(loose), high)
    return Capture(card, frozenset(loose), _builds(fields.get("builds", [])), high)


def _builds(raw: object) -> frozenset[int]:
    if not isinstance(raw, list):
        raise InvalidInput("bad-field", "builds-not-values")
    values = [integer(v, "A build value", 1, 99) for v in raw]
    if len(set(values)) < len(values):
        raise InvalidInput("bad-field", "build-named-twice")
    return frozenset(values)
