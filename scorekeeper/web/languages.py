"""The reader's language: the phone's choice from the menu (a cookie), else `Accept-Language`.

The API follows `Accept-Language` only (API.md), so a script's answers do not change with a
cookie it never set; pages send their own language with each API call they make.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from typing import TypeVar
from urllib.parse import urlsplit

from babel import Locale
from flask import Blueprint, Flask, abort, has_request_context, redirect, request, url_for
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header
from werkzeug.wrappers import Response

from ..words import babel, bidi, gettext, numbers
from ..words.collation import by_name
from ..words.fifty_six import bid
from ..words.languages import COOKIE, DEFAULT, LANGUAGES, current

T = TypeVar("T")

YEAR = 365 * 24 * 3600


bp = Blueprint("languages", __name__)


def select_locale() -> str:
    """The menu's choice on a page, else the best of `Accept-Language` (English if none fits,
    and outside a request: a command's output, an import)."""
    if not has_request_context():
        return DEFAULT
    if not request.path.startswith("/api/"):
        chosen = request.cookies.get(COOKIE)
        if chosen in LANGUAGES:
            return chosen
    return _best_of(request.headers.get("Accept-Language", ""))


@functools.lru_cache(maxsize=256)
def _best_of(accept_language: str) -> str:
    """The best of our languages for an `Accept-Language` header; remembered, as a phone sends
    the same one with every poll (parsing it was a tenth of a 304's time, issue 34)."""
    accepted = parse_accept_header(accept_language, LanguageAccept)
    return accepted.best_match(LANGUAGES, default=DEFAULT) or DEFAULT


def _selected_locale() -> Locale:
    """Flask-Babel's locale selector: the chosen language as a Locale, parsed once per code."""
    return _locale(select_locale())


@functools.cache  # one Locale per language code, and the codes are ours (LANGUAGES)
def _locale(code: str) -> Locale:
    return Locale.parse(code)


def in_reader_order(items: Iterable[T], attribute: str | None = None) -> list[T]:
    """Names (or things with a name `attribute`, or dicts with that key) in the order of the
    reader's language: the `by_name` filter of templates, `club.players|by_name("name")`."""
    if attribute is None:
        return by_name(items, current())
    return by_name(items, current(), lambda item: str(_named(item, attribute)))


def _named(item: object, attribute: str) -> object:
    """An item's name: a dict's key or an object's attribute."""
    return item[attribute] if isinstance(item, Mapping) else getattr(item, attribute)


@bp.post("/language")
def choose() -> Response:
    """Remember the menu's choice on this phone, and show the page it was made on again (the
    Referer: this site's pages send theirs, Referrer-Policy same-origin)."""
    code = request.form.get("lang", "")
    if code not in LANGUAGES:
        known = ", ".join(LANGUAGES)
        abort(
            400,
            gettext(
                "There is no language %(code)r here: choose one of %(known)s.",
                code=code[:20],
                known=known,
            ),
        )
    response = redirect(_same_site(request.referrer or "") or url_for("sessions.index"), code=303)
    # Not HttpOnly: the service worker reads it to pick its offline page's language.
    response.set_cookie(COOKIE, code, max_age=YEAR, samesite="Lax", secure=request.is_secure)
    return response


def _same_site(referrer: str) -> str | None:
    """The path and query of `referrer` if it is a page of this site (never another site's)."""
    parts = urlsplit(referrer)
    # A path "//evil.example/x" (or "/\\evil.example") would be read as another site's address.
    if parts.netloc != request.host or not parts.path.startswith("/") or "\\" in parts.path:
        return None
    if parts.path.startswith("//"):
        return None
    return parts.path + (f"?{parts.query}" if parts.query else "")


def register(app: Flask) -> None:
    """Choose each request's language, and give templates the menu and the page's direction."""
    babel.init_app(
        app, locale_selector=_selected_locale, default_translation_directories="translations"
    )
    bidi.register(app)
    numbers.register(app)
    app.jinja_env.globals["bid"] = bid  # Fifty-six's 28♦, in one shape on every page
    app.register_blueprint(bp)
    app.jinja_env.filters["by_name"] = in_reader_order

    @app.context_processor
    def language() -> dict[str, object]:
        code = current()
        return {"lang": code, "direction": LANGUAGES[code].direction, "languages": LANGUAGES}
