"""A Casino position as the move checker sees it: the mover's hand, loose cards and builds.

A build is single or multiple by its cards alone: it is **single** when they add up to its
value (aces counting 1), **multiple** otherwise, and then they split into two or more sets
of its value (K5). A single build is one set, so its cards add up to the value exactly; a
multiple build's sets add up to at least twice the value, and an ace counting 14 (Royal)
is a set alone, so it never brings the sum down to the value.

A position's `options` are a session's (options.py, API.md): `variant` and `aces` (K3) are
the ones a move's legality depends on. `variant` may also stand at the top level; given both
ways, they must agree.

Beyond API.md's fields a build may say `"multiple"` (checked against its cards, and always
written), and a position may say `"last_play": true` (K12: clearing the table then is not
a sweep). A mover who owns a build holds a card of its value (K9), or the position is
refused as one that cannot occur.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..cards import Card, ensure_distinct, parse_cards, pretty
from ..errors import InvalidInput
from ..fields import choice, integer, record, required
from .options import parse_options
from .values import CHOICE, VARIANTS, build_values, held, is_face, splits

PLAYERS = (2, 3, 4)  # K1
MOST_IN_HAND = 4  # K2
WHAT = "A Casino position"


@dataclass(frozen=True)
class Pile:
    """A build on the table: its value, its cards and its one owner (K5, K9)."""

    value: int
    cards: tuple[Card, ...]
    owner: int

    @property
    def multiple(self) -> bool:
        """Whether it holds two or more sets: its cards add up to more than its value."""
        return sum(card.rank for card in self.cards) != self.value

    def to_json(self) -> dict[str, Any]:
        """The build as the API writes it."""
        return {
            "value": self.value,
            "cards": [str(c) for c in self.cards],
            "owner": self.owner,
            "multiple": self.multiple,
        }


@dataclass(frozen=True)
class Position:
    """What the mover sees: hand, loose cards, builds, and whether this is the deal's last play."""

    players: int
    seat: int
    variant: str
    hand: tuple[Card, ...]
    loose: tuple[Card, ...]
    builds: tuple[Pile, ...] = ()
    last_play: bool = False
    aces: str = CHOICE  # K3: how a Royal ace counts

    def build(self, value: int) -> Pile | None:
        """The build of this value, if any (K5: new sets join it, so there is one)."""
        return next((b for b in self.builds if b.value == value), None)

    def owned(self) -> set[int]:
        """The values of the builds the mover owns (K9)."""
        return {b.value for b in self.builds if b.owner == self.seat}

    def with_(self, **changes: Any) -> Position:
        """A copy with some fields changed."""
        return replace(self, **changes)

    def to_json(self) -> dict[str, Any]:
        """The position in the API's notation."""
        return {
            "players": self.players,
            "seat": self.seat,
            "variant": self.variant,
            "hand": [str(c) for c in self.hand],
            "loose": [str(c) for c in self.loose],
            "builds": [b.to_json() for b in self.builds],
            "last_play": self.last_play,
            "options": {"aces": self.aces},
        }


FIELDS = ("players", "seat", "variant", "options", "hand", "loose", "builds", "last_play")


def parse_position(raw: object) -> Position:
    """Read a position; raise InvalidInput if it cannot occur in a game."""
    fields = record(raw, WHAT, FIELDS)
    players = required(fields, "players", WHAT)
    if type(players) is not int or players not in PLAYERS:
        raise InvalidInput("bad-position", "casino-players")
    seat = integer(required(fields, "seat", WHAT), "seat", 0, players - 1)
    variant, aces = _parse_counting(fields)
    hand = parse_cards(required(fields, "hand", WHAT), "hand")
    if len(hand) > MOST_IN_HAND:
        raise InvalidInput("bad-position", "casino-hand-size", most=MOST_IN_HAND)
    loose = parse_cards(fields.get("loose", []), "loose")
    builds = _parse_builds(fields.get("builds", []), players, variant, aces)
    ensure_distinct([*hand, *loose, *(c for b in builds for c in b.cards)])
    last_play = fields.get("last_play", False)
    if not isinstance(last_play, bool):
        raise InvalidInput("bad-field", "last-play-not-bool")
    position = Position(players, seat, variant, hand, loose, builds, last_play, aces)
    missing = sorted(position.owned() - held(hand, variant, aces))
    if missing:
        # K9: an owner keeps a card of the build's value until the build is taken.
        raise InvalidInput("bad-position", "build-owner-without-card", value=missing[0])
    return position


def _parse_counting(fields: Mapping[str, Any]) -> tuple[str, str]:
    """The variant and the aces option (K3), from the top level or `options`."""
    raw = fields.get("options")
    options = parse_options(raw)
    if "variant" not in fields:
        return options["variant"], options["aces"]
    variant = choice(fields["variant"], "variant", VARIANTS)
    if isinstance(raw, dict) and raw.get("variant", variant) != variant:
        # Said twice, two ways: nothing says which one the table plays.
        raise InvalidInput("bad-field", "variant-twice", variant=variant, option=raw["variant"])
    return variant, options["aces"]


def _parse_builds(raw: object, players: int, variant: str, aces: str) -> tuple[Pile, ...]:
    if not isinstance(raw, list):
        raise InvalidInput("bad-field", "builds-not-list")
    builds = tuple(_parse_build(item, players, variant, aces) for item in raw)
    values = [b.value for b in builds]
    for value in set(values):
        if values.count(value) > 1:
            # K5: sets of a value that already has a build join it.
            raise InvalidInput("bad-position", "build-twice", value=value)
    return builds


def _parse_build(raw: object, players: int, variant: str, aces: str) -> Pile:
    fields = record(raw, "A build", ("value", "cards", "owner", "multiple"))
    allowed = build_values(variant, aces)
    value = integer(required(fields, "value", "A build"), "A build's value", 2, allowed[-1])
    cards = parse_cards(required(fields, "cards", "A build"), "A build's cards")
    owner = integer(required(fields, "owner", "A build"), "A build's owner", 0, players - 1)
    faces = [c for c in cards if is_face(c, variant)]
    if faces:
        # K3: classic face cards only pair; they are never built.
        raise InvalidInput("bad-position", "faces-in-build", cards=pretty(faces))
    if len(cards) < 2 or not splits((c.rank for c in cards), value, variant, aces=aces):
        # K5: the played card and at least one table card, in sets each worth the value.
        key = "build-cannot-make" if cards else "build-of-no-cards"
        raise InvalidInput("bad-position", key, cards=pretty(cards), value=value)
    pile = Pile(value, cards, owner)
    if fields.get("multiple", pile.multiple) is not pile.multiple:
        kind = "multiple" if pile.multiple else "single"
        raise InvalidInput(
            "bad-position", "build-kind", cards=pretty(cards), value=value, kind=kind
        )
    return pile


def without(cards: Iterable[Card], taken: Iterable[Card]) -> tuple[Card, ...]:
    """The cards, less those taken."""
    gone = set(taken)
    return tuple(card for card in cards if card not in gone)
