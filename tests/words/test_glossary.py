"""One term, one translation: each language's glossary (translations/<lang>/glossary.toml) gives its
words for the terms of scorekeeper/translations/glossary.toml, and every translated message is held
to it. When a message's English names a term, its translation uses one of the term's allowed forms
(several where grammar needs them: Malayalam's case endings, Hindi's and Urdu's oblique forms), and
none of the words the glossary says the term's word replaces.

Malayalam writes its sentences so that a name never takes a case ending (a name filled into a
sentence cannot be declined): its glossary says so, and the catalog is held to it too.
"""

from __future__ import annotations

import re
import tomllib
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest
from babel.messages.catalog import Message

from scorekeeper.web.catalogs import TRANSLATIONS
from tests.helpers.catalogs import OTHERS, forms, messages, read

# The placeholders that are filled with a person's, a team's or a club's name (or a list of them);
# the script's {seat} too, which names the player at a seat where the table's names are known
# (Python's %(seat)s is a seat's number).
NAMES = frozenset(
    {
        *("player", "players", "team", "teams", "team_name", "who", "name", "club"),
        *("kept", "gone", "taken", "other", "others", "owners", "winner", "into", "tied"),
        *("new", "old", "dealer", "bidder", "turn"),
    }
)
SCRIPT_NAMES = NAMES | {"seat"}
# A placeholder as the catalogs write it: %(name)s or %(name)r in Python, {name} in script; and
# one filled with text (a name, say), not a number.
MARKUP = re.compile(r"%\(\w+\)[sdr]|\{\w+\}|<[^>]*>")
FILLED = re.compile(r"%\((\w+)\)[sr]|\{(\w+)\}")


@dataclass(frozen=True)
class Term:
    """A term of the glossary: how to find it in English, and its words in one language."""

    name: str
    find: re.Pattern[str]
    context: re.Pattern[str] | None
    skip: tuple[re.Pattern[str], ...]
    use: tuple[re.Pattern[str], ...]
    avoid: tuple[re.Pattern[str], ...]

    def named_in(self, message: Message) -> bool:
        """Whether the message's English names this term."""
        english = " ".join(message.id) if isinstance(message.id, tuple) else str(message.id)
        # {player} names a player, it is not the word; nor is a tag's class="team-0".
        english = MARKUP.sub("…", english)
        if self.context and not self.context.search(message.context or ""):
            return False
        return bool(self.find.search(english)) and not any(s.search(english) for s in self.skip)


def toml(path: str) -> dict[str, Any]:
    with (TRANSLATIONS / path).open("rb") as file:
        return tomllib.load(file)


def patterns(texts: list[str]) -> tuple[re.Pattern[str], ...]:
    """The glossary's forms, normalised as the translations are (ढ़ is one character or two)."""
    return tuple(re.compile(nfc(text), re.IGNORECASE) for text in texts)


def nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


@cache
def glossary(code: str) -> tuple[Term, ...]:
    """The language's terms, each with its English finder."""
    english, own = toml("glossary.toml"), toml(f"{code}/glossary.toml")["terms"]
    assert set(own) == set(english), f"{code}/glossary.toml gives every term, and only those"
    return tuple(
        Term(
            name=name,
            find=re.compile(term["find"], re.IGNORECASE),
            context=re.compile(term["context"]) if "context" in term else None,
            skip=patterns(term.get("skip", [])),
            use=patterns(own[name]["use"]),
            avoid=patterns(own[name].get("avoid", [])),
        )
        for name, term in english.items()
    )


def slips(code: str) -> Iterator[tuple[str, str, str, str]]:
    """Each (term, problem, msgid, translation) where the catalog strays from the glossary."""
    catalog = read(code)
    for message in messages(catalog):
        english = message.id[0] if isinstance(message.id, tuple) else str(message.id)
        for term in glossary(code):
            if not term.named_in(message):
                continue
            said = list(map(nfc, filter(None, forms(message, catalog.num_plurals))))
            # A plural's forms are not the English's two (Hindi's first is for 0 and 1): the
            # term's word in one of them is enough, and no form may say a word it replaces.
            if said and not any(use.search(form) for form in said for use in term.use):
                yield term.name, "uses none of its words", english, said[0]
            for form in said:
                for avoided in term.avoid:
                    if found := avoided.search(form):
                        yield term.name, f"says «{found[0]}»", english, form


@pytest.mark.parametrize("code", OTHERS)
def test_every_translation_keeps_to_the_glossary(code: str) -> None:
    assert list(slips(code)) == []


@pytest.mark.parametrize("code", OTHERS)
def test_every_term_has_words_and_a_word_is_never_both_used_and_avoided(code: str) -> None:
    for term in glossary(code):
        assert term.use, term.name
        words = {p.pattern for p in term.use}
        assert not words & {p.pattern for p in term.avoid}, term.name


@pytest.mark.parametrize("code", OTHERS)
def test_no_message_says_what_the_glossary_rules_out_everywhere(code: str) -> None:
    """A language may rule a pattern out of every message (`[[everywhere]]`, each with its
    reason): Portuguese never puts a bare preposition before a club's name («Em Mesa de Asha»:
    the name's own article is unknown, so it says «no clube …»)."""
    catalog = read(code)
    rules = toml(f"{code}/glossary.toml").get("everywhere", [])
    assert all(len(rule["why"]) > 30 for rule in rules)
    found = [
        (rule["pattern"], form)
        for rule in rules
        for message in messages(catalog)
        for form in forms(message, catalog.num_plurals)
        if re.search(rule["pattern"], form)
    ]
    assert found == []


CLOSING_TAGS = re.compile(r"^(?:</\w+>)+")


def suffixed_names(code: str) -> Iterator[tuple[str, str]]:
    """Each (msgid, translation) where a name is filled in with a case ending glued to it."""
    catalog = read(code)
    for message in messages(catalog):
        for form in forms(message, catalog.num_plurals):
            for found in FILLED.finditer(form):
                # A link's closing tag stands between a name and an ending glued past it.
                glued = CLOSING_TAGS.sub("", form[found.end() :])[:1]
                letter = bool(glued) and unicodedata.category(glued)[0] in "LM"
                named = found[1] in NAMES or found[2] in SCRIPT_NAMES
                if named and (glued == "-" or letter):
                    english = message.id[0] if isinstance(message.id, tuple) else message.id
                    yield str(english), form


@pytest.mark.parametrize(
    "code", [c for c in OTHERS if toml(f"{c}/glossary.toml").get("names-take-no-suffix")]
)
def test_a_name_never_takes_a_suffix(code: str) -> None:
    assert list(suffixed_names(code)) == []
