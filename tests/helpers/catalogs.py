"""The translation catalogs as the tests read them: every language but English, one language's
catalog, its messages, and a message's translated forms."""

from __future__ import annotations

from collections.abc import Iterator

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from scorekeeper.web.catalogs import TRANSLATIONS
from scorekeeper.words.languages import LANGUAGES

OTHERS = sorted(code for code in LANGUAGES if code != "en")


def read(code: str) -> Catalog:
    """One language's catalog."""
    with (TRANSLATIONS / code / "LC_MESSAGES" / "messages.po").open("rb") as file:
        return read_po(file, locale=code)


def messages(catalog: Catalog) -> Iterator[Message]:
    """The catalog's messages, without its header."""
    return (message for message in catalog if message.id)


def forms(message: Message, count: int) -> list[str]:
    """A message's translation: one string, or each of the language's plural forms."""
    if isinstance(message.id, tuple):
        strings = list(message.string or ())
        return [str(s) for s in strings] + [""] * (count - len(strings))
    return [str(message.string or "")]
