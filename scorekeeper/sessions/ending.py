"""A table ends its session where it stands (one tap, undone in one), or plays on."""

from __future__ import annotations

from typing import Any

from flask import redirect, url_for
from werkzeug.wrappers import Response

from ..data import deals
from ..data.errors import Conflict
from ..data.extensions import db
from ..data.models import GameSession
from ..web.names import whole_name
from ..web.pages import say, undo_flash
from ..words import gettext
from ..words.refusals import message_of
from .blueprint import bp, editable


@bp.app_template_global()
def ended_words(game_session: GameSession, standing: Any) -> str:
    """How an ended session came out, in a sentence: won by a team, or level (its message, and
    its scoreboard's banner)."""
    went_to = standing["session_winner"]
    if went_to is None:
        return gettext("Session ended level: nobody won.")
    return gettext("Session ended: won by %(team)s.", team=whole_name(game_session.teams[went_to]))


@bp.post("/s/<session_id>/end")
def end(session_id: str) -> Response:
    """End the session where it stands; the message after it undoes that in one tap."""
    game_session = editable(session_id)
    try:
        ended = deals.end(game_session)
    except Conflict as error:
        say({"text": message_of(error)}, "problem")
        return redirect(url_for(".show", session_id=session_id))
    if ended:
        db.session.commit()
    reopen = url_for(".reopen", session_id=session_id)
    standing = game_session.standing(game_session.deal_rows())
    undo_flash(ended_words(game_session, standing), reopen, gettext("Undo"))
    return redirect(url_for(".show", session_id=session_id))


@bp.post("/s/<session_id>/reopen")
def reopen(session_id: str) -> Response:
    """Take the end back: the session plays on (the end's Undo, and Play on)."""
    game_session = editable(session_id)
    if deals.reopen(game_session):
        db.session.commit()
    say({"text": gettext("The session plays on.")}, "done")
    return redirect(url_for(".show", session_id=session_id))
