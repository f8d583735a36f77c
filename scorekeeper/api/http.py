"""The API's blueprint, and what its endpoints share: reading a request, answering with a tag."""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, Response, abort, jsonify, request

from ..data import tokens
from ..data.errors import Conflict
from ..data.models import Deal, GameSession
from ..rules import InvalidInput
from ..web.errors import READS, error_response
from ..words import gettext
from ..words.refusals import message_of
from .answers import deal_json

bp = Blueprint("api", __name__, url_prefix="/api/v1")


@bp.errorhandler(Conflict)
def conflict(error: Conflict) -> Response:
    """A clash with another writer, with the deal as it is now when there is one."""
    extra = {"deal": deal_json(error.deal)} if isinstance(error.deal, Deal) else {}
    return error_response(error.status, error.code, message_of(error), **extra)


def json_body() -> dict[str, Any]:
    """The request's JSON object, or a 400 that says what is wrong."""
    try:
        body = read_json()
    except RecursionError:
        # json.loads gives up on very deep nesting with RecursionError, not ValueError.
        raise InvalidInput(
            "bad-json", gettext("The body is nested too deeply to be read.")
        ) from None
    if not isinstance(body, dict):
        message = gettext("The body must be a JSON object (Content-Type: application/json).")
        raise InvalidInput("bad-json", message)
    return body


def read_json() -> object:
    """The body as JSON (None when it is none); a whole number written 2.0 is read as 2."""
    if not request.is_json:
        return None
    try:
        return json.loads(request.get_data(cache=True), parse_float=_number)
    except ValueError:
        return None


def _number(text: str) -> float | int:
    # JSON Schema (and the document) counts 2.0 as the integer 2, so the fields read it as one.
    value = float(text)
    return int(value) if value.is_integer() and abs(value) <= WHOLE_FLOATS else value


WHOLE_FLOATS = 2**53  # past this a float is no longer exactly the number it was written as


def editable_session(session_id: str, deals: bool = True) -> GameSession:
    """The session, locked for a write, if the request carries a token that may edit it; its
    deals loaded only if `deals` (else read them as deal_rows).

    401 without a token, 403 with a wrong one.
    """
    session = GameSession.find(session_id, for_update=True, full=True, deals=deals)
    if not tokens.can_edit(session, bearer_token()):
        abort(403, description=gettext("That edit token does not belong to this session."))
    return session


def bearer_token(missing: str | None = None) -> str:
    """The request's bearer token; a 401 without one, saying `missing` (which token to send)."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        message = missing or gettext(
            "Send the session's edit token: Authorization: Bearer <token>."
        )
        abort(401, description=message)
    return token.strip()


def replayable(answer: tuple[dict[str, Any], int], replayed: bool) -> Response:
    """The answer as JSON, saying whether it repeats an earlier one."""
    response = jsonify(answer[0])
    response.status_code = answer[1]
    if replayed:
        response.headers["Idempotent-Replayed"] = "true"
    return response


def secret(response: Response) -> Response:
    """An answer that carries a token: no cache, shared or the browser's own, may keep it."""
    response.headers["Cache-Control"] = "no-store"
    return response


def created(body: dict[str, Any]) -> Response:
    """A 201 with `body`."""
    response = jsonify(body)
    response.status_code = 201
    return response


def tagged(body: dict[str, Any], etag: str, body_drawn: bool = True) -> Response:
    """A read answered with its ETag, or 304 when the client holds that version already;
    without `body_drawn`, a HEAD's 200 that says only the tag."""
    # If-None-Match compares weakly (RFC 9110), so a proxy that weakens tags keeps its 304s.
    fresh = request.method in READS and request.if_none_match.contains_weak(etag)
    if fresh:
        response = Response(status=304)
    elif body_drawn:
        response = jsonify(body)
    else:  # no length: a HEAD's would be its GET's, which is not worked out
        response = Response(status=200, mimetype="application/json")
        response.automatically_set_content_length = False
        response.headers.pop("Content-Length", None)
    response.set_etag(etag)
    response.headers["Cache-Control"] = "no-cache"  # always ask; the 304 makes asking cheap
    return response


def _matches(etag: str) -> bool:
    """Whether the request's If-Match (if any) names this entity tag."""
    etags = request.if_match
    # The tag names a version, not the bytes sent: a proxy that compressed the answer weakened
    # it (nginx sends W/"3.2"), and the weak form still names version 3.2.
    return not etags or etags.star_tag or etags.contains_weak(etag)


def require_session_match(session: GameSession) -> None:
    """412 when If-Match names another version of the session (its ETag, `s<version>`)."""
    if not _matches(session.etag):
        raise Conflict(
            412,
            "version-mismatch",
            gettext(
                "The session was changed since you read it (now version %(version)d). Nothing "
                "was changed: read it again.",
                version=session.version,
            ),
        )


def require_if_match(deal: Deal) -> None:
    """412 with the current deal when If-Match names another version of it."""
    if not _matches(deal.etag):
        raise Conflict(
            412,
            "version-mismatch",
            gettext(
                "Deal #%(id)d was changed by another scorer since you read it (now version "
                "%(version)d). Nothing was changed; here is the deal as it is now.",
                id=deal.serial,
                version=deal.version,
            ),
            deal,
        )
