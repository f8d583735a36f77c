"""Names, numbers and cards inside right-to-left sentences keep their own direction.

In an Urdu sentence, a Latin name, "A♠" or "3–12" filled into a placeholder would be reordered
by Unicode's bidirectional algorithm ("♠A", "12–3") and could drag the punctuation beside it
along. On a right-to-left page, each text value filled into a sentence is isolated (FSI … PDI:
it takes its own direction from its first strong letter and leaves the words around it alone),
in Python's gettext (scorekeeper.words) and the templates' `_`, `ngettext` and `{% trans %}`.
Integers (`%(num)d`) are left as they are: a number alone keeps its place. Left-to-right pages
are untouched.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Flask, has_request_context
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup

from .languages import LANGUAGES, current

FSI, PDI = "\u2068", "\u2069"


def right_to_left() -> bool:
    """Whether this request's reader reads right to left."""
    if not has_request_context():
        return False
    return LANGUAGES[current()].direction == "rtl"


def isolated(variables: dict[str, Any], markup: bool = False) -> dict[str, Any]:
    """`variables` with each text isolated on a right-to-left page (as Markup where `markup`)."""
    if not variables or not right_to_left():
        return variables
    return {name: _isolate(value, markup) for name, value in variables.items()}


def _isolate(value: Any, markup: bool) -> Any:
    """One value isolated, if it is text."""
    if not isinstance(value, str):
        return value
    if markup:  # escaped once here (if not Markup already), never again by the sentence's %
        return Markup(FSI) + value + Markup(PDI)
    return f"{FSI}{value}{PDI}"


def plain(text: str) -> str:
    """`text` without isolates: for words that are stored (a name), not shown in a sentence."""
    return text.replace(FSI, "").replace(PDI, "")


def isolating(function: Callable[..., str]) -> Callable[..., str]:
    """A template's gettext-like global (Jinja's newstyle, context first) that isolates."""

    @pass_context
    def call(context: Context, *args: Any, **variables: Any) -> str:
        return function(context, *args, **isolated(variables, context.eval_ctx.autoescape))

    return call


def register(app: Flask) -> None:
    """Make the templates' sentences isolate what they name (after Flask-Babel installed them)."""
    for name in ("gettext", "ngettext", "pgettext", "npgettext"):
        function = app.jinja_env.globals.get(name)
        if callable(function):
            app.jinja_env.globals[name] = isolating(function)
