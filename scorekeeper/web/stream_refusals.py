"""The stream tier's refusals in the app's own words and shape: the JSON error of any API
request, in the language its Accept-Language asks for (scorekeeper/streams/app.py asks)."""

from __future__ import annotations

from flask import Flask, Response
from flask_babel import refresh
from werkzeug.exceptions import MethodNotAllowed
from werkzeug.exceptions import NotFound as NoRoute

from ..data.errors import NotFound
from ..streams.app import Refusal, Worded
from ..words import gettext
from ..words.refusals import message_of
from . import errors
from .rate_limits import wait_sentence

NOT_THERE = {"session": "no-session", "club": "no-club", "tournament": "no-tournament"}


def worded_by(app: Flask) -> Worded:
    """A refusal's body, written by `app` as if it had answered the request itself."""

    def worded(refusal: Refusal, language: str) -> bytes:
        headers = {"Accept-Language": language}
        with app.test_request_context("/api/v1/changes", headers=headers):
            refresh()  # the language of this request, not one an outer context chose
            return _answer(app, refusal).get_data()

    return worded


def _answer(app: Flask, refusal: Refusal) -> Response:
    if refusal.status == 404 and refusal.kind in NOT_THERE:
        missing = NotFound(NOT_THERE[refusal.kind], id=refusal.public_id)
        return errors.error_response(404, "not-found", message_of(missing))
    if refusal.status == 429:
        said = gettext(
            "Too many change streams are open from this address: at most %(num)d at a time.",
            num=refusal.most,
        )
        return errors.error_response(429, "rate-limited", f"{said} {wait_sentence(refusal.wait)}")
    if refusal.status == 503:
        return errors.service_unavailable()
    if refusal.status == 405:
        return app.make_response(app.handle_user_exception(MethodNotAllowed(["GET", "HEAD"])))
    return app.make_response(app.handle_user_exception(NoRoute()))
