"""One way to answer every error: JSON under /api/, a friendly page elsewhere, never a trace."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Flask, Response, current_app, jsonify, render_template, request
from flask_wtf.csrf import CSRFError
from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError, SQLAlchemyError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from werkzeug.exceptions import HTTPException, InternalServerError

from ..data.errors import Conflict, NotFound
from ..data.extensions import db
from ..rules import InvalidInput
from ..rules.live import PlayRefused
from ..words import gettext
from ..words.http import described
from ..words.inputs import in_words
from ..words.refusals import message_of
from ..words.verdicts import reason, shown_params

CODES = {
    400: "bad-request",
    401: "unauthorized",
    403: "forbidden",
    404: "not-found",
    405: "method-not-allowed",
    409: "conflict",
    412: "precondition-failed",
    413: "too-large",
    414: "uri-too-long",
    422: "unprocessable",
    429: "rate-limited",
    431: "headers-too-large",
}
READS = frozenset({"GET", "HEAD", "OPTIONS"})


def register(app: Flask) -> None:
    """Install the error handlers."""
    app.register_error_handler(InvalidInput, _invalid_input)
    app.register_error_handler(NotFound, _not_found)
    app.register_error_handler(Conflict, _conflict)
    app.register_error_handler(PlayRefused, _play_refused)
    app.register_error_handler(CSRFError, _csrf_error)
    app.register_error_handler(HTTPException, _http_error)
    app.register_error_handler(DBAPIError, _unavailable)
    app.register_error_handler(PoolTimeout, _busy)
    app.register_error_handler(Exception, _unexpected)
    # Registered after Flask-SQLAlchemy's, so it runs first: a rollback on a dead connection
    # is logged here instead of reaching the client as the server's own error page.
    app.teardown_appcontext(_close_session)


def error_response(status: int, code: str, message: str, **extra: Any) -> Response:
    """The error as JSON for API clients, as a page for people."""
    rollback()  # nothing is stored half-way
    if is_api():
        body: Response | str = jsonify(error=code, message=message, **extra)
    else:
        body = render_template("error.html", status=status, message=message)
    return current_app.make_response((body, status))


def is_api() -> bool:
    """Whether the request is for the JSON API (/api itself too)."""
    return (request.path + "/").startswith("/api/")


def rollback() -> None:
    """Undo the request's uncommitted writes, even when the database has gone away."""
    _safely(db.session.rollback, "Rollback failed")


def _close_session(_error: BaseException | None) -> None:
    _safely(db.session.remove, "Closing the database session failed")


def _safely(step: Callable[[], None], what: str) -> None:
    """Do a clean-up step; if the connection is dead, log it and discard the connection."""
    try:
        step()
    except SQLAlchemyError:
        current_app.logger.warning("%s; the connection is discarded", what, exc_info=True)
        db.session().invalidate()  # the scoped session does not pass invalidate() on
        db.session.remove()


def _not_found(error: NotFound) -> Response:
    return error_response(404, CODES[404], message_of(error))


def _conflict(error: Conflict) -> Response:
    # The API answers with the deal as it is now too (api/http.py); a page says why only.
    return error_response(error.status, error.code, message_of(error))


def _invalid_input(error: InvalidInput) -> Response:
    return error_response(400, error.code, in_words(error))


def _play_refused(error: PlayRefused) -> Response:
    refused = error.violation
    # As /check names them: `rule` the code, `rule_id` the rule's id (S3, F12).
    seats = getattr(error, "seats", None)  # words.live.Refused: the table's names
    params = shown_params(refused, seats)
    said = {"params": params} if params else {}
    message = reason(refused, seats)
    return error_response(
        400, refused.code, message, rule=refused.code, rule_id=refused.rule, **said
    )


def _csrf_error(error: CSRFError) -> Response:
    message = gettext(
        "This form was opened in another visit. Go back, reload the page and send it again."
    )
    return error_response(400, "csrf", message)


def _http_error(error: HTTPException) -> Response:
    status = error.code or 500
    message = described(error) or gettext("Something went wrong.")
    response = error_response(status, CODES.get(status, "error"), message)
    allow = error.get_response().headers.get("Allow")
    if allow:  # a 405 says which methods would work
        response.headers["Allow"] = allow
    if status == 401 and is_api():  # RFC 9110: a 401 names the scheme that would be accepted
        response.headers["WWW-Authenticate"] = 'Bearer realm="scorekeeper"'
    return response


def _unavailable(error: DBAPIError) -> Response:
    if not (error.connection_invalidated or _outage(error)):
        return _unexpected(error)
    current_app.logger.warning("The database did not answer: %s", error.orig)
    return service_unavailable()


def _busy(error: PoolTimeout) -> Response:
    # Every pooled connection stayed in use: the database is too busy to answer now.
    current_app.logger.warning("No database connection was free: %s", error)
    return service_unavailable()


def service_unavailable() -> Response:
    """A 503 that says what is true of this request, and when to try again."""
    response = error_response(503, "unavailable", _unavailable_message())
    response.headers["Retry-After"] = "2"
    return response


def _unavailable_message() -> str:
    """What is true of a request the database did not answer: an unkeyed POST may double."""
    if request.method in READS:
        return gettext("The database did not answer. Nothing was changed: try again in a moment.")
    if is_api() and request.method == "POST" and "Idempotency-Key" not in request.headers:
        return gettext(
            "The database did not answer, so we could not confirm whether this was saved. "
            "Read the session before sending it again, or it may be stored twice: "
            "a request sent with an Idempotency-Key is always safe to send again."
        )
    return gettext(
        "The database did not answer, so we could not confirm whether this was saved. "
        "It is safe to send it again: nothing will be stored twice."
    )


def _outage(error: DBAPIError) -> bool:
    """Whether the database was unreachable or too busy, as opposed to a query being wrong."""
    if not isinstance(error, OperationalError | InterfaceError):
        return False
    text = str(error.orig).lower()
    # SQLite reports a wrong query ("no such table") as an OperationalError too.
    return not text.startswith(("no such", "near ", "table ", "duplicate column"))


def _unexpected(error: Exception) -> Response:
    current_app.logger.exception("Unexpected error", exc_info=error)
    message = gettext("Something went wrong on our side; nothing you entered was stored half-way.")
    return error_response(InternalServerError.code, "internal", message)
