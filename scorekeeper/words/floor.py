"""Seep's and Casino's verdicts in the reader's words, one writer per key the engine gives
(rules/seep/play.py, live.py, moves.py; rules/casino/play.py, live.py, moves.py)."""

from __future__ import annotations

from . import gettext, ngettext
from .cards import Said, Seats, Writer, card, cards, player, rank
from .lists import listed


def _no_groups(s: Said, _: Seats) -> str:
    return ngettext(
        "%(cards)s does not make groups of %(value)d.",
        "%(cards)s do not make groups of %(value)d.",
        len(s["cards"]),
        cards=cards(s["cards"]),
        value=s["value"],
    )


def _no_sets(s: Said, _: Seats) -> str:
    return ngettext(
        "%(cards)s does not make sets of %(value)d.",
        "%(cards)s do not make sets of %(value)d.",
        len(s["cards"]),
        cards=cards(s["cards"]),
        value=s["value"],
    )


def _no_sets_to_take_in(s: Said, _: Seats) -> str:
    return ngettext(
        "%(cards)s does not make sets of %(value)d to take in.",
        "%(cards)s do not make sets of %(value)d to take in.",
        len(s["cards"]),
        cards=cards(s["cards"]),
        value=s["value"],
    )


def _not_loose_floor(s: Said, _: Seats) -> str:
    return ngettext(
        "%(cards)s is not loose on the floor.",
        "%(cards)s are not loose on the floor.",
        len(s["cards"]),
        cards=cards(s["cards"]),
    )


def _not_loose_table(s: Said, _: Seats) -> str:
    return ngettext(
        "%(cards)s is not loose on the table.",
        "%(cards)s are not loose on the table.",
        len(s["cards"]),
        cards=cards(s["cards"]),
    )


def _take_group_too(s: Said, _: Seats) -> str:
    # One English sentence for any count; a language may need the count's form.
    return ngettext(
        "%(cards)s would be left, and they make %(value)d: take them too.",
        "%(cards)s would be left, and they make %(value)d: take them too.",
        len(s["cards"]),
        cards=cards(s["cards"]),
        value=s["value"],
    )


def _faces_only_pair(s: Said, _: Seats) -> str:
    return ngettext(
        "%(cards)s only pair: no sum takes them.",
        "%(cards)s only pair: no sum takes them.",
        len(s["cards"]),
        cards=cards(s["cards"]),
    )


def _cards_left(s: Said, seats: Seats) -> str:
    return ngettext(
        "%(reason)s The table can see it: %(player)s has %(num)d card left after this play.",
        "%(reason)s The table can see it: %(player)s has %(num)d cards left after this play.",
        s["left"],
        reason=s["reason"],
        player=player(s["seat"], seats),
    )


def _hold_too_few(s: Said, _: Seats) -> str:
    values = listed([str(value) for value in s["builds"]])
    builds = ngettext(
        "build of %(values)s", "builds of %(values)s", len(s["builds"]), values=values
    )
    return ngettext(
        "Seat %(seat)d would own the build of %(value)d with no card of %(value)d to hold: "
        "%(num)d card left cannot hold %(builds)s.",
        "Seat %(seat)d would own the build of %(value)d with no card of %(value)d to hold: "
        "%(num)d cards left cannot hold %(builds)s.",
        s["left"],
        seat=s["seat"],
        value=s["value"],
        builds=builds,
    )


FLOOR_SENTENCES: dict[str, Writer] = {
    # Both games
    "not-in-hand": lambda s, _: gettext("%(card)s is not in your hand.", card=card(s["card"])),
    "nothing-captured": lambda s, _: gettext("%(card)s must take something.", card=card(s["card"])),
    "no-groups": _no_groups,
    "no-sets": _no_sets,
    # Seep (rules/seep/play.py)
    "opening-build": lambda s, _: gettext(
        "The opening play must build a house of %(bid)d.", bid=s["bid"]
    ),
    "opening-use-bid": lambda s, _: gettext(
        "The opening play must use the bid: %(card)s is not a %(bid)d.",
        card=card(s["card"]),
        bid=s["bid"],
    ),
    "opening-raise": lambda s, _: gettext("The opening play cannot raise a house."),
    "opening-throw": lambda s, _: gettext(
        "%(card)s can capture, so the opening play cannot throw it.", card=card(s["card"])
    ),
    "no-house-to-capture": lambda s, _: gettext(
        "There is no house of %(value)d to capture.", value=s["value"]
    ),
    "take-house-too": lambda s, _: gettext(
        "%(card)s must also take the house of %(value)d.", card=card(s["card"]), value=s["value"]
    ),
    "take-group-too": _take_group_too,
    "house-value": lambda s, _: gettext(
        "A house is worth 9 to 13, not %(value)d.", value=s["value"]
    ),
    "house-needs-loose": lambda s, _: gettext("A new house needs at least one loose card."),
    "no-house-to-raise": lambda s, _: gettext(
        "There is no house of %(value)d to raise.", value=s["value"]
    ),
    "raise-own-house": lambda s, _: gettext(
        "You cannot raise your own house of %(value)d.", value=s["value"]
    ),
    "raise-shared-house": lambda s, _: gettext(
        "You share the house of %(value)d: only a house you own alone may be raised.",
        value=s["value"],
    ),
    "raise-partner-house": lambda s, _: gettext(
        "This table's rules do not let you raise your partner's house of %(value)d.",
        value=s["value"],
    ),
    "raise-cemented-house": lambda s, _: gettext(
        "The house of %(value)d is cemented: it cannot be raised.", value=s["value"]
    ),
    "raise-too-high": lambda s, _: gettext(
        "%(card)s would raise the house to %(value)d; %(most)d is the most.",
        card=card(s["card"]),
        value=s["value"],
        most=s["most"],
    ),
    "throw-matches-house": lambda s, _: gettext(
        "%(card)s cannot be thrown: capture the house of %(value)d or add to it.",
        card=card(s["card"]),
        value=s["value"],
    ),
    "throw-beside": lambda s, _: gettext(
        "%(card)s cannot be thrown beside %(twin)s.", card=card(s["card"]), twin=card(s["twin"])
    ),
    "throw-can-capture": lambda s, _: gettext(
        "%(card)s can capture, so it cannot be thrown.", card=card(s["card"])
    ),
    "must-hold-house": lambda s, _: gettext(
        "You would own the house of %(value)d with no %(value)d left in hand.", value=s["value"]
    ),
    "not-loose-floor": _not_loose_floor,
    # Seep live (rules/seep/live.py): what the table can see
    "turn": lambda s, seats: gettext(
        "It is %(player)s's turn to play.", player=player(s["seat"], seats)
    ),
    "seen-on-floor": lambda s, _: gettext(
        "%(card)s is on the floor: it is in nobody's hand.", card=card(s["card"])
    ),
    "seen-played": lambda s, _: gettext(
        "%(card)s is played already: it is in nobody's hand.", card=card(s["card"])
    ),
    "all-seen": lambda s, _: gettext(
        "%(reason)s The table can see it: every other %(value)d has been seen.",
        reason=s["reason"],
        value=s["value"],
    ),
    "cards-left": _cards_left,
    # Casino (rules/casino/play.py)
    "owner-cannot-trail": lambda s, _: gettext(
        "You own the build of %(value)d: you may not trail.", value=s["value"]
    ),
    "no-build": lambda s, _: gettext("There is no build of %(value)d.", value=s["value"]),
    "face-takes-one": lambda s, _: gettext(
        "%(card)s takes exactly one loose %(rank)s and nothing else.",
        card=card(s["card"]),
        rank=rank(s["card"]),
    ),
    "build-not-worth": lambda s, _: gettext(
        "The build of %(build)d is not worth %(value)d: %(card)s cannot take it.",
        build=s["build"],
        value=s["value"],
        card=card(s["card"]),
    ),
    "build-value": lambda s, _: gettext(
        "A build is worth %(least)d to %(most)d, not %(value)d.",
        least=s["least"],
        most=s["most"],
        value=s["value"],
    ),
    "build-needs-loose": lambda s, _: gettext("A new build needs at least one loose card."),
    "no-build-to-raise": lambda s, _: gettext(
        "There is no build of %(value)d to raise.", value=s["value"]
    ),
    "raise-multiple-build": lambda s, _: gettext(
        "The build of %(value)d is multiple: its value can never change.", value=s["value"]
    ),
    "raise-build-too-high": lambda s, _: gettext(
        "%(card)s would raise the build to %(value)d; %(most)d is the most.",
        card=card(s["card"]),
        value=s["value"],
        most=s["most"],
    ),
    "no-sets-to-take-in": _no_sets_to_take_in,
    "not-loose-table": _not_loose_table,
    "faces-only-pair": _faces_only_pair,
    "must-hold-build": lambda s, _: gettext(
        "You would own the build of %(value)d with no card of %(value)d left in hand.",
        value=s["value"],
    ),
    "face-only-pairs": lambda s, _: gettext(
        "%(card)s has no number value: it only pairs.", card=card(s["card"])
    ),
    "aces-count-one": lambda s, _: gettext(
        "Aces always count 1 at this table: %(card)s cannot count 14.", card=card(s["card"])
    ),
    "ace-high-captures-only": lambda s, _: gettext(
        "An ace counts 14 only when it captures at this table: %(card)s counts 1 in a build.",
        card=card(s["card"]),
    ),
    # Casino live (rules/casino/live.py)
    "deal-over": lambda s, _: gettext(
        "The deal is over: all %(plays)d cards are played.", plays=s["plays"]
    ),
    "not-your-turn": lambda s, _: gettext(
        "It is seat %(turn)d's turn, not seat %(seat)d's.", turn=s["turn"], seat=s["seat"]
    ),
    "seen-already": lambda s, _: gettext(
        "%(card)s has been seen already: it is in nobody's hand.", card=card(s["card"])
    ),
    "hold-all-seen": lambda s, _: gettext(
        "Seat %(seat)d would own the build of %(value)d with no card of %(value)d to hold: "
        "every card of %(value)d is seen already.",
        seat=s["seat"],
        value=s["value"],
    ),
    "hold-last-card": lambda s, _: gettext(
        "Seat %(seat)d would own the build of %(value)d with no card of %(value)d to hold: "
        "this is their last card of the round.",
        seat=s["seat"],
        value=s["value"],
    ),
    "hold-too-few": _hold_too_few,
}


def _seep_capture(s: Said, _: Seats) -> str:
    taken = cards(s["cards"])
    if s["house"] is None:
        return gettext("%(card)s captures %(cards)s", card=card(s["card"]), cards=taken)
    if not taken:
        return gettext(
            "%(card)s captures the house of %(value)d", card=card(s["card"]), value=s["house"]
        )
    return gettext(
        "%(card)s captures the house of %(value)d and %(cards)s",
        card=card(s["card"]),
        value=s["house"],
        cards=taken,
    )


def _casino_capture(s: Said, _: Seats) -> str:
    taken = [gettext("the build of %(value)d", value=value) for value in s["builds"]]
    taken += [cards(s["cards"])] if s["cards"] else []
    listed = taken[0] if taken else ""
    for more in taken[1:]:
        listed = gettext("%(first)s and %(last)s", first=listed, last=more)
    return gettext("%(card)s captures %(taken)s", card=card(s["card"]), taken=listed)


def _casino_raise(s: Said, _: Seats) -> str:
    if not s["cards"]:
        return gettext(
            "%(card)s raises the build of %(build)d", card=card(s["card"]), build=s["build"]
        )
    return gettext(
        "%(card)s raises the build of %(build)d, taking in %(cards)s",
        card=card(s["card"]),
        build=s["build"],
        cards=cards(s["cards"]),
    )


FLOOR_DESCRIPTIONS: dict[str, Writer] = {
    "seep-capture": _seep_capture,
    "seep-build": lambda s, _: gettext(
        "build %(cards)s into a house of %(value)d", cards=cards(s["cards"]), value=s["value"]
    ),
    "seep-raise": lambda s, _: gettext(
        "%(card)s raises the house of %(house)d to %(value)d",
        card=card(s["card"]),
        house=s["house"],
        value=s["value"],
    ),
    "seep-throw": lambda s, _: gettext("throw %(card)s", card=card(s["card"])),
    "casino-capture": _casino_capture,
    "casino-build": lambda s, _: gettext(
        "build %(cards)s into a build of %(value)d", cards=cards(s["cards"]), value=s["value"]
    ),
    "casino-raise": _casino_raise,
    "casino-trail": lambda s, _: gettext("trail %(card)s", card=card(s["card"])),
}
