"""Every word the pages' script shows goes through words.js's `_` or `ngettext`, as one literal
msgid the extractor reads: no sentence left in a bare string, a template literal or glued pieces.

A small JavaScript lexer lists each file's string and template literals and which of them are
the msgid of a `_(...)` or `ngettext(...)` call; a literal outside such a call that reads like
words a person sees fails. Words are told from code by shape: class lists (names found in the
style sheets), CSS selectors, event names and data keys (one lowercase token) pass; several words
with a space, a capitalised word, text ending in a full stop and a piece with a space at its edge
(glued to another) fail. Single lowercase words a page shows cannot be told from keys: mark them
by reading.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file

import scorekeeper

ROOT = Path(scorekeeper.__file__).parent.parent
STATIC = ROOT / "scorekeeper" / "static"
# static/i18n holds the catalogs `make catalogs` writes: generated, not the pages' own words.
SCRIPTS = sorted(p for p in STATIC.rglob("*.js") if "i18n" not in p.relative_to(STATIC).parts)
KEYWORDS = {"_": 1, "ngettext": 2, "pgettext": 2}  # literals each call leads with

# Strings that look like words and are not: key names, rule-id lists, directives, a header, a
# selector by tag names, a class list with a class no style sheet names.
ALLOWED = {
    "use strict",
    "Bearer {x}",
    "main h1",
    "muted busy",
    "Home",
    "End",
    "Enter",
    "Escape",
    "Backspace",
    "Delete",
    "Tab",
    "Space",
    "K11, K12",
    "NT",  # a bid's notation (30 NT), printed as the cards' is
    # sw.js: a deal form the worker cannot keep fails as a network error; the browser shows its
    # own page, and this reaches only a developer's console.
    "No key: sending it again might store it twice",
}


@dataclass
class Token:
    """One token of a script: its kind (name, string, template, number, punct), text and line."""

    kind: str
    text: str
    line: int


REGEX_AFTER = {
    "return",
    "typeof",
    "case",
    "do",
    "else",
    "in",
    "of",
    "new",
    "delete",
    "void",
    "throw",
}
PUNCT = re.compile(
    r"\?\?=?|\?\.|=>|\.\.\.|[=!]==?|[<>]=?|&&|\|\||\+\+|--|\*\*=?|>>>?=?|<<=?|[-+*%&|^/]=?|[{}()\[\];,.:?~!=]"
)
SPACE = re.compile(r"\s+|//[^\n]*|/\*.*?\*/", re.S)
NAME = re.compile(r"[A-Za-z_$][\w$]*")
NUMBER = re.compile(r"\d[\w.]*")
QUOTED = re.compile(r"""(["'])(?:\\.|(?!\1)[^\\\n])*\1""")
REGEX = re.compile(r"/(?:\\.|\[(?:\\.|[^\]\\])*\]|[^/\\\n\[])+/[a-z]*")


class Lexer:
    """Enough of a JavaScript lexer to find literals: strings, templates and what their ${} hold."""

    def __init__(self, source: str) -> None:
        self.src = source
        self.pos = 0
        self.tokens: list[Token] = []

    def line(self) -> int:
        return self.src.count("\n", 0, self.pos) + 1

    def add(self, kind: str, text: str, line: int) -> None:
        self.tokens.append(Token(kind, text, line))

    def run(self, until_brace: bool = False) -> None:
        """Read tokens to the end, or to the `}` closing a template's `${`."""
        depth = 0
        while self.pos < len(self.src):
            if m := SPACE.match(self.src, self.pos):
                self.pos = m.end()
            elif self.src[self.pos] == "`":
                self.template()
            elif m := QUOTED.match(self.src, self.pos):
                self.add("string", unquote(m.group()[1:-1]), self.line())
                self.pos = m.end()
            elif (
                self.src[self.pos] == "/"
                and self.regex_may_start()
                and (m := REGEX.match(self.src, self.pos))
            ):
                self.add("regex", m.group(), self.line())
                self.pos = m.end()
            elif m := NAME.match(self.src, self.pos) or NUMBER.match(self.src, self.pos):
                self.add("name" if m.re is NAME else "number", m.group(), self.line())
                self.pos = m.end()
            elif m := PUNCT.match(self.src, self.pos):
                depth += {"{": 1, "}": -1}.get(m.group(), 0)
                if until_brace and depth < 0:
                    self.pos = m.end()
                    return
                self.add("punct", m.group(), self.line())
                self.pos = m.end()
            else:
                raise ValueError(
                    f"line {self.line()}: cannot read {self.src[self.pos : self.pos + 20]!r}"
                )

    def regex_may_start(self) -> bool:
        """A `/` starts a regular expression where a value cannot end before it."""
        if not self.tokens:
            return True
        last = self.tokens[-1]
        if last.kind == "name":
            return last.text in REGEX_AFTER
        return last.kind == "punct" and last.text not in {")", "]", "}"}

    def template(self) -> None:
        """A template literal: its text with `{x}` for each `${...}`, then the tokens they hold."""
        line, self.pos, text, inner = self.line(), self.pos + 1, [], []
        while self.src[self.pos] != "`":
            if self.src.startswith("${", self.pos):
                outer, self.tokens, self.pos = self.tokens, [], self.pos + 2
                self.run(until_brace=True)
                inner += self.tokens
                self.tokens = outer
                text.append("{x}")
            else:
                step = 2 if self.src[self.pos] == "\\" else 1
                text.append(self.src[self.pos : self.pos + step])
                self.pos += step
        self.pos += 1
        self.add("template", unquote("".join(text)), line)
        self.tokens += inner


def unquote(text: str) -> str:
    """The text of a literal with its common escapes read."""
    return re.sub(r"\\(u\{?[0-9a-fA-F]+\}?|.)", lambda m: _escape(m.group(1)), text)


def _escape(code: str) -> str:
    if code[0] == "u" and len(code) > 1:
        return chr(int(code[1:].strip("{}"), 16))
    return {"n": "\n", "t": "\t"}.get(code, code)


def tokens(source: str) -> list[Token]:
    """The tokens of a script."""
    lexer = Lexer(source)
    lexer.run()
    return lexer.tokens


def marked(toks: list[Token]) -> tuple[set[int], list[str]]:
    """Indexes of the literals that are msgids of `_`/`ngettext`, and the calls built wrong."""
    found: set[int] = set()
    wrong: list[str] = []
    for i, tok in enumerate(toks):
        count = KEYWORDS.get(tok.text) if tok.kind == "name" else None
        if not count or i + 1 >= len(toks) or toks[i + 1].text != "(":
            continue
        if i and toks[i - 1].text in {".", "?.", "function"}:
            continue
        for k in range(count):
            arg, after = i + 2 + 2 * k, i + 3 + 2 * k
            if toks[arg].kind != "string" or toks[after].text not in {",", ")"}:
                wrong.append(
                    f"{toks[arg].line}: {tok.text}(...) takes one plain string literal per msgid"
                )
                break
            found.add(arg)
    return found, wrong


CLASS = re.compile(r"\.(-?[A-Za-z_][\w-]*)")
PLACEHOLDER = re.compile(r"\{\w+\}")
SELECTOR_TOKEN = re.compile(
    r"(?=[.#\[a-z])(?:[.#]?[a-z][\w-]*)?(?:\[[^\]]*\])*(?:[.#:][\w-]+(?:\([^)]*\))?)*,?|[>+~]"
)
HOOK = re.compile(r"(?:[a-z0-9]+|\{x\})(?:-(?:[a-z0-9]+|\{x\}))+-?")  # a hyphenated class name


def class_names() -> set[str]:
    """Every class name the style sheets name."""
    return {name for css in STATIC.rglob("*.css") for name in CLASS.findall(css.read_text("utf-8"))}


CLASSES = class_names()


def is_class(token: str) -> bool:
    """A class name of the style sheets, or one's prefix with what the script adds (`team-{x}`)."""
    if token in CLASSES:
        return True
    stem = token.removesuffix("{x}")
    return stem != token and stem.endswith("-") and any(c.startswith(stem) for c in CLASSES)


def is_class_list(parts: list[str]) -> bool:
    """Class names: the style sheets' own, or hyphenated ones the script hooks on."""
    return all(is_class(p) or PLACEHOLDER.fullmatch(p) or HOOK.fullmatch(p) for p in parts)


def reads_as_words(text: str) -> bool:
    """Whether a literal outside `_`/`ngettext` looks like words a person reads."""
    bare = PLACEHOLDER.sub("", text)
    if not re.search(r"[^\W\d_]", bare) or text.strip() in ALLOWED:
        return False
    parts = text.split()
    if is_class_list(parts):
        return False
    if all(SELECTOR_TOKEN.fullmatch(p) for p in parts) and re.search(r"[.#\[]", text):
        return False
    if text != text.strip() or len(parts) > 1:
        return True  # a piece glued to others, or several words
    return bool(re.fullmatch(r"[A-Z][a-z]+\W?|.*[a-z].*[.!?…]", text))


def unmarked(path: Path) -> list[str]:
    """The literals of a script that read as words and are not msgids, and the misbuilt calls."""
    toks = tokens(path.read_text(encoding="utf-8"))
    found, wrong = marked(toks)
    left = [
        f"{tok.line}: {tok.text!r}"
        for i, tok in enumerate(toks)
        if tok.kind in {"string", "template"} and i not in found and reads_as_words(tok.text)
    ]
    return wrong + left


def test_the_shapes_tell_words_from_code() -> None:
    for words in (
        "Tap the card you play.",
        "Dealer",
        "Undo",
        "{x} trailed {x}",
        " · multiple",
        "not cemented",
        "is on the floor already",
        "capture ",
        "is on the floor already",
        "Bid {x}",
        "Copied ✓",
    ):
        assert reads_as_words(words), words
    for code in (
        "DOMContentLoaded",
        "aria-label",
        "#ace-choice .value",
        ".stepper input, .casino-card input",
        "muted small",
        "seat-chip team-{x}",
        "small live-taken",
        "muted small pile-note {x}-note",
        '[data-team="{x}"] [data-place="{x}"] input',
        'input[name="{x}"][value="{x}"]',
        "application/json",
        "{x} · {x}",
        "{card}: {team}",
        "",
        "Enter",
    ):
        assert not reads_as_words(code), code


def test_the_lexer_finds_msgids_and_what_is_left() -> None:
    source = (
        'const a = _("Start deal {n}", { n }); // "Not this"\n'
        'el("p", "muted", ngettext("{n} card", "{n} cards", k));\n'
        'const b = `Play ${_("Pass")} now`; const r = /a"b/g;\n'
        'const c = _("Deal " + n);\n'
    )
    toks = tokens(source)
    found, wrong = marked(toks)
    assert sorted(toks[i].text for i in found) == [
        "Pass",
        "Start deal {n}",
        "{n} card",
        "{n} cards",
    ]
    assert wrong == ["4: _(...) takes one plain string literal per msgid"]
    assert [t.text for t in toks if t.kind == "template"] == ["Play {x} now"]


@pytest.mark.parametrize(
    "script",
    SCRIPTS,
    ids=lambda p: str(p.relative_to(STATIC)),
)
def test_every_word_a_script_shows_is_marked(script: Path) -> None:
    assert unmarked(script) == []


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: str(p.relative_to(STATIC)))
def test_the_extractor_reads_every_msgid(script: Path) -> None:
    toks = tokens(script.read_text(encoding="utf-8"))
    ours = {toks[i].text for i in marked(toks)[0]}
    keywords = {
        "_": None,
        "ngettext": (1, 2),
        "pgettext": ((1, "c"), 2),
    }
    theirs = {
        text
        for _line, message, _comments, context in extract_from_file(
            "javascript", str(script), keywords=keywords
        )
        for text in ((message,) if isinstance(message, str) else message) + (context,)
        if text
    }
    assert ours <= theirs
