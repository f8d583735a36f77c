"""The API of sessions and their deals (shared/API.md): start, read, end or reopen, add,
correct, delete."""

from __future__ import annotations

from typing import Any

from flask import Response, abort, jsonify, request, url_for

from ..data.extensions import db
from ..data.idempotency import once, request_key, start_session
from ..data.models import DealRow, GameSession
from ..rules.fields import integer
from ..rules.limits import MOST_DEALS
from ..web.deal_write_limits import count_deal_write
from ..web.rate_limits import count_creation
from ..web.read_limits import expensive_read
from ..words import gettext
from .answers import deal_answer, deal_json, ended_answer, session_json
from .http import (
    bearer_token,
    bp,
    editable_session,
    json_body,
    replayable,
    require_if_match,
    require_session_match,
    secret,
    tagged,
)

IDENTITY = ("id", "number", "version", "deleted")  # what a deal in an answer adds to its record


# -- sessions ------------------------------------------------------------------------------


@bp.post("/sessions")
def create_session() -> Response:
    """Start a session; the answer carries the edit token, shown only here."""
    body = json_body()
    key = request_key()
    count_creation("sessions", key)
    (shown, status), token, replayed = start_session("sessions", key, body, session_json)
    response = replayable(({**shown, "edit_token": token}, status), replayed)
    response.headers["Location"] = url_for("api.read_session", session_id=shown["id"])
    return secret(response)


@bp.get("/sessions/<session_id>")
def read_session(session_id: str) -> Response:
    """A session with its deals and standing; reading needs only the id."""
    session = GameSession.find(session_id)
    if request.if_none_match.contains_weak(session.etag):
        return tagged({}, session.etag)  # nothing more is loaded for a 304
    with expensive_read():  # the whole session: limited, where a 304 is not
        session = GameSession.find(session_id, full=True, deals=False)  # read as rows
        return tagged(session_json(session), session.etag)


@bp.post("/sessions/<session_id>/scorer-link")
def new_scorer_link(session_id: str) -> Response:
    """A new scorer token for sharing; every earlier scorer link stops working (keeper only)."""
    session = editable_session(session_id)
    if not session.is_keeper(bearer_token()):
        abort(403, description=gettext("Only the session's keeper can revoke scorer links."))
    token = session.revoke_scorers()
    db.session.commit()
    return secret(jsonify(scorer_token=token, version=session.version))


@bp.post("/sessions/<session_id>/end")
def end_session(session_id: str) -> Response:
    """The table ends the session where it stands: finished, and gone to the team ahead.
    Again: nothing more happens."""
    return _set_ended(session_id, ended=True)


@bp.delete("/sessions/<session_id>/end")
def reopen_session(session_id: str) -> Response:
    """Take the end back: the session plays on. Again: nothing more happens."""
    return _set_ended(session_id, ended=False)


def _set_ended(session_id: str, ended: bool) -> Response:
    """End the session or reopen it, unless it is so already (If-Match is then not asked)."""
    session = editable_session(session_id, deals=False)
    if (session.ended_at is not None) != ended:
        require_session_match(session)
        if ended:
            session.end()
        else:
            session.reopen()
        db.session.commit()
    return tagged(ended_answer(session), session.etag)


# -- deals ---------------------------------------------------------------------------------


@bp.post("/sessions/<session_id>/deals")
def add_deal(session_id: str) -> Response:
    """Record the next deal, exactly once."""
    # A long session's deals are read as rows: no object for each of thousands of deals.
    session = editable_session(session_id, deals=False)
    body = json_body()
    record = {name: value for name, value in body.items() if name != "number"}
    number = body.get("number")
    if number is not None:
        number = integer(number, "number", 1, MOST_DEALS)

    def add() -> tuple[dict[str, Any], int]:
        count_deal_write(session.id)  # here, where a replay under a stored key never comes
        rows = session.deal_rows()
        deal = session.add_deal_after(rows, record, number)
        db.session.flush()
        after = [*rows, DealRow(deal.serial, deal.version, deal.record)]
        return deal_answer(session, deal, after), 201

    answer, replayed = once(f"deals:{session_id}", request_key(), body, add)
    return replayable(answer, replayed)


@bp.get("/sessions/<session_id>/deals/<int:deal_id>")
def read_deal(session_id: str, deal_id: int) -> Response:
    """One deal, live or deleted, with its ETag for If-Match."""
    session = GameSession.find(session_id, full=True)
    deal = session.find_deal(deal_id)
    return tagged(deal_json(deal), deal.etag)


@bp.put("/sessions/<session_id>/deals/<int:deal_id>")
def replace_deal(session_id: str, deal_id: int) -> Response:
    """Correct a deal; the standing is recomputed."""
    session = editable_session(session_id)
    count_deal_write(session.id)
    deal = session.find_deal(deal_id)
    # A deal as GET answered it may be sent back changed: its identity fields are not the record.
    body = {name: value for name, value in json_body().items() if name not in IDENTITY}
    require_if_match(deal)
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
    count_deal_write(session.id)
    deal = session.find_deal(deal_id)
    if deal.deleted != deleted:
        require_if_match(deal)
        session.set_deleted(deal, deleted)
        db.session.commit()
    return tagged(deal_answer(session, deal), deal.etag)
