"""A "mark everything" language: every message comes out between ⟦ ⟧, so whatever a page
shows outside the marks never went through gettext (the lead may merge this with
tests/helpers/untranslated.py)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from html.parser import HTMLParser

import flask_babel
import pytest

OPEN, CLOSE = "⟦", "⟧"
MARKED = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")
WORD = re.compile(r"[^\W\d_]{2,}")  # two letters or more, of any script
SHOWN = ("title", "aria-label", "placeholder", "alt")  # attributes a reader is given


class Marking:
    """A translations object that wraps each message in marks, in every form gettext has."""

    def ugettext(self, message: str) -> str:
        return f"{OPEN}{message}{CLOSE}"

    def ungettext(self, singular: str, plural: str, n: int) -> str:
        return self.ugettext(singular if n == 1 else plural)

    def upgettext(self, _context: str, message: str) -> str:
        return self.ugettext(message)

    def unpgettext(self, _context: str, singular: str, plural: str, n: int) -> str:
        return self.ungettext(singular, plural, n)

    gettext, ngettext, pgettext, npgettext = ugettext, ungettext, upgettext, unpgettext


def mark_everything(monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on, templates and Python alike say every message marked."""
    marking = Marking()
    monkeypatch.setattr(flask_babel, "get_translations", lambda: marking)
    monkeypatch.setattr(flask_babel.Domain, "get_translations", lambda _self: marking)


class _Reader(HTMLParser):
    """The text a reader sees or hears: text outside scripts and styles, and labels."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.seen: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._hidden += tag in ("script", "style")
        self.seen += [value for name, value in attrs if name in SHOWN and value]

    def handle_endtag(self, tag: str) -> None:
        self._hidden -= tag in ("script", "style")

    def handle_data(self, data: str) -> None:
        if not self._hidden:
            self.seen.append(data)


def unmarked(page: str, allowed: Iterable[str] = ()) -> set[str]:
    """The words of `page` a reader meets outside the marks, but for the `allowed` ones
    (names, as the table wrote them)."""
    while MARKED.search(page):  # innermost first: a name inside a sentence, a sentence in a tag
        page = MARKED.sub(" ", page)
    reader = _Reader()
    reader.feed(page)
    words = set(WORD.findall(" ".join(reader.seen)))
    return words - {word for name in allowed for word in WORD.findall(name)}
