"""Fifty-six's pack as data: players, rank order, card points, deck and hand size (F1, F3–F5),
and the move checker's pack for its card picker.

>>> len(deck(4)), len(deck(8)), card_points(deck(6))
(48, 64, 56)
"""

from __future__ import annotations

from collections.abc import Iterable

from ..cards import Card, Suit
from ..errors import InvalidInput
from ..pack import Pack

PLAYERS = (4, 6, 8)  # F1
COPIES = 2  # F3: two packs, so every card twice
# F5: high to low; the last two (8, 7) are in the pack with 8 players only (F3).
RANKS_HIGH_TO_LOW: tuple[int, ...] = (11, 9, 1, 10, 13, 12, 8, 7)
RANKS_BY_PLAYERS = {4: RANKS_HIGH_TO_LOW[:6], 6: RANKS_HIGH_TO_LOW[:6], 8: RANKS_HIGH_TO_LOW}
# F5: J 3, 9 2, A 1, 10 1, the others 0 — 56 in the deck.
POINTS: dict[int, int] = {11: 3, 9: 2, 1: 1, 10: 1}
HAND_SIZE = {4: 12, 6: 8, 8: 8}  # F4
TOTAL_POINTS = 56
# A card's strength within its suit: the higher, the stronger (F5).
STRENGTH: dict[int, int] = {rank: -n for n, rank in enumerate(RANKS_HIGH_TO_LOW)}


def check_players(players: object) -> int:
    """`players` if 4, 6 or 8 (F1); raise InvalidInput otherwise."""
    if isinstance(players, bool) or players not in PLAYERS or not isinstance(players, int):
        raise InvalidInput("bad-players", "fifty-six-players", value=players)
    return players


def ranks(players: int) -> tuple[int, ...]:
    """The ranks in the pack for `players`, high to low (F3, F5)."""
    return RANKS_BY_PLAYERS[check_players(players)]


def deck(players: int) -> tuple[Card, ...]:
    """The two-pack deck for `players`: 48 cards with 4 or 6, 64 with 8 (F3)."""
    return tuple(
        Card(rank, suit) for suit in Suit for rank in ranks(players) for _ in range(COPIES)
    )


def hand_size(players: int) -> int:
    """Cards per hand: 12 with 4 players, 8 with 6 or 8 (F4)."""
    return HAND_SIZE[check_players(players)]


def in_pack(card: Card, players: int) -> bool:
    """Whether the pack for `players` holds `card` (F3)."""
    return card.rank in ranks(players)


def card_points(cards: Iterable[Card]) -> int:
    """The card points in `cards` (F5)."""
    return sum(POINTS.get(card.rank, 0) for card in cards)


def strength(card: Card) -> int:
    """How high a card ranks in its suit: compare only cards of one suit (F5)."""
    return STRENGTH[card.rank]


def _checker_pack() -> Pack:
    """Two packs without the low cards, high to low; 8 and 7 only with 8 players (F3, F5)."""
    widest = max(PLAYERS, key=lambda n: len(deck(n)))
    cards = tuple(dict.fromkeys(deck(widest)))
    players = {card: tuple(n for n in PLAYERS if in_pack(card, n)) for card in cards}
    narrow = {card: held for card, held in players.items() if held != PLAYERS}
    return Pack(cards, copies=COPIES, players=narrow)


PACK = _checker_pack()  # the move checker's card picker
