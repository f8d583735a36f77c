"""Numbers, percentages and dates as the reader's language writes them: Babel's patterns (CLDR)
for the request's locale, on the server. The pages' script is handed the same symbols and
patterns (scorekeeper/web/catalogs.py writes them into its catalog, static/i18n/<lang>.js, for
words.js's `number` and `percent`), since a browser's `Intl` may lack a language
(Debian's Chromium has no Esperanto).

One helper per shape, so that a shape reads the same on every page of a language: `signed` for a
lead or a deal's points ("+16", "-3"), isolated on a right-to-left page so that its sign stays on
its left whatever surrounds it; a bid, a number with a suit ("40♠"), is words/fifty_six.py's `bid`.
"""

from __future__ import annotations

from datetime import date, datetime

from babel import Locale
from babel.dates import format_skeleton, format_time, get_datetime_format
from babel.numbers import (
    NumberPattern,
    format_percent,
    get_minus_sign_symbol,
    get_plus_sign_symbol,
    parse_pattern,
)
from flask import Flask
from flask_babel import format_date, get_locale, to_user_timezone  # type: ignore[import-untyped]

from .bidi import left_to_right

ENGLISH = Locale.parse("en")


def locale() -> Locale:
    """The reader's locale (English outside a request)."""
    return get_locale() or ENGLISH


def _decimal_pattern(places: int, where: Locale) -> NumberPattern:
    """The locale's decimal pattern (its grouping: 1,234 or 12,34,567) with at most `places`
    decimals."""
    pattern = parse_pattern(where.decimal_formats[None].pattern)
    pattern.frac_prec = (0, places)
    return pattern


def number(value: float, places: int = 0) -> str:
    """A number in the reader's language, to at most `places` decimals, rounded half to even as
    Babel rounds: 79.5 is «79,5» in Portuguese and Esperanto, 1234 «1 234» in Esperanto. A
    negative one is isolated left to right, as `signed` is: its minus stays on its left on a
    right-to-left page (an Urdu rating of «-1.5», never «1.5-»)."""
    where = locale()
    said = str(_decimal_pattern(places, where).apply(value, where))
    return left_to_right(said) if value < 0 else said


def percent(share: float) -> str:
    """A share (0.675) as a whole percentage in the reader's language: 68%."""
    return str(format_percent(share, locale=locale()))


def signed(value: float, places: int = 0) -> str:
    """A number with its sign always written ("+16", "+0", "-3"; Urdu's signs carry a
    left-to-right mark), isolated on a right-to-left page: the same shape on every page."""
    where = locale()
    sign = get_minus_sign_symbol(where) if value < 0 else get_plus_sign_symbol(where)
    return left_to_right(sign + number(abs(value), places))


def day(when: date) -> str:
    """A date in the reader's words, its month named whole: "4 December 2026" in the language's
    order (Esperanto's «4 Decembro 2026», not an English «Dec»)."""
    return str(format_date(when, "long"))


def moment(when: datetime) -> str:
    """A day and a time this year: "4 December, 18:05" as the reader's language joins them."""
    where, local = locale(), to_user_timezone(when)
    joined = str(get_datetime_format("short", locale=where))
    shown = format_skeleton("MMMMd", local, locale=where)
    return joined.replace("{1}", shown).replace("{0}", format_time(local, "short", locale=where))


def register(app: Flask) -> None:
    """The templates' filters: `number`, `percent`, `signed`, `day`, `moment`."""
    app.jinja_env.filters.update(
        number=number, percent=percent, signed=signed, day=day, moment=moment
    )
