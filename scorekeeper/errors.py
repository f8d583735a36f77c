"""One way to answer every error: JSON under /api/, a friendly page elsewhere, never a trace."""

from __future__ import annotations

from flask import Flask, Response, current_app, jsonify, render_template, request
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException, InternalServerError

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


def error_response(status: int, code: str, message: str) -> tuple[Response | str, int]:
    """The error as JSON for API clients, as a page for people."""
    if (request.path + "/").startswith("/api/"):  # /api itself too
        return jsonify(error=code, message=message), status
    return render_template("error.html", status=status, message=message), status


def _invalid_input(error: InvalidInput) -> tuple[Response | str, int]:
    return error_response(400, error.code, error.message)


def _csrf_error(error: CSRFError) -> tuple[Response | str, int]:
    message = "This form was opened in another visit. Go back, reload the page and send it again."
    return error_response(400, "csrf", message)


def _http_error(error: HTTPException) -> tuple[Response | str, int]:
    status = error.code or 500
    code = CODES.get(status, "error")
    response = error_response(status, code, error.description or "Something went wrong.")
    if status == 405 and error.get_response().headers.get("Allow"):
        body, status = response
        full = current_app.make_response((body, status))
        full.headers["Allow"] = error.get_response().headers["Allow"]
        return full, status
    return response


def _unexpected(error: Exception) -> tuple[Response | str, int]:
    current_app.logger.exception("Unexpected error", exc_info=error)
    message = "Something went wrong on our side; nothing you entered was stored half-way."
    return error_response(InternalServerError.code, "internal", message)
