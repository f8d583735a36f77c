"""Words at the edge: the web layer writes sentences with gettext, so every one can be translated.

Each sentence is one msgid of the catalogs in scorekeeper/translations (`make catalogs`), with
`%(name)s` for what it names; `ngettext` picks the language's plural form. `lazy_gettext` is for
words fixed at import (a form's labels), translated when shown.
"""

from __future__ import annotations

from flask_babel import (  # type: ignore[import-untyped]
    Babel,
    format_date,
    format_datetime,
    format_number,
    gettext,
    lazy_gettext,
    ngettext,
)

babel = Babel()

__all__ = [
    "babel",
    "format_date",
    "format_datetime",
    "format_number",
    "gettext",
    "lazy_gettext",
    "ngettext",
]
