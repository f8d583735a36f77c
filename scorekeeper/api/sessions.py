"""The API of sessions and their deals (shared/API.md): start, read, end or reopen, add,
correct, delete."""

from __future__ import annotations

from typing import Any

from flask import Response, abort, jsonify, request, url_for

from ..data import deals, tokens
from ..data.deal_reads import LARGEST_ID, changed_since, number_of, one_deal, page_of
from ..data.extensions import db
from ..data.memo import Recent
from ..data.models import DealRow, GameSession
from ..rules import InvalidInput
from ..rules.fields import integer
from ..rules.limits import MOST_DEALS
from ..web.deal_write_limits import count_deal_write
from ..web.idempotency_keys import once, request_key, start_session
from ..web.rate_limits import count_creation
from ..web.read_limits import expensive_read
from ..words import gettext
from .answers import (
    added_answer,
    deal_answer,
    ended_answer,
    page_json,
    read_deal_json,
    session_json,
    since_json,
)
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

# What a deal in an answer adds to its record.
IDENTITY = ("id", "number", "version", "changed", "deleted")
DIGITS = 10  # a whole number in a query is at most this long (the document's pattern)
PAGE = 100  # deals in a page unless `limit` says otherwise
LARGEST_PAGE = 500


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


# A `?since=` answer by (session, version, since): each is true for good, and the phones that
# follow one table ask the same one; the least recently asked go first.
SINCE: Recent[tuple[str, int, int], dict[str, Any]] = Recent(1024)


@bp.get("/sessions/<session_id>")
def read_session(session_id: str) -> Response:
    """A session with its deals and standing, or (`?since=<version>`) only what changed after
    that version; reading needs only the id."""
    version = GameSession.version_of(session_id)  # a 304 needs nothing more
    etag = f"s{version}"
    since = _since(version) if "since" in request.args else None
    if request.if_none_match.contains_weak(etag):
        return tagged({}, etag)
    if request.method == "HEAD":  # a page's poll asks only whether the tag moved (follow.js)
        return tagged({}, etag, body_drawn=False)
    if since is not None:  # its size follows what changed: not limited
        return _changes(session_id, version, since)
    with expensive_read():  # the whole session: limited, where a 304 is not
        session = GameSession.find(session_id, full=True, deals=False)  # read as rows
        return tagged(session_json(session), session.etag)


def _changes(session_id: str, version: int, since: int) -> Response:
    """What changed since `since`, worked out once per version in this process: every phone
    following the table asks the same after each change its stream tells it of (issue 36)."""
    answer = SINCE.get((session_id, version, since))
    if answer is None:
        session = GameSession.find(session_id, full=True, deals=False)
        answer = since_json(session, since, changed_since(session.id, since))
        if session.version == version:  # not one written since the version was read
            SINCE.put((session_id, version, since), answer)
    return tagged(answer, f"s{answer['version']}")


def _since(version: int) -> int:
    """The request's `since`: a version of the session from 0 to its current one; else 400."""
    raw = _one("since") or ""
    since = _whole(raw)
    if since is None or since > version:
        message = gettext(
            "since must be a whole number from 0 to the session's version (%(version)d), "
            "not %(given)r.",
            version=version,
            given=_given("since"),
        )
        raise InvalidInput("bad-since", message)
    return since


def _whole(raw: str | None) -> int | None:
    """A query's whole number written in digits (at most 10 of them), else None."""
    whole = raw is not None and raw.isascii() and raw.isdigit() and len(raw) <= DIGITS
    return int(raw) if whole and raw else None


def _given(name: str) -> str:
    """What the query gave as `name`, for a message (its values joined, cut short)."""
    return ",".join(request.args.getlist(name))[:40]


def _one(name: str) -> str | None:
    """The query's value of `name` (None when absent); None too when it is given twice, which
    is no whole number either (a proxy or a client that joins queries would send it so)."""
    values = request.args.getlist(name)
    return values[0] if len(values) == 1 else None


@bp.post("/sessions/<session_id>/scorer-link")
def new_scorer_link(session_id: str) -> Response:
    """A new scorer token for sharing; every earlier scorer link stops working (keeper only)."""
    session = editable_session(session_id)
    if not tokens.keeps_session(session, bearer_token()):
        abort(403, description=gettext("Only the session's keeper can revoke scorer links."))
    token = tokens.revoke_scorers(session)
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
            deals.end(session)
        else:
            deals.reopen(session)
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
        deal = deals.add_deal_after(session, rows, record, number)
        db.session.flush()
        after = [*rows, DealRow(deal.serial, deal.version, deal.record, deal.changed)]
        return added_answer(session, deal, after), 201

    answer, replayed = once(f"deals:{session_id}", request_key(), body, add)
    return replayable(answer, replayed)


@bp.get("/sessions/<session_id>/deals/<int:deal_id>")
def read_deal(session_id: str, deal_id: int) -> Response:
    """One deal, live or deleted, with its ETag for If-Match: only the session's row and the
    deal's are read (and its number counted), however long the session."""
    session = GameSession.find(session_id)
    deal = one_deal(session.id, deal_id)
    if request.if_none_match.contains_weak(deal.etag):
        return tagged({}, deal.etag)  # its number is not counted for a 304
    return tagged(read_deal_json(deal, number_of(deal)), deal.etag)


@bp.get("/sessions/<session_id>/deals")
def read_deals(session_id: str) -> dict[str, Any]:
    """A page of the live deals in order, after the deal id `after` (from the first without
    it), at most `limit` of them; `next` is the id to read the next page after."""
    session = GameSession.find(session_id)
    after = _page_value("after", 0, 0, 10**DIGITS - 1)
    limit = _page_value("limit", PAGE, 1, LARGEST_PAGE)
    # No deal's id is above the column's range: a page after it is the empty last one.
    return page_json(*page_of(session.id, min(after, LARGEST_ID), limit))


def _page_value(name: str, default: int, low: int, high: int) -> int:
    """The request's whole number `name`, from `low` to `high` (`default` when absent)."""
    if name not in request.args:
        return default
    raw = _one(name)
    value = _whole(raw)
    if value is None or not low <= value <= high:
        message = gettext(
            "%(name)s must be a whole number from %(low)d to %(high)d, not %(given)r.",
            name=name,
            low=low,
            high=high,
            given=_given(name),
        )
        raise InvalidInput("bad-page", message)
    return value


@bp.put("/sessions/<session_id>/deals/<int:deal_id>")
def replace_deal(session_id: str, deal_id: int) -> Response:
    """Correct a deal; the standing is recomputed."""
    session = editable_session(session_id)
    count_deal_write(session.id)
    deal = session.find_deal(deal_id)
    # A deal as GET answered it may be sent back changed: its identity fields are not the record.
    body = {name: value for name, value in json_body().items() if name not in IDENTITY}
    require_if_match(deal)
    deals.replace_deal(session, deal, body)
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
    deal = session.find_deal(deal_id)
    if deal.deleted != deleted:
        require_if_match(deal)
        count_deal_write(session.id)  # only a change: a repeat is never refused
        deals.set_deleted(session, deal, deleted)
        db.session.commit()
    return tagged(deal_answer(session, deal), deal.etag)
