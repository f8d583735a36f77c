"""The move checker page: lay out a position, choose a move, see whether the rules allow it.

The page is drawn by the server; a little JavaScript asks the JSON API (/api/v1/check and
/api/v1/moves) as the player taps: shared modules in static/js/ (cards, picker, link,
requests) and one per game (seep-checker.js). The view only picks the game.
"""

from __future__ import annotations

from flask import Blueprint, abort, render_template
from jinja2 import TemplateNotFound

from .rules import GAMES
from .rules.cards import Suit, full_deck

bp = Blueprint("checker", __name__)


@bp.get("/check", defaults={"game_name": None})
@bp.get("/check/<game_name>")
def check(game_name: str | None) -> str:
    """The checker of one game (the first registered one by default)."""
    game = GAMES.get(game_name or next(iter(GAMES)))
    if game is None:
        abort(404, description=f"There is no game {game_name!r}.")
    deck = full_deck()
    suits = [(suit, [card for card in deck if card.suit is suit]) for suit in Suit]
    try:
        return render_template(f"checker/{game.name}.html", game=game, suits=suits)
    except TemplateNotFound:
        abort(404, description=f"{game.title} has no move checker yet.")
