"""The move checker's API as shared/API.md writes it: POST /api/v1/check and /api/v1/moves."""

from __future__ import annotations

from itertools import chain, combinations
from typing import Any

import pytest
from flask.testing import FlaskClient

from scorekeeper.words.languages import LANGUAGES
from tests.helpers.said import said

CHECK, MOVES = "/api/v1/check", "/api/v1/moves"
FIELDS = {"players", "seat", "hand", "loose", "houses", "opening_bid", "last_play", "options"}
RULE_CODES = {
    "not-in-hand",
    "not-on-floor",
    "bad-sum",
    "house-value",
    "must-hold",
    "capture-not-maximal",
    "raise-own-house",
    "raise-cemented-house",
    "throw-can-capture",
    "throw-matches-house",
    "opening-bid",
    "nothing-captured",
}
SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def position(**changes: Any) -> dict[str, Any]:
    """The example position of shared/API.md, with some fields changed."""
    return {
        "players": 4,
        "seat": 1,
        "hand": ["KS", "4H", "9C"],
        "loose": ["9D", "5C"],
        "houses": [{"value": 13, "cards": ["10C", "3H"], "owners": [3]}],
        "opening_bid": None,
        "last_play": False,
        "options": {"capture": "maximal", "throw": "strict"},
    } | changes


def pretty(card: str) -> str:
    return card[:-1] + SUITS[card[-1]]


def check(client: FlaskClient, pos: dict[str, Any], move: dict[str, Any]) -> dict[str, Any]:
    response = client.post(CHECK, json={"game": "seep", "position": pos, "move": move})
    assert response.status_code == 200, response.get_json()
    answer: dict[str, Any] = response.get_json()
    return answer


def moves(client: FlaskClient, pos: dict[str, Any], **extra: Any) -> dict[str, Any]:
    response = client.post(MOVES, json={"game": "seep", "position": pos, **extra})
    assert response.status_code == 200, response.get_json()
    answer: dict[str, Any] = response.get_json()
    return answer


# -- /check: legal moves ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "move",
    [
        {"card": "KS", "action": "capture", "loose": [], "house": True},
        {"card": "4H", "action": "build", "value": 13, "loose": ["9D"]},
        {"card": "4H", "action": "build", "value": 9, "loose": ["5C"]},
        {"card": "9C", "action": "capture", "loose": ["9D"], "house": False},
        {"card": "4H", "action": "throw"},
    ],
)
def test_a_legal_move_answers_the_position_after_in_the_same_shape(
    client: FlaskClient, move: dict[str, Any]
) -> None:
    before = position()
    answer = check(client, before, move)
    assert answer["legal"] is True
    after = answer["after"]
    assert set(after) == FIELDS
    assert after["players"] == 4 and after["seat"] == 1
    hand = list(before["hand"])
    hand.remove(move["card"])
    assert after["hand"] == hand  # the played card is gone, the rest in order
    for house in after["houses"]:
        assert {"value", "cards", "owners"} <= set(house)
    # Every card is still somewhere (or captured), once.
    floor = after["loose"] + [c for h in after["houses"] for c in h["cards"]]
    everything = after["hand"] + floor + answer.get("captured", [])
    assert sorted(everything) == sorted(["KS", "4H", "9C", "9D", "5C", "10C", "3H"])
    # The answer can be asked about again: "after" is a position in the API's notation.
    assert moves(client, after)["count"] >= 0


def test_build_makes_a_house_owned_by_the_mover(client: FlaskClient) -> None:
    answer = check(
        client, position(), {"card": "4H", "action": "build", "value": 9, "loose": ["5C"]}
    )
    house = next(h for h in answer["after"]["houses"] if h["value"] == 9)
    # B2, H2: 4♥ + 5♣ make 9; the loose 9♦ is absorbed; seat 1 owns it.
    assert sorted(house["cards"]) == ["4H", "5C", "9D"]
    assert house["owners"] == [1]
    assert answer["after"]["loose"] == []


def test_input_may_use_t_lower_case_and_suit_symbols_output_is_canonical(
    client: FlaskClient,
) -> None:
    pos = position(hand=["k♠", "4h", "9C", "T♦"], loose=["9d", "5♣"])
    answer = check(client, pos, {"card": "t♦", "action": "throw"})
    assert answer["legal"] is True  # T1: nothing on the floor makes 10
    assert answer["after"]["loose"] == ["9D", "5C", "10D"]
    answer = check(client, pos, {"card": "ks", "action": "capture", "loose": [], "house": True})
    assert answer["legal"] is True
    assert answer["after"]["hand"] == ["4H", "9C", "10D"]
    assert answer["after"]["loose"] == ["9D", "5C"]
    assert answer["captured"][0] == "KS"


# -- /check: captures -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "move", "captured", "sweep", "points"),
    [
        # C1: the king takes the house of 13; loose cards stay: no sweep.
        ({}, {"card": "KS", "action": "capture", "house": True}, ["KS", "10C", "3H"], False, 0),
        # C4: the floor is cleared: a sweep, 50.
        (
            {"hand": ["9C", "2H"], "loose": ["4D", "5S"], "houses": []},
            {"card": "9C", "action": "capture", "loose": ["4D", "5S"]},
            ["9C", "4D", "5S"],
            True,
            50,
        ),
        # C4: on the opening play, 25.
        (
            {
                "hand": ["9C", "KS", "2C", "4C"],
                "loose": ["4D", "5S"],
                "houses": [],
                "opening_bid": 9,
            },
            {"card": "9C", "action": "capture", "loose": ["4D", "5S"]},
            ["9C", "4D", "5S"],
            True,
            25,
        ),
        # C4: on the last play, 0.
        (
            {"hand": ["9C"], "loose": ["4D", "5S"], "houses": [], "last_play": True},
            {"card": "9C", "action": "capture", "loose": ["4D", "5S"]},
            ["9C", "4D", "5S"],
            True,
            0,
        ),
        # Worked example: a 10 onto 2,3,5,8,7 may take {2,8}+{3,7}: 5 is left, no sweep.
        (
            {"hand": ["10S"], "loose": ["2H", "3H", "5H", "8H", "7H"], "houses": []},
            {"card": "10S", "action": "capture", "loose": ["2H", "8H", "3H", "7H"]},
            ["10S", "2H", "3H", "7H", "8H"],
            False,
            0,
        ),
    ],
)
def test_a_capture_answers_what_it_took_and_the_sweep(
    client: FlaskClient,
    changes: dict[str, Any],
    move: dict[str, Any],
    captured: list[str],
    sweep: bool,
    points: int,
) -> None:
    answer = check(client, position(**changes), move)
    assert answer["legal"] is True, answer
    assert sorted(answer["captured"]) == sorted(captured)
    assert answer["captured"][0] == move["card"]  # the played card is among them
    assert answer["sweep"] is sweep
    assert answer["sweep_points"] == points


# -- /check: illegal moves: every rule code, with a reason naming the cards -------------------

OWN_11 = [{"value": 11, "cards": ["5D", "6D"], "owners": [1]}]
CEMENTED_9 = [{"value": 9, "cards": ["9H", "4S", "5S"], "owners": [0]}]
ILLEGAL = [
    # (position changes, move, rule code, rule id, words the reason must contain)
    ({}, {"card": "5C", "action": "throw"}, "not-in-hand", None, ["5♣"]),
    (
        {},
        {"card": "KS", "action": "capture", "loose": ["8D"], "house": True},
        "not-on-floor",
        "C1",
        ["8♦"],
    ),
    ({}, {"card": "9C", "action": "capture", "loose": ["5C"]}, "bad-sum", "C1", ["5♣", "9"]),
    (
        {},
        {"card": "4H", "action": "build", "value": 13, "loose": ["5C"]},
        "bad-sum",
        "B1",
        ["4♥", "5♣"],
    ),
    ({}, {"card": "4H", "action": "raise", "house": 13}, "house-value", "R1", ["4♥", "17"]),
    (
        {},
        {"card": "4H", "action": "build", "value": 8, "loose": ["5C"]},
        "house-value",
        "H1",
        ["8"],
    ),
    (
        {"hand": ["4H", "2C"], "loose": ["5C"], "houses": []},
        {"card": "4H", "action": "build", "value": 9, "loose": ["5C"]},
        "must-hold",
        "H5",
        ["9"],
    ),
    (
        {"hand": ["10S"], "loose": ["2H", "3H", "5H", "8H", "7H"], "houses": []},
        {"card": "10S", "action": "capture", "loose": ["2H", "8H"]},
        "capture-not-maximal",
        "C2",
        ["3♥", "7♥"],
    ),
    (
        {},
        {"card": "9C", "action": "capture", "loose": [], "house": False},
        "nothing-captured",
        "C1",
        ["9♣"],
    ),
    (
        {"loose": ["9D", "4C"]},
        {"card": "KS", "action": "capture", "loose": ["9D", "4C"]},
        "capture-not-maximal",
        "C2",
        ["K♠", "13"],
    ),
    (
        {"hand": ["2C", "JS"], "houses": OWN_11},
        {"card": "2C", "action": "raise", "house": 11},
        "raise-own-house",
        "R1",
        ["11"],
    ),
    (
        {"hand": ["2C", "JS"], "loose": ["5C"], "houses": CEMENTED_9},
        {"card": "2C", "action": "raise", "house": 9},
        "raise-cemented-house",
        "H3",
        ["9"],
    ),
    ({}, {"card": "9C", "action": "throw"}, "throw-can-capture", "T3", ["9♣"]),
    (
        {"options": {"capture": "maximal", "throw": "matching"}},
        {"card": "9C", "action": "throw"},
        "throw-can-capture",
        "T3",
        ["9♣", "9♦"],
    ),
    ({}, {"card": "KS", "action": "throw"}, "throw-matches-house", "T2", ["K♠", "13"]),
    (
        {"opening_bid": 9, "houses": []},
        {"card": "KS", "action": "throw"},
        "opening-bid",
        "S3",
        ["K♠", "9"],
    ),
]


@pytest.mark.parametrize(("changes", "move", "code", "rule_id", "words"), ILLEGAL)
def test_an_illegal_move_names_its_rule_and_the_cards(
    client: FlaskClient,
    changes: dict[str, Any],
    move: dict[str, Any],
    code: str,
    rule_id: str | None,
    words: list[str],
) -> None:
    answer = check(client, position(**changes), move)
    assert answer["legal"] is False
    assert answer["rule"] == code
    assert "after" not in answer
    if rule_id:
        assert answer["rule_id"] == rule_id
    for word in words:
        assert word in answer["reason"], answer["reason"]


def test_every_rule_code_of_the_contract_is_exercised() -> None:
    assert {row[2] for row in ILLEGAL} == RULE_CODES


def test_free_capture_allows_what_maximal_refuses(client: FlaskClient) -> None:
    pos = position(hand=["10S"], loose=["2H", "3H", "5H", "8H", "7H"], houses=[])
    move = {"card": "10S", "action": "capture", "loose": ["2H", "8H"]}
    assert check(client, pos, move)["rule"] == "capture-not-maximal"
    free = pos | {"options": {"capture": "free", "throw": "strict"}}
    assert check(client, free, move)["legal"] is True


def test_r3_options_of_a_position_decide_raises_in_check_and_moves(client: FlaskClient) -> None:
    """R3: seat 1 may raise its own 11-house only with raise_own: on, its partner's (seat 3)
    only while raise_partner is on; /check cites R3 when an option refuses, /moves agrees."""
    partners = [{"value": 9, "cards": ["4D", "5D"], "owners": [3]}]
    own = {"card": "2C", "action": "raise", "house": 11}
    partner = {"card": "2C", "action": "raise", "house": 9}
    pos = position(hand=["2C", "JS", "KC"], loose=[], houses=OWN_11)
    on = {"capture": "maximal", "throw": "strict", "raise_own": "on"}
    assert check(client, pos, own)["rule_id"] == "R1"
    assert check(client, pos | {"options": on}, own)["legal"] is True
    assert own in moves(client, pos | {"options": on})["moves"]
    assert own not in moves(client, pos)["moves"]
    pos = position(hand=["2C", "JS"], loose=[], houses=partners)
    off = {"raise_partner": "off"}
    assert check(client, pos, partner)["legal"] is True
    refused = check(client, pos | {"options": off}, partner)
    assert (refused["rule"], refused["rule_id"]) == ("raise-own-house", "R3")
    assert "partner" in refused["reason"]
    assert partner not in moves(client, pos | {"options": off})["moves"]


# -- /moves: exact counts, every listed move legal ----------------------------------------------

POSITIONS = {
    "api-example": position(),
    # Worked example: a jack onto 2,3,5,6; and a 10 onto 2,3,5,8,7.
    "jack": position(hand=["JS", "10C", "2D"], loose=["2H", "3H", "5H", "6H"], houses=[]),
    "ten": position(hand=["10S", "AD"], loose=["2H", "3H", "5H", "8H", "7H"], houses=[]),
    # Worked example: the bidder's opening play (bid 9).
    "opening": position(
        seat=0,
        hand=["9C", "4C", "KS", "2C"],
        loose=["5D", "3H", "AS", "10D"],
        houses=[],
        opening_bid=9,
    ),
    # Houses of every kind: an opponent's ordinary one, a partner's, one's own cemented one.
    "houses": position(
        seat=0,
        hand=["2C", "9S", "QD", "AH"],
        loose=["AC", "8D", "3S"],
        houses=[
            {"value": 10, "cards": ["4H", "6H"], "owners": [1]},
            {"value": 11, "cards": ["5D", "6D"], "owners": [2]},
            {"value": 12, "cards": ["QH", "7C", "5S"], "owners": [0, 3]},
        ],
    ),
    "two-players-free-matching": position(
        players=2,
        seat=0,
        hand=["5H", "7D", "JC"],
        loose=["5S", "2D", "4C", "AS"],
        houses=[{"value": 11, "cards": ["9H", "2S"], "owners": [1]}],
        options={"capture": "free", "throw": "matching"},
    ),
    "last-play": position(hand=["9C"], loose=["4D", "5S", "9D"], houses=[], last_play=True),
}


def subsets(cards: list[str]) -> list[list[str]]:
    return [
        list(c) for c in chain.from_iterable(combinations(cards, n) for n in range(len(cards) + 1))
    ]


def candidates(pos: dict[str, Any]) -> list[dict[str, Any]]:
    """Every move a player could name in this position, legal or not."""
    found: list[dict[str, Any]] = []
    houses = [h["value"] for h in pos["houses"]]
    for card in pos["hand"]:
        for loose in subsets(pos["loose"]):
            found += [
                {"card": card, "action": "capture", "loose": loose, "house": house}
                for house in (False, True)
            ]
            found += [
                {"card": card, "action": "build", "value": v, "loose": loose} for v in range(9, 14)
            ]
        found += [{"card": card, "action": "raise", "house": v} for v in houses]
        found.append({"card": card, "action": "throw"})
    return found


def key(move: dict[str, Any]) -> tuple[Any, ...]:
    """A move without the parts that do not matter to it: API.md counts a build that names
    the loose cards of its value, which H2 absorbs anyway, and one that does not as one move."""
    action = move["action"]
    loose = tuple(sorted(move.get("loose", []))) if action in ("capture", "build") else ()
    if action == "build":
        loose = tuple(c for c in loose if value_of(c) != move.get("value"))
    extra = {
        "capture": move.get("house", False),
        "build": move.get("value"),
        "raise": move.get("house"),
    }.get(action)
    return (move["card"], action, loose, extra)


def value_of(card: str) -> int:
    """A card's capture value: A=1 ... K=13 (rules/seep.md "Cards")."""
    return {"A": 1, "J": 11, "Q": 12, "K": 13}.get(card[:-1]) or int(card[:-1])


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_moves_lists_exactly_the_moves_check_accepts(client: FlaskClient, name: str) -> None:
    pos = POSITIONS[name]
    legal = {key(m) for m in candidates(pos) if check(client, pos, m)["legal"]}
    answer = moves(client, pos, limit=10_000)
    assert answer["truncated"] is False
    assert answer["count"] == len(legal) == len(answer["moves"])
    assert {key(m) for m in answer["moves"]} == legal
    # by_card adds up to the count, card by card and action by action.
    assert sum(entry["count"] for entry in answer["by_card"]) == answer["count"]
    for entry in answer["by_card"]:
        assert entry["count"] == sum(entry["actions"].values())
        for action, n in entry["actions"].items():
            assert n == sum(1 for k in legal if k[0] == entry["card"] and k[1] == action)


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_every_listed_move_is_legal_under_check(client: FlaskClient, name: str) -> None:
    pos = POSITIONS[name]
    for move in moves(client, pos)["moves"]:
        answer = check(client, pos, move)
        assert answer["legal"] is True, (move, answer)


def test_a_small_limit_truncates_but_the_count_stays_exact(client: FlaskClient) -> None:
    pos = POSITIONS["jack"]
    full = moves(client, pos, limit=10_000)
    assert full["count"] > 3
    page = moves(client, pos, limit=3)
    assert page["truncated"] is True
    assert page["count"] == full["count"]
    assert page["moves"] == full["moves"][:3]
    none = moves(client, pos, limit=0)
    assert none["moves"] == [] and none["truncated"] is True and none["count"] == full["count"]
    exact = moves(client, pos, limit=full["count"])
    assert exact["truncated"] is False and len(exact["moves"]) == full["count"]


def test_without_a_limit_a_page_of_moves_comes_back(client: FlaskClient) -> None:
    answer = moves(client, position())
    assert answer == moves(client, position(), limit=10_000)  # few moves: all of them
    assert answer["truncated"] is False


def test_an_empty_hand_has_no_moves(client: FlaskClient) -> None:
    answer = moves(client, position(hand=[]))
    assert answer["count"] == 0 and answer["moves"] == [] and answer["truncated"] is False


# -- 400s ------------------------------------------------------------------------------------

GOOD_MOVE = {"card": "KS", "action": "capture", "house": True}


def bad_house(**changes: Any) -> dict[str, Any]:
    return position(houses=[{"value": 13, "cards": ["10C", "3H"], "owners": [3]} | changes])


BAD_BODIES = [
    # (endpoint, body, error code)
    (CHECK, {"position": position(), "move": GOOD_MOVE}, "missing-field"),
    (CHECK, {"game": "seep", "move": GOOD_MOVE}, "missing-field"),
    (CHECK, {"game": "seep", "position": position()}, "missing-field"),
    (MOVES, {"position": position()}, "missing-field"),
    (MOVES, {"game": "seep"}, "missing-field"),
    (CHECK, {"game": "chess", "position": position(), "move": GOOD_MOVE}, "unknown-game"),
    (MOVES, {"game": 7, "position": position()}, "unknown-game"),
    (CHECK, {"game": "seep", "position": position(hand=["ZZ"]), "move": GOOD_MOVE}, "unknown-card"),
    (
        CHECK,
        {"game": "seep", "position": position(), "move": GOOD_MOVE | {"card": "1S"}},
        "unknown-card",
    ),
    (MOVES, {"game": "seep", "position": position(loose=["9D", 5])}, "unknown-card"),
    (
        CHECK,
        {"game": "seep", "position": position(loose=["9D", "KS"]), "move": GOOD_MOVE},
        "duplicate-card",
    ),
    (MOVES, {"game": "seep", "position": position(hand=["KS", "ks"])}, "duplicate-card"),
    (
        CHECK,
        {
            "game": "seep",
            "position": position(),
            "move": {"card": "9C", "action": "capture", "loose": ["9D", "9d"]},
        },
        "duplicate-card",
    ),
    (MOVES, {"game": "seep", "position": bad_house(cards=["10C", "2H"])}, "bad-position"),
    (MOVES, {"game": "seep", "position": bad_house(cards=["KH"])}, "bad-position"),
    (MOVES, {"game": "seep", "position": bad_house(owners=[])}, "bad-position"),
    (MOVES, {"game": "seep", "position": bad_house(owners=[4])}, "bad-field"),
    (MOVES, {"game": "seep", "position": bad_house(value=8)}, "bad-field"),
    (MOVES, {"game": "seep", "position": position(loose=["KD", "5C"])}, "bad-position"),
    (
        MOVES,
        {
            "game": "seep",
            "position": position(
                houses=[
                    {"value": 13, "cards": ["10C", "3H"], "owners": [3]},
                    {"value": 13, "cards": ["QH", "AH"], "owners": [0]},
                ]
            ),
        },
        "bad-position",
    ),
    (MOVES, {"game": "seep", "position": position(players=3)}, "bad-position"),
    (MOVES, {"game": "seep", "position": position(seat=4)}, "bad-field"),
    (MOVES, {"game": "seep", "position": position(opening_bid=8)}, "bad-field"),
    (MOVES, {"game": "seep", "position": position(options={"capture": "some"})}, None),
    (MOVES, {"game": "seep", "position": position(hand="KS")}, "bad-field"),
    (MOVES, {"game": "seep", "position": position(colour="red")}, "unknown-field"),
    (MOVES, {"game": "seep", "position": ["KS"]}, "bad-field"),
    (
        CHECK,
        {"game": "seep", "position": position(), "move": {"card": "KS", "action": "bluff"}},
        "bad-field",
    ),
    (
        CHECK,
        {"game": "seep", "position": position(), "move": {"card": "KS", "action": "raise"}},
        "missing-field",
    ),
    (CHECK, {"game": "seep", "position": position(), "move": "KS"}, "bad-field"),
    (MOVES, {"game": "seep", "position": position(), "limit": -1}, "bad-field"),
    (MOVES, {"game": "seep", "position": position(), "limit": 10_001}, "bad-field"),
    (MOVES, {"game": "seep", "position": position(), "limit": "10"}, "bad-field"),
    (MOVES, {"game": "seep", "position": position(), "limit": 2.5}, "bad-field"),
    (MOVES, {"game": "seep", "position": position(), "limit": True}, "bad-field"),
    (MOVES, {"game": "seep", "position": position(), "limit": None}, "bad-field"),
]


@pytest.mark.parametrize(("url", "body", "code"), BAD_BODIES)
def test_bad_input_answers_400_with_a_code_and_a_sentence(
    client: FlaskClient, url: str, body: Any, code: str | None
) -> None:
    response = client.post(url, json=body)
    assert response.status_code == 400, response.get_json()
    answer = response.get_json()
    assert set(answer) == {"error", "message"}
    if code:
        assert answer["error"] == code
    assert isinstance(answer["message"], str) and answer["message"].endswith(".")


@pytest.mark.parametrize("url", [CHECK, MOVES])
@pytest.mark.parametrize(
    ("data", "content_type"),
    [
        ("{not json", "application/json"),
        ("[1, 2]", "application/json"),
        ('"seep"', "application/json"),
        ('{"game": "seep"}', "text/plain"),
        ("", "application/json"),
        ("[" * 100_000 + "]" * 100_000, "application/json"),
    ],
)
def test_a_body_that_is_not_a_json_object_answers_400(
    client: FlaskClient, url: str, data: str, content_type: str
) -> None:
    response = client.post(url, data=data, content_type=content_type)
    assert response.status_code == 400
    assert response.get_json()["error"] == "bad-json"


def test_missing_fields_are_named(client: FlaskClient) -> None:
    answer = client.post(CHECK, json={"game": "seep", "position": position()}).get_json()
    assert "'move'" in answer["message"]
    answer = client.post(MOVES, json={"game": "seep"}).get_json()
    assert "'position'" in answer["message"]


def test_the_card_given_twice_is_named(client: FlaskClient) -> None:
    response = client.post(MOVES, json={"game": "seep", "position": position(loose=["KS"])})
    assert response.status_code == 400
    assert pretty("KS") in response.get_json()["message"]


@pytest.mark.parametrize("url", [CHECK, MOVES])
def test_only_post_is_allowed(client: FlaskClient, url: str) -> None:
    response = client.get(url)
    assert response.status_code == 405
    assert response.get_json()["error"] == "method-not-allowed"


def test_a_floor_too_crowded_to_search_is_refused_not_stalled(client: FlaskClient) -> None:
    # 24 loose cards of every value: millions of choices; a real deal never gets there.
    loose = [f"{rank}{suit}" for suit in "SH" for rank in ("A", *range(2, 11), "J", "Q")]
    position = {"players": 4, "seat": 0, "hand": ["KS", "KH"], "loose": loose}
    response = client.post("/api/v1/moves", json={"game": "seep", "position": position})
    assert response.status_code == 400
    assert response.get_json()["error"] == "too-crowded"
    check = {"card": "KS", "action": "capture", "loose": ["QS", "AS"]}
    answer = client.post(
        "/api/v1/check", json={"game": "seep", "position": position, "move": check}
    )
    assert answer.status_code == 200  # checking one move needs no search


def test_a_hand_of_thirteen_is_refused(client: FlaskClient) -> None:
    hand = [f"{rank}C" for rank in ("A", *range(2, 11), "J", "Q", "K")]
    position = {"players": 4, "seat": 0, "hand": hand, "loose": []}
    response = client.post("/api/v1/moves", json={"game": "seep", "position": position})
    assert response.status_code == 400
    assert "at most 12" in response.get_json()["message"]  # S4


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_the_reason_comes_in_the_language_asked_for_and_the_codes_do_not(
    client: FlaskClient, code: str
) -> None:
    """API.md: Accept-Language chooses the language of `reason` (the project's own catalogs);
    `rule` and `rule_id` never change with it."""
    move = {"card": "9C", "action": "throw"}
    body = {"game": "seep", "position": position(), "move": move}
    answer = client.post(CHECK, json=body, headers={"Accept-Language": code}).get_json()
    assert (answer["legal"], answer["rule"], answer["rule_id"]) == (
        False,
        "throw-can-capture",
        "T3",
    )
    reason = said(code, "%(card)s can capture, so it cannot be thrown.", card="9♣")
    assert answer["reason"] == reason
    assert (reason == "9♣ can capture, so it cannot be thrown.") == (code == "en")
