"""The Seep move checker against rules/seep.md: one table per rule id, one row per case.

Each row is (position, move) in the API's notation (API.md "Seep positions and moves"), the
rule code the checker must answer (None: legal) and, for a legal move, what the floor, the
hand and the capture must look like afterwards. Every expectation is worked out from the
rules text, not read off the engine; every worked example of seep.md is a row of its own.
Seat 0 moves unless a row says otherwise: its partner is seat 2, its opponents seats 1 and 3.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from itertools import combinations
from typing import Any

import pytest

from scorekeeper.rules import get_game
from scorekeeper.rules.cards import Card
from scorekeeper.rules.seep.generate import count_moves, legal_moves
from scorekeeper.rules.seep.moves import Build, Capture, Move, Raise, Throw, parse_move
from scorekeeper.rules.seep.play import check
from scorekeeper.rules.seep.position import Position, parse_position
from scorekeeper.words.verdicts import reason

from .seep_positions import (
    Json,
    build,
    candidates,
    capture,
    house,
    position,
    positions,
    raise_,
    throw,
)

SEEP = get_game("seep")


def row(rule: str, what: str, pos: Json, move: Json, code: str | None, **after: Any) -> Any:
    """One case, its pytest id naming the rule; `after` holds what a legal move leaves."""
    return pytest.param(pos, move, code, after, id=f"{rule}: {what}")


def houses_of(raw: list[Json]) -> dict[int, tuple[list[str], list[int], bool | None]]:
    """Houses by value, as (sorted cards, sorted owners, cemented) for comparing."""
    return {h["value"]: (sorted(h["cards"]), sorted(h["owners"]), h.get("cemented")) for h in raw}


def hs(value: int, cards: list[str], owners: list[int], cemented: bool) -> Json:
    """A house as an expectation after a move, with its cemented flag (H3)."""
    return house(value, cards, owners) | {"cemented": cemented}


def check_rows(rows: list[Any]) -> pytest.MarkDecorator:
    """The parametrize decorator shared by every table."""
    return pytest.mark.parametrize(("pos", "move", "code", "after"), rows)


def listed_writing(move: Move) -> Move:
    """The writing legal_moves lists: a build names no loose card of its value, which H2
    absorbs anyway (API.md "Listing legal moves": a move is a play, not a way of writing it)."""
    if not isinstance(move, Build):
        return move
    return replace(move, loose=frozenset(c for c in move.loose if c.rank != move.value))


def verify(pos: Json, move: Json, code: str | None, after: dict[str, Any]) -> None:
    """Ask the checker, then compare its answer (and the move list) with the row."""
    answer = SEEP.check_move(pos, move)
    listed = set(legal_moves(parse_position(pos)))
    if code is not None:
        assert answer["legal"] is False, answer
        assert answer["rule"] == code, answer
        assert answer["reason"]
        assert parse_move(move) not in listed
        return
    assert answer["legal"] is True, answer
    assert listed_writing(parse_move(move)) in listed
    done = answer["after"]
    played = move["card"]
    assert sorted(done["hand"]) == sorted(c for c in pos["hand"] if c != played)
    assert done["opening_bid"] is None
    if "loose" in after:
        assert sorted(done["loose"]) == sorted(after["loose"])
    if "houses" in after:
        assert houses_of(done["houses"]) == houses_of(after["houses"])
    if move["action"] == "capture":
        assert sorted(answer["captured"]) == sorted(after["captured"])
        assert answer["sweep"] is after.get("sweep", False)
        assert answer["sweep_points"] == after.get("sweep_points", 0)


# The worked example of seep.md: the bidder holds 9♣ 4♣ K♠ 2♣, the floor is 5♦ 3♥ A♠ 10♦.
BIDDER = position(["9C", "4C", "KS", "2C"], ["5D", "3H", "AS", "10D"], seat=1, bid=9)
# A bid of 10 whose 10♣ can capture nothing on 2♦ 4♥ K♦ Q♠.
SHY_TEN = position(["10C", "3C", "5S", "6H"], ["2D", "4H", "KD", "QS"], seat=1, bid=10)

# fmt: off
S3 = [
    row("S3", "worked example: 4♣+5♦ builds the 9-house, 9♣ still held", BIDDER,
        build("4C", 9, ["5D"]), None, loose=["3H", "AS", "10D"],
        houses=[hs(9, ["4C", "5D"], [1], False)]),
    row("S3", "worked example: the bid card 9♣ captures 5♦ 3♥ A♠", BIDDER,
        capture("9C", ["5D", "3H", "AS"]), None, loose=["10D"], captured=["9C", "5D", "3H", "AS"]),
    row("S3", "worked example: 9♣ can capture, so it cannot be thrown", BIDDER, throw("9C"),
        "opening-bid"),
    row("S3", "worked example: K♠ is not the bid, it cannot be thrown", BIDDER, throw("KS"),
        "opening-bid"),
    row("S3", "worked example: 4♣ cannot capture 3♥+A♠, not being the bid", BIDDER,
        capture("4C", ["3H", "AS"]), "opening-bid"),
    row("S3", "worked example: 2♣+10♦+A♠ build 13, not the bid", BIDDER,
        build("2C", 13, ["10D", "AS"]), "opening-bid"),
    row("S3", "worked example: 9♣ into a cemented 9 leaves no 9 in hand (H5)", BIDDER,
        build("9C", 9, ["5D", "3H", "AS"]), "must-hold"),
    row("S3", "a bid card that can capture nothing may be thrown", SHY_TEN, throw("10C"), None,
        loose=["2D", "4H", "KD", "QS", "10C"], houses=[]),
    row("S3", "another card that can capture nothing still may not be thrown", SHY_TEN, throw("3C"),
        "opening-bid"),
    row("S3", "another card may not capture either", SHY_TEN, capture("6H", ["2D", "4H"]),
        "opening-bid"),
    row("S3", "option throw: matching does not free the bid card: 10 = 6+4",
        position(["10C", "2C", "3D", "4D"], ["6H", "4S", "KD", "QD"], bid=10, throw="matching"),
        throw("10C"), "opening-bid"),
    row("S3", "the bid card itself may build the house, a second one held (H3: cemented)",
        position(["QC", "QD", "3S", "4S"], ["5H", "7D", "AC", "8S"], seat=3, bid=12),
        build("QC", 12, ["5H", "7D"]), None, loose=["AC", "8S"],
        houses=[hs(12, ["QC", "5H", "7D"], [3], True)]),
    row("S3", "an opening build must be of the bid value (K♥ held, so H5 is kept)",
        position(["QC", "KH", "3S", "4S"], ["5H", "7D", "AC", "8S"], seat=3, bid=12),
        build("4S", 13, ["AC", "8S"]), "opening-bid"),
    row("S3", "the opening play cannot raise (a floor the API accepts)",
        position(["9C", "2D", "3S", "4S"], ["5D", "7C"], [house(11, ["5H", "6H"], [1])], bid=9),
        raise_("2D", 11), "opening-bid"),
    row("S3", "a capture with the bid card must still be maximal (C2)",
        position(["JC", "2D", "3S", "4S"], ["5D", "6C", "2H", "9H"], bid=11),
        capture("JC", ["5D", "6C"]), "capture-not-maximal"),
]
# fmt: on


@check_rows(S3)
def test_s3_opening_play(pos: Json, move: Json, code: str | None, after: dict[str, Any]) -> None:
    verify(pos, move, code, after)


def test_s3_worked_example_has_exactly_two_opening_plays() -> None:
    """S3 with bid 9: 4♣+5♦ is the only build (9♣ is the bidder's only 9, H5) and
    9♣ takes 5♦+3♥+A♠, the only group of 9; nothing else uses the bid."""
    expected = {parse_move(build("4C", 9, ["5D"])), parse_move(capture("9C", ["5D", "3H", "AS"]))}
    assert set(legal_moves(parse_position(BIDDER))) == expected
    assert count_moves(parse_position(BIDDER)) == 2


ELEVEN = house(11, ["5H", "6H"], [1])  # seep.md worked example: an ordinary 11-house, 5+6

# fmt: off
H1 = [
    row("H1", "no house of 14", position(["5C", "9D"], ["9H"]), build("5C", 14, ["9H"]),
        "house-value"),
    row("H1", "no house of 8", position(["5C", "8D"], ["3H"]), build("5C", 8, ["3H"]),
        "house-value"),
    row("H1", "the 11-house is taken whole by a jack", position(["JC", "2D"], ["3S"], [ELEVEN]),
        capture("JC", [], True), None, loose=["3S"], houses=[], captured=["JC", "5H", "6H"]),
    row("H1", "only by exactly its value: a queen finds no house of 12",
        position(["QC", "JD"], [], [ELEVEN]), capture("QC", [], True), "not-on-floor"),
    row("H1", "never part of a sum: 11-house + loose 2 is not 13",
        position(["KC", "2D"], ["2S"], [ELEVEN]), capture("KC", ["2S", "5H", "6H"]),
        "not-on-floor"),
    row("H1", "so a king beside the 11-house and a 2 captures nothing and may be thrown",
        position(["KC", "2D"], ["2S"], [ELEVEN]), throw("KC"), None, loose=["2S", "KC"],
        houses=[hs(11, ["5H", "6H"], [1], False)]),
    row("H1", "a build into 9 cannot use the cards of the 11-house",
        position(["4C", "9D"], [], [ELEVEN]), build("4C", 9, ["5H"]), "not-on-floor"),
]
# fmt: on


@check_rows(H1)
def test_h1_house_values(pos: Json, move: Json, code: str | None, after: dict[str, Any]) -> None:
    verify(pos, move, code, after)


NINE_OF_1 = house(9, ["4H", "5H"], [1])  # an ordinary 9-house of seat 1, an opponent
TWELVE_OF_3 = house(12, ["7S", "5S"], [3])  # an ordinary 12-house of seat 3, an opponent

# fmt: off
H2 = [
    row("H2", "a new 10-house absorbs the loose 10♥", position(["4C", "10S"], ["6D", "10H", "2S"]),
        build("4C", 10, ["6D"]), None, loose=["2S"],
        houses=[hs(10, ["4C", "6D", "10H"], [0], True)]),
    row("H2", "naming the loose 10♥ in the build comes to the same",
        position(["4C", "10S"], ["6D", "10H", "2S"]), build("4C", 10, ["6D", "10H"]), None,
        loose=["2S"], houses=[hs(10, ["4C", "6D", "10H"], [0], True)]),
    row("H2", "a 10 played alone beside a loose 10 makes a house of both (B2 via H2)",
        position(["10C", "10S"], ["10H", "3S"]), build("10C", 10), None, loose=["3S"],
        houses=[hs(10, ["10C", "10H"], [0], True)]),
    row("H2", "a raise to 11 absorbs the loose J♦",
        position(["2C", "JS"], ["JD", "3H"], [NINE_OF_1]), raise_("2C", 9), None, loose=["3H"],
        houses=[hs(11, ["4H", "5H", "2C", "JD"], [0], True)]),
    row("H2", "a raise to 12 merges with the 12-house; the owners unite (H4)",
        position(["3C", "QD"], ["AS"], [NINE_OF_1, TWELVE_OF_3]), raise_("3C", 9), None,
        loose=["AS"], houses=[hs(12, ["4H", "5H", "3C", "7S", "5S"], [0, 3], True)]),
    row("H2", "one house per value: a 9 built beside the 9-house joins it",
        position(["6C", "9D"], ["3S"], [NINE_OF_1]), build("6C", 9, ["3S"]), None, loose=[],
        houses=[hs(9, ["4H", "5H", "6C", "3S"], [0, 1], True)]),
]
# fmt: on


@check_rows(H2)
def test_h2_one_house_per_value(
    pos: Json, move: Json, code: str | None, after: dict[str, Any]
) -> None:
    verify(pos, move, code, after)


# seep.md worked example: a king-cemented house of {3,10}, {5,4,4} and {K}.
KING = house(13, ["3H", "10C", "5S", "4D", "4C", "KH"], [1])

# fmt: off
H3 = [
    row("H3", "worked example: K-house {3,10},{5,4,4},{K} is valid and cemented",
        position(["KD", "2C"], [], [KING]), throw("2C"), None, loose=["2C"],
        houses=[hs(13, ["3H", "10C", "5S", "4D", "4C", "KH"], [1], True)]),
    row("H3", "worked example: a king takes the K-house whole, a sweep (C4)",
        position(["KD", "2C"], [], [KING]), capture("KD", [], True), None, loose=[], houses=[],
        captured=["KD", "3H", "10C", "5S", "4D", "4C", "KH"], sweep=True, sweep_points=50),
    row("H3", "worked example: the ordinary 11-house 5+6 may be raised by 2",
        position(["2C", "KD"], [], [ELEVEN]), raise_("2C", 11), None, loose=[],
        houses=[hs(13, ["5H", "6H", "2C"], [0], False)]),
    row("H3", "a cemented 9-house {4,5},{9} cannot be raised",
        position(["2C", "JD"], [], [house(9, ["4S", "5S", "9H"], [1])]), raise_("2C", 9),
        "raise-cemented-house"),
    row("H3", "a 10-house {6,4},{7,3} is cemented: no raise",
        position(["2C", "QD"], [], [house(10, ["6S", "4S", "7H", "3H"], [3])]), raise_("2C", 10),
        "raise-cemented-house"),
    row("H3", "a cemented house can still be added to",
        position(["9C", "9D"], [], [house(9, ["4S", "5S", "9H"], [0])]), build("9C", 9), None,
        houses=[hs(9, ["4S", "5S", "9H", "9C"], [0], True)]),
]
# fmt: on


@check_rows(H3)
def test_h3_cemented_houses(pos: Json, move: Json, code: str | None, after: dict[str, Any]) -> None:
    verify(pos, move, code, after)


TEN_OF = {seats: house(10, ["6H", "4H"], list(seats)) for seats in [(0,), (1,), (2,)]}
CEMENTED_TEN_OF = {
    seats: house(10, ["6H", "4H", "10D"], list(seats)) for seats in [(1, 3), (1, 2), (0, 1)]
}

# fmt: off
H4 = [
    row("H4", "the maker owns a new house", position(["4C", "9D"], ["5H"]), build("4C", 9, ["5H"]),
        None, loose=[], houses=[hs(9, ["4C", "5H"], [0], False)]),
    row("H4", "a raiser becomes the sole owner of an opponent's house",
        position(["2C", "JD"], [], [NINE_OF_1]), raise_("2C", 9), None,
        houses=[hs(11, ["4H", "5H", "2C"], [0], False)]),
    row("H4", "raising the partner's house leaves the raiser its sole owner",
        position(["2C", "JD"], [], [house(9, ["4H", "5H"], [2])]), raise_("2C", 9), None,
        houses=[hs(11, ["4H", "5H", "2C"], [0], False)]),
    row("H4", "adding to an opponent's house makes a co-owner",
        position(["10C", "10S"], [], [TEN_OF[(1,)]]), build("10C", 10), None,
        houses=[hs(10, ["6H", "4H", "10C"], [0, 1], True)]),
    row("H4", "adding to a house of both opponents makes a third owner",
        position(["3C", "10S"], ["7D"], [CEMENTED_TEN_OF[(1, 3)]]), build("3C", 10, ["7D"]), None,
        loose=[], houses=[hs(10, ["6H", "4H", "10D", "3C", "7D"], [0, 1, 3], True)]),
    row("H4", "adding to one's own house changes no owner",
        position(["3C", "10S"], ["7D"], [TEN_OF[(0,)]]), build("3C", 10, ["7D"]), None, loose=[],
        houses=[hs(10, ["6H", "4H", "3C", "7D"], [0], True)]),
    row("H4", "adding to the partner's house changes no owner",
        position(["3C", "KS"], ["7D"], [TEN_OF[(2,)]]), build("3C", 10, ["7D"]), None, loose=[],
        houses=[hs(10, ["6H", "4H", "3C", "7D"], [2], True)]),
    row("H4", "adding to a house of the partner and an opponent changes no owner",
        position(["3C", "KS"], ["7D"], [CEMENTED_TEN_OF[(1, 2)]]), build("3C", 10, ["7D"]), None,
        houses=[hs(10, ["6H", "4H", "10D", "3C", "7D"], [1, 2], True)]),
    row("H4", "adding to a house one shares with an opponent changes no owner",
        position(["3C", "10S"], ["7D"], [CEMENTED_TEN_OF[(0, 1)]]), build("3C", 10, ["7D"]), None,
        houses=[hs(10, ["6H", "4H", "10D", "3C", "7D"], [0, 1], True)]),
    row("H4", "a merge unites the owners of both houses",
        position(["3C", "QD"], [], [NINE_OF_1, house(12, ["7S", "5S", "QH"], [1, 3])]),
        raise_("3C", 9), None,
        houses=[hs(12, ["4H", "5H", "3C", "7S", "5S", "QH"], [0, 1, 3], True)]),
    row("H4", "two players: adding to the other player's house makes a co-owner",
        position(["3C", "10S"], ["7D"], [TEN_OF[(0,)]], players=2, seat=1), build("3C", 10, ["7D"]),
        None, houses=[hs(10, ["6H", "4H", "3C", "7D"], [0, 1], True)]),
    row("H4", "two players: a raiser becomes the sole owner",
        position(["2C", "JD"], [], [NINE_OF_1], players=2, seat=0), raise_("2C", 9), None,
        houses=[hs(11, ["4H", "5H", "2C"], [0], False)]),
]
# fmt: on


@check_rows(H4)
def test_h4_owners(pos: Json, move: Json, code: str | None, after: dict[str, Any]) -> None:
    verify(pos, move, code, after)


MY_NINE = house(9, ["4H", "5H"], [0])

# fmt: off
H5 = [
    row("H5", "building a new house with no card of its value left", position(["4C", "2D"], ["5H"]),
        build("4C", 9, ["5H"]), "must-hold"),
    row("H5", "raising with no card of the new value", position(["2C", "QD"], [], [NINE_OF_1]),
        raise_("2C", 9), "must-hold"),
    row("H5", "adding to an opponent's house with no card of its value",
        position(["3C", "KS"], ["7D"], [TEN_OF[(1,)]]), build("3C", 10, ["7D"]), "must-hold"),
    row("H5", "adding one's last 10 to one's own 10-house",
        position(["10C", "5S"], [], [TEN_OF[(0,)]]), build("10C", 10), "must-hold"),
    row("H5", "adding a 10 to one's own 10-house while holding another",
        position(["10C", "10S"], [], [TEN_OF[(0,)]]), build("10C", 10), None,
        houses=[hs(10, ["6H", "4H", "10C"], [0], True)]),
    row("H5", "the last 9 played elsewhere, into a new 13-house",
        position(["9C", "KS"], ["4D"], [MY_NINE]), build("9C", 13, ["4D"]), "must-hold"),
    row("H5", "the same with a second 9 in hand", position(["9C", "9S", "KS"], ["4D"], [MY_NINE]),
        build("9C", 13, ["4D"]), None, loose=[],
        houses=[hs(9, ["4H", "5H"], [0], False), hs(13, ["9C", "4D"], [0], False)]),
    row("H5", "capture free: the last 9 takes 4+5 and leaves one's own 9-house",
        position(["9C", "2S"], ["4D", "5D"], [MY_NINE], capture="free"),
        capture("9C", ["4D", "5D"]), "must-hold"),
    row("H5", "capture free: taking the 9-house too is fine",
        position(["9C", "2S"], ["4D", "5D"], [MY_NINE], capture="free"),
        capture("9C", ["4D", "5D"], True), None, loose=[], houses=[],
        captured=["9C", "4D", "5D", "4H", "5H"], sweep=True, sweep_points=50),
    row("H5", "a co-owner is bound too",
        position(["9C", "2S"], ["4D", "5D"], [house(9, ["4H", "5H", "9H"], [0, 1])],
                 capture="free"),
        capture("9C", ["4D", "5D"]), "must-hold"),
    row("H5", "another card may be played while the house's card stays",
        position(["9C", "3S"], ["KD"], [MY_NINE]), throw("3S"), None, loose=["KD", "3S"],
        houses=[hs(9, ["4H", "5H"], [0], False)]),
    row("H5", "the partner's house binds the partner, not the mover",
        position(["3S", "KC"], ["KD"], [house(9, ["4H", "5H"], [2])]), throw("3S"), None,
        loose=["KD", "3S"]),
]
# fmt: on


@check_rows(H5)
def test_h5_must_hold(pos: Json, move: Json, code: str | None, after: dict[str, Any]) -> None:
    verify(pos, move, code, after)


# seep.md worked examples: a jack onto 2,3,5,6 and a 10 onto 2,3,5,8,7.
JACK = position(["JC", "KD"], ["2S", "3H", "5D", "6C"])
TEN = position(["10C", "KD"], ["2S", "3H", "5D", "8C", "7H"])
TEN_FREE = position(["10C", "KD"], ["2S", "3H", "5D", "8C", "7H"], capture="free")
JACK_AND_HOUSE = position(["JC", "KD"], ["5D", "6C"], [ELEVEN])
JACK_AND_HOUSE_FREE = position(["JC", "KD"], ["5D", "6C"], [ELEVEN], capture="free")

# fmt: off
C1 = [
    row("C1", "a 10 takes 2+8 and 3+7 in two groups", TEN, capture("10C", ["2S", "8C", "3H", "7H"]),
        None, loose=["5D"], captured=["10C", "2S", "8C", "3H", "7H"]),
    row("C1", "a single loose card of the value is a group", position(["7C", "KD"], ["7D", "3S"]),
        capture("7C", ["7D"]), None, loose=["3S"], captured=["7C", "7D"]),
    row("C1", "an ace takes an ace", position(["AC", "KD"], ["AH", "5S"]), capture("AC", ["AH"]),
        None, loose=["5S"], captured=["AC", "AH"]),
    row("C1", "a 4 takes A+A+2 as one group", position(["4C", "KD"], ["AH", "AD", "2S"]),
        capture("4C", ["AH", "AD", "2S"]), None, loose=[], captured=["4C", "AH", "AD", "2S"],
        sweep=True, sweep_points=50),
    row("C1", "a capture must take something", position(["KC", "2D"], ["5S"]), capture("KC"),
        "nothing-captured"),
    row("C1", "2+3 is not 10", position(["10C", "2D"], ["2S", "3H", "8D"]),
        capture("10C", ["2S", "3H"]), "bad-sum"),
    row("C1", "2+8 with a 3 over is not groups of 10", position(["10C", "2D"], ["2S", "3H", "8D"]),
        capture("10C", ["2S", "8D", "3H"]), "bad-sum"),
    row("C1", "a 6 is not a group of 5", position(["5C", "2D"], ["6H"]), capture("5C", ["6H"]),
        "bad-sum"),
    row("C1", "a card not on the floor", position(["7C", "2D"], ["7D"]), capture("7C", ["7H"]),
        "not-on-floor"),
    row("C1", "a card from one's own hand is not on the floor", position(["7C", "7H"], ["7D"]),
        capture("7C", ["7H"]), "not-on-floor"),
    row("C1", "no house of the card's value", position(["9C", "2D"], ["9D"]),
        capture("9C", ["9D"], True), "not-on-floor"),
    row("C1", "the house's cards are not loose cards", position(["JC", "5D"], [], [ELEVEN]),
        capture("JC", ["5H", "6H"]), "not-on-floor"),
]
# fmt: on


@check_rows(C1)
def test_c1_groups(pos: Json, move: Json, code: str | None, after: dict[str, Any]) -> None:
    verify(pos, move, code, after)


# fmt: off
C2 = [
    row("C2", "worked example: a jack onto 2,3,5,6 takes 2+3+6", JACK,
        capture("JC", ["2S", "3H", "6C"]), None, loose=["5D"], captured=["JC", "2S", "3H", "6C"]),
    row("C2", "worked example: a jack onto 2,3,5,6 takes 5+6", JACK, capture("JC", ["5D", "6C"]),
        None, loose=["2S", "3H"], captured=["JC", "5D", "6C"]),
    row("C2", "worked example: a 10 onto 2,3,5,8,7 takes 2+8 and 3+7", TEN,
        capture("10C", ["2S", "8C", "3H", "7H"]), None, loose=["5D"],
        captured=["10C", "2S", "8C", "3H", "7H"]),
    row("C2", "worked example: a 10 onto 2,3,5,8,7 takes 2+3+5, leaving 8 and 7", TEN,
        capture("10C", ["2S", "3H", "5D"]), None, loose=["8C", "7H"],
        captured=["10C", "2S", "3H", "5D"]),
    row("C2", "worked example: 2+8 alone is not maximal, 3+7 would remain", TEN,
        capture("10C", ["2S", "8C"]), "capture-not-maximal"),
    row("C2", "3+7 alone is not maximal, 2+8 would remain", TEN, capture("10C", ["3H", "7H"]),
        "capture-not-maximal"),
    row("C2", "the house of the card's value must be taken", JACK_AND_HOUSE,
        capture("JC", ["5D", "6C"]), "capture-not-maximal"),
    row("C2", "the house alone leaves 5+6", JACK_AND_HOUSE, capture("JC", [], True),
        "capture-not-maximal"),
    row("C2", "house and 5+6 together: maximal, and a sweep", JACK_AND_HOUSE,
        capture("JC", ["5D", "6C"], True), None, loose=[], houses=[],
        captured=["JC", "5D", "6C", "5H", "6H"], sweep=True, sweep_points=50),
    row("C2", "option capture: free takes 2+8 alone", TEN_FREE, capture("10C", ["2S", "8C"]), None,
        loose=["3H", "5D", "7H"], captured=["10C", "2S", "8C"]),
    row("C2", "option capture: free may leave the house", JACK_AND_HOUSE_FREE,
        capture("JC", ["5D", "6C"]), None, loose=[], houses=[hs(11, ["5H", "6H"], [1], False)],
        captured=["JC", "5D", "6C"]),
    row("C2", "option capture: free may take the house alone", JACK_AND_HOUSE_FREE,
        capture("JC", [], True), None, loose=["5D", "6C"], houses=[], captured=["JC", "5H", "6H"]),
    row("C2", "option capture: free still needs groups of the value", TEN_FREE,
        capture("10C", ["2S", "3H"]), "bad-sum"),
    row("C2", "option capture: free still needs something", TEN_FREE, capture("10C"),
        "nothing-captured"),
]
# fmt: on


@check_rows(C2)
def test_c2_maximal_capture(pos: Json, move: Json, code: str | None, after: dict[str, Any]) -> None:
    verify(pos, move, code, after)


def captures_by(pos: Json, card: str) -> set[frozenset[str]]:
    """The loose cards of each legal capture by `card`."""
    return {
        frozenset(str(c) for c in m.loose)
        for m in legal_moves(parse_position(pos))
        if isinstance(m, Capture) and str(m.card) == card
    }


def test_c2_worked_example_jack_has_exactly_two_maximal_captures() -> None:
    assert captures_by(JACK, "JC") == {frozenset({"2S", "3H", "6C"}), frozenset({"5D", "6C"})}


def test_c2_worked_example_ten_has_exactly_two_maximal_captures() -> None:
    assert captures_by(TEN, "10C") == {
        frozenset({"2S", "8C", "3H", "7H"}),
        frozenset({"2S", "3H", "5D"}),
    }


def test_c2_free_ten_takes_any_groups() -> None:
    """Option free: any non-empty selection of groups of 10 from 2,3,5,8,7."""
    assert captures_by(TEN_FREE, "10C") == {
        frozenset(s)
        for s in [
            {"2S", "8C"},
            {"3H", "7H"},
            {"2S", "3H", "5D"},
            {"2S", "8C", "3H", "7H"},
        ]
    }


# fmt: off
C3_C4 = [
    row("C3", "the capturing card, the loose cards and the house go to the capturer",
        position(["QC", "2D"], ["7S", "5H", "AD"], [house(12, ["9S", "3S"], [1])]),
        capture("QC", ["7S", "5H"], True), None, loose=["AD"], houses=[],
        captured=["QC", "7S", "5H", "9S", "3S"]),
    row("C4", "a sweep scores 50", position(["8C", "KD"], ["8H"]), capture("8C", ["8H"]), None,
        loose=[], captured=["8C", "8H"], sweep=True, sweep_points=50),
    row("C4", "a sweep on the opening play scores 25",
        position(["JC", "2H", "7D", "KS"], ["5D", "6H", "2S", "9C"], bid=11),
        capture("JC", ["5D", "6H", "2S", "9C"]), None, loose=[], houses=[],
        captured=["JC", "5D", "6H", "2S", "9C"], sweep=True, sweep_points=25),
    row("C4", "a sweep on the last play scores 0 (still a sweep)",
        position(["8C"], ["8H"], last=True), capture("8C", ["8H"]), None, loose=[],
        captured=["8C", "8H"], sweep=True, sweep_points=0),
    row("C4", "no sweep while a house stays", position(["8C", "KD"], ["8H"], [TWELVE_OF_3]),
        capture("8C", ["8H"]), None, loose=[], houses=[hs(12, ["7S", "5S"], [3], False)],
        captured=["8C", "8H"]),
    row("C4", "no sweep while loose cards stay", position(["8C", "KD"], ["8H", "KH"]),
        capture("8C", ["8H"]), None, loose=["KH"], captured=["8C", "8H"]),
    row("C4", "two players: a sweep scores 50",
        position(["8C", "KD"], ["5H", "3H"], players=2, seat=1), capture("8C", ["5H", "3H"]), None,
        loose=[], captured=["8C", "5H", "3H"], sweep=True, sweep_points=50),
]
# fmt: on


@check_rows(C3_C4)
def test_c3_c4_captured_cards_and_sweeps(
    pos: Json, move: Json, code: str | None, after: dict[str, Any]
) -> None:
    verify(pos, move, code, after)


# fmt: off
B = [
    row("B1", "worked example: a 9 onto a loose 9, holding another 9: a cemented 9-house",
        position(["9C", "9H"], ["9D"]), build("9C", 9, ["9D"]), None, loose=[],
        houses=[hs(9, ["9C", "9D"], [0], True)]),
    row("B1", "the same without another 9 in hand (H5)", position(["9C", "3H"], ["9D"]),
        build("9C", 9, ["9D"]), "must-hold"),
    row("B1", "the played card's set 4+5, and a further set 2+7",
        position(["4C", "9H"], ["5D", "2H", "7S", "KS"]), build("4C", 9, ["5D", "2H", "7S"]), None,
        loose=["KS"], houses=[hs(9, ["4C", "5D", "2H", "7S"], [0], True)]),
    row("B1", "a leftover 2 makes no set", position(["4C", "9H"], ["5D", "2H"]),
        build("4C", 9, ["5D", "2H"]), "bad-sum"),
    row("B1", "the played card must be in a set: 4+5 without it",
        position(["3C", "9H"], ["4D", "5D"]), build("3C", 9, ["4D", "5D"]), "bad-sum"),
    row("B1", "a king cannot go into a 9", position(["KC", "9H"], ["4D", "5D"]),
        build("KC", 9, ["4D", "5D"]), "bad-sum"),
    row("B1", "a 9 with a 4 is not a set of 9 nor two", position(["9C", "9H"], ["4D"]),
        build("9C", 9, ["4D"]), "bad-sum"),
    row("B1", "loose cards must be on the floor", position(["4C", "9H"], ["5D"]),
        build("4C", 9, ["5S"]), "not-on-floor"),
    row("B1", "a card of the value alone joins the house of that value",
        position(["9C", "9D"], [], [NINE_OF_1]), build("9C", 9), None,
        houses=[hs(9, ["4H", "5H", "9C"], [0, 1], True)]),
    row("B2", "a new house needs a loose card", position(["9C", "9H"], ["4D"]), build("9C", 9),
        "bad-sum"),
    row("B2", "a new house: owned by the mover, the loose Q♥ absorbed",
        position(["5C", "QS"], ["7D", "QH", "AS"]), build("5C", 12, ["7D"]), None, loose=["AS"],
        houses=[hs(12, ["5C", "7D", "QH"], [0], True)]),
    row("B3", "adding to an opponent's ordinary house cements it",
        position(["8C", "JS"], ["3D"], [ELEVEN]), build("8C", 11, ["3D"]), None, loose=[],
        houses=[hs(11, ["5H", "6H", "8C", "3D"], [0, 1], True)]),
    row("B3", "adding with a card that makes no set", position(["8C", "JS"], [], [ELEVEN]),
        build("8C", 11), "bad-sum"),
    row("B4", "one's own new house needs a card of its value", position(["8C", "2S"], ["3D"]),
        build("8C", 11, ["3D"]), "must-hold"),
    row("B4", "adding to the partner's house needs no card of its value",
        position(["8C", "2S"], ["3D"], [house(11, ["5H", "6H"], [2])]), build("8C", 11, ["3D"]),
        None, houses=[hs(11, ["5H", "6H", "8C", "3D"], [2], True)]),
    row("B4", "adding to an opponent's house does", position(["8C", "2S"], ["3D"], [ELEVEN]),
        build("8C", 11, ["3D"]), "must-hold"),
    row("B4", "adding one's last jack to one's own house does",
        position(["JC", "2S"], ["3D"], [house(11, ["5H", "6H"], [0])]), build("JC", 11),
        "must-hold"),
    row("B4", "adding to one's own house, the jack kept",
        position(["8C", "JC"], ["3D"], [house(11, ["5H", "6H"], [0])]), build("8C", 11, ["3D"]),
        None, loose=[], houses=[hs(11, ["5H", "6H", "8C", "3D"], [0], True)]),
    row("B4", "two players have no partner: adding to the other's house binds",
        position(["8C", "2S"], ["3D"], [house(11, ["5H", "6H"], [0])], players=2, seat=1),
        build("8C", 11, ["3D"]), "must-hold"),
]
# fmt: on


@check_rows(B)
def test_b_builds(pos: Json, move: Json, code: str | None, after: dict[str, Any]) -> None:
    verify(pos, move, code, after)


# fmt: off
R = [
    row("R1", "one's own house cannot be raised", position(["2C", "JD", "9C"], [], [MY_NINE]),
        raise_("2C", 9), "raise-own-house"),
    row("R1", "the partner's house may be raised",
        position(["2C", "JD"], [], [house(9, ["4H", "5H"], [2])]), raise_("2C", 9), None,
        houses=[hs(11, ["4H", "5H", "2C"], [0], False)]),
    row("R1", "an opponent's house may be raised to exactly 13",
        position(["2C", "KD"], [], [ELEVEN]), raise_("2C", 11), None,
        houses=[hs(13, ["5H", "6H", "2C"], [0], False)]),
    row("R1", "not beyond 13", position(["3C", "KD"], [], [ELEVEN]), raise_("3C", 11),
        "house-value"),
    row("R1", "there must be a house of that value", position(["2C", "QD"], ["5S"]),
        raise_("2C", 10), "not-on-floor"),
    row("R1", "the card must come from the hand", position(["2D", "JD"], [], [NINE_OF_1]),
        raise_("2C", 9), "not-in-hand"),
    row("R1", "a cemented house cannot be raised (H3)",
        position(["2C", "JD"], [], [house(9, ["4H", "5H", "9H"], [1])]), raise_("2C", 9),
        "raise-cemented-house"),
    row("R2", "the raiser must hold the new value", position(["2C", "QD"], [], [NINE_OF_1]),
        raise_("2C", 9), "must-hold"),
    row("R2", "merging into the partner's 12-house: the raiser must hold a Q",
        position(["3C", "2D"], [], [NINE_OF_1, house(12, ["7S", "5S"], [2])]), raise_("3C", 9),
        "must-hold"),
    row("R2", "merging into the partner's 12-house with a Q: raiser and partner own it",
        position(["3C", "QD"], [], [NINE_OF_1, house(12, ["7S", "5S"], [2])]), raise_("3C", 9),
        None, houses=[hs(12, ["4H", "5H", "3C", "7S", "5S"], [0, 2], True)]),
    row("R2", "raised to 10, the house absorbs both loose 10s",
        position(["AC", "10S"], ["10H", "10D", "2C"], [NINE_OF_1]), raise_("AC", 9), None,
        loose=["2C"], houses=[hs(10, ["4H", "5H", "AC", "10H", "10D"], [0], True)]),
]
# fmt: on


@check_rows(R)
def test_r_raises(pos: Json, move: Json, code: str | None, after: dict[str, Any]) -> None:
    verify(pos, move, code, after)


SHARED_NINE = {seats: house(9, ["4H", "5H", "9D"], list(seats)) for seats in [(0, 2), (0, 1)]}
PARTNERS_NINE = house(9, ["4H", "5H"], [2])
OWN, NOT_PARTNER = {"raise_own": "on"}, {"raise_partner": "off"}

# Each row: the R3 options at play, then (rule id, code) refused or None, and what a legal
# raise leaves. Seat 0 moves; its partner is seat 2.
# fmt: off
R3 = [
    row("R3", "by default one's own house is refused as R1 says",
        position(["2C", "JD", "9C"], [], [MY_NINE]), raise_("2C", 9), "raise-own-house",
        cited="R1"),
    row("R3", "raise_own: on: one's own house, owned alone, may be raised",
        position(["2C", "JD", "9C"], [], [MY_NINE], **OWN), raise_("2C", 9), None,
        houses=[hs(11, ["4H", "5H", "2C"], [0], False)]),
    row("R3", "raise_own: on: the worked example's ordinary 11-house 5+6, one's own, raised by 2",
        position(["2C", "KD", "JC"], [], [house(11, ["5H", "6H"], [0])], **OWN),
        raise_("2C", 11), None, houses=[hs(13, ["5H", "6H", "2C"], [0], False)]),
    row("R3", "raise_own: on: R2 still applies, the raiser must hold the new value",
        position(["2C", "9D"], [], [MY_NINE], **OWN), raise_("2C", 9), "must-hold", cited="H5"),
    row("R3", "raise_own: on: not beyond 13 (R1)",
        position(["5C", "KD", "9C"], [], [MY_NINE], **OWN), raise_("5C", 9), "house-value",
        cited="R1"),
    row("R3", "raise_own: on: one's own cemented house is still never raised (H3)",
        position(["2C", "JD", "9C"], [], [house(9, ["4H", "5H", "9D"], [0])], **OWN),
        raise_("2C", 9), "raise-cemented-house", cited="H3"),
    row("R3", "raise_own: on: a house shared with the partner is not owned alone",
        position(["2C", "JD", "9C"], [], [SHARED_NINE[(0, 2)]], **OWN), raise_("2C", 9),
        "raise-own-house", cited="R3"),
    row("R3", "raise_own: on: nor one shared with an opponent",
        position(["2C", "JD", "9C"], [], [SHARED_NINE[(0, 1)]], **OWN), raise_("2C", 9),
        "raise-own-house", cited="R3"),
    row("R3", "raise_own: off: a shared house is one's own (R1)",
        position(["2C", "JD", "9C"], [], [SHARED_NINE[(0, 2)]]), raise_("2C", 9),
        "raise-own-house", cited="R1"),
    row("R3", "raise_own: on: a raise to 12 merges with an opponent's 12-house; both own it",
        position(["3C", "QD", "9C"], [], [MY_NINE, TWELVE_OF_3], **OWN), raise_("3C", 9), None,
        houses=[hs(12, ["4H", "5H", "3C", "7S", "5S"], [0, 3], True)]),
    row("R3", "raise_own: on: two players, one's own house",
        position(["2C", "JD", "9C"], [], [MY_NINE], players=2, seat=0, **OWN), raise_("2C", 9),
        None, houses=[hs(11, ["4H", "5H", "2C"], [0], False)]),
    row("R3", "raise_own: on changes nothing for the partner's house",
        position(["2C", "JD"], [], [PARTNERS_NINE], **OWN), raise_("2C", 9), None,
        houses=[hs(11, ["4H", "5H", "2C"], [0], False)]),
    row("R3", "by default the partner's house may be raised",
        position(["2C", "JD"], [], [PARTNERS_NINE]), raise_("2C", 9), None,
        houses=[hs(11, ["4H", "5H", "2C"], [0], False)]),
    row("R3", "raise_partner: off: the partner's house may not",
        position(["2C", "JD"], [], [PARTNERS_NINE], **NOT_PARTNER), raise_("2C", 9),
        "raise-own-house", cited="R3"),
    row("R3", "raise_partner: off: nor a house the partner shares with an opponent",
        position(["2C", "JD"], [], [house(9, ["4H", "5H", "9D"], [1, 2])], **NOT_PARTNER),
        raise_("2C", 9), "raise-own-house", cited="R3"),
    row("R3", "raise_partner: off: an opponent's house still may",
        position(["2C", "JD"], [], [NINE_OF_1], **NOT_PARTNER), raise_("2C", 9), None,
        houses=[hs(11, ["4H", "5H", "2C"], [0], False)]),
    row("R3", "raise_partner: off: an opponent's cemented house is still refused by H3",
        position(["2C", "JD"], [], [house(9, ["4H", "5H", "9D"], [1])], **NOT_PARTNER),
        raise_("2C", 9), "raise-cemented-house", cited="H3"),
    row("R3", "raise_partner: off: one's own house is still refused by R1",
        position(["2C", "JD", "9C"], [], [MY_NINE], **NOT_PARTNER), raise_("2C", 9),
        "raise-own-house", cited="R1"),
    row("R3", "raise_partner: off: two players, the other player is an opponent",
        position(["2C", "JD"], [], [NINE_OF_1], players=2, seat=0, **NOT_PARTNER),
        raise_("2C", 9), None, houses=[hs(11, ["4H", "5H", "2C"], [0], False)]),
    row("R3", "both options: one's own house may be raised",
        position(["2C", "JD", "9C"], [], [MY_NINE], **OWN, **NOT_PARTNER), raise_("2C", 9), None,
        houses=[hs(11, ["4H", "5H", "2C"], [0], False)]),
    row("R3", "both options: the partner's house may not",
        position(["2C", "JD"], [], [PARTNERS_NINE], **OWN, **NOT_PARTNER), raise_("2C", 9),
        "raise-own-house", cited="R3"),
]
# fmt: on


@check_rows(R3)
def test_r3_raise_options(pos: Json, move: Json, code: str | None, after: dict[str, Any]) -> None:
    cited = after.get("cited")
    verify(pos, move, code, {k: v for k, v in after.items() if k != "cited"})
    if code is not None:
        assert SEEP.check_move(pos, move)["rule_id"] == cited


def test_h5_follows_a_house_raised_away() -> None:
    """R3, H5: one's own 9-house raised to 11 binds the jack; the 9 held for it is free again."""
    pos = position(["2C", "JD", "9C"], ["3S"], [MY_NINE], raise_own="on")
    after = SEEP.check_move(pos, raise_("2C", 9))["after"]
    assert SEEP.check_move(after, throw("9C"))["legal"] is True


# The sentence says which rule refused: one's own house, a shared one, the partner's.
R3_WORDS = [
    pytest.param(
        position(["2C", "JD", "9C"], [], [MY_NINE]),
        "raise-own-house",
        "You cannot raise your own house of 9.",
        id="R1: own",
    ),
    pytest.param(
        position(["2C", "JD", "9C"], [], [SHARED_NINE[(0, 2)]], **OWN),
        "raise-shared-house",
        "You share the house of 9: only a house you own alone may be raised.",
        id="R3: shared",
    ),
    pytest.param(
        position(["2C", "JD"], [], [PARTNERS_NINE], **NOT_PARTNER),
        "raise-partner-house",
        "This table's rules do not let you raise your partner's house of 9.",
        id="R3: partner's",
    ),
]


@pytest.mark.parametrize(("pos", "key", "sentence"), R3_WORDS)
def test_r3_refusals_say_which_house_rule(pos: Json, key: str, sentence: str) -> None:
    violation = check(parse_position(pos), parse_move(raise_("2C", 9)))
    assert violation is not None and violation.key == key
    assert reason(violation) == sentence


# fmt: off
T = [
    row("T1", "a thrown card becomes loose", position(["5C", "KD"], ["9H"]), throw("5C"), None,
        loose=["9H", "5C"], houses=[]),
    row("T1", "a card not in hand", position(["5C", "KD"], ["9H"]), throw("5D"), "not-in-hand"),
    row("T2", "a jack cannot be thrown beside the 11-house", position(["JC", "2D"], [], [ELEVEN]),
        throw("JC"), "throw-matches-house"),
    row("T2", "nor with option throw: matching",
        position(["JC", "2D"], [], [ELEVEN], throw="matching"), throw("JC"), "throw-matches-house"),
    row("T2", "nor with option capture: free", position(["JC", "2D"], [], [ELEVEN], capture="free"),
        throw("JC"), "throw-matches-house"),
    row("T3", "a 5 that could take 2+3 cannot be thrown", position(["5C", "KD"], ["2D", "3H"]),
        throw("5C"), "throw-can-capture"),
    row("T3", "a 5 beside a loose 5 cannot be thrown", position(["5C", "KD"], ["5D"]), throw("5C"),
        "throw-can-capture"),
    row("T3", "option throw: matching lets the 5 go beside 2+3",
        position(["5C", "KD"], ["2D", "3H"], throw="matching"), throw("5C"), None,
        loose=["2D", "3H", "5C"]),
    row("T3", "option throw: matching still forbids a 5 beside a loose 5",
        position(["5C", "KD"], ["5D", "2H"], throw="matching"), throw("5C"), "throw-can-capture"),
    row("T3", "a card that can capture nothing may be thrown", position(["KC", "2D"], ["9H"]),
        throw("KC"), None, loose=["9H", "KC"]),
    row("T3", "two players: the same rule", position(["5C"], ["2D", "3H"], players=2, seat=1),
        throw("5C"), "throw-can-capture"),
]
# fmt: on


@check_rows(T)
def test_t_throws(pos: Json, move: Json, code: str | None, after: dict[str, Any]) -> None:
    verify(pos, move, code, after)


# -- the worked examples under each of R3's options ------------------------------------------
#
# seep.md's worked examples (houses made, raised, cemented and taken, the opening play) hold
# whatever R3's options say: none of them raises a house of the mover's own side.

R3_OPTIONS = [
    pytest.param({"raise_own": own, "raise_partner": partner}, id=f"own {own}, partner {partner}")
    for own in ("off", "on")
    for partner in ("on", "off")
]
WORKED = [p for p in [*S3, *H3, *C2, *B] if "worked example" in str(p.id)]


def under(pos: Json, options: Json) -> Json:
    """The position played with these options."""
    return pos | {"options": pos["options"] | options}


@pytest.mark.parametrize("options", R3_OPTIONS)
@check_rows(WORKED)
def test_worked_examples_hold_under_each_r3_option(
    pos: Json, move: Json, code: str | None, after: dict[str, Any], options: Json
) -> None:
    verify(under(pos, options), move, code, after)


@pytest.mark.parametrize("options", R3_OPTIONS)
def test_worked_examples_list_the_same_plays_under_each_r3_option(options: Json) -> None:
    assert count_moves(parse_position(under(BIDDER, options))) == 2  # S3
    assert captures_by(under(JACK, options), "JC") == captures_by(JACK, "JC")  # C2
    assert captures_by(under(TEN, options), "10C") == captures_by(TEN, "10C")  # C2


# -- a plain reading of the rules, written without the engine ------------------------------
#
# The tables above pin single cases. Below, the same rules are read once more in the most
# direct way (subsets tried one by one, owners tracked in a dict) and compared with check()
# on every move a player could write in hundreds of random positions. The engine's
# generator is proved against check() in test_seep_generate.py; this proves check() itself.


def sums(cards: Iterable[Card]) -> set[int]:
    """Every sum of a non-empty subset of the cards."""
    cards = list(cards)
    return {
        sum(c.rank for c in group)
        for k in range(1, len(cards) + 1)
        for group in combinations(cards, k)
    }


def in_sets(ranks: list[int], value: int) -> bool:
    """Whether the ranks split into sets each summing to value (the first one is in some set)."""
    if not ranks:
        return True
    first, rest = ranks[0], ranks[1:]
    for k in range(len(rest) + 1):
        for others in combinations(range(len(rest)), k):
            if first + sum(rest[i] for i in others) == value:
                left = [r for i, r in enumerate(rest) if i not in others]
                if in_sets(left, value):
                    return True
    return False


def plainly_legal(pos: Position, move: Move) -> bool:
    """Whether rules/seep.md allows the move, read rule by rule."""
    card, seat = move.card, pos.seat
    team = {s for s in range(pos.players) if s % 2 == seat % 2}
    loose = set(pos.loose)
    houses = {h.value: h for h in pos.houses}
    owners = {h.value: set(h.owners) for h in pos.houses}  # after the move, for H5
    can_capture = card.rank in houses or card.rank in sums(pos.loose)  # C1
    if card not in pos.hand:
        return False
    if pos.opening_bid is not None:  # S3
        bid = pos.opening_bid
        if isinstance(move, Raise) or (isinstance(move, Build) and move.value != bid):
            return False
        if isinstance(move, Capture | Throw) and card.rank != bid:
            return False
        if isinstance(move, Throw) and can_capture:
            return False
    if isinstance(move, Capture):
        value, taken = card.rank, set(move.loose)
        if not taken <= loose or (move.house and value not in houses):  # C1
            return False
        if not taken and not move.house:  # C1
            return False
        if not in_sets([c.rank for c in taken], value):  # C1
            return False
        if pos.options["capture"] == "maximal":  # C2
            if value in houses and not move.house:
                return False
            if value in sums(loose - taken):
                return False
        if move.house:
            del owners[value]
    elif isinstance(move, Build):
        value, used = move.value, set(move.loose)
        if value not in range(9, 14) or not used <= loose:  # H1, B1
            return False
        if not in_sets([card.rank, *(c.rank for c in used)], value):  # B1
            return False
        if value in houses:  # B3, H4
            if not owners[value] & team:
                owners[value].add(seat)
        else:  # B2: a loose card, named or of the value (absorbed, H2)
            if not used and all(c.rank != value for c in loose):
                return False
            owners[value] = {seat}
    elif isinstance(move, Raise):
        old = houses.get(move.house)
        if old is None:  # R1
            return False
        own = pos.options["raise_own"] == "on" and set(old.owners) == {seat}
        if seat in old.owners and not own:  # R1, R3: one's own house, unless owned alone
            return False
        if pos.options["raise_partner"] == "off" and set(old.owners) & (team - {seat}):  # R3
            return False
        if sum(c.rank for c in old.cards) > old.value:  # H3
            return False
        new = old.value + card.rank
        if new > 13:  # R1
            return False
        del owners[old.value]
        owners[new] = {seat} | owners.get(new, set())  # R2, H2, H4
    else:
        if card.rank in houses:  # T2
            return False
        if pos.options["throw"] == "matching":  # T3
            if any(c.rank == card.rank for c in loose):
                return False
        elif can_capture:
            return False
    held = [c.rank for c in pos.hand if c != card]
    return all(value in held for value, who in owners.items() if seat in who)  # H5


@pytest.mark.parametrize("seed", range(4))
def test_check_agrees_with_a_plain_reading_of_the_rules(seed: int) -> None:
    for raw in positions(500 + seed, 60):
        pos = parse_position(raw)
        for move in candidates(pos):
            assert (check(pos, move) is None) == plainly_legal(pos, move), (raw, move.to_json())
