"""Playing cards and their notation, shared by every game.

>>> Card.parse("T♦")
Card(rank=10, suit=<Suit.DIAMONDS: 'D'>)
>>> str(Card.parse("10d")), Card.parse("qs").pretty
('10D', 'Q♠')
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from .errors import InvalidInput


class Suit(enum.Enum):
    """The four suits, in the order decks are built."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        """The suit's symbol, such as ♠."""
        return _SYMBOLS[self]

    def __lt__(self, other: object) -> bool:
        """Suits sort in deck order (♠ ♥ ♦ ♣), so that cards can be sorted."""
        if not isinstance(other, Suit):
            return NotImplemented
        return _SUIT_ORDER[self] < _SUIT_ORDER[other]


_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_ORDER = {suit: n for n, suit in enumerate(Suit)}
_SUIT_BY_TEXT = {s.value: s for s in Suit} | {v: s for s, v in _SYMBOLS.items()}
RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
_RANK_BY_TEXT = (
    {str(n): n for n in range(2, 11)}
    | {"T": 10}
    | {name: rank for rank, name in RANK_NAMES.items()}
)


@dataclass(frozen=True, order=True)
class Card:
    """A card: rank 1 (ace) to 13 (king) and a suit."""

    rank: int
    suit: Suit
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Cards are dictionary keys everywhere: hash once, not through the Enum each time.
        object.__setattr__(self, "_hash", hash((self.rank, self.suit._value_)))

    def __hash__(self) -> int:
        return self._hash

    @classmethod
    def parse(cls, text: object) -> Card:
        """Read `10D`, `TD`, `10♦` or `td`; raise InvalidInput otherwise."""
        if not isinstance(text, str):
            raise InvalidInput("unknown-card", "not-a-card", value=text)
        known = BY_NAME.get(text)
        if known is not None:
            return known
        cleaned = text.strip().upper()
        rank = _RANK_BY_TEXT.get(cleaned[:-1])
        suit = _SUIT_BY_TEXT.get(cleaned[-1:])
        if rank is None or suit is None:
            raise InvalidInput("unknown-card", "not-a-card", value=text)
        return cls(rank, suit)

    @property
    def rank_name(self) -> str:
        """The rank as printed: A, 2 … 10, J, Q, K."""
        return RANK_NAMES.get(self.rank, str(self.rank))

    @property
    def pretty(self) -> str:
        """The card with its suit symbol, such as 10♦."""
        return self.rank_name + self.suit.symbol

    def __str__(self) -> str:
        return self.rank_name + self.suit.value


def full_deck() -> tuple[Card, ...]:
    """The 52 cards of one pack, spades first, ace to king."""
    return tuple(Card(rank, suit) for suit in Suit for rank in range(1, 14))


# Stored records hold canonical names ("10D"): reading them back is one dictionary look-up.
BY_NAME: dict[str, Card] = {str(card): card for card in full_deck()}


def parse_cards(items: object, what: str = "cards", **about: object) -> tuple[Card, ...]:
    """Read a list of card strings; duplicates are allowed (two-pack games)."""
    if not isinstance(items, list):
        raise InvalidInput("bad-field", "not-card-list", about, what=what)
    return tuple(Card.parse(item) for item in items)


def ensure_distinct(cards: Iterable[Card]) -> None:
    """Raise InvalidInput naming the first card that appears twice."""
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise InvalidInput("duplicate-card", "card-twice", card=card.pretty)
        seen.add(card)


def pretty(cards: Iterable[Card]) -> list[str]:
    """Cards as printed (A♠, 10♦), for a refusal's params: the web layer lists them."""
    return [card.pretty for card in cards]


def names(cards: Sequence[Card]) -> str:
    """Cards for a sentence: 'A♠, 10♦ and K♥'."""
    shown = [card.pretty for card in cards]
    if len(shown) <= 1:
        return "".join(shown)
    return ", ".join(shown[:-1]) + " and " + shown[-1]
