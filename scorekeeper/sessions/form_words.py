"""WTForms' own messages ("Not a valid choice.") in the reader's language, from this app's
catalogs: WTForms ships none for eo, hi, ur or ml, so its messages are listed here for the
catalogs to hold them, and the session forms read them through Flask-Babel."""

from __future__ import annotations

from typing import Any

from flask_babel import get_translations  # type: ignore[import-untyped]

from ..words import lazy_gettext

# The messages of WTForms a session form may show (its fields and validators as used here),
# listed so that `make translations` extracts them.
SHOWN = (
    lazy_gettext("Not a valid integer value."),
    lazy_gettext("Not a valid choice."),
    lazy_gettext("Invalid Choice: could not coerce."),
    lazy_gettext("This field is required."),
)


class Words:
    """Translations for a form's Meta: gettext and ngettext from this app's catalogs, the
    message returned unformatted (WTForms fills in its own placeholders)."""

    def gettext(self, string: str) -> str:
        return str(get_translations().ugettext(string))

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return str(get_translations().ungettext(singular, plural, n))


WORDS = Words()


class WordsMeta:
    """A form Meta whose built-in messages are in the reader's language (`class Meta(WordsMeta)`
    in a form, or as its Meta)."""

    def get_translations(self, form: Any) -> Words:
        return WORDS
