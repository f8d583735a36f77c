"""What every verdict's sentence names, in the reader's words: cards as printed (K♠), lists of
them, seats by number or the players by name; and each card as a screen reader says it ("king of
spades"), while the eye reads its symbol."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from markupsafe import Markup, escape

from ..rules.cards import Card, Suit
from . import gettext, lazy_gettext, lazy_pgettext
from .lists import listed

Said = Mapping[str, Any]
Seats = Sequence[str] | None
Writer = Callable[[Said, Seats], str]


def card(code: str) -> str:
    """A card in notation ("KS") as printed: K♠."""
    return Card.parse(code).pretty


# A card in words: one message per rank, its suit filled in, so that each language orders the
# words and makes its "of" agree with the rank (Hindi's «हुकुम का इक्का» but «हुकुम की बेगम»).
# The pages' script says the same messages (static/js/cards.js), hence "{suit}", not %(suit)s.
_OF_RANK = {
    1: lazy_pgettext("card", "ace of {suit}"),
    2: lazy_pgettext("card", "two of {suit}"),
    3: lazy_pgettext("card", "three of {suit}"),
    4: lazy_pgettext("card", "four of {suit}"),
    5: lazy_pgettext("card", "five of {suit}"),
    6: lazy_pgettext("card", "six of {suit}"),
    7: lazy_pgettext("card", "seven of {suit}"),
    8: lazy_pgettext("card", "eight of {suit}"),
    9: lazy_pgettext("card", "nine of {suit}"),
    10: lazy_pgettext("card", "ten of {suit}"),
    11: lazy_pgettext("card", "jack of {suit}"),
    12: lazy_pgettext("card", "queen of {suit}"),
    13: lazy_pgettext("card", "king of {suit}"),
}
# A suit in words, alone (a trump) and in a card's name.
_SUIT = {
    Suit.SPADES: lazy_gettext("spades"),
    Suit.HEARTS: lazy_gettext("hearts"),
    Suit.DIAMONDS: lazy_gettext("diamonds"),
    Suit.CLUBS: lazy_gettext("clubs"),
}
_OF_SIGN = {"♠": Suit.SPADES, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS, "♣": Suit.CLUBS}


def spoken(card: Card | str) -> str:
    """A card as a screen reader says it, in the reader's language: "KS" → "king of spades"."""
    known = card if isinstance(card, Card) else Card.parse(card)
    return str(_OF_RANK[known.rank]).replace("{suit}", suit_spoken(known.suit))


def suit_spoken(suit: Suit | str) -> str:
    """A suit in words, in the reader's language: "S" → "spades"."""
    return str(_SUIT[suit if isinstance(suit, Suit) else Suit(suit)])


# A card as a sentence prints it ("K♠", "10♦"), or a suit's sign alone ("aces ♠ ♣"); not inside
# a longer number ("28♠" is a bid).
PRINTED = re.compile(r"(?<!\w)(10|[2-9AJQK])?([♠♥♦♣])")


def with_cards(text: str) -> Markup:
    """`text` (escaped), each card or suit printed in it an image of its sign named in words, as
    the pages' script draws them (static/js/dom.js's withCards): a screen reader says the words."""
    return Markup(PRINTED.sub(_card_sign, str(escape(text))))


def _card_sign(printed: re.Match[str]) -> Markup:
    """A card or a suit printed in a text, as an image named in words."""
    rank, sign = printed[1], printed[2]
    said = spoken(printed[0]) if rank else suit_spoken(_OF_SIGN[sign])
    return Markup('<span class="card-sign" role="img" aria-label="%s">%s</span>') % (
        said,
        printed[0],
    )


def rank(code: str) -> str:
    """A card's rank as printed: A, 2 … 10, J, Q, K."""
    return Card.parse(code).rank_name


def cards(codes: Sequence[str]) -> str:
    """Cards in notation as a sentence lists them: "A♠, 10♦ and K♥"."""
    return listed([card(code) for code in codes])


def seat(number: int) -> str:
    """A seat by its number, within a sentence: "seat 2"."""
    return gettext("seat %(num)d", num=number)


def player(number: int, seats: Seats) -> str:
    """The player at a seat by name when the table's names are known, else "seat 2"."""
    return seats[number] if seats else seat(number)
