"""One card played to a trick: is it legal (check), and what it leaves (apply) (F12, F13).

`check` is the single source of truth; `legal_cards` must agree with it, and a test proves
that on many positions.

>>> position = parse_position(
...     {"phase": "play", "players": 4, "trump": "S", "hand": ["QH", "JS"], "trick": ["KH"]})
>>> check(position, Card.parse("JS")).code, [str(c) for c in legal_cards(position)]
('must-follow-suit', ['QH'])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import Card, Suit, parse_cards
from ..errors import InvalidInput
from ..fields import choice, record, required
from ..violation import Violation, notation
from .cards import COPIES, card_points, check_players, hand_size, in_pack, strength

NO_TRUMPS = "NT"
TRUMPS = ("S", "H", "D", "C", NO_TRUMPS)  # F8: a suit or no-trumps


@dataclass(frozen=True)
class TrickPosition:
    """The mover's view of a trick: players, trump (None: no-trumps), hand, cards played."""

    players: int
    trump: Suit | None
    hand: tuple[Card, ...]
    trick: tuple[Card, ...]

    @property
    def led(self) -> Suit | None:
        """The suit led, once a card is on the trick."""
        return self.trick[0].suit if self.trick else None

    def to_json(self) -> dict[str, Any]:
        """The position in the API's notation."""
        return {
            "phase": "play",
            "players": self.players,
            "trump": trump_name(self.trump),
            "hand": [str(c) for c in self.hand],
            "trick": [str(c) for c in self.trick],
        }


@dataclass(frozen=True)
class TrickOutcome:
    """The position after a card; when the card completes the trick, its winner and points."""

    position: TrickPosition
    winner: int | None = None  # index in play order, 0 = the leader
    points: int | None = None

    @property
    def complete(self) -> bool:
        """Whether the card was the trick's last."""
        return self.winner is not None


def trump_name(trump: Suit | None) -> str:
    """The trump as the API writes it: S, H, D, C or NT."""
    return NO_TRUMPS if trump is None else trump.value


def parse_trump(raw: object, what: str = "trump") -> Suit | None:
    """A suit letter, or NT for no-trumps (None)."""
    text = choice(raw, what, TRUMPS)
    return None if text == NO_TRUMPS else Suit(text)


def parse_position(raw: object) -> TrickPosition:
    """Read a trick position; raise InvalidInput naming what is impossible in it."""
    fields = record(raw, "A trick position", ("phase", "players", "trump", "hand", "trick"))
    if fields.get("phase", "play") != "play":
        raise InvalidInput("bad-field", "trick-phase")
    players = check_players(required(fields, "players", "A trick position"))
    trump = parse_trump(required(fields, "trump", "A trick position"))
    hand = parse_cards(required(fields, "hand", "A trick position"), "hand")
    trick = parse_cards(fields.get("trick", []), "trick")
    _check_cards(players, hand, trick)
    return TrickPosition(players, trump, hand, trick)


def _check_cards(players: int, hand: tuple[Card, ...], trick: tuple[Card, ...]) -> None:
    foreign = [c for c in (*hand, *trick) if not in_pack(c, players)]
    if foreign:
        removed = "2s–6s" if players == 8 else "2s–8s"
        raise InvalidInput(
            "not-in-pack", "not-in-pack", card=foreign[0].pretty, players=players, removed=removed
        )
    if not hand or len(hand) > hand_size(players):
        raise InvalidInput("bad-hand", "hand-size", most=hand_size(players), players=players)
    if len(trick) > players - 1:
        raise InvalidInput("bad-trick", "trick-size", most=players - 1)
    card, count = Counter((*hand, *trick)).most_common(1)[0]
    if count > COPIES:
        raise InvalidInput(
            "duplicate-card", "card-too-often", card=card.pretty, count=count, copies=COPIES
        )


def parse_card_move(raw: object) -> Card:
    """A move `{"card": "QH"}`."""
    fields = record(raw, "A move", ("card",))
    return Card.parse(required(fields, "card", "A move"))


def check(position: TrickPosition, card: Card) -> Violation | None:
    """None if `card` may be played, else the rule it breaks."""
    if card not in position.hand:
        return Violation(None, "not-in-hand", "not-in-hand", {"card": str(card)})
    led = position.led
    following = [c for c in position.hand if c.suit == led]
    if led is not None and card.suit != led and following:
        # F12: a player who holds the suit led must follow it.
        return Violation(
            "F12",
            "must-follow-suit",
            "follow-suit",
            {
                "led": str(position.trick[0]),
                "cards": notation(sorted(following)),
                "suit": led.value,
                "card": str(card),
            },
        )
    return None


def legal_cards(position: TrickPosition) -> tuple[Card, ...]:
    """The different cards that may be played, in hand order (F12)."""
    led = position.led
    following = [c for c in position.hand if c.suit == led]
    return tuple(dict.fromkeys(following or position.hand))


def apply(position: TrickPosition, card: Card) -> TrickOutcome:
    """The position after `card` (assumed legal); the position itself is never changed."""
    hand = list(position.hand)
    hand.remove(card)
    trick = (*position.trick, card)
    after = TrickPosition(position.players, position.trump, tuple(hand), trick)
    if len(trick) < position.players:
        return TrickOutcome(after)
    return TrickOutcome(after, winner(trick, position.trump), card_points(trick))


def winner(trick: Sequence[Card], trump: Suit | None) -> int:
    """The index of the card that wins a trick (F13)."""
    trumps = [n for n, c in enumerate(trick) if c.suit == trump]
    # F13: the highest trump wins; with none played (or NT), the highest of the suit led.
    contenders = trumps or [n for n, c in enumerate(trick) if c.suit == trick[0].suit]
    # F13: of two identical cards the first played wins, so a tie goes to the lower index.
    return max(contenders, key=lambda n: (strength(trick[n]), -n))
