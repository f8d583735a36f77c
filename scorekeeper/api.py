"""The public JSON API (shared/API.md): sessions and their deals."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, request, url_for

from .extensions import db
from .models import GameSession
from .rules import InvalidInput, get_game
from .rules.fields import integer, required

bp = Blueprint("api", __name__, url_prefix="/api/v1")
MOVES_PAGE = 100  # moves listed unless the request asks for more (its "limit")
MOVES_MOST = 10_000


def json_body() -> dict[str, Any]:
    """The request's JSON object, or a 400 that says what is wrong."""
    try:
        body = request.get_json(silent=True)
    except RecursionError:
        # json.loads gives up on very deep nesting with RecursionError, not ValueError.
        raise InvalidInput("bad-json", "The body is nested too deeply to be read.") from None
    if not isinstance(body, dict):
        raise InvalidInput(
            "bad-json", "The body must be a JSON object (Content-Type: application/json)."
        )
    return body


def editable_session(session_id: str) -> GameSession:
    """The session, if the request carries its edit token (401 without, 403 if wrong)."""
    session = GameSession.get_or_404(session_id, for_update=True)
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        abort(401, description="Send the session's edit token: Authorization: Bearer <token>.")
    if not session.can_edit(token.strip()):
        abort(403, description="That edit token does not belong to this session.")
    return session


def standing_answer(session: GameSession) -> dict[str, Any]:
    """The standing at the top level, as API.md says, and again under "standing"."""
    standing = session.standing()
    return {**standing, "standing": standing}


@bp.post("/sessions")
def create_session() -> tuple[dict[str, Any], int, dict[str, str]]:
    """Start a session; the answer carries the edit token, shown only here."""
    session, token = GameSession.from_request(json_body())
    db.session.commit()
    location = url_for("api.read_session", session_id=session.id)
    return {**session.to_json(), "edit_token": token}, 201, {"Location": location}


@bp.get("/sessions/<session_id>")
def read_session(session_id: str) -> dict[str, Any]:
    """A session with its deals and standing; reading needs only the id."""
    return GameSession.get_or_404(session_id).to_json()


@bp.post("/sessions/<session_id>/deals")
def add_deal(session_id: str) -> tuple[dict[str, Any], int]:
    """Record the next deal."""
    session = editable_session(session_id)
    deal = session.add_deal(json_body())
    db.session.commit()
    return {**standing_answer(session), "number": session.number_of(deal)}, 201


@bp.put("/sessions/<session_id>/deals/<int:number>")
def replace_deal(session_id: str, number: int) -> dict[str, Any]:
    """Correct deal `number`; the standing is recomputed."""
    session = editable_session(session_id)
    session.replace_deal(number, json_body())
    db.session.commit()
    return {**standing_answer(session), "number": number}


@bp.delete("/sessions/<session_id>/deals/<int:number>")
def delete_deal(session_id: str, number: int) -> dict[str, Any]:
    """Remove deal `number`; later deals move up one."""
    session = editable_session(session_id)
    session.delete_deal(number)
    db.session.commit()
    return standing_answer(session)


@bp.post("/check")
def check_move() -> dict[str, Any]:
    """Is this move legal in this position? Names the rule, or shows the position after."""
    body = json_body()
    game = get_game(required(body, "game", "A check"))
    return game.check_move(required(body, "position", "A check"), required(body, "move", "A check"))


@bp.post("/moves")
def list_moves() -> dict[str, Any]:
    """The legal moves of a position: a page of them, and the exact count."""
    body = json_body()
    game = get_game(required(body, "game", "A request for moves"))
    limit = integer(body.get("limit", MOVES_PAGE), "limit", 0, MOVES_MOST)
    return game.list_moves(required(body, "position", "A request for moves"), limit)
