"""An HTML page's answer: never kept when it must be fresh, a 304 when the browser holds it,
a message with a one-tap undo."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import NotRequired, TypedDict

from flask import Response, flash, get_flashed_messages, make_response, request, session
from flask.typing import ResponseReturnValue
from flask_wtf.csrf import generate_csrf

from ..words import languages
from . import assets


class Message(TypedDict):
    """What the next page says once: its text, and a button that undoes what was done."""

    text: str
    action: NotRequired[str]
    label: NotRequired[str]


def say(message: Message, category: str) -> None:
    """Show `message` once on the next page drawn, in its `category` (done, problem, undo)."""
    flash(message, category)  # type: ignore[arg-type]  # Flask keeps any JSON-able message


# The service worker's own copy of a page (static/sw.js, kept for offline use) says so.
COPY_HEADER = "Scorekeeper-Copy"


def one_time_messages() -> list[str] | list[tuple[str, str]]:
    """The messages the page shows once ("Deal 3 saved. Undo"); none in the worker's copy,
    fetched in the background, so that it never takes them from the page the person opens."""
    if request.headers.get(COPY_HEADER):
        return []
    return get_flashed_messages(with_categories=True)


def undo_flash(text: str, action: str, label: str) -> None:
    """A message with a one-tap button that reverses what was just done."""
    say({"text": text, "action": action, "label": label}, "undo")


def page(body: str, status: int = 200, fresh: bool = False) -> Response:
    """An HTML answer; `fresh` pages are never kept by the browser, so Back fetches them anew."""
    response = make_response(body, status)
    if fresh:
        response.headers["Cache-Control"] = "no-store"
    return response


def viewer_etag(version: str, *held: object) -> str | None:
    """A page's tag: the `version` of what it shows, and what this browser holds that it shows
    (`held`, and the CSRF token of its forms).

    None while a message waits to be shown once: that page must be drawn.
    """
    if "_flashes" in session:
        return None
    if "csrf_token" not in session:  # the page's forms carry this browser's token: make sure
        generate_csrf()  # it has one (signing it for the forms is the drawing's work, not a 304's)
    viewer = "|".join(map(str, (*held, session.get("csrf_token"))))
    return f"{version}-{hashlib.sha256(viewer.encode()).hexdigest()[:16]}"


def page_tag(etag: str | None) -> str | None:
    """The tag a page that follows the table is sent with (weak, unquoted), from `etag`."""
    if not etag:
        return None
    # The page names static files by their hashes (a deploy that renames one redraws it) and
    # is written in the reader's language (another one's copy must not be kept).
    return f"{etag}-{assets.manifest().version}-{languages.current()}"


def conditional(etag: str | None, draw: Callable[[], ResponseReturnValue]) -> Response:
    """A page that follows the table: drawn only when the browser does not hold this version
    of it (a 304 then, next to nothing for the server); the browser asks again every time."""
    etag = page_tag(etag)
    if etag and request.if_none_match.contains_weak(etag):
        response = Response(status=304)
    else:
        response = make_response(draw())
    if etag and response.status_code in (200, 304):  # a refusal is never kept as the page
        response.set_etag(etag, weak=True)
    response.headers["Cache-Control"] = "private, no-cache"
    return response
