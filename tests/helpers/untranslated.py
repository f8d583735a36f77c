"""Words a page shows that no catalog translated: draw the page with `marking()` on (every
msgid comes back as "⟦msgid⟧", its placeholders filled), then `leftovers(html, names)` lists
the text the reader would see that lies outside every ⟦…⟧.

What is not a word to translate is left out: the `names` the caller gives (players, teams,
clubs, languages in their own names, the app's name), card notation (10♥, K♠, ♦), numbers,
rule ids and seat places (F7, K13, A1), lone letters (teams A–D, ranks A J Q K), file formats
(CSV, JSON), punctuation and symbols. What remains with a letter in it is a leftover: a
sentence, a label or a word that skipped gettext.

    with marking():
        page = client.get("/s/abc").get_data(as_text=True)
    assert leftovers(page, names=["Asha", "Meena"]) == []

Checked: every text node of <head> and <body> (hidden ones too: a script shows them, a screen
reader reads them; <template> contents too), and the attributes a person reads or hears:
title, aria-label, placeholder, alt, and the value of input buttons. Not checked: <script> and
<style> bodies, data-* attributes (the script decides what to show of them), <option> values,
and what a script writes into the page later (a browser test must look at that).

Limits: English passed as a placeholder's value inside a marked sentence ("⟦%(line)s · level⟧"
filled with an untranslated line) is inside the mark, so it is not seen; words stored in the
database (a club named at its start) come back as they were written. `marking()` patches
Flask-Babel's Domain for the whole process while it lasts: for tests, not for a served app.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterable, Iterator
from html.parser import HTMLParser

import flask_babel
from babel.support import NullTranslations

OPEN, CLOSE = "⟦", "⟧"
# The attributes a person reads or hears; an <input>'s value only on a button.
READ_ATTRIBUTES = frozenset({"title", "aria-label", "placeholder", "alt"})
BUTTON_TYPES = frozenset({"submit", "button", "reset"})
SKIPPED = frozenset({"script", "style"})
# Card notation (10♥, K♠, ♦, A♣), rule ids and seat places (F7, K13, M5, A1), a lone letter
# (a team's A–D, a card's rank A, J, Q, K), the names of file formats (CSV, JSON).
NOT_WORDS = re.compile(
    r"(?:10|[2-9AJQK])[♠♥♦♣]|[♠♥♦♣]|\b[A-Z]{1,2}\d{1,2}\b"
    r"|(?<![^\W\d_])[A-DJQK](?![^\W\d_])|\b(?:CSV|JSON)\b"
)
LETTER = re.compile(r"[^\W\d_]")


class MarkedTranslations(NullTranslations):  # type: ignore[misc]
    """A catalog that "translates" every msgid by putting it between ⟦ and ⟧."""

    def gettext(self, message: str) -> str:
        return f"{OPEN}{message}{CLOSE}"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"{OPEN}{msgid1 if n == 1 else msgid2}{CLOSE}"

    def pgettext(self, context: str, message: str) -> str:
        return self.gettext(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return self.ngettext(msgid1, msgid2, n)

    # Flask-Babel and Jinja call the u- names (Babel's Python 2 era aliases).
    def ugettext(self, message: str) -> str:
        return self.gettext(message)

    def ungettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self.ngettext(msgid1, msgid2, n)

    def upgettext(self, context: str, message: str) -> str:
        return self.gettext(message)

    def unpgettext(self, context: str, singular: str, plural: str, num: int) -> str:
        return self.ngettext(singular, plural, num)


@contextlib.contextmanager
def marking() -> Iterator[None]:
    """While inside, every Flask-Babel translation (Python's gettext, lazy_gettext and the
    templates' _, ngettext and {% trans %}) comes back marked as ⟦…⟧."""
    original = flask_babel.Domain.get_translations
    flask_babel.Domain.get_translations = lambda _self: MarkedTranslations()
    try:
        yield
    finally:
        flask_babel.Domain.get_translations = original


class _Reader(HTMLParser):
    """Walks a page: its text in order (with the marks), and the attributes people read."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.text: list[str] = []
        self.attributes: list[tuple[str, str, str]] = []  # (tag, attribute, value)
        self.skipping = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in SKIPPED:
            self.skipping += 1
        found = dict(attrs)
        for name, value in attrs:
            read = name in READ_ATTRIBUTES or (
                name == "value" and tag == "input" and found.get("type") in BUTTON_TYPES
            )
            if read and value:
                self.attributes.append((tag, name, value))
        # A block's edge separates words: "Deal" and "3" in two cells are two text runs.
        self.text.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in SKIPPED:
            self.skipping = max(0, self.skipping - 1)
        self.text.append("\n")

    def handle_data(self, data: str) -> None:
        if not self.skipping:
            self.text.append(data)


def unmarked(text: str) -> list[str]:
    """The stretches of `text` outside every ⟦…⟧ (marks may nest, as a sentence inside
    another's placeholder does)."""
    found: list[str] = []
    current: list[str] = []
    depth = 0
    for char in text:
        if char == OPEN:
            depth += 1
            found.append("".join(current))
            current = []
        elif char == CLOSE:
            depth = max(0, depth - 1)
        elif depth == 0:
            current.append(char)
    found.append("".join(current))
    return [stretch for stretch in found if stretch.strip()]


def words_in(stretch: str, names: Iterable[str]) -> str:
    """`stretch` with names and card notation taken out, if words are left in it (a letter
    that is not a card, a rule id or a lone letter); "" when none are."""
    for name in sorted(names, key=len, reverse=True):
        if name:
            stretch = stretch.replace(name, " ")
    stretch = NOT_WORDS.sub(" ", stretch)
    return " ".join(stretch.split()) if LETTER.search(stretch) else ""


def leftovers(page: str, names: Iterable[str] = ()) -> list[str]:
    """The words of `page`, drawn with `marking()` on, that were not translated: each text run
    and each read attribute ('aria-label="…"') with letters left once names, cards, numbers and
    symbols are taken out. An empty list: every word went through a catalog."""
    names = list(names)
    reader = _Reader()
    reader.feed(page)
    reader.close()
    left = []
    for stretch in unmarked("".join(reader.text)):
        for line in stretch.split("\n"):
            if words := words_in(line, names):
                left.append(words)
    for tag, attribute, value in reader.attributes:
        if any(words_in(part, names) for part in unmarked(value)):
            left.append(f'<{tag} {attribute}="{value}">')
    return left
