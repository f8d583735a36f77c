"""Seep positions: impossible ones are refused as bad input, good ones read back as written.

A position that cannot occur in a game (rules/seep.md H1-H4, S2, the seats) is malformed
input: parse_position raises InvalidInput, and the API answers 400 with
{"error", "message"} (API.md "Errors"), never a rule violation.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from flask.testing import FlaskClient

from scorekeeper.rules import InvalidInput
from scorekeeper.rules.seep.generate import legal_moves
from scorekeeper.rules.seep.moves import parse_move
from scorekeeper.rules.seep.play import apply
from scorekeeper.rules.seep.position import parse_position

from .helpers import said
from .seep_positions import Json, house, position, random_position

ELEVEN = house(11, ["5H", "6H"], [1])


def bad(what: str, pos: object, code: str) -> Any:
    """A position that must be refused with the error code `code`."""
    return pytest.param(pos, code, id=what)


def changed(**fields: Any) -> Json:
    """A good position (seat 0: K♠ 4♥ 9♣; loose 9♦ 5♣; an 11-house of seat 3) with changes."""
    good = position(["KS", "4H", "9C"], ["9D", "5C"], [house(11, ["5D", "6D"], [3])])
    return good | fields


# fmt: off
BAD = [
    bad("a card twice in the hand", changed(hand=["KS", "KS"]), "duplicate-card"),
    bad("a card in hand and loose", changed(hand=["KS", "9D"]), "duplicate-card"),
    bad("a card loose and in a house", changed(loose=["5D", "3C"]), "duplicate-card"),
    bad("a card in hand and in a house", changed(hand=["6D", "KS"]), "duplicate-card"),
    bad("a card twice in one house",
        changed(houses=[house(10, ["5D", "5D"], [1])]), "duplicate-card"),
    bad("a card in two houses",
        changed(houses=[house(9, ["4D", "5D"], [1]), house(10, ["5D", "5S"], [1])]),
        "duplicate-card"),
    bad("an unknown card in hand", changed(hand=["1S"]), "unknown-card"),
    bad("an unknown card loose", changed(loose=["KX"]), "unknown-card"),
    bad("a number for a card", changed(hand=[13]), "unknown-card"),
    bad("an unknown card in a house", changed(houses=[house(11, ["5D", "6Z"], [1])]),
        "unknown-card"),
    bad("H2: two houses of one value",
        changed(houses=[house(11, ["5D", "6D"], [3]), house(11, ["8S", "3S"], [1])]),
        "bad-position"),
    bad("H3: 4+5 make no sets of 10", changed(houses=[house(10, ["4S", "5S"], [1])]),
        "bad-position"),
    bad("H3: 10+5 make no sets of 10", changed(houses=[house(10, ["10S", "5S"], [1])]),
        "bad-position"),
    bad("H3: the Esperanto seed's {A,6,2,2} (11) cannot be a set of the K-house",
        changed(houses=[house(13, ["3H", "10C", "5S", "4D", "4C", "KH", "AD", "6C", "2C", "2S"],
                              [1])]),
        "bad-position"),
    bad("H1: a single-card house", changed(houses=[house(10, ["10S"], [1])]), "bad-position"),
    bad("H1: an empty house", changed(houses=[house(10, [], [1])]), "bad-position"),
    bad("H1: a house of 8", changed(houses=[house(8, ["5S", "3S"], [1])]), "bad-field"),
    bad("H1: a house of 14", changed(houses=[house(14, ["7S", "7H"], [1])]), "bad-field"),
    bad("H4: a house without an owner", changed(houses=[house(11, ["5D", "6D"], [])]),
        "bad-position"),
    bad("H4: a house with no owners field", changed(houses=[{"value": 11, "cards": ["5D", "6D"]}]),
        "missing-field"),
    bad("H4: an owner seat 4 of four players", changed(houses=[house(11, ["5D", "6D"], [4])]),
        "bad-field"),
    bad("H4: an owner seat 2 of two players",
        changed(players=2, houses=[house(11, ["5D", "6D"], [2])]), "bad-field"),
    bad("H4: an ordinary house with two owners",
        changed(houses=[house(11, ["5D", "6D"], [1, 3])]), "bad-position"),
    bad("H3: an ordinary house said to be cemented",
        changed(houses=[house(11, ["5D", "6D"], [3]) | {"cemented": True}]), "bad-position"),
    bad("H3: a cemented house said to be ordinary",
        changed(houses=[house(11, ["5D", "6D", "JS"], [3]) | {"cemented": False}]),
        "bad-position"),
    bad("H2: a loose card of a house's value", changed(loose=["JD"]), "bad-position"),
    bad("H5: the mover owns the ordinary house of 11 and holds no jack",
        changed(houses=[house(11, ["5D", "6D"], [0])]), "bad-position"),
    bad("H5: the mover co-owns the cemented house of 10 and holds no 10",
        changed(houses=[house(10, ["6S", "4S", "10H"], [1, 0])]), "bad-position"),
    bad("H5: a mover short of the 9 of their own 9-house, with one card left",
        position(["3S"], ["KD"], [house(9, ["4H", "5H"], [0])]), "bad-position"),
    bad("H5: two players, the mover's house of 12 and no queen",
        changed(players=2, seat=1, houses=[house(12, ["5D", "7D"], [1])]), "bad-position"),
    bad("three players", changed(players=3), "bad-position"),
    bad("four players written 4.0", changed(players=4.0), "bad-position"),
    bad("players true", changed(players=True), "bad-position"),
    bad("seat 4 of four", changed(seat=4), "bad-field"),
    bad("seat -1", changed(seat=-1), "bad-field"),
    bad("seat 2 of two", changed(players=2, seat=2, houses=[]), "bad-field"),
    bad("S2: opening bid 8", changed(opening_bid=8, houses=[]), "bad-field"),
    bad("S2: opening bid 14", changed(opening_bid=14, houses=[]), "bad-field"),
    bad("S2: worked example: a bid of 12 with no 12 in hand",
        position(["9C", "4C", "KS", "2C"], ["5D", "3H", "AS", "10D"], seat=1, bid=12),
        "bad-bid"),
    bad("last_play not a boolean", changed(last_play="yes"), "bad-field"),
    bad("an unknown option", changed(options={"capture": "maximal", "pace": 1}),
        "unknown-option"),
    bad("an unknown capture option", changed(options={"capture": "greedy"}), "bad-option"),
    bad("R3: raise_own yes", changed(options={"raise_own": "yes"}), "bad-option"),
    bad("R3: raise_partner false", changed(options={"raise_partner": False}), "bad-option"),
    bad("R3: raise_others", changed(options={"raise_others": "on"}), "unknown-option"),
    bad("an unknown field", changed(dealer=0), "unknown-field"),
    bad("no hand", {"players": 4, "seat": 0}, "missing-field"),
    bad("not an object", ["KS"], "bad-field"),
]
# fmt: on


@pytest.mark.parametrize(("pos", "code"), BAD)
def test_bad_positions_are_invalid_input(pos: Json, code: str) -> None:
    with pytest.raises(InvalidInput) as error:
        parse_position(pos)
    assert error.value.code == code
    assert said(error.value)


# The engine is given Python's 4.0; the API reads JSON's 4.0 as the integer 4, as openapi.json
# (JSON Schema) counts it (tests/api/test_openapi_agreement.py).
READ_AS_INTEGERS = {"four players written 4.0"}


def test_bad_positions_answer_400_from_the_api(client: FlaskClient) -> None:
    """Every bad position above, through /check and /moves (one app for all: it is slow)."""
    move = {"card": "KS", "action": "throw"}
    for param in BAD:
        pos, code = param.values
        if param.id in READ_AS_INTEGERS:
            continue
        for url, body in [
            ("/api/v1/check", {"game": "seep", "position": pos, "move": move}),
            ("/api/v1/moves", {"game": "seep", "position": pos}),
        ]:
            response = client.post(url, json=body)
            assert response.status_code == 400, (param.id, url, response.get_json())
            answer = response.get_json()
            assert answer["error"] == code, (param.id, answer)
            assert isinstance(answer["message"], str) and answer["message"]


def test_an_owner_without_a_card_of_the_house_is_named_with_h5(client: FlaskClient) -> None:
    """H5: a position in which the mover owns a house and holds no card of its value cannot
    occur (it would list no move at all): refused as bad input, as Casino refuses K9's."""
    pos = changed(houses=[house(11, ["5D", "6D"], [0])])
    with pytest.raises(InvalidInput) as error:
        parse_position(pos)
    assert (error.value.code, error.value.key) == ("bad-position", "house-owner-without-card")
    assert error.value.params == {"value": 11}
    message = "You own the house of 11 but hold no card of 11 (H5)."
    assert said(error.value) == message
    move = {"card": "KS", "action": "throw"}
    for url, body in [
        ("/api/v1/check", {"game": "seep", "position": pos, "move": move}),
        ("/api/v1/moves", {"game": "seep", "position": pos}),
    ]:
        response = client.post(url, json=body)
        assert response.status_code == 400
        assert response.get_json() == {"error": "bad-position", "message": message}


# fmt: off
GOOD = [
    pytest.param(changed(), id="the good position"),
    pytest.param(changed(houses=[house(13, ["3H", "10C", "5S", "4D", "4C", "KH"], [1])]),
                 id="H3 worked example: the K-house {3,10},{5,4,4},{K}"),
    pytest.param(changed(houses=[house(11, ["5D", "6D"], [1]) | {"cemented": False}]),
                 id="H3 worked example: the ordinary 11-house 5+6, said to be ordinary"),
    pytest.param(changed(loose=["5C"], houses=[house(9, ["9S", "9H"], [0])]),
                 id="H3 worked example: a 9-house of two 9s"),
    pytest.param(changed(hand=["KS", "4H", "10C"], houses=[house(10, ["6S", "4S", "10H"],
                                                             [1, 3, 0])]),
                 id="H4: a cemented house may have several owners"),
    pytest.param(changed(hand=["KS", "JC"], houses=[house(11, ["5D", "6D"], [0])]),
                 id="H5: the mover owns the house of 11 and holds a jack"),
    pytest.param(changed(houses=[house(11, ["5D", "6D"], [2])]),
                 id="H5: the partner's house binds the partner, whose hand is unseen"),
    pytest.param(position(["9C", "4C", "KS", "2C"], ["5D", "3H", "AS", "10D"], seat=1, bid=9),
                 id="S2 worked example: a bid of 9 with 9♣ in hand"),
    pytest.param(changed(players=2, seat=1, houses=[house(11, ["5D", "6D"], [0])]),
                 id="two players"),
    pytest.param({"players": 4, "seat": 0, "hand": ["KS"]}, id="only the required fields"),
    pytest.param(changed(hand=["td", "K♠", "q♥"]), id="other spellings of cards"),
]
# fmt: on


@pytest.mark.parametrize("pos", GOOD)
def test_good_positions_are_read(pos: Json) -> None:
    read = parse_position(pos)
    assert parse_position(read.to_json()) == read


def test_king_house_reads_as_cemented_and_eleven_as_ordinary() -> None:
    """H3: cemented follows from the cards: 3+10+5+4+4+13 = 39 = 3 x 13; 5+6 = 11."""
    king = house(13, ["3H", "10C", "5S", "4D", "4C", "KH"], [1])
    read = parse_position(changed(houses=[king, house(11, ["5D", "6D"], [3])]))
    assert [(h.value, h.cemented) for h in read.houses] == [(13, True), (11, False)]
    assert [h["cemented"] for h in read.to_json()["houses"]] == [True, False]


def test_cards_are_written_canonically() -> None:
    read = parse_position(changed(hand=["td", "K♠", "q♥"]))
    assert read.to_json()["hand"] == ["10D", "KS", "QH"]


@pytest.mark.parametrize("seed", range(8))
def test_positions_and_after_positions_round_trip(seed: int) -> None:
    """to_json then parse_position gives the same position, for random positions and for
    the position after each of their legal moves (an 'after' can be fed back)."""
    rng = random.Random(seed)
    for _ in range(40):
        read = parse_position(random_position(rng))
        assert parse_position(read.to_json()) == read
        for move in legal_moves(read):
            after = apply(read, move).position
            assert parse_position(after.to_json()) == after


# fmt: off
BAD_MOVES = [
    pytest.param({"card": "KS", "action": "raise", "house": 11, "loose": ["5C"]},
                 id="R1: a raise takes no loose cards"),
    pytest.param({"card": "KS", "action": "throw", "loose": ["5C"]},
                 id="T1: a throw takes no loose cards"),
    pytest.param({"card": "KS", "action": "capture", "loose": ["5C", "5C"]},
                 id="C1: a loose card twice"),
    pytest.param({"card": "KS", "action": "dance"}, id="an unknown action"),
    pytest.param({"card": "KX", "action": "throw"}, id="an unknown card"),
    pytest.param({"card": "KS", "action": "build", "loose": ["9D"]}, id="a build with no value"),
    pytest.param({"card": "KS", "action": "capture", "house": "yes"}, id="house not a boolean"),
]
# fmt: on


@pytest.mark.parametrize("move", BAD_MOVES)
def test_bad_moves_are_invalid_input(move: Json) -> None:
    with pytest.raises(InvalidInput):
        parse_move(move)


def test_bad_moves_answer_400_from_the_api(client: FlaskClient) -> None:
    for param in BAD_MOVES:
        body = {"game": "seep", "position": changed(), "move": param.values[0]}
        response = client.post("/api/v1/check", json=body)
        assert response.status_code == 400, (param.id, response.get_json())
        assert set(response.get_json()) >= {"error", "message"}


def test_empty_loose_on_a_throw_or_raise_is_fine() -> None:
    assert parse_move({"card": "KS", "action": "throw", "loose": []}) is not None
    assert parse_move({"card": "2S", "action": "raise", "house": 11, "loose": []}) is not None


def test_api_check_and_moves_on_the_bidders_worked_example(client: FlaskClient) -> None:
    """S3 worked example through the API: 4♣+5♦ builds the 9-house; two plays in all."""
    pos = position(["9C", "4C", "KS", "2C"], ["5D", "3H", "AS", "10D"], seat=1, bid=9)
    move = {"card": "4C", "action": "build", "value": 9, "loose": ["5D"]}
    answer = client.post("/api/v1/check", json={"game": "seep", "position": pos, "move": move})
    assert answer.status_code == 200
    body = answer.get_json()
    assert body["legal"] is True
    assert body["after"]["houses"] == [
        {"value": 9, "cards": ["4C", "5D"], "owners": [1], "cemented": False}
    ]
    assert parse_position(body["after"]) is not None  # the answer's after reads back
    listed = client.post("/api/v1/moves", json={"game": "seep", "position": pos}).get_json()
    assert listed["count"] == 2 and listed["truncated"] is False and len(listed["moves"]) == 2
    throw = {"card": "9C", "action": "throw"}
    refused = client.post("/api/v1/check", json={"game": "seep", "position": pos, "move": throw})
    assert refused.get_json()["legal"] is False
    assert refused.get_json()["rule"] == "opening-bid"
