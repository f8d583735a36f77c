"""The move checker page: lay out a position, choose a move, see whether the rules allow it.

The page is drawn by the server; a little JavaScript asks the JSON API (/api/v1/check and
/api/v1/moves) as the player taps: shared modules in static/js/ (cards, picker, link,
requests, and floor and questions for the floor games Seep and Casino) and one per game
(seep-checker.js, fifty-six-checker.js, casino-checker.js). The view only picks the
game, its template (checker/<game>.html) and its pack of cards for the picker.
"""

from __future__ import annotations

from flask import abort, render_template

from ..rules import GAMES
from ..words import gettext
from .blueprint import bp
from .games import game_title


@bp.get("/check", defaults={"game_name": None})
@bp.get("/check/<game_name>")
def check(game_name: str | None) -> str:
    """The checker of one game (the first one with a checker by default)."""
    switch = [game for game in GAMES.values() if game.pack is not None]  # a checker each
    game = GAMES.get(game_name or switch[0].name)
    if game is None:
        abort(404, description=gettext("There is no game %(game)r.", game=game_name))
    if game.pack is None:
        abort(404, description=gettext("%(game)s has no move checker yet.", game=game_title(game)))
    return render_template(f"checker/{game.name}.html", game=game, pack=game.pack, switch=switch)
