"""The lessons in the reader's words: each lesson's title and what its rule says (by the key the
lessons give, scorekeeper/lessons/), whose a pile is, and what a move earns. A test proves every
lesson has its words."""

from __future__ import annotations

from typing import NamedTuple

from . import gettext, lazy_gettext, ngettext
from .lists import listed


class Taught(NamedTuple):
    """A lesson's title and what its rule says: lazy messages, said by str()."""

    title: object
    text: object


TAUGHT: dict[str, Taught] = {
    # Seep
    "seep-capture": Taught(
        lazy_gettext("Capture by value and by sum"),
        lazy_gettext(
            "A card captures loose cards of its own value, and groups of loose cards that add up "
            "to its value (A 1, J 11, Q 12, K 13). It must capture something. A house is "
            "captured only whole, by a card of exactly its value."
        ),
    ),
    "seep-maximal": Taught(
        lazy_gettext("A capture takes all it can"),
        lazy_gettext(
            "When you capture, you must also take the house of your card's value, if there is "
            "one, and leave no group of loose cards that adds up to it."
        ),
    ),
    "seep-house": Taught(
        lazy_gettext("Build a house and keep its card"),
        lazy_gettext(
            "Play a card with loose cards to make a house worth 9 to 13. Whoever owns a house "
            "must keep a card of its value in hand until it is captured or raised: a build that "
            "would leave you without one is not allowed."
        ),
    ),
    "seep-raise": Taught(
        lazy_gettext("Raise a house"),
        lazy_gettext(
            "Put one card from your hand on an ordinary house you do not own: its value goes up "
            "by the card's, to 13 at most. You then own it alone, and must hold a card of its "
            "new value."
        ),
    ),
    "seep-cemented": Taught(
        lazy_gettext("A cemented house cannot be raised"),
        lazy_gettext(
            "Adding cards that make the house's value again cements it: a cemented house holds "
            "two or more sets of its value, and can never be raised."
        ),
    ),
    "seep-throw": Taught(
        lazy_gettext("A card that could capture cannot be thrown"),
        lazy_gettext(
            "A thrown card stays on the floor as a loose card. A card that could capture "
            "something cannot be thrown: play it to capture or to build instead."
        ),
    ),
    "seep-opening": Taught(
        lazy_gettext("The opening play uses the bid"),
        lazy_gettext(
            "The bidder's first play must use the value bid: build a house of that value, "
            "capture with a card of that value, or throw a card of that value that can capture "
            "nothing."
        ),
    ),
    # Fifty-six
    "fifty-six-follow": Taught(
        lazy_gettext("Follow suit"),
        lazy_gettext("If you hold a card of the suit led, you must play one."),
    ),
    "fifty-six-void": Taught(
        lazy_gettext("When you cannot follow suit"),
        lazy_gettext(
            "If you hold no card of the suit led, you may play any card: a trump or any other."
        ),
    ),
    "fifty-six-trumps": Taught(
        lazy_gettext("A trump wins the trick"),
        lazy_gettext(
            "The highest trump played wins the trick, whatever suit was led. The side that wins "
            "a trick takes its card points: J 3, 9 2, A 1, 10 1."
        ),
    ),
    "fifty-six-highest": Taught(
        lazy_gettext("The highest card of the suit led wins"),
        lazy_gettext(
            "Cards rank J, 9, A, 10, K, Q, high to low. With no trump on the trick, the highest "
            "card of the suit led wins it; of two identical cards, the one played first."
        ),
    ),
    # Casino
    "casino-capture": Taught(
        lazy_gettext("Capture by value and by sum"),
        lazy_gettext(
            "A number card takes loose cards of its value, groups of loose cards that add up to "
            "it, and builds of its value. A J, Q or K takes only one loose card of its rank."
        ),
    ),
    "casino-build": Taught(
        lazy_gettext("Build, and hold its value"),
        lazy_gettext(
            "Play a card with loose cards to make a build worth their sum, 2 to 10. You must "
            "still hold a card of that value, to capture the build later."
        ),
    ),
    "casino-raise": Taught(
        lazy_gettext("Raise a build"),
        lazy_gettext(
            "Add a card from your hand to a single build, anyone's, to raise its value; you "
            "must hold a card of the new value. A multiple build can never be raised."
        ),
    ),
    "casino-add": Taught(
        lazy_gettext("Add to a build"),
        lazy_gettext(
            "Add a card of a build's value, or a card and loose cards that make its value, to "
            "the build: it becomes multiple. You must still hold a card of that value."
        ),
    ),
    "casino-trail": Taught(
        lazy_gettext("Trail a card"),
        lazy_gettext(
            "You may lay a card face up on the table instead of capturing or building, even a "
            "card that could capture."
        ),
    ),
    "casino-owner": Taught(
        lazy_gettext("A build's owner cannot trail"),
        lazy_gettext(
            "Whoever made a build, or last added to it or raised it, owns it, and may not trail "
            "while it is on the table."
        ),
    ),
}


# Whose a house or a build is, to the mover (the lessons say "you", "partner", "opponent").
OWNERS = {
    "you": lazy_gettext("you"),
    "partner": lazy_gettext("your partner"),
    "opponent": lazy_gettext("an opponent"),
}


def owned_by(owners: tuple[str, ...]) -> str:
    """Who owns a pile, in words: "owned by you and an opponent"; both opponents once."""
    if owners.count("opponent") > 1:
        named = [str(OWNERS[o]) for o in dict.fromkeys(owners) if o != "opponent"]
        opponents = gettext("both opponents")
        return gettext("owned by %(owners)s", owners=listed([*named, opponents]))
    return gettext("owned by %(owners)s", owners=listed([str(OWNERS[o]) for o in owners]))


def earns(points: int) -> str:
    """What a move earns the mover's side, in words."""
    return ngettext("It earns %(num)d point.", "It earns %(num)d points.", points)


def capital(text: str) -> str:
    """A description as a sentence starts: "throw 9♣" → "Throw 9♣"."""
    return text[:1].upper() + text[1:]
