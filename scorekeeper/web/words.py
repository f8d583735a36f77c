"""Words at the edge: the web layer writes sentences with gettext, so every one can be translated.

English is the only language until the catalogs come; `ngettext` already picks the plural form,
so "1 point" and "2 points" are right today and in any language later.
"""

from __future__ import annotations

from flask_babel import (  # type: ignore[import-untyped]
    Babel,
    format_number,
    gettext,
    ngettext,
)

babel = Babel()

__all__ = ["babel", "format_number", "gettext", "ngettext"]
