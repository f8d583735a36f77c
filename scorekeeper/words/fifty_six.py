"""Fifty-six's verdicts in the reader's words, one writer per key the engine gives
(rules/fifty_six/trick.py, auction.py, live.py, answers.py). Seats are named by number, as the
checker knows no names."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..rules.fifty_six.auction import bid_text
from . import gettext
from .bidi import left_to_right
from .cards import Said, Seats, Writer, card, cards
from .lists import listed


def bid(value: int, trump: str) -> str:
    """A bid as players say it, 28♦ or 30 NT, in one shape on every page (the `bid` of the
    templates; fifty-six-words.js's bidText in the pages' script): left to right, isolated so on
    a right-to-left page (never ♦28)."""
    return left_to_right(bid_text(value, trump))


def contract(said: Mapping[str, Any]) -> str:
    """A contract: "28♦ by seat 1 (team 1)", doubled or redoubled."""
    shown = {"bid": bid(said["value"], said["trump"]), "seat": said["seat"], "team": said["team"]}
    if said["double"] == 2:
        return gettext("%(bid)s by seat %(seat)d (team %(team)d), redoubled", **shown)
    if said["double"] == 1:
        return gettext("%(bid)s by seat %(seat)d (team %(team)d), doubled", **shown)
    return gettext("%(bid)s by seat %(seat)d (team %(team)d)", **shown)


def _standing(s: Said) -> dict[str, Any]:
    standing = s["standing"]
    return {
        "seat": s["seat"],
        "standing": standing["seat"],
        "bid": bid(standing["value"], standing["trump"]),
    }


def _auction_over(s: Said, _: Seats) -> str:
    if s["passed"]:
        return gettext(
            "The auction is over: everyone passed, so the contract is %(contract)s.",
            contract=contract(s["contract"]),
        )
    return gettext(
        "The auction is over: the contract is %(contract)s.", contract=contract(s["contract"])
    )


def _bid_range(s: Said, _: Seats) -> str:
    if s["value"] is None:
        return gettext(
            "A bid is a number from %(least)d to %(most)d; seat %(seat)d bid that number.",
            least=s["least"],
            most=s["most"],
            seat=s["seat"],
        )
    return gettext(
        "A bid is a number from %(least)d to %(most)d; seat %(seat)d bid %(value)d.",
        least=s["least"],
        most=s["most"],
        seat=s["seat"],
        value=s["value"],
    )


def _bid_too_low(s: Said, _: Seats) -> str:
    standing = s["standing"]
    return gettext(
        "Seat %(seat)d's %(bid)s is not higher than seat %(standing)d's %(standing_bid)s: "
        "bid %(next)d or more.",
        seat=s["seat"],
        bid=bid(s["bid"]["value"], s["bid"]["trump"]),
        standing=standing["seat"],
        standing_bid=bid(standing["value"], standing["trump"]),
        next=standing["value"] + 1,
    )


# F12: the suit is named whole in each sentence, as a language may inflect it.
_FOLLOW: dict[str, Callable[..., str]] = {
    "S": lambda **k: gettext(
        "%(led)s was led and you hold %(cards)s: play a spade, not %(card)s.",
        **k,
    ),
    "H": lambda **k: gettext(
        "%(led)s was led and you hold %(cards)s: play a heart, not %(card)s.",
        **k,
    ),
    "D": lambda **k: gettext(
        "%(led)s was led and you hold %(cards)s: play a diamond, not %(card)s.",
        **k,
    ),
    "C": lambda **k: gettext(
        "%(led)s was led and you hold %(cards)s: play a club, not %(card)s.",
        **k,
    ),
}
_REVOKE: dict[str, Callable[..., str]] = {
    "S": lambda **k: gettext(
        "Seat %(seat)d did not follow spades in trick %(trick)d, so held no spade; %(card)s "
        "now shows a revoke (F12). Check this card, or undo back to trick %(trick)d.",
        **k,
    ),
    "H": lambda **k: gettext(
        "Seat %(seat)d did not follow hearts in trick %(trick)d, so held no heart; %(card)s "
        "now shows a revoke (F12). Check this card, or undo back to trick %(trick)d.",
        **k,
    ),
    "D": lambda **k: gettext(
        "Seat %(seat)d did not follow diamonds in trick %(trick)d, so held no diamond; %(card)s "
        "now shows a revoke (F12). Check this card, or undo back to trick %(trick)d.",
        **k,
    ),
    "C": lambda **k: gettext(
        "Seat %(seat)d did not follow clubs in trick %(trick)d, so held no club; %(card)s "
        "now shows a revoke (F12). Check this card, or undo back to trick %(trick)d.",
        **k,
    ),
}


def _suits(letters: list[str]) -> str:
    """Suits as a list names them: "hearts", "hearts and spades"."""
    names = {
        "S": gettext("spades"),
        "H": gettext("hearts"),
        "D": gettext("diamonds"),
        "C": gettext("clubs"),
    }
    return listed([names[letter] for letter in letters])


def _follow(s: Said, _: Seats) -> str:
    return _FOLLOW[s["suit"]](led=card(s["led"]), cards=cards(s["cards"]), card=card(s["card"]))


def _revoke(s: Said, _: Seats) -> str:
    return _REVOKE[s["suit"]](seat=s["seat"], trick=s["trick"], card=card(s["card"]))


def _cannot_place(s: Said, _: Seats) -> str:
    shown = {
        "seat": s["seat"],
        "card": card(s["card"]),
        "count": s["cards"],
        "suits": _suits(s["suits"]),
    }
    holders, room = s["holders"], s["room"]
    if len(holders) > 1:
        return gettext(
            "Seat %(seat)d's %(card)s cannot be right: %(count)d %(suits)s are still to come and "
            "only seats %(holders)s, holding %(room)d cards between them can hold them, as the "
            "others showed none: someone did not follow suit (F12). Check this card, or undo to "
            "the trick where the suit was not followed.",
            **shown,
            holders=listed([str(h) for h in holders]),
            room=room,
        )
    if holders:
        return gettext(
            "Seat %(seat)d's %(card)s cannot be right: %(count)d %(suits)s are still to come and "
            "only seat %(holder)d, holding %(room)d cards can hold them, as the others showed "
            "none: someone did not follow suit (F12). Check this card, or undo to the trick "
            "where the suit was not followed.",
            **shown,
            holder=holders[0],
            room=room,
        )
    return gettext(
        "Seat %(seat)d's %(card)s cannot be right: %(count)d %(suits)s are still to come and "
        "nobody can hold them, as the others showed none: someone did not follow suit (F12). "
        "Check this card, or undo to the trick where the suit was not followed.",
        **shown,
    )


FIFTY_SIX_SENTENCES: dict[str, Writer] = {
    # The trick (rules/fifty_six/trick.py); "not-in-hand" is the floor games' sentence.
    "follow-suit": _follow,
    # The auction (rules/fifty_six/auction.py)
    "auction-over": _auction_over,
    "out-of-turn": lambda s, _: gettext(
        "It is seat %(turn)d's call, not seat %(seat)d's.", turn=s["turn"], seat=s["seat"]
    ),
    "bid-range": _bid_range,
    "bid-too-low": _bid_too_low,
    "cannot-double-no-bid": lambda s, _: gettext(
        "Seat %(seat)d cannot double: nobody has bid yet.", seat=s["seat"]
    ),
    "cannot-double-doubled": lambda s, _: gettext(
        "Seat %(seat)d cannot double: seat %(standing)d's %(bid)s is doubled.", **_standing(s)
    ),
    "cannot-double-redoubled": lambda s, _: gettext(
        "Seat %(seat)d cannot double: seat %(standing)d's %(bid)s is redoubled.", **_standing(s)
    ),
    "cannot-double-own-team": lambda s, _: gettext(
        "Seat %(seat)d cannot double seat %(standing)d's %(bid)s: it is their own team's bid.",
        **_standing(s),
    ),
    "cannot-redouble-no-double": lambda s, _: gettext(
        "Seat %(seat)d cannot redouble: no double stands.", seat=s["seat"]
    ),
    "cannot-redouble-other-team": lambda s, _: gettext(
        "Seat %(seat)d cannot redouble: seat %(standing)d's %(bid)s is not their team's bid.",
        **_standing(s),
    ),
    # Live play (rules/fifty_six/live.py)
    "every-card-played": lambda s, _: gettext("The deal is over: every card is played."),
    "not-your-call": lambda s, _: gettext(
        "It is seat %(turn)d's call, not seat %(seat)d's.", turn=s["turn"], seat=s["seat"]
    ),
    "not-your-card": lambda s, _: gettext(
        "It is seat %(turn)d's card, not seat %(seat)d's.", turn=s["turn"], seat=s["seat"]
    ),
    "revoke-shown": _revoke,
    "cannot-place": _cannot_place,
}


def call(s: Mapping[str, Any]) -> str:
    """A call inside a sentence: "seat 1 bids 28♦", "seat 3 doubles"."""
    if s["call"] == "bid":
        return gettext(
            "seat %(seat)d bids %(bid)s", seat=s["seat"], bid=bid(s["value"], s["trump"])
        )
    if s["call"] == "double":
        return gettext("seat %(seat)d doubles", seat=s["seat"])
    if s["call"] == "redouble":
        return gettext("seat %(seat)d redoubles", seat=s["seat"])
    return gettext("seat %(seat)d passes", seat=s["seat"])


def _call(s: Said) -> str:
    if s["call"] == "bid":
        return gettext(
            "Seat %(seat)d bids %(bid)s.", seat=s["seat"], bid=bid(s["value"], s["trump"])
        )
    if s["call"] == "double":
        return gettext("Seat %(seat)d doubles.", seat=s["seat"])
    if s["call"] == "redouble":
        return gettext("Seat %(seat)d redoubles.", seat=s["seat"])
    return gettext("Seat %(seat)d passes.", seat=s["seat"])


def _describe_call(s: Said, _: Seats) -> str:
    said = _call(s)
    if "contract" not in s:
        return said
    shown = contract(s["contract"])
    if s["passed"]:
        # F10: nobody bid: 28 no-trumps for the first bidder's team.
        ending = gettext("Everyone passed, so the contract is %(contract)s.", contract=shown)
    else:
        ending = gettext("The auction is over: the contract is %(contract)s.", contract=shown)
    return f"{said} {ending}"  # two whole sentences


def _describe_card(s: Said, _: Seats) -> str:
    if not s["trick"]:
        return gettext("%(card)s leads the trick.", card=card(s["card"]))
    played = gettext(
        "%(card)s is played on %(cards)s.", card=card(s["card"]), cards=cards(s["trick"])
    )
    if "won" not in s:
        return played
    won = gettext(
        "The trick is complete: %(won)s, card %(winner)d in playing order, wins it; its card "
        "points: %(points)d.",
        won=card(s["won"]),
        winner=s["winner"],
        points=s["points"],
    )
    return f"{played} {won}"  # two whole sentences


FIFTY_SIX_DESCRIPTIONS: dict[str, Writer] = {
    "fifty-six-call": _describe_call,
    "fifty-six-card": _describe_card,
}
