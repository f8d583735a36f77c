"""Words at the edge: the web layer writes sentences with gettext, so every one can be translated.

Each sentence is one msgid of the catalogs in scorekeeper/translations (`make catalogs`), with
`%(name)s` for what it names; `ngettext` picks the language's plural form. `lazy_gettext` is for
words fixed at import (a form's labels), translated when shown. Each fills its sentence through
scorekeeper.words.bidi's `fill`, as the templates' do: names isolated on a right-to-left page,
links never.
"""

from __future__ import annotations

from typing import Any

from flask_babel import (  # type: ignore[import-untyped]
    Babel,
    lazy_gettext,
    lazy_pgettext,
)

from .bidi import LOOKUPS, fill

babel = Babel()


def gettext(string: str, **variables: Any) -> str:
    """The sentence in the reader's language, its `%(name)s`s filled (each isolated on a
    right-to-left page: scorekeeper.words.bidi)."""
    return _filled(LOOKUPS["gettext"][0](string), variables)


def ngettext(singular: str, plural: str, num: int, **variables: Any) -> str:
    """The plural form of the sentence for `num` in the reader's language, filled as gettext's
    (`num` too)."""
    return fill(LOOKUPS["ngettext"][0](singular, plural, num), {"num": num, **variables})


def pgettext(context: str, string: str, **variables: Any) -> str:
    """gettext in the sense `context` names, where one English word has two (msgctxt)."""
    return _filled(LOOKUPS["pgettext"][0](context, string), variables)


def _filled(sentence: str, variables: dict[str, Any]) -> str:
    """A sentence filled, or as the catalog has it when it names nothing (as Flask-Babel's)."""
    return fill(sentence, variables) if variables else sentence


__all__ = [
    "babel",
    "gettext",
    "lazy_gettext",
    "lazy_pgettext",
    "ngettext",
    "pgettext",
]
