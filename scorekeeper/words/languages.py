"""The languages the pages speak, and which one this request's reader reads.

Only the list and the reader's choice live here (bidi reads the direction from it); choosing it
from a cookie or `Accept-Language` is the web layer's (scorekeeper/web/languages.py).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from babel import Locale
from flask_babel import get_locale  # type: ignore[import-untyped]

COOKIE = "lang"


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


def current() -> str:
    """The language of this request's words."""
    locale = get_locale()
    return DEFAULT if locale is None else _code(locale)


@functools.lru_cache(maxsize=64)
def _code(locale: Locale) -> str:
    """A locale's code, worked out once (babel builds the string anew each time)."""
    return str(locale)
