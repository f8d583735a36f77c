"""The sessions area's blueprint, and who may edit a session from this browser."""

from __future__ import annotations

from flask import Blueprint, abort, request

from ..data import tokens
from ..data.models import Club, GameSession
from ..web.held import held_clubs, held_tokens
from ..words import gettext

bp = Blueprint("sessions", __name__)


def can_edit(game_session: GameSession) -> bool:
    """Whether this browser holds the session's edit token."""
    return tokens.can_edit(game_session, held_tokens().get(game_session.id))


def editable(session_id: str) -> GameSession:
    """The session, if this browser may edit it; 403 otherwise."""
    writing = request.method != "GET"  # a form being drawn need not wait for writers
    game_session = GameSession.find(session_id, for_update=writing, full=True)
    if not can_edit(game_session):
        abort(403, description=gettext("This phone can only watch: open the scorer's edit link."))
    return game_session


def known_clubs() -> list[Club]:
    """The clubs this browser knows, most recently remembered first."""
    ids = list(reversed(held_clubs()))
    found = {club.id: club for club in Club.many(ids)}
    return [found[i] for i in ids if i in found]
