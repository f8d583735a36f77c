"""A card as a screen reader says it (words/cards.py): in words, in the reader's language, from
one message per rank with its suit filled in; the pages' script says the very same messages
(static/js/cards.js); and a card printed in a sentence is named in words too."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file
from flask import Flask

import scorekeeper
from scorekeeper.rules.cards import full_deck
from scorekeeper.words.cards import spoken, suit_spoken, with_cards
from tests.helpers.said import throwaway_catalog

PACKAGE = Path(scorekeeper.__file__).parent
HINDI = {
    ("card", "ace of {suit}"): "{suit} का इक्का",
    ("card", "queen of {suit}"): "{suit} की बेगम",
    "spades": "हुकुम",
}


def test_every_card_has_its_own_name_in_words(app: Flask) -> None:
    with app.test_request_context():
        said = {str(card): spoken(card) for card in full_deck()}
        assert said["AS"] == spoken("AS") == "ace of spades"
        assert said["10D"] == "ten of diamonds" and said["JC"] == "jack of clubs"
        assert suit_spoken("H") == "hearts"
    assert len(set(said.values())) == 52
    assert not [name for name in said.values() if re.search("[♠♥♦♣0-9]", name)]


def test_a_card_is_said_in_the_readers_language(
    app: Flask, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    translations = throwaway_catalog(tmp_path, "hi", HINDI)
    monkeypatch.setattr(app.extensions["babel"], "translation_directories", [str(translations)])
    with app.test_request_context(headers={"Accept-Language": "hi"}):
        # The rank's message holds the "of", agreeing with it: का for the ace, की for the queen.
        assert spoken("AS") == "हुकुम का इक्का"
        assert spoken("QS") == "हुकुम की बेगम"


def card_messages(path: Path, language: str) -> set[tuple[str | None, str]]:
    """The card and suit messages a file asks its catalog for: (context, msgid)."""
    in_context = ((1, "c"), 2)
    keywords = {"_": None, "lazy_gettext": None, "pgettext": in_context}
    keywords["lazy_pgettext"] = in_context
    found = extract_from_file(language, str(path), keywords=keywords)
    wanted = re.compile(r"^(\w+ of \{suit\}|spades|hearts|diamonds|clubs)$")
    return {(context, msgid) for _, msgid, _, context in found if wanted.match(str(msgid))}


def test_the_server_and_the_pages_script_say_a_card_with_the_same_messages() -> None:
    server = card_messages(PACKAGE / "words" / "cards.py", "python")
    script = card_messages(PACKAGE / "static" / "js" / "cards.js", "javascript")
    assert len(server) == 13 + 4
    assert server == script


def test_a_card_printed_in_a_sentence_is_named_in_words(app: Flask) -> None:
    with app.test_request_context():
        said = with_cards("K♠ takes 9♦ <b>and</b> 10♥; a bid of 28♠ is no card")
    assert said == (
        '<span class="card-sign" role="img" aria-label="king of spades">K♠</span> takes '
        '<span class="card-sign" role="img" aria-label="nine of diamonds">9♦</span> '
        "&lt;b&gt;and&lt;/b&gt; "
        '<span class="card-sign" role="img" aria-label="ten of hearts">10♥</span>; '
        "a bid of 28♠ is no card"
    )


def test_a_suit_printed_alone_is_named_in_words(app: Flask) -> None:
    """Casino's "aces ♠ ♣ ♥ ♦" left the signs for a speech engine to read in its own words."""
    with app.test_request_context():
        said = with_cards("aces ♠ ♣, a bid of 30♦")
    assert said.count('role="img"') == 2
    assert '<span class="card-sign" role="img" aria-label="spades">♠</span>' in said
    assert '<span class="card-sign" role="img" aria-label="clubs">♣</span>' in said
    assert said.endswith("a bid of 30♦")
