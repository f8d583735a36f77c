"""A Seep position as the move checker sees it: the mover's hand and the floor."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from ..cards import Card, ensure_distinct, parse_cards, pretty
from ..errors import InvalidInput
from ..fields import integer, record, required
from .options import parse_rule_options
from .sets import splits_into, values_key

HOUSE_VALUES = range(9, 14)  # H1
MOST_IN_HAND = 12  # S4


@dataclass(frozen=True)
class House:
    """A pile of two or more cards with a value from 9 to 13, and its owners (H1, H4)."""

    value: int
    cards: tuple[Card, ...]
    owners: frozenset[int]

    @property
    def cemented(self) -> bool:
        """Whether it holds two or more sets (H3): its cards sum to more than its value."""
        return sum(card.rank for card in self.cards) > self.value

    def to_json(self) -> dict[str, Any]:
        """The house as the API writes it."""
        return {
            "value": self.value,
            "cards": [str(c) for c in self.cards],
            "owners": sorted(self.owners),
            "cemented": self.cemented,
        }


@dataclass(frozen=True)
class Position:
    """What the mover sees: hand, loose cards, houses, and whether this play is special."""

    players: int
    seat: int
    hand: tuple[Card, ...]
    loose: tuple[Card, ...]
    houses: tuple[House, ...] = ()
    opening_bid: int | None = None
    last_play: bool = False
    options: Mapping[str, Any] = field(default_factory=lambda: parse_rule_options(None))

    def team_of(self, seat: int) -> int:
        """Teams are seat mod 2; with two players each seat is its own team."""
        return seat % 2

    def owners_after_adding(self, house: House) -> frozenset[int]:
        """H4: adding to a house owned only by opponents makes the mover a co-owner."""
        team = self.team_of(self.seat)
        if any(self.team_of(owner) == team for owner in house.owners):
            return house.owners
        return house.owners | {self.seat}

    def house(self, value: int) -> House | None:
        """The house of this value, if any (H2: at most one)."""
        return next((h for h in self.houses if h.value == value), None)

    def with_(self, **changes: Any) -> Position:
        """A copy with some fields changed."""
        return replace(self, **changes)

    def to_json(self) -> dict[str, Any]:
        """The position in the API's notation."""
        return {
            "players": self.players,
            "seat": self.seat,
            "hand": [str(c) for c in self.hand],
            "loose": [str(c) for c in self.loose],
            "houses": [h.to_json() for h in self.houses],
            "opening_bid": self.opening_bid,
            "last_play": self.last_play,
            "options": dict(self.options),
        }


FIELDS = ("players", "seat", "hand", "loose", "houses", "opening_bid", "last_play", "options")


def parse_position(raw: object) -> Position:
    """Read a position; raise InvalidInput if it cannot occur in a game."""
    fields = record(raw, "A Seep position", FIELDS)
    players = required(fields, "players", "A Seep position")
    if type(players) is not int or players not in (2, 4):
        raise InvalidInput("bad-position", "seep-position-players")
    seat = integer(required(fields, "seat", "A Seep position"), "seat", 0, players - 1)
    hand = parse_cards(required(fields, "hand", "A Seep position"), "hand")
    if len(hand) > MOST_IN_HAND:
        raise InvalidInput("bad-position", "seep-hand-size", most=MOST_IN_HAND)
    loose = parse_cards(fields.get("loose", []), "loose")
    houses = _parse_houses(fields.get("houses", []), players)
    ensure_distinct([*hand, *loose, *(c for h in houses for c in h.cards)])
    for card in loose:
        if any(h.value == card.rank for h in houses):
            # H2: a house absorbs every loose card of its value.
            raise InvalidInput("bad-position", "loose-in-house", card=card.pretty, value=card.rank)
    bid = fields.get("opening_bid")
    if bid is not None:
        bid = integer(bid, "opening_bid", 9, 13)
        if all(card.rank != bid for card in hand):
            # S2: the bidder must hold a card of the bid, and has played none yet.
            raise InvalidInput("bad-bid", "bid-not-in-hand", bid=bid)
    last_play = fields.get("last_play", False)
    if not isinstance(last_play, bool):
        raise InvalidInput("bad-field", "last-play-not-bool")
    _ensure_owner_holds(seat, hand, houses)
    return Position(
        players,
        seat,
        hand,
        loose,
        houses,
        bid,
        last_play,
        parse_rule_options(fields.get("options")),
    )


def unheld_houses(seat: int, hand: Iterable[Card], houses: Iterable[House]) -> list[int]:
    """The values of the houses `seat` owns without a card of that value in `hand` (H5: an
    owner keeps one until the house is captured or raised)."""
    held = {card.rank for card in hand}
    return [h.value for h in houses if seat in h.owners and h.value not in held]


def _ensure_owner_holds(seat: int, hand: Iterable[Card], houses: Iterable[House]) -> None:
    """H5: the mover holds a card of each house they own, or the position cannot occur."""
    missing = min(unheld_houses(seat, hand, houses), default=None)
    if missing is not None:
        raise InvalidInput("bad-position", "house-owner-without-card", value=missing)


def _parse_houses(raw: object, players: int) -> tuple[House, ...]:
    if not isinstance(raw, list):
        raise InvalidInput("bad-field", "houses-not-list")
    houses = tuple(_parse_house(item, players) for item in raw)
    values = [h.value for h in houses]
    for value in set(values):
        if values.count(value) > 1:
            # H2: at most one house of each value.
            raise InvalidInput("bad-position", "house-twice", value=value)
    return houses


def _parse_house(raw: object, players: int) -> House:
    fields = record(raw, "A house", ("value", "cards", "owners", "cemented"))
    value = integer(required(fields, "value", "A house"), "A house's value", 9, 13)
    cards = parse_cards(required(fields, "cards", "A house"), "A house's cards")
    owners = required(fields, "owners", "A house")
    if not isinstance(owners, list) or not owners:
        raise InvalidInput("bad-position", "house-without-owner", value=value)
    seats = frozenset(integer(o, "An owner", 0, players - 1) for o in owners)
    if len(cards) < 2 or not splits_into(values_key(c.rank for c in cards), value):
        # H1, H3: two or more cards, in sets each summing to the value.
        key = "house-cannot-make" if cards else "house-of-no-cards"
        raise InvalidInput("bad-position", key, cards=pretty(cards), value=value)
    house = House(value, cards, seats)
    kind = "cemented" if house.cemented else "ordinary"
    if fields.get("cemented", house.cemented) is not house.cemented:
        # H3: whether a house is cemented follows from its cards.
        raise InvalidInput(
            "bad-position", "house-kind", cards=pretty(cards), value=value, kind=kind
        )
    if not house.cemented and len(seats) > 1:
        # H4: only adding to a house or merging it gives it a second owner; both cement it.
        raise InvalidInput("bad-position", "ordinary-house-owners", value=value)
    return house


def without(cards: Iterable[Card], taken: Iterable[Card]) -> tuple[Card, ...]:
    """The cards, less those taken."""
    gone = set(taken)
    return tuple(card for card in cards if card not in gone)
