"""Casino through the JSON API (shared/API.md): sessions, deals and the race to 21, deal
identity, bad input, and /check and /moves for captures, builds and an owner's trail.

The rules themselves are tabled once in tests/rules/test_casino_*.py; here each feature is
shown to reach the client, with two or three rows per error family.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.data.models import Deal, GameSession
from scorekeeper.rules.casino import options as casino_options
from tests.helpers.api import (
    FOUR,
    SESSIONS,
    alone,
    assert_error,
    bearer,
    count,
    post_deal,
    put_deal,
    read,
    standing_after,
    start,
)
from tests.helpers.casino import (
    FOUR_ALONE,
    FOUR_SEVEN,
    SEVEN_FOUR,
    THREE,
    THREE_EIGHT,
    TWO,
    casino_session,
    deal,
)

# The engine's defaults, which the API fills in (tests/rules/test_casino_score.py pins them to
# rules/casino.md).
DEFAULTS = casino_options.DEFAULTS


# -- starting a session --------------------------------------------------------------------


def test_two_players_alone_with_the_default_options(client: FlaskClient) -> None:
    session = casino_session(client)
    assert session["game"] == "casino"
    assert session["options"] == DEFAULTS
    assert session["seats"] == ["Asha", "Ravi"]
    assert session["standing"] == {
        "deals": [],
        "scores": [0, 0],
        "winner": None,
        "finished": False,
        "ended": False,
        "session_winner": None,
        "won": None,
        "tied": False,
        "next_dealer": 1,  # K1: seats start after the dealer, so the last seat deals first
        "target": 21,  # K13
    }
    assert read(client, session)["options"] == DEFAULTS


@pytest.mark.parametrize(
    ("lineup", "options", "seats", "sides"),
    [
        (THREE, {"variant": "royal", "sweeps": "on"}, ["Asha", "Ravi", "Meena"], 3),
        (TWO, {"variant": "royal", "aces": "capturing"}, ["Asha", "Ravi"], 2),
        (FOUR_ALONE, {"count_out": "on"}, ["A", "B", "C", "D"], 4),
        # K1: two partnerships, partners opposite: seat k is player k // 2 of side k mod 2.
        (FOUR, {"partnerships": "on"}, ["Asha", "Meena", "Ravi", "Dev"], 2),
    ],
    ids=["three players", "royal aces capturing", "four players alone", "two partnerships"],
)
def test_every_table_shape_echoes_its_options_with_the_defaults_filled(
    client: FlaskClient, lineup: Any, options: dict[str, Any], seats: list[str], sides: int
) -> None:
    session = casino_session(client, lineup, **options)
    assert session["options"] == DEFAULTS | options
    assert session["seats"] == seats
    assert session["standing"]["scores"] == [0] * sides
    assert session["standing"]["next_dealer"] == len(seats) - 1
    assert read(client, session)["options"] == DEFAULTS | options


# -- deals and the standing ----------------------------------------------------------------


def test_a_deal_scores_the_eleven_points_of_k11(client: FlaskClient) -> None:
    session = casino_session(client)
    answer = post_deal(client, session, SEVEN_FOUR)
    assert answer.status_code == 201, answer.get_json()
    body = answer.get_json()
    assert (body["id"], body["number"], body["version"]) == (1, 1, 1)
    assert body["deal"] == {"id": 1, "number": 1, "version": 1, "changed": 2, **SEVEN_FOUR}
    row = read(client, session)["standing"]["deals"][0]
    assert row["points"] == [7, 4] and sum(row["points"]) == 11
    assert row["most"] == {"cards": 0, "spades": 0}
    assert row["scores"] == body["scores"] == [7, 4]
    # K1: seat 1 dealt first; the deal passes on to seat 0.
    assert (row["dealer"], body["next_dealer"]) == (1, 0)
    assert read(client, session)["standing"]["scores"] == [7, 4]


def test_a_tie_for_most_cards_or_spades_scores_nothing(client: FlaskClient) -> None:
    session = casino_session(client, THREE)
    # K11: 20 cards each for sides 0 and 1, 5 spades each: neither 3 nor 1 is scored.
    tied = deal([20, 20, 12], [5, 5, 3], [0, 1, 2, 2], 2, 0)
    row = standing_after(client, session, tied)["deals"][0]
    assert row["most"] == {"cards": None, "spades": None}
    # Aces 1 each, big casino 2 (side 2), little casino 1 (side 0): 7 of the 11.
    assert row["points"] == [2, 1, 4]


def test_sweeps_score_one_each_with_the_option(client: FlaskClient) -> None:
    session = casino_session(client, sweeps="on")
    answer = post_deal(client, session, {**SEVEN_FOUR, "sweeps": [2, 1]}).get_json()
    # K12: 7 + 2 and 4 + 1.
    assert read(client, session)["standing"]["deals"][0]["points"] == [9, 5]
    assert answer["deal"]["sweeps"] == [2, 1]
    # Left out, sweeps are none, and written as such while the option is on.
    assert post_deal(client, session, SEVEN_FOUR).get_json()["deal"]["sweeps"] == [0, 0]


def test_the_first_side_past_21_wins_and_no_deal_follows(client: FlaskClient, app: Flask) -> None:
    session = casino_session(client)
    standing = standing_after(client, session, SEVEN_FOUR, SEVEN_FOUR)
    assert (standing["scores"], standing["winner"]) == ([14, 8], None)
    standing = standing_after(client, session, SEVEN_FOUR)
    # K13: 21 reached in deal 3, by side 0 alone.
    assert standing["scores"] == [21, 12]
    assert (standing["winner"], standing["finished"]) == (0, True)
    assert standing["won"] == {"deal": 3, "by": "first", "at": None}
    rows = count(app, Deal)
    message = assert_error(post_deal(client, session, FOUR_SEVEN), 400, "game-over")
    assert "Asha" in message
    assert count(app, Deal) == rows


def test_several_past_21_in_one_deal_the_higher_wins(client: FlaskClient) -> None:
    session = casino_session(client)
    standing = standing_after(client, session, SEVEN_FOUR, FOUR_SEVEN, SEVEN_FOUR)
    assert standing["scores"] == [18, 15]
    standing = standing_after(client, session, THREE_EIGHT)
    assert standing["scores"] == [21, 23]
    assert standing["winner"] == 1
    assert standing["won"] == {"deal": 4, "by": "higher", "at": None}


def test_equal_totals_past_21_play_on(client: FlaskClient) -> None:
    session = casino_session(client)
    standing = standing_after(client, session, SEVEN_FOUR, FOUR_SEVEN, SEVEN_FOUR, FOUR_SEVEN)
    # K13: 22 each: nobody wins; another deal is played.
    assert standing["scores"] == [22, 22]
    assert (standing["winner"], standing["finished"], standing["tied"]) == (None, False, True)
    standing = standing_after(client, session, SEVEN_FOUR)
    assert (standing["winner"], standing["tied"]) == (0, False)
    assert standing["won"] == {"deal": 5, "by": "higher", "at": None}


def test_counting_out_decides_in_the_order_of_k13(client: FlaskClient) -> None:
    session = casino_session(client, count_out="on")
    standing = standing_after(client, session, SEVEN_FOUR, FOUR_SEVEN, SEVEN_FOUR, FOUR_SEVEN)
    # From 18-15, the fourth deal counted out: cards 18-18, spades 18-19, big casino 20-19,
    # little casino 20-20, A♠ 20-21: side 1 wins there, though the totals end 22-22.
    assert standing["scores"] == [22, 22]
    assert standing["winner"] == 1
    assert standing["won"] == {"deal": 4, "by": "count_out", "at": "AS"}


# -- deal identity ---------------------------------------------------------------------------


def test_a_correction_with_a_stale_if_match_answers_412_and_changes_nothing(
    client: FlaskClient, casino_played: dict[str, Any]
) -> None:
    url = f"{SESSIONS}/{casino_played['id']}/deals/1"
    etag = client.get(url).headers["ETag"]
    assert etag == '"1.1"'
    corrected = put_deal(client, casino_played, 1, THREE_EIGHT, **{"If-Match": etag})
    assert corrected.status_code == 200 and corrected.headers["ETag"] == '"1.2"'
    assert corrected.get_json()["scores"] == [7, 15]
    stale = put_deal(client, casino_played, 1, SEVEN_FOUR, **{"If-Match": etag})
    assert stale.status_code == 412
    body = stale.get_json()
    assert body["error"] == "version-mismatch"
    assert body["deal"]["version"] == 2 and body["deal"]["cards"] == [20, 32]
    assert read(client, casino_played)["standing"]["scores"] == [7, 15]


def test_the_same_idempotency_key_stores_a_deal_once(
    client: FlaskClient, casino_played: dict[str, Any]
) -> None:
    key = {"Idempotency-Key": "deal-three-0123456789abcdefghijkl"}
    first = post_deal(client, casino_played, THREE_EIGHT, **key)
    assert first.status_code == 201 and "Idempotent-Replayed" not in first.headers
    again = post_deal(client, casino_played, THREE_EIGHT, **key)
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json() == first.get_json()
    reused = post_deal(client, casino_played, SEVEN_FOUR, **key)
    assert reused.status_code == 422
    assert reused.get_json()["error"] == "idempotency-key-reused"
    assert [d["id"] for d in read(client, casino_played)["deals"]] == [1, 2, 3]


def test_a_posted_number_that_exists_answers_409_with_that_deal(
    client: FlaskClient, app: Flask, casino_played: dict[str, Any]
) -> None:
    rows = count(app, Deal)
    response = post_deal(client, casino_played, {**THREE_EIGHT, "number": 2})
    assert response.status_code == 409
    body = response.get_json()
    assert body["error"] == "deal-exists"
    assert body["deal"]["id"] == 2 and body["deal"]["cards"] == [22, 30]
    assert count(app, Deal) == rows
    assert post_deal(client, casino_played, {**THREE_EIGHT, "number": 3}).status_code == 201


# -- bad input -------------------------------------------------------------------------------

# Every record error is tabled once in tests/rules/; here a few rows of each family show that
# it reaches the client as a 400 and stores nothing.
BAD_DEALS: list[tuple[str, Any, str]] = [
    ("53 cards", {**SEVEN_FOUR, "cards": [31, 22]}, "bad-cards"),
    ("51 cards", {**SEVEN_FOUR, "cards": [29, 22]}, "bad-cards"),
    ("14 spades", {**SEVEN_FOUR, "spades": [8, 6]}, "bad-spades"),
    ("more spades than cards", deal([5, 47], [6, 7], [0, 1, 0, 1], 1, 0), "bad-spades"),
    ("an ace given twice", {**SEVEN_FOUR, "aces": [0, 1, 0, 1, 0]}, "bad-aces"),
    ("three aces", {**SEVEN_FOUR, "aces": [0, 1, 0]}, "bad-aces"),
    ("big casino to side 2 of two", {**SEVEN_FOUR, "big_casino": 2}, "bad-side"),
    ("an ace to side -1", {**SEVEN_FOUR, "aces": [0, -1, 0, 1]}, "bad-side"),
    ("sweeps when off", {**SEVEN_FOUR, "sweeps": [1, 0]}, "sweeps-off"),
    ("three sides' cards", {**SEVEN_FOUR, "cards": [30, 20, 2]}, "bad-field"),
    (
        "no little casino",
        {k: v for k, v in SEVEN_FOUR.items() if k != "little_casino"},
        "missing-field",
    ),
    ("a Seep record", {"captured": [["KS"], ["AS"]]}, "unknown-field"),
]


@pytest.mark.parametrize(
    ("record", "code"), [b[1:] for b in BAD_DEALS], ids=[b[0] for b in BAD_DEALS]
)
@pytest.mark.parametrize("verb", ["POST", "PUT"])
def test_bad_deals_are_refused_and_nothing_is_stored(
    client: FlaskClient,
    app: Flask,
    casino_played: dict[str, Any],
    record: Any,
    code: str,
    verb: str,
) -> None:
    before = read(client, casino_played), count(app, Deal)
    response = (
        post_deal(client, casino_played, record)
        if verb == "POST"
        else put_deal(client, casino_played, 2, record)
    )
    assert_error(response, 400, code)
    assert (read(client, casino_played), count(app, Deal)) == before


def test_too_few_sweeps_cards_are_refused_with_the_option_on(client: FlaskClient) -> None:
    session = casino_session(client, sweeps="on")
    # K12: each sweep takes two cards at least; side 1 took 22.
    message = assert_error(post_deal(client, session, {**SEVEN_FOUR, "sweeps": [0, 12]}), 400)
    assert "12 sweeps" in message
    assert read(client, session)["deals"] == []


BAD_SESSIONS: list[tuple[str, list[dict[str, Any]], dict[str, Any], str]] = [
    ("five players", alone(*"ABCDE"), {}, "bad-players"),
    ("one player", alone("A"), {}, "bad-teams"),
    ("three partnerships", [{"players": [p, p + "2"]} for p in "ABC"], {}, "bad-players"),
    ("two partnerships without the option", FOUR, {}, "bad-teams"),
    ("a variant of its own", TWO, {"variant": "draw"}, "bad-option"),
    ("a Seep option", TWO, {"target": 100}, "unknown-option"),
]


@pytest.mark.parametrize(
    ("lineup", "options", "code"), [b[1:] for b in BAD_SESSIONS], ids=[b[0] for b in BAD_SESSIONS]
)
def test_bad_sessions_are_refused(
    client: FlaskClient, app: Flask, lineup: Any, options: dict[str, Any], code: str
) -> None:
    assert_error(start(client, "casino", lineup, **options), 400, code)
    assert count(app, GameSession) == 0


# -- /api/v1/check and /api/v1/moves ------------------------------------------------------------

# The position of API.md: 8♠ and 6♥ in hand; the opponent's build of 7 (4♣ 3♦) on the table.
TABLE = {
    "players": 2,
    "seat": 0,
    "variant": "classic",
    "hand": ["8S", "6H"],
    "loose": ["AC", "2D", "3H", "5S", "6C", "8D"],
    "builds": [{"value": 7, "cards": ["4C", "3D"], "owner": 1}],
}
# The worked example of K9: seat 0 made a 6-build and holds another 6.
OWNER = {
    "players": 2,
    "seat": 0,
    "hand": ["6H", "9C"],
    "loose": ["KD"],
    "builds": [{"value": 6, "cards": ["4C", "2D"], "owner": 0}],
}


def check(client: FlaskClient, position: dict[str, Any], move: dict[str, Any]) -> dict[str, Any]:
    body = {"game": "casino", "position": position, "move": move}
    response = client.post("/api/v1/check", json=body)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def test_a_capture_answers_its_cards_and_the_table_after_it(client: FlaskClient) -> None:
    move = {"card": "8s", "action": "capture", "loose": ["8D", "6C", "2D"]}
    answer = check(client, TABLE, move)
    assert answer["legal"] is True
    assert answer["move"] == {
        "card": "8S",
        "action": "capture",
        "loose": ["2D", "6C", "8D"],
        "builds": [],
    }
    # K4: 8♦ and 6♣ + 2♦ are two groups of 8, taken with the 8♠; no sweep, cards remain.
    assert sorted(answer["captured"]) == sorted(["8S", "8D", "6C", "2D"])
    assert answer["sweep"] is False
    after = answer["after"]
    assert after["hand"] == ["6H"] and after["loose"] == ["AC", "3H", "5S"]
    assert after["builds"] == [{"value": 7, "cards": ["4C", "3D"], "owner": 1, "multiple": False}]


@pytest.mark.parametrize(("last_play", "sweep"), [(False, True), (True, False)])
def test_taking_every_table_card_is_a_sweep_but_on_the_last_play(
    client: FlaskClient, last_play: bool, sweep: bool
) -> None:
    position = {
        "players": 2,
        "seat": 0,
        "hand": ["7H"],
        "loose": ["5C", "2D"],
        "builds": [{"value": 7, "cards": ["4C", "3D"], "owner": 1}],
        "last_play": last_play,
    }
    move = {"card": "7H", "action": "capture", "loose": ["5C", "2D"], "builds": [7]}
    answer = check(client, position, move)
    # K12: every card of the table taken; never a sweep on the deal's last play (K10).
    assert (answer["legal"], answer["sweep"]) == (True, sweep)
    assert answer["after"]["loose"] == [] and answer["after"]["builds"] == []


def test_a_multiple_build_is_owned_by_its_maker(client: FlaskClient) -> None:
    position = {"players": 3, "seat": 2, "hand": ["3S", "8H"], "loose": ["5D", "6C", "2H"]}
    # K5: 3♠ on 5♦ makes 8, and 6♣ + 2♥ join it as a second set; the 8♥ is held.
    move = {"card": "3S", "action": "build", "value": 8, "loose": ["5D", "6C", "2H"]}
    answer = check(client, position, move)
    assert answer["legal"] is True and "captured" not in answer
    (build,) = answer["after"]["builds"]
    assert (build["value"], build["owner"], build["multiple"]) == (8, 2, True)
    assert sorted(build["cards"]) == sorted(["3S", "5D", "6C", "2H"])
    assert answer["after"]["loose"] == [] and answer["after"]["hand"] == ["8H"]


@pytest.mark.parametrize(
    ("position", "move", "rule", "rule_id"),
    [
        (OWNER, {"card": "9C", "action": "trail"}, "owner-cannot-trail", "K9"),
        # K4's worked example: A 2 3 5 6 8 cannot all be split into groups of 8.
        (
            {
                "players": 2,
                "seat": 0,
                "hand": ["8C"],
                "loose": ["AS", "2S", "3S", "5S", "6S", "8S"],
            },
            {"card": "8C", "action": "capture", "loose": ["AS", "2S", "3S", "5S", "6S", "8S"]},
            "bad-sum",
            "K4",
        ),
        # K7: 6♥ + A♣ added to the build of 7 would leave the mover owning it with no 7.
        (TABLE, {"card": "6H", "action": "build", "value": 7, "loose": ["AC"]}, "must-hold", "K7"),
        # K3: a classic king only pairs.
        (
            {**OWNER, "hand": ["6H", "KC"]},
            {"card": "KC", "action": "build", "value": 6, "loose": []},
            "face-card",
            "K3",
        ),
        (
            {**TABLE, "builds": [{"value": 7, "cards": ["4C", "3D", "5C", "2C"], "owner": 1}]},
            {"card": "AC", "action": "raise", "build": 7},
            "not-in-hand",
            None,
        ),
    ],
    ids=["an owner's trail", "K4 all six", "no card of the build", "a king built", "not held"],
)
def test_an_illegal_move_names_its_rule(
    client: FlaskClient,
    position: dict[str, Any],
    move: dict[str, Any],
    rule: str,
    rule_id: str | None,
) -> None:
    answer = check(client, position, move)
    assert (answer["legal"], answer["rule"], answer["rule_id"]) == (False, rule, rule_id)
    assert answer["reason"].endswith(".")


def test_the_owner_s_trail_is_legal_for_anyone_else(client: FlaskClient) -> None:
    # K8: with the build another player's, the same trail is allowed.
    other = {**OWNER, "builds": [{"value": 6, "cards": ["4C", "2D"], "owner": 1}]}
    answer = check(client, other, {"card": "9C", "action": "trail"})
    assert answer["legal"] is True and answer["after"]["loose"] == ["KD", "9C"]


def test_a_multiple_build_cannot_be_raised(client: FlaskClient) -> None:
    position = {
        **TABLE,
        "hand": ["AH", "8S"],
        "builds": [{"value": 7, "cards": ["4C", "3D", "5C", "2C"], "owner": 1}],
    }
    answer = check(client, position, {"card": "AH", "action": "raise", "build": 7})
    assert (answer["rule"], answer["rule_id"]) == ("raise-multiple-build", "K6")


def moves(client: FlaskClient, position: dict[str, Any], **extra: Any) -> dict[str, Any]:
    response = client.post("/api/v1/moves", json={"game": "casino", "position": position, **extra})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def test_the_moves_are_counted_by_card_and_each_is_legal(client: FlaskClient) -> None:
    answer = moves(client, TABLE)
    assert answer["count"] == len(answer["moves"]) == 20 and answer["truncated"] is False
    assert [(c["card"], c["count"]) for c in answer["by_card"]] == [("8S", 10), ("6H", 10)]
    assert answer["by_card"][1]["actions"] == {"build": 4, "capture": 5, "trail": 1}
    for move in answer["moves"]:
        assert check(client, TABLE, move)["legal"] is True, move
    page = moves(client, TABLE, limit=3)
    assert (len(page["moves"]), page["count"], page["truncated"]) == (3, 20, True)


def test_an_owner_s_moves_have_no_trail(client: FlaskClient) -> None:
    answer = moves(client, OWNER)
    actions = {move["action"] for move in answer["moves"]}
    assert "trail" not in actions
    # K9: the 6♥ may still take the owner's build.
    assert {"card": "6H", "action": "capture", "loose": [], "builds": [6]} in answer["moves"]


BAD_POSITIONS: list[tuple[str, dict[str, Any], str]] = [
    ("five players", {**TABLE, "players": 5}, "bad-position"),
    ("five cards in hand", {**TABLE, "hand": ["8S", "6H", "9C", "10C", "JC"]}, "bad-position"),
    ("a card twice", {**TABLE, "hand": ["8S", "8D"]}, "duplicate-card"),
    ("an owner without its value", {**OWNER, "hand": ["9C"]}, "bad-position"),
    ("two builds of 7", {**TABLE, "builds": TABLE["builds"] * 2}, "bad-position"),
]


@pytest.mark.parametrize(
    ("position", "code"), [b[1:] for b in BAD_POSITIONS], ids=[b[0] for b in BAD_POSITIONS]
)
def test_positions_that_cannot_occur_are_bad_input(
    client: FlaskClient, position: dict[str, Any], code: str
) -> None:
    body = {"game": "casino", "position": position}
    move = {"card": position["hand"][0], "action": "trail"}
    assert_error(client.post("/api/v1/check", json={**body, "move": move}), 400, code)
    assert_error(client.post("/api/v1/moves", json=body), 400, code)


def test_an_ace_as_14_outside_royal_is_bad_input(client: FlaskClient) -> None:
    position = {"players": 2, "seat": 0, "hand": ["AH"], "loose": ["AC"]}
    move = {"card": "AH", "action": "capture", "loose": ["AC"], "ace": 14}
    response = client.post(
        "/api/v1/check", json={"game": "casino", "position": position, "move": move}
    )
    assert "Royal" in assert_error(response, 400, "bad-field")
    royal = check(
        client,
        {**position, "variant": "royal", "loose": ["KC", "AC"]},
        {"card": "AH", "action": "capture", "loose": ["KC", "AC"], "ace": 14},
    )
    # K3: an ace played as 14 takes K (13) + A (1) as one group of 14.
    assert royal["legal"] is True and royal["move"]["ace"] == 14


# -- K3: Royal's option aces --------------------------------------------------------------------


def test_a_royal_session_with_aces_one_refuses_an_ace_played_live_as_14(
    client: FlaskClient,
) -> None:
    """K3, through /live/plays: the session's option decides; the 14 is refused, the 1 taken."""
    session = casino_session(client, variant="royal", aces="one")
    url, auth = f"{SESSIONS}/{session['id']}/live", bearer(session["edit_token"])
    started = client.post(url, json={"dealer": 1, "table": ["AD", "KC", "5S", "9H"]}, headers=auth)
    assert started.status_code == 201, started.get_json()
    high = {"number": 1, "seat": 0, "card": "AH", "action": "capture", "loose": ["AD", "KC"]}
    refused = client.post(f"{url}/plays", json=high | {"ace": 14}, headers=auth)
    body = refused.get_json()
    assert refused.status_code == 400 and (body["error"], body["rule_id"]) == (
        "ace-counts-one",
        "K3",
    )
    assert "always count 1" in body["message"]
    assert client.get(url).get_json()["plays"] == []
    low = {"number": 1, "seat": 0, "card": "AH", "action": "capture", "loose": ["AD"]}
    assert client.post(f"{url}/plays", json=low, headers=auth).status_code == 201


@pytest.mark.parametrize(("aces", "legal"), [("choice", True), ("capturing", True), ("one", False)])
def test_check_takes_the_aces_option_in_the_position(
    client: FlaskClient, aces: str, legal: bool
) -> None:
    """K3: pagat's example, the capturing ace as 14 and the captured ace as 1."""
    position = {"players": 2, "seat": 0, "hand": ["AH"], "loose": ["AD", "KC"]}
    position["options"] = {"variant": "royal", "aces": aces}
    move = {"card": "AH", "action": "capture", "loose": ["AD", "KC"], "ace": 14}
    answer = check(client, position, move)
    assert answer["legal"] is legal
    if not legal:
        assert (answer["rule"], answer["rule_id"]) == ("ace-counts-one", "K3")
    listed = moves(client, position)["moves"]
    assert (move | {"builds": []} in listed) is legal


def test_a_variant_said_two_ways_that_disagree_is_bad_input(client: FlaskClient) -> None:
    position = {**TABLE, "options": {"variant": "royal"}}
    body = {"game": "casino", "position": position, "move": {"card": "8S", "action": "trail"}}
    message = assert_error(client.post("/api/v1/check", json=body), 400, "bad-field")
    assert "classic" in message and "royal" in message
