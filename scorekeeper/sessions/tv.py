"""The TV view: a session's standing for a shared screen across the room, following it live."""

from __future__ import annotations

from flask import Response, render_template

from ..data.models import GameSession
from ..rules import GAMES
from ..web.pages import conditional
from .blueprint import bp
from .scoreboard import standing_parts


@bp.get("/s/<session_id>/tv")
def tv(session_id: str) -> Response:
    """The standing in very large type, the chart and the last deals; it only ever watches."""
    # The page is the same for every browser (no forms, no messages, no keys), so the session's
    # version alone is its tag: a TV needs no cookie, and an unchanged poll is one small query.
    etag = f"{GameSession.find(session_id).etag}-tv"
    return conditional(etag, lambda: _draw(session_id))


def _draw(session_id: str) -> str:
    game_session = GameSession.find(session_id, full=True, deals=False)
    return render_template(
        "sessions/tv.html",
        **standing_parts(game_session),
        game=GAMES[game_session.game_name],
        can_edit=False,  # the game's scoreboard, without a button or an Edit link
    )
