"""Pages drawn once and served again to every viewer who would see the same page (issue 34).

A scoreboard of 100 deals takes milliseconds to draw (hundreds of macro calls, a hundred
translations), and four phones at a table each draw it after every deal. A drawn page is kept
by everything it shows — what it is a page of and at which version, the viewer's rights (a hash
of the edit token and clubs held), the language, the static files' version and the site's
address — in a small per-process memo.

What differs between two viewers with the same key never enters the memo: the CSRF token is
drawn as a placeholder and filled in for each viewer as the page is served, and a page with a
one-time message is never kept (its tag is None: web/pages.py).
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable, Hashable

from flask import Flask, current_app, g, request
from flask_wtf.csrf import generate_csrf

from ..data.memo import Memo
from ..data.setup import memos
from ..words import languages
from . import assets

PAGES_KEPT = 32  # a 100-deal scoreboard is about 100 KB: a few MB at most per process
# Drawn where a form's CSRF token goes while a page is drawn to be kept; random, so that no
# name or text on a page can be mistaken for it.
PLACEHOLDER = f"csrf-placeholder-{secrets.token_hex(16)}"
_DRAWING = "scorekeeper_drawing_shared"  # in `g`: the page being drawn is to be kept

_EXTENSION = "scorekeeper.drawn"  # in app.extensions: the app's kept pages
Key = tuple[Hashable, ...]


def register(app: Flask) -> None:
    """Keep the app's drawn pages (listed with its memos); templates' `csrf_token()` gives the
    placeholder while a page to be kept is drawn."""
    # Safe to keep: a page's key names everything it shows, and what differs between viewers
    # with one key never enters it (see above).
    app.extensions[_EXTENSION] = memos(app)["pages"] = Memo[Key, str](PAGES_KEPT)

    def csrf_token() -> str:
        return PLACEHOLDER if g.get(_DRAWING) else generate_csrf()

    # Flask-WTF gives it both ways: to every template, and to macros imported without context.
    app.jinja_env.globals["csrf_token"] = csrf_token
    app.context_processor(lambda: {"csrf_token": csrf_token})


def held_hash(*held: object) -> str:
    """What a viewer holds (edit tokens, clubs), hashed: the memo keeps no token itself."""
    return hashlib.sha256(repr(held).encode()).hexdigest()


def page_key(*parts: Hashable) -> Key:
    """A kept page's key: `parts` (what it is a page of, its version, the viewer's rights),
    and what every page depends on besides: language, static files, the site's address."""
    return (*parts, languages.current(), assets.manifest().version, request.host_url)


def shared(key: Key, draw: Callable[[], tuple[str, bool]]) -> str:
    """The page kept under `key`, or drawn by `draw` (the page and whether it may be kept: it
    shows what `key` names), with this viewer's CSRF token in its forms."""
    page = _kept().get(key)
    if page is None:
        page = _drawn_to_keep(key, draw)
    return page.replace(PLACEHOLDER, generate_csrf()) if PLACEHOLDER in page else page


def _drawn_to_keep(key: Key, draw: Callable[[], tuple[str, bool]]) -> str:
    """Draw the page with the placeholder for the CSRF token, and keep it if it may be kept."""
    g.setdefault(_DRAWING, True)
    try:
        page, keep = draw()
    finally:
        g.pop(_DRAWING, None)
    # A token drawn by other means (a form's own field) would be this viewer's: not kept.
    token = g.get("csrf_token")
    if keep and not (token and token in page):
        _kept().keep(key, page)
    return page


def _kept() -> Memo[Key, str]:
    """This app's kept pages."""
    return kept_pages(current_app)


def kept_pages(app: Flask) -> Memo[Key, str]:
    """The pages `app` keeps (the bench empties them to time a page drawn anew)."""
    kept: Memo[Key, str] = app.extensions[_EXTENSION]
    return kept
