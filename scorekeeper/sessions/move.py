"""Moving a session into one of this browser's clubs (the session's keeper only)."""

from __future__ import annotations

from flask import abort, redirect, request, url_for
from werkzeug.wrappers import Response

from ..data import players, tokens
from ..data.extensions import db
from ..data.models import Club, GameSession
from ..web.held import held_clubs, held_tokens
from ..web.pages import say, undo_flash
from ..words import gettext
from .blueprint import bp


@bp.post("/s/<session_id>/move")
def move(session_id: str) -> Response:
    """Move a session into one of this browser's clubs (its keeper only); players are matched
    by name among the club's. The message can move it back."""
    game_session = GameSession.find(session_id, for_update=True, full=True)
    if not tokens.keeps_session(game_session, held_tokens().get(session_id)):
        abort(403, description=gettext("Only the phone that started this session can move it."))
    club_id = request.values.get("club", "")
    if club_id not in held_clubs():
        abort(400, description=gettext("Choose one of the clubs this phone knows."))
    club = Club.find(club_id)
    if game_session.club_id == club.id:
        say({"text": gettext("The session is in %(club)s already.", club=club.name)}, "done")
    else:
        left = players.move_to(game_session, club)
        db.session.commit()
        text = gettext("Moved into %(club)s.", club=club.name)
        if left is not None and left.id in held_clubs():
            undo_flash(text, url_for(".move", session_id=session_id, club=left.id), gettext("Undo"))
        else:
            say({"text": text}, "done")
    return redirect(url_for(".show", session_id=session_id))
