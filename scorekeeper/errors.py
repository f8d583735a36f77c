"""One way to answer every error: JSON under /api/, a friendly page elsewhere, never a trace."""

from __future__ import annotations

from flask import Flask, Response, current_app, jsonify, render_template, request
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException, InternalServerError

from .extensions import db
from .rules import InvalidInput

CODES = {
    400: "bad-request",
    401: "unauthorized",
    403: "forbidden",
    404: "not-found",
    405: "method-not-allowed",
    413: "too-large",
    415: "unsupported-media-type",
}


def register(app: Flask) -> None:
    """Install the error handlers."""
    app.register_error_handler(InvalidInput, _invalid_input)
    app.register_error_handler(CSRFError, _csrf_error)
    app.register_error_handler(HTTPException, _http_error)
    app.register_error_handler(Exception, _unexpected)


def error_response(status: int, code: str, message: str) -> Response:
    """The error as JSON for API clients, as a page for people."""
    db.session.rollback()  # nothing is stored half-way
    if (request.path + "/").startswith("/api/"):  # /api itself too
        body: Response | str = jsonify(error=code, message=message)
    else:
        body = render_template("error.html", status=status, message=message)
    return current_app.make_response((body, status))


def _invalid_input(error: InvalidInput) -> Response:
    return error_response(400, error.code, error.message)


def _csrf_error(error: CSRFError) -> Response:
    message = "This form was opened in another visit. Go back, reload the page and send it again."
    return error_response(400, "csrf", message)


def _http_error(error: HTTPException) -> Response:
    status = error.code or 500
    response = error_response(
        status, CODES.get(status, "error"), error.description or "Something went wrong."
    )
    allow = error.get_response().headers.get("Allow")
    if allow:  # a 405 says which methods would work
        response.headers["Allow"] = allow
    return response


def _unexpected(error: Exception) -> Response:
    current_app.logger.exception("Unexpected error", exc_info=error)
    message = "Something went wrong on our side; nothing you entered was stored half-way."
    return error_response(InternalServerError.code, "internal", message)
