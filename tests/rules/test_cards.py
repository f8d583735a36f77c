"""Card notation (API.md "Cards"): parse every accepted form, print the canonical one."""

from __future__ import annotations

import doctest

import pytest

from scorekeeper.rules import InvalidInput, cards
from scorekeeper.rules.cards import Card, ensure_distinct, full_deck, names, parse_cards

from .helpers import said

# The notation, written out from API.md: rank (A 2-10 J Q K) then suit (S H D C);
# T may stand for 10; the suit symbols may stand for the letters.
RANKS = {"A": 1, **{str(n): n for n in range(2, 11)}, "J": 11, "Q": 12, "K": 13}
SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
CANONICAL = [rank + suit for suit in SYMBOLS for rank in RANKS]


def spellings(canonical: str) -> list[str]:
    """Every way API.md allows the card to be written, canonical form first."""
    rank, suit = canonical[:-1], canonical[-1]
    ranks = [rank, "T"] if rank == "10" else [rank]
    forms = [r + s for r in ranks for s in (suit, SYMBOLS[suit])]
    return forms + [form.lower() for form in forms]


def test_the_table_above_has_52_distinct_cards() -> None:
    assert len(CANONICAL) == len(set(CANONICAL)) == 52


@pytest.mark.parametrize("text", CANONICAL)
def test_every_spelling_parses_to_the_same_card_and_prints_canonically(text: str) -> None:
    card = Card.parse(text)
    assert card.rank == RANKS[text[:-1]]
    assert card.suit.value == text[-1]
    for form in spellings(text):
        parsed = Card.parse(form)
        assert parsed == card, form
        assert str(parsed) == text, form
    assert card.pretty == text[:-1] + SYMBOLS[text[-1]]
    assert Card.parse(card.pretty) == card  # the pretty form reads back too


@pytest.mark.parametrize(
    ("form", "canonical"),
    [
        ("TD", "10D"),
        ("td", "10D"),
        ("T♦", "10D"),
        ("10♦", "10D"),
        ("qs", "QS"),
        ("a♥", "AH"),
        (" KC ", "KC"),
    ],
)
def test_examples_from_the_notation(form: str, canonical: str) -> None:
    assert str(Card.parse(form)) == canonical


def test_full_deck_is_the_52_canonical_cards() -> None:
    deck = full_deck()
    assert len(deck) == 52
    assert sorted(str(c) for c in deck) == sorted(CANONICAL)


@pytest.mark.parametrize(
    "text",
    [
        "",
        " ",
        "S",
        "10",
        "1S",
        "11S",
        "0D",
        "ZS",
        "10X",
        "AX",
        "S10",
        "AA",
        "10DD",
        "JOKER",
        "A♠♠",
        "TT",
        "2 S",
        None,
        10,
        ["AS"],
        {"card": "AS"},
    ],
)
def test_unknown_cards_are_rejected(text: object) -> None:
    with pytest.raises(InvalidInput) as caught:
        Card.parse(text)
    assert caught.value.code == "unknown-card"
    assert repr(text) in said(caught.value)


def test_parse_cards_reads_a_list_and_rejects_anything_else() -> None:
    assert [str(c) for c in parse_cards(["td", "A♠"])] == ["10D", "AS"]
    with pytest.raises(InvalidInput) as caught:
        parse_cards("AS 10D")
    assert caught.value.code == "bad-field"
    with pytest.raises(InvalidInput) as caught:
        parse_cards(["AS", "XX"])
    assert caught.value.code == "unknown-card"


@pytest.mark.parametrize(
    "texts",
    [["AS", "AS"], ["AS", "2S", "as"], ["10D", "TD"], ["K♣", "3H", "KC"]],
)
def test_ensure_distinct_names_the_repeated_card(texts: list[str]) -> None:
    repeated = Card.parse(texts[-1])
    with pytest.raises(InvalidInput) as caught:
        ensure_distinct(parse_cards(texts))
    assert caught.value.code == "duplicate-card"
    assert repeated.pretty in said(caught.value)


def test_ensure_distinct_accepts_a_whole_deck() -> None:
    ensure_distinct(full_deck())  # raises if any card were repeated


@pytest.mark.parametrize(
    ("texts", "sentence"),
    [
        ([], ""),
        (["AS"], "A♠"),
        (["AS", "10D"], "A♠ and 10♦"),
        (["AS", "10D", "KH"], "A♠, 10♦ and K♥"),
    ],
)
def test_names_for_a_sentence(texts: list[str], sentence: str) -> None:
    assert names(parse_cards(texts)) == sentence


def test_module_doctests() -> None:
    failed, attempted = doctest.testmod(cards)
    assert attempted > 0
    assert failed == 0
