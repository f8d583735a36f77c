"""Words at the edge: the web layer writes sentences with gettext, so every one can be translated.

Each sentence is one msgid of the catalogs in scorekeeper/translations (`make catalogs`), with
`%(name)s` for what it names; `ngettext` picks the language's plural form. `lazy_gettext` is for
words fixed at import (a form's labels), translated when shown.
"""

from __future__ import annotations

from typing import Any

import flask_babel  # type: ignore[import-untyped]
from flask_babel import (
    Babel,
    format_number,
    lazy_gettext,
    lazy_pgettext,
)

from .bidi import isolated

babel = Babel()


def gettext(string: str, **variables: Any) -> str:
    """The sentence in the reader's language, its `%(name)s`s filled (each isolated on a
    right-to-left page: scorekeeper.words.bidi)."""
    return str(flask_babel.gettext(string, **isolated(variables)))


def ngettext(singular: str, plural: str, num: int, **variables: Any) -> str:
    """The plural form of the sentence for `num` in the reader's language, filled as gettext's."""
    return str(flask_babel.ngettext(singular, plural, num, **isolated(variables)))


def pgettext(context: str, string: str, **variables: Any) -> str:
    """gettext in the sense `context` names, where one English word has two (msgctxt)."""
    return str(flask_babel.pgettext(context, string, **isolated(variables)))


def npgettext(context: str, singular: str, plural: str, num: int, **variables: Any) -> str:
    """ngettext in the sense `context` names."""
    return str(flask_babel.npgettext(context, singular, plural, num, **isolated(variables)))


__all__ = [
    "babel",
    "format_number",
    "gettext",
    "lazy_gettext",
    "lazy_pgettext",
    "ngettext",
    "npgettext",
    "pgettext",
]
