"""The move checker page: lay out a position, choose a move, see whether the rules allow it.

The page is drawn by the server; a little JavaScript asks the JSON API (/api/v1/check and
/api/v1/moves) as the player taps: shared modules in static/js/ (cards, picker, link,
requests, and floor and questions for the floor games Seep and Casino) and one per game
(seep-checker.js, fifty-six-checker.js, casino-checker.js). The view only picks the
game, its template (checker/<game>.html) and its pack of cards for the picker.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from flask import abort, render_template

from ..rules import GAMES
from ..rules.cards import Card, Suit, full_deck
from ..rules.fifty_six import cards as fifty_six_cards
from .blueprint import bp


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


def _full_pack() -> Pack:
    """One 52-card pack (Seep, Casino)."""
    return Pack(full_deck())


def _fifty_six_pack() -> Pack:
    """Two packs without the low cards, high to low; 8 and 7 only with 8 players (F3, F5)."""
    widest = max(fifty_six_cards.PLAYERS, key=lambda n: len(fifty_six_cards.deck(n)))
    cards = tuple(dict.fromkeys(fifty_six_cards.deck(widest)))
    players = {
        card: tuple(n for n in fifty_six_cards.PLAYERS if fifty_six_cards.in_pack(card, n))
        for card in cards
    }
    narrow = {card: held for card, held in players.items() if held != fifty_six_cards.PLAYERS}
    return Pack(cards, copies=fifty_six_cards.COPIES, players=narrow)


# The games with a move checker, in the order of the page's game switch.
PACKS: dict[str, Callable[[], Pack]] = {
    "seep": _full_pack,
    "fifty-six": _fifty_six_pack,
    "casino": _full_pack,
}


@bp.get("/check", defaults={"game_name": None})
@bp.get("/check/<game_name>")
def check(game_name: str | None) -> str:
    """The checker of one game (the first one with a checker by default)."""
    game = GAMES.get(game_name or next(iter(PACKS)))
    if game is None:
        abort(404, description=f"There is no game {game_name!r}.")
    if game.name not in PACKS:
        abort(404, description=f"{game.title} has no move checker yet.")
    switch = [GAMES[name] for name in PACKS if name in GAMES]
    pack = PACKS[game.name]()
    return render_template(f"checker/{game.name}.html", game=game, pack=pack, switch=switch)
