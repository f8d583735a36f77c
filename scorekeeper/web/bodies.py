"""Bodies over the limit (MAX_CONTENT_LENGTH, rules/limits.py): 413 naming it, chunked too.

A body with a Content-Length over the limit is refused by Werkzeug before it is read. A chunked
body has no length to check: Werkzeug reads it up to the limit and stops there silently, so the
JSON or form read would be cut short (a 400 "bad-json", or a form refused for its CSRF token).
It is read here first, before CSRF's check, and refused if more follows.
"""

from __future__ import annotations

from flask import Flask, Response, current_app, request
from werkzeug.exceptions import RequestEntityTooLarge

from ..words import gettext
from .errors import CODES, error_response


def register(app: Flask) -> None:
    """Read chunked bodies before any other hook, and answer 413 in the app's words."""
    app.before_request(_refuse_long_chunked_body)
    app.register_error_handler(RequestEntityTooLarge, _too_large)


def _refuse_long_chunked_body() -> None:
    if "chunked" not in request.environ.get("HTTP_TRANSFER_ENCODING", "").lower():
        return
    limit = request.max_content_length
    data = request.get_data()  # kept for the JSON or form read; at most `limit` bytes
    # The limited stream ends at the limit: whether the body went on, only the input can say.
    if limit is not None and len(data) >= limit and request.environ["wsgi.input"].read(1):
        raise RequestEntityTooLarge()


def _too_large(_error: RequestEntityTooLarge) -> Response:
    message = gettext(
        "The body is larger than %(size)d KB, the most this server reads. Nothing was stored: "
        "send less at a time.",
        size=current_app.config["MAX_CONTENT_LENGTH"] // 1024,
    )
    return error_response(413, CODES[413], message)
