"""The reader's language: the phone's choice from the menu (a cookie), else `Accept-Language`.

The API follows `Accept-Language` only (API.md), so a script's answers do not change with a
cookie it never set; pages send their own language with each API call they make.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit

from flask import Blueprint, Flask, has_request_context, redirect, request, url_for
from flask_babel import get_locale  # type: ignore[import-untyped]
from werkzeug.wrappers import Response

from .words import babel

COOKIE = "lang"
YEAR = 365 * 24 * 3600


@dataclass(frozen=True)
class Language:
    """A language the pages speak: its name in itself, and its direction of writing."""

    name: str
    direction: str = "ltr"


LANGUAGES = {
    "en": Language("English"),
    "pt": Language("Português"),
    "eo": Language("Esperanto"),
    "hi": Language("हिन्दी"),
    "ur": Language("اردو", "rtl"),
    "ml": Language("മലയാളം"),
}
DEFAULT = "en"

bp = Blueprint("languages", __name__)


def select_locale() -> str:
    """The menu's choice on a page, else the best of `Accept-Language` (English if none fits);
    English outside a request (the `flask` commands: an import's refusal)."""
    if not has_request_context():
        return DEFAULT
    chosen = request.cookies.get(COOKIE)
    if chosen in LANGUAGES and not request.path.startswith("/api/"):
        return chosen
    return request.accept_languages.best_match(LANGUAGES, default=DEFAULT)


def current() -> str:
    """The language of this request's words."""
    return str(get_locale() or DEFAULT)


@bp.post("/language")
def choose() -> Response:
    """Remember the menu's choice on this phone, and show the page it was made on again (the
    Referer: this site's pages send theirs, Referrer-Policy same-origin)."""
    code = request.form.get("lang", "")
    back = _same_site(request.referrer or "") or url_for("sessions.index")
    response = redirect(back, code=303)
    if code in LANGUAGES:
        response.set_cookie(COOKIE, code, max_age=YEAR, samesite="Lax", httponly=True)
    return response


def _same_site(referrer: str) -> str | None:
    """The path and query of `referrer` if it is a page of this site (never another site's)."""
    parts = urlsplit(referrer)
    if parts.netloc != request.host or not parts.path.startswith("/"):
        return None
    return parts.path + (f"?{parts.query}" if parts.query else "")


def register(app: Flask) -> None:
    """Choose each request's language, and give templates the menu and the page's direction."""
    babel.init_app(
        app, locale_selector=select_locale, default_translation_directories="translations"
    )
    app.register_blueprint(bp)

    @app.context_processor
    def language() -> dict[str, object]:
        code = current()
        return {"lang": code, "direction": LANGUAGES[code].direction, "languages": LANGUAGES}
