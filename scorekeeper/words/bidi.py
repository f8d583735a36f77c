"""Names, numbers and cards inside right-to-left sentences keep their own direction; a link
never carries a direction mark.

In an Urdu sentence, a Latin name, "A♠" or "3–12" filled into a placeholder would be reordered
by Unicode's bidirectional algorithm ("♠A", "12–3") and could drag the punctuation beside it
along. On a right-to-left page, each text value filled into a sentence is isolated (FSI … PDI:
it takes its own direction from its first strong letter and leaves the words around it alone),
in Python's gettext (scorekeeper.words) and the templates' `_`, `ngettext`, `pgettext`,
`npgettext` and `{% trans %}`: all of them fill a sentence through `fill`. Integers (`%(num)d`)
are left as they are: a number alone keeps its place. Left-to-right pages are untouched.

A link is never isolated: an isolate inside an `href` is part of the address (`/s/%E2%81%A8…`, a
404). `fill` leaves alone a value the sentence puts inside a tag (`<a href="%(url)s">`: an
attribute, never read as words), and a value that is an address (`is_link`), wherever it stands.
The pages' script does the same (static/js/words.js).

On a left-to-right page only a value written in a right-to-left script is isolated: an Urdu
team's name before ": 0 baazis" would otherwise take the number into its own run ("0 :شیر").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from flask import Flask, has_request_context
from flask_babel import get_translations  # type: ignore[import-untyped]
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup

from .languages import LANGUAGES, current

FSI, LRI, PDI = "\u2068", "\u2066", "\u2069"
# An address as a value: a path on this site or an absolute http(s) URL, with no space in it.
LINK = re.compile(r"(?:https?://|/)\S*", re.IGNORECASE)
TAG = re.compile(r"<[^<>]*>")
# Letters of the right-to-left scripts (Hebrew, Arabic and its supplements, Syriac, Thaana, NKo,
# and their presentation forms).
RTL_LETTER = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]")
PLACEHOLDER = re.compile(r"%\((\w+)\)")
REPR = re.compile(r"%\((\w+)\)r")
# The keys a placeholder takes instead: inside a tag (its value unisolated), written with %r.
AS_IS, AS_REPR = " as is", " as repr"


def right_to_left() -> bool:
    """Whether this request's reader reads right to left."""
    if not has_request_context():
        return False
    return LANGUAGES[current()].direction == "rtl"


def reads_rtl(value: object) -> bool:
    """Whether `value` is text with a letter of a right-to-left script in it."""
    return isinstance(value, str) and RTL_LETTER.search(value) is not None


def is_link(value: object) -> bool:
    """Whether `value` is an address: "/s/abc", "https://example.org/c/x#key=k"."""
    return isinstance(value, str) and LINK.fullmatch(value) is not None


def _isolate(value: Any, markup: bool) -> Any:
    """One value isolated, if it is text."""
    if not isinstance(value, str):
        return value
    if markup:  # escaped once here (if not Markup already), never again by the sentence's %
        return Markup(FSI) + value + Markup(PDI)
    return f"{FSI}{value}{PDI}"


def left_to_right(text: str) -> str:
    """Text that always reads left to right ("+16", "28♦"), isolated so on a right-to-left page:
    its sign or its suit stays on its side whatever surrounds it, the same on every page."""
    return f"{LRI}{text}{PDI}" if right_to_left() else text


def isolate(value: Any) -> Any:
    """A text isolated on a right-to-left page, as a sentence fills it (Markup, escaped): a name
    beside other words where no sentence is (the `isolated` filter: teams joined by "v")."""
    return _isolate(value, True) if right_to_left() or reads_rtl(value) else value


def in_order(items: Iterable[Any], read_as: str | None = None) -> Markup:
    """Items read one after another ("A1 → B1 → A2 → B2": the seats around a table) in the
    page's direction, each isolated, the arrows pointing the way the eye moves: ← in
    right-to-left words. The arrows are not read out, the order is; where an arrow means more
    (tables moved from one team to another), `read_as` is the sentence a screen reader gets."""
    rtl = right_to_left()
    arrow = Markup(' <span class="next-arrow" aria-hidden="true">{}</span> ').format(
        "←" if rtl else "→"
    )
    shown = arrow.join(Markup("<bdi>{}</bdi>").format(item) for item in items)
    direction = "rtl" if rtl else "ltr"
    drawn = Markup('<span class="in-order" dir="{}">{}</span>').format(direction, shown)
    if read_as is None:
        return drawn
    read = Markup('<span aria-hidden="true">{}</span><span class="visually-hidden">{}</span>')
    return read.format(drawn, read_as)


def fill(sentence: str, variables: Mapping[str, Any], markup: bool = False) -> str:
    """`sentence` (in the reader's language) with its `%(name)s`s filled from `variables`, each
    isolated on a right-to-left page (on a left-to-right one, a value in a right-to-left script)
    but a link and what stands inside a tag (an attribute's value), and a `%(name)r` isolated
    whole, quotes and all; as Markup, escaping them, where `markup`."""
    every = right_to_left()
    if variables and (every or any(reads_rtl(v) for v in variables.values())):
        sentence = TAG.sub(lambda tag: PLACEHOLDER.sub(rf"%(\1{AS_IS})", tag[0]), sentence)
        sentence = REPR.sub(rf"%(\1{AS_REPR})s", sentence)
        variables = _isolated(variables, markup, every)
    return (Markup(sentence) if markup else sentence) % variables


def _isolated(variables: Mapping[str, Any], markup: bool, every: bool) -> dict[str, Any]:
    """The values a sentence takes: each isolated (`every`, else those in a right-to-left
    script; a link as it is), and under the keys of a placeholder inside a tag (as it is) and
    of one written with %r (its repr isolated)."""
    filled: dict[str, Any] = {}
    for name, value in variables.items():
        wanted = (every or reads_rtl(value)) and not is_link(value)
        filled[name] = _isolate(value, markup) if wanted else value
        filled[f"{name}{AS_IS}"] = value
        shown = repr(value)
        filled[f"{name}{AS_REPR}"] = _isolate(shown, markup) if every or reads_rtl(value) else shown
    return filled


def plain(text: str) -> str:
    """`text` without isolates: for words that are stored (a name), not shown in a sentence."""
    return text.replace(FSI, "").replace(LRI, "").replace(PDI, "")


# The catalog's sentence for each of the templates' gettext-like globals, from its arguments,
# and whether it is a plural (its count last, also filled in as `num`).
Lookup = Callable[..., str]
LOOKUPS: dict[str, tuple[Lookup, bool]] = {
    "gettext": (lambda s: get_translations().ugettext(s), False),
    "ngettext": (lambda s, p, n: get_translations().ungettext(s, p, n), True),
    "pgettext": (lambda c, s: get_translations().upgettext(c, s), False),
    "npgettext": (lambda c, s, p, n: get_translations().unpgettext(c, s, p, n), True),
}


def for_templates(lookup: Lookup, plural: bool) -> Callable[..., str]:
    """A template's gettext-like global (Jinja's newstyle: the sentence always formatted) that
    fills through `fill`."""

    @pass_context
    def call(context: Context, *args: Any, **variables: Any) -> str:
        if plural:
            variables.setdefault("num", args[-1])
        return fill(lookup(*args), variables, context.eval_ctx.autoescape)

    return call


def register(app: Flask) -> None:
    """Make the templates' sentences fill through `fill` (in place of Flask-Babel's), and give
    them the `isolated` filter and `in_order`."""
    for name, (lookup, plural) in LOOKUPS.items():
        app.jinja_env.globals[name] = for_templates(lookup, plural)
    app.jinja_env.filters["isolated"] = isolate
    app.jinja_env.globals["in_order"] = in_order
