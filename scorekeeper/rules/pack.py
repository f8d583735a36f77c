"""The cards a game's move checker offers in its card picker: the registry's `Game.pack`."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, Suit, full_deck


@dataclass(frozen=True)
class Pack:
    """The cards a game's picker offers: each card once, suit by suit, `copies` of each in play.

    `players` gives, for a card that is not in every pack of the game, the numbers of players
    whose pack holds it; the page hides it for the others.
    """

    cards: tuple[Card, ...]
    copies: int = 1
    players: dict[Card, tuple[int, ...]] | None = None

    def suits(self) -> list[tuple[Suit, list[Card]]]:
        """The cards suit by suit, in the pack's order."""
        return [(suit, [card for card in self.cards if card.suit is suit]) for suit in Suit]

    def players_of(self, card: Card) -> str:
        """'8' when only the pack for 8 players holds `card`; '' when every pack does."""
        return " ".join(map(str, (self.players or {}).get(card, ())))


FULL_PACK = Pack(full_deck())  # one 52-card pack (Seep, Casino)
