"""The public JSON API (shared/API.md): sessions and their deals."""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

from flask import Blueprint, Response, abort, jsonify, request, url_for

from .data.conflicts import Conflict
from .data.extensions import db
from .data.idempotency import once, request_key, start_session
from .data.live import ensure_not_played_live
from .data.models import Deal, GameSession
from .rules import InvalidInput, get_game
from .rules.fields import integer, required
from .web.errors import READS

bp = Blueprint("api", __name__, url_prefix="/api/v1")
MOVES_PAGE = 100  # moves listed unless the request asks for more (its "limit")
MOVES_MOST = 10_000
MOST_DEALS = 100_000  # a deal number beyond any evening's play
IDENTITY = ("id", "number", "version", "deleted")  # what a deal in an answer adds to its record


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
    """The session, locked for a write, if the request carries a token that may edit it.

    401 without a token, 403 with a wrong one.
    """
    session = GameSession.get_or_404(session_id, for_update=True, full=True)
    if not session.can_edit(bearer_token()):
        abort(403, description="That edit token does not belong to this session.")
    return session


def bearer_token() -> str:
    """The request's bearer token; a 401 without one."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        abort(401, description="Send the session's edit token: Authorization: Bearer <token>.")
    return token.strip()


def standing_answer(session: GameSession) -> dict[str, Any]:
    """The standing at the top level, as API.md says, and again under "standing"."""
    standing = session.standing_json()
    return {**standing, "standing": standing, "version": session.version}


def deal_answer(session: GameSession, deal: Deal) -> dict[str, Any]:
    """The standing after a change, with the deal changed and its identity at the top."""
    shown = session.deal_json(deal)
    identity = {name: shown[name] for name in ("id", "number", "version")}
    return {**standing_answer(session), **identity, "deal": shown}


def replayable(answer: tuple[dict[str, Any], int], replayed: bool) -> Response:
    """The answer as JSON, saying whether it repeats an earlier one."""
    response = jsonify(answer[0])
    response.status_code = answer[1]
    if replayed:
        response.headers["Idempotent-Replayed"] = "true"
    return response


def tagged(body: dict[str, Any], etag: str) -> Response:
    """A read answered with its ETag, or 304 when the client holds that version already."""
    # If-None-Match compares weakly (RFC 9110), so a proxy that weakens tags keeps its 304s.
    fresh = request.method in READS and request.if_none_match.contains_weak(etag)
    response = Response(status=304) if fresh else jsonify(body)
    response.set_etag(etag)
    response.headers["Cache-Control"] = "no-cache"  # always ask; the 304 makes asking cheap
    return response


def require_if_match(session: GameSession, deal: Deal) -> None:
    """412 with the current deal when If-Match names another version of it."""
    etags = request.if_match
    if etags and not etags.star_tag and not etags.contains(deal.etag):
        raise Conflict(
            412,
            "version-mismatch",
            f"Deal #{deal.serial} was changed by another scorer since you read it "
            f"(now version {deal.version}). Nothing was changed; here is the deal as it is now.",
            session.deal_json(deal),
        )


# -- sessions ------------------------------------------------------------------------------


@bp.post("/sessions")
def create_session() -> Response:
    """Start a session; the answer carries the edit token, shown only here."""
    body = json_body()
    (shown, status), token, replayed = start_session(
        "sessions", request_key(), body, GameSession.to_json
    )
    response = replayable(({**shown, "edit_token": token}, status), replayed)
    response.headers["Location"] = url_for("api.read_session", session_id=shown["id"])
    return response


@bp.get("/sessions/<session_id>")
def read_session(session_id: str) -> Response:
    """A session with its deals and standing; reading needs only the id."""
    session = GameSession.get_or_404(session_id)
    if request.if_none_match.contains_weak(session.etag):
        return tagged({}, session.etag)  # nothing more is loaded for a 304
    session = GameSession.get_or_404(session_id, full=True)
    return tagged(session.to_json(), session.etag)


@bp.post("/sessions/<session_id>/scorer-link")
def new_scorer_link(session_id: str) -> dict[str, Any]:
    """A new scorer token for sharing; every earlier scorer link stops working (keeper only)."""
    session = editable_session(session_id)
    if not session.is_keeper(bearer_token()):
        abort(403, description="Only the session's keeper can revoke scorer links.")
    token = session.revoke_scorers()
    db.session.commit()
    return {"scorer_token": token, "version": session.version}


# -- deals ---------------------------------------------------------------------------------


@bp.post("/sessions/<session_id>/deals")
def add_deal(session_id: str) -> Response:
    """Record the next deal, exactly once."""
    session = editable_session(session_id)
    body = json_body()
    record = {name: value for name, value in body.items() if name != "number"}
    number = body.get("number")
    if number is not None:
        number = integer(number, "number", 1, MOST_DEALS)

    def add() -> tuple[dict[str, Any], int]:
        ensure_not_played_live(session)
        deal = session.add_deal(record, number)
        db.session.flush()
        return deal_answer(session, deal), 201

    answer, replayed = once(f"deals:{session_id}", request_key(), body, add)
    return replayable(answer, replayed)


@bp.get("/sessions/<session_id>/deals/<int:deal_id>")
def read_deal(session_id: str, deal_id: int) -> Response:
    """One deal, live or deleted, with its ETag for If-Match."""
    session = GameSession.get_or_404(session_id, full=True)
    deal = session.deal_or_404(deal_id)
    return tagged(session.deal_json(deal), deal.etag)


@bp.put("/sessions/<session_id>/deals/<int:deal_id>")
def replace_deal(session_id: str, deal_id: int) -> Response:
    """Correct a deal; the standing is recomputed."""
    session = editable_session(session_id)
    deal = session.deal_or_404(deal_id)
    # A deal as GET answered it may be sent back changed: its identity fields are not the record.
    body = {name: value for name, value in json_body().items() if name not in IDENTITY}
    require_if_match(session, deal)
    session.replace_deal(deal, body)
    db.session.commit()
    return tagged(deal_answer(session, deal), deal.etag)


@bp.delete("/sessions/<session_id>/deals/<int:deal_id>")
def delete_deal(session_id: str, deal_id: int) -> Response:
    """Remove a deal (restorable); later deals move up one. Again: nothing more happens."""
    return _move_deal(session_id, deal_id, deleted=True)


@bp.post("/sessions/<session_id>/deals/<int:deal_id>/restore")
def restore_deal(session_id: str, deal_id: int) -> Response:
    """Put a deleted deal back in its old place. Again: nothing more happens."""
    return _move_deal(session_id, deal_id, deleted=False)


def _move_deal(session_id: str, deal_id: int, deleted: bool) -> Response:
    """Take a deal out of the session or put it back, unless it is there already."""
    session = editable_session(session_id)
    deal = session.deal_or_404(deal_id)
    if deal.deleted != deleted:
        require_if_match(session, deal)
        session.set_deleted(deal, deleted)
        db.session.commit()
    return tagged(deal_answer(session, deal), deal.etag)


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


@bp.get("/openapi.json")
def openapi() -> Response:
    """This API's OpenAPI 3.1 description, exactly as checked in (scorekeeper/openapi.json)."""
    return Response(_openapi_document(), mimetype="application/json")


@cache
def _openapi_document() -> bytes:
    return resources.files(__package__).joinpath("openapi.json").read_bytes()
