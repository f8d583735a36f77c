"""Passing the pen: a phone gives up keeping score, and may take it back in one tap."""

from __future__ import annotations

from flask import abort, redirect, session, url_for
from werkzeug.wrappers import Response

from ..data import tokens
from ..data.models import GameSession
from ..web.held import forget_token, held_tokens, remember_token
from ..web.pages import say, undo_flash
from ..words import gettext
from .blueprint import bp


@bp.post("/s/<session_id>/leave")
def leave(session_id: str) -> Response:
    """This phone stops keeping score; the message after it can take the pen back."""
    game_session = GameSession.find(session_id)
    token = held_tokens().get(session_id)
    if not tokens.can_edit(game_session, token):
        say({"text": gettext("This phone only watches this session already.")}, "done")
        return redirect(url_for(".show", session_id=session_id))
    forget_token(session_id)
    session["given_up"] = {session_id: token}  # the last pen given up, for its undo only
    back = url_for(".take_back", session_id=session_id)
    undo_flash(gettext("This phone only watches now."), back, gettext("Keep scoring"))
    return redirect(url_for(".show", session_id=session_id))


@bp.post("/s/<session_id>/take-back")
def take_back(session_id: str) -> Response:
    """Undo giving up: the pen this phone held comes back, if its link still works."""
    game_session = GameSession.find(session_id)
    token = session.get("given_up", {}).get(session_id)
    if token is None:
        abort(403, description=gettext("This phone gave up no pen here: scan the scorer's code."))
    if not tokens.can_edit(game_session, token):
        abort(403, description=gettext("That pen was revoked meanwhile: ask for the scorer code."))
    session.pop("given_up")
    remember_token(session_id, token)
    say({"text": gettext("This phone keeps score of this session again.")}, "done")
    return redirect(url_for(".show", session_id=session_id))
