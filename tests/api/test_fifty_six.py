"""Fifty-six through the JSON API (shared/API.md): sessions, deals and their standing, deal
identity, bad input, and /check and /moves for an auction and a trick.

The rules themselves are tabled once in tests/rules/test_fifty_six_*.py; here each feature is
shown to reach the client, with two or three rows per error family.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.data.models import Deal, GameSession
from scorekeeper.rules.fifty_six import options as fifty_six_options
from tests.helpers.api import (
    FOUR,
    SESSIONS,
    assert_error,
    count,
    post_deal,
    put_deal,
    read,
    standing_after,
    start,
)
from tests.helpers.fifty_six import SIX, deal, fifty_six_session

# The engine's defaults, which the API fills in (tests/rules/test_fifty_six_tables.py pins them to
# rules/fifty-six.md).
DEFAULTS = fifty_six_options.DEFAULTS
SIX_SIDES = [
    {"name": "Lions", "players": ["Asha", "Ravi", "Kiran"]},
    {"name": "Tigers", "players": ["Meena", "Dev", "Lata"]},
]


def passes(*seats: int) -> list[dict[str, Any]]:
    return [{"seat": seat, "call": "pass"} for seat in seats]


BID = {"seat": 1, "call": "bid", "value": 28, "trump": "D"}
# The worked example of rules/fifty-six.md, dealer 0: 28♦ by seat 1, doubled by seat 2 (F9),
# then every other player passes (F10).
WORKED_AUCTION = [BID, {"seat": 2, "call": "double"}, *passes(3, 0, 1)]


# -- starting a session --------------------------------------------------------------------


def test_four_players_make_two_sides_with_the_default_options(client: FlaskClient) -> None:
    session = fifty_six_session(client)
    assert session["game"] == "fifty-six"
    assert session["options"] == DEFAULTS
    # F2: seat k is player k // 2 of team k mod 2, so partners alternate round the table.
    assert session["seats"] == ["Asha", "Meena", "Ravi", "Dev"]
    assert session["standing"] == {
        "deals": [],
        "tables": [12, 12],  # F6
        "out": [],
        "winner": None,
        "finished": False,
        "ended": False,
        "session_winner": None,
        "next_dealer": 0,  # F7: seat 0 deals first
        "game": 1,
        "games": [],
    }
    assert read(client, session)["options"] == DEFAULTS


def test_six_players_in_pairs_make_three_teams(client: FlaskClient) -> None:
    session = fifty_six_session(client, SIX, teams="pairs", tables=5)
    assert session["options"] == {**DEFAULTS, "teams": "pairs", "tables": 5}
    # F2: with pairs, team = seat mod 3 and partners sit opposite (seats 0 and 3).
    assert session["seats"] == ["Asha", "Meena", "Kiran", "Ravi", "Dev", "Lata"]
    assert session["standing"]["tables"] == [5, 5, 5]


def test_six_players_in_two_sides(client: FlaskClient) -> None:
    session = fifty_six_session(client, SIX_SIDES, doubling="additive")
    assert session["options"] == {**DEFAULTS, "doubling": "additive"}
    assert session["seats"] == ["Asha", "Meena", "Ravi", "Dev", "Kiran", "Lata"]
    assert session["standing"]["tables"] == [12, 12]


# -- deals and the standing ----------------------------------------------------------------


def test_the_first_dealer_is_the_session_s_choice(client: FlaskClient) -> None:
    session = fifty_six_session(client, SIX, teams="pairs", first_dealer=4)
    assert session["standing"]["next_dealer"] == 4
    standing = standing_after(client, session, deal(None, 30))
    # F7, F10: seat 4 deals, so seat 5 (team 2) bids first and, everyone passing, makes 28.
    row = standing["deals"][0]
    assert (row["dealer"], row["contract"]["seat"], row["contract"]["team"]) == (4, 5, 2)
    assert standing["next_dealer"] == 5


def test_a_made_contract_takes_tables_from_each_other_team_in_playing_order(
    client: FlaskClient,
) -> None:
    session = fifty_six_session(client, SIX, teams="pairs")
    answer = post_deal(client, session, deal(1, 44, value=40))
    assert answer.status_code == 201, answer.get_json()
    body = answer.get_json()
    assert (body["id"], body["number"], body["version"]) == (1, 1, 1)
    assert body["deal"]["contract"] == {"seat": 1, "value": 40, "trump": "S", "double": 0}
    row = read(client, session)["standing"]["deals"][0]
    # F14, F15: 44 reaches 40, made: 2 tables from each other team, from team 2 then team 0 (F17).
    assert row["made"] is True
    assert row["transfers"] == [[2, 1, 2], [0, 1, 2]]
    assert row["contract"] == {"seat": 1, "team": 1, "value": 40, "trump": "S", "double": 0}
    assert row["dealer"] == 0 and row["game"] == 1
    assert row["tables"] == body["tables"] == [10, 16, 10]
    assert read(client, session)["standing"]["tables"] == [10, 16, 10]


@pytest.mark.parametrize(
    ("doubling", "double", "paid"),
    [
        ("multiply", 1, 6),  # F15 lost 40: 3 tables; F16 doubled: times 2
        ("multiply", 2, 12),  # redoubled: times 4
        ("additive", 2, 5),  # F16 additive: redoubled adds 2
    ],
)
def test_a_doubled_contract_lost_pays_as_the_session_s_doubling_says(
    client: FlaskClient, doubling: str, double: int, paid: int
) -> None:
    session = fifty_six_session(client, doubling=doubling, tables=20)
    standing = standing_after(client, session, deal(1, 39, value=40, trump="D", double=double))
    row = standing["deals"][0]
    assert row["made"] is False
    assert row["contract"]["double"] == double
    assert row["transfers"] == [[1, 0, paid]]
    assert standing["tables"] == [20 + paid, 20 - paid]


def test_everyone_passing_contracts_the_first_bidder_s_team_for_28_no_trumps(
    client: FlaskClient,
) -> None:
    session = fifty_six_session(client)
    standing = standing_after(client, session, deal(None, 30), deal(None, 20))
    first, second = standing["deals"]
    # F10: the seat after the dealer bids first; 30 points make 28, 20 do not.
    assert first["dealer"] == 0
    assert first["contract"] == {"seat": 1, "team": 1, "value": 28, "trump": "NT", "double": 0}
    assert (first["made"], first["transfers"]) == (True, [[0, 1, 1]])
    # F7: the deal passes on, and with it the first bidder.
    assert second["dealer"] == 1 and second["contract"]["seat"] == 2
    assert (second["made"], second["transfers"]) == (False, [[0, 1, 2]])
    assert standing["tables"] == [9, 15] and standing["next_dealer"] == 2


def test_a_team_that_cannot_pay_in_full_is_out_and_cannot_bid(
    client: FlaskClient, app: Flask
) -> None:
    session = fifty_six_session(client, SIX, teams="pairs", tables=3)
    # Team 1 makes 40 (2 from each), then team 2 loses 28 with one table left (F17).
    standing = standing_after(client, session, deal(1, 40, value=40), deal(2, 10, value=28))
    assert standing["deals"][1]["transfers"] == [[2, 0, 1]]
    assert standing["tables"] == [2, 7, 0]
    assert standing["out"] == [2] and standing["winner"] is None
    # F7: dealer 1 dealt last; seat 2 is team 2's, out, so seat 3 deals next.
    assert standing["next_dealer"] == 3
    rows = count(app, Deal)
    # F6: seat 5 plays for team 2, which is out.
    message = assert_error(post_deal(client, session, deal(5, 40, value=30)), 400, "team-out")
    assert "Seat 5" in message and "Bears" in message
    assert count(app, Deal) == rows


def test_a_won_game_takes_only_a_new_game_which_starts_from_the_first_tables(
    client: FlaskClient, app: Flask
) -> None:
    session = fifty_six_session(client, tables=2)
    # Not yet over: a new game cannot start.
    assert_error(post_deal(client, session, deal(1, 30, new_game=True)), 400, "game-not-over")
    standing = standing_after(client, session, deal(1, 44, value=40))
    assert standing["tables"] == [0, 4] and standing["out"] == [0]
    assert standing["winner"] == 1 and standing["finished"] is True
    rows = count(app, Deal)
    message = assert_error(post_deal(client, session, deal(3, 30, value=28)), 400, "game-over")
    assert "Tigers" in message
    assert count(app, Deal) == rows
    answer = post_deal(client, session, deal(None, 30, new_game=True))
    assert answer.status_code == 201, answer.get_json()
    body = answer.get_json()
    assert body["deal"]["new_game"] is True
    # F6: both teams start again with 2 tables. F7, F10: dealer 1, so seat 2 (team 0) bid
    # first; everyone passed and 30 points make 28: one table from team 1.
    row = read(client, session)["standing"]["deals"][1]
    assert (row["game"], row["dealer"], row["contract"]["seat"]) == (2, 1, 2)
    assert row["tables"] == body["tables"] == [3, 1]
    assert (body["game"], body["games"], body["winner"]) == (2, [1], None)


def test_a_recorded_auction_is_kept_and_must_make_the_contract(client: FlaskClient) -> None:
    session = fifty_six_session(client)
    record = deal(1, 30, value=28, trump="D", double=1, dealer=0, auction=WORKED_AUCTION)
    stored = post_deal(client, session, record).get_json()["deal"]
    assert stored["auction"] == WORKED_AUCTION and stored["dealer"] == 0
    undoubled = deal(1, 30, value=28, trump="D", dealer=0, auction=WORKED_AUCTION)
    message = assert_error(post_deal(client, session, undoubled), 400, "bad-auction")
    assert "doubled" in message


# -- deal identity ---------------------------------------------------------------------------


def test_a_correction_with_a_stale_if_match_answers_412_and_changes_nothing(
    client: FlaskClient, fifty_six_played: dict[str, Any]
) -> None:
    url = f"{SESSIONS}/{fifty_six_played['id']}/deals/1"
    etag = client.get(url).headers["ETag"]
    assert etag == '"1.1"'
    corrected = put_deal(client, fifty_six_played, 1, deal(1, 30), **{"If-Match": etag})
    assert corrected.status_code == 200 and corrected.headers["ETag"] == '"1.2"'
    # Lost now (F15: 3 tables to team 0) where it was made (2 from team 0).
    assert corrected.get_json()["deals"][0]["transfers"] == [[1, 0, 3]]
    stale = put_deal(client, fifty_six_played, 1, deal(1, 50), **{"If-Match": etag})
    assert stale.status_code == 412
    body = stale.get_json()
    assert body["error"] == "version-mismatch"
    assert body["deal"]["version"] == 2 and body["deal"]["points"] == 30
    assert read(client, fifty_six_played)["deals"][0]["points"] == 30


def test_the_same_idempotency_key_stores_a_deal_once(
    client: FlaskClient, app: Flask, fifty_six_played: dict[str, Any]
) -> None:
    key = {"Idempotency-Key": "deal-three-0123456789abcdefghijkl"}
    first = post_deal(client, fifty_six_played, deal(3, 56, value=56), **key)
    assert first.status_code == 201 and "Idempotent-Replayed" not in first.headers
    again = post_deal(client, fifty_six_played, deal(3, 56, value=56), **key)
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json() == first.get_json()
    reused = post_deal(client, fifty_six_played, deal(3, 20, value=56), **key)
    assert reused.status_code == 422
    assert reused.get_json()["error"] == "idempotency-key-reused"
    assert [d["id"] for d in read(client, fifty_six_played)["deals"]] == [1, 2, 3]


def test_a_posted_number_that_exists_answers_409_with_that_deal(
    client: FlaskClient, app: Flask, fifty_six_played: dict[str, Any]
) -> None:
    rows = count(app, Deal)
    response = post_deal(client, fifty_six_played, {**deal(3, 40), "number": 2})
    assert response.status_code == 409
    body = response.get_json()
    assert body["error"] == "deal-exists"
    assert body["deal"]["id"] == 2 and body["deal"]["contract"]["seat"] == 2
    assert count(app, Deal) == rows
    assert post_deal(client, fifty_six_played, {**deal(3, 40), "number": 3}).status_code == 201


# -- bad input -------------------------------------------------------------------------------

# Every record error is tabled once in tests/rules/test_fifty_six_tables.py; here a few rows
# of each family show that it reaches the client as a 400 and stores nothing.
BAD_DEALS: list[tuple[str, Any, str]] = [
    ("a bid of 60", deal(1, 44, value=60), "bad-field"),
    ("a bid of 27", deal(1, 44, value=27), "bad-field"),
    ("57 card points", deal(1, 57), "bad-field"),
    ("seat 4 of four", deal(4, 44), "bad-field"),
    ("a double when everyone passed", {**deal(None, 20), "double": 1}, "bad-double"),
    ("no points", {"contract": None}, "missing-field"),
    ("a Seep record", {"captured": [["KS"], ["AS"]]}, "unknown-field"),
]


@pytest.mark.parametrize(
    ("record", "code"), [b[1:] for b in BAD_DEALS], ids=[b[0] for b in BAD_DEALS]
)
@pytest.mark.parametrize("verb", ["POST", "PUT"])
def test_bad_deals_are_refused_and_nothing_is_stored(
    client: FlaskClient,
    app: Flask,
    fifty_six_played: dict[str, Any],
    record: Any,
    code: str,
    verb: str,
) -> None:
    before = read(client, fifty_six_played), count(app, Deal)
    response = (
        post_deal(client, fifty_six_played, record)
        if verb == "POST"
        else put_deal(client, fifty_six_played, 2, record)
    )
    assert_error(response, 400, code)
    assert (read(client, fifty_six_played), count(app, Deal)) == before


BAD_SESSIONS: list[tuple[str, list[dict[str, Any]], dict[str, Any], str]] = [
    ("five players", [{"players": [p]} for p in "ABCDE"], {}, "bad-players"),
    (
        "ten players in pairs",
        [{"players": [p, p + "2"]} for p in "ABCDE"],
        {"teams": "pairs"},
        "bad-players",
    ),
    ("four players alone", [{"players": [p]} for p in "ABCD"], {}, "bad-teams"),
    ("3 v 3 named pairs", SIX_SIDES, {"teams": "pairs"}, "bad-teams"),
    ("three pairs named sides", SIX, {}, "bad-teams"),
    ("no tables", FOUR, {"tables": 0}, "bad-option"),
    ("teams of three", FOUR, {"teams": "trios"}, "bad-option"),
    ("seat 4 of four dealing first", FOUR, {"first_dealer": 4}, "bad-option"),
    ("a Seep option", FOUR, {"target": 100}, "unknown-option"),
]


@pytest.mark.parametrize(
    ("lineup", "options", "code"), [b[1:] for b in BAD_SESSIONS], ids=[b[0] for b in BAD_SESSIONS]
)
def test_bad_sessions_are_refused(
    client: FlaskClient, app: Flask, lineup: Any, options: dict[str, Any], code: str
) -> None:
    assert_error(start(client, "fifty-six", lineup, **options), 400, code)
    assert count(app, GameSession) == 0


# -- /api/v1/check and /api/v1/moves ------------------------------------------------------------

AUCTION = {
    "phase": "auction",
    "players": 4,
    "dealer": 0,
    "teams": "sides",
    "calls": [BID, *passes(2)],
}
TRICK = {"phase": "play", "players": 4, "trump": "S", "hand": ["QH", "JS"], "trick": ["KH", "9H"]}


def check(client: FlaskClient, position: dict[str, Any], move: dict[str, Any]) -> dict[str, Any]:
    response = client.post(
        "/api/v1/check", json={"game": "fifty-six", "position": position, "move": move}
    )
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def test_a_legal_bid_answers_the_auction_after_it(client: FlaskClient) -> None:
    answer = check(client, AUCTION, {"seat": 3, "call": "bid", "value": 30, "trump": "S"})
    assert answer["legal"] is True
    after = answer["after"]
    assert after["calls"][-1] == {"seat": 3, "call": "bid", "value": 30, "trump": "S"}
    assert (after["finished"], after["next_seat"]) == (False, 0)
    assert after["contract"] == {"seat": 3, "team": 1, "value": 30, "trump": "S", "double": 0}


def test_the_last_pass_ends_the_auction_with_its_contract(client: FlaskClient) -> None:
    position = {**AUCTION, "calls": WORKED_AUCTION[:-1]}
    answer = check(client, position, WORKED_AUCTION[-1])
    after = answer["after"]
    assert (after["finished"], after["next_seat"]) == (True, None)
    assert after["contract"] == {"seat": 1, "team": 1, "value": 28, "trump": "D", "double": 1}


@pytest.mark.parametrize(
    ("move", "rule", "rule_id"),
    [
        ({"seat": 3, "call": "double"}, "cannot-double", "F9"),  # seat 3 is the bidder's partner
        ({"seat": 3, "call": "bid", "value": 28, "trump": "S"}, "bid-too-low", "F8"),
        ({"seat": 0, "call": "pass"}, "out-of-turn", "F7"),  # it is seat 3's call
    ],
)
def test_an_illegal_call_names_its_rule(
    client: FlaskClient, move: dict[str, Any], rule: str, rule_id: str
) -> None:
    answer = check(client, AUCTION, move)
    assert (answer["legal"], answer["rule"], answer["rule_id"]) == (False, rule, rule_id)
    assert answer["reason"].endswith(".")


def test_a_card_that_completes_the_trick_answers_its_winner_and_points(
    client: FlaskClient,
) -> None:
    answer = check(client, {**TRICK, "trick": ["KH", "9H", "AH"]}, {"card": "qh"})
    assert answer["legal"] is True and answer["move"] == {"card": "QH"}
    assert answer["after"]["hand"] == ["JS"]
    assert answer["after"]["trick"] == ["KH", "9H", "AH", "QH"]
    # F13: 9♥ (card 1, after the leader's) is the highest heart; F5: 0 + 2 + 1 + 0 points.
    assert (answer["winner"], answer["points"]) == (1, 3)


def test_a_card_that_does_not_complete_the_trick_answers_no_winner(client: FlaskClient) -> None:
    answer = check(client, TRICK, {"card": "QH"})
    assert answer["legal"] is True
    assert "winner" not in answer and "points" not in answer


def test_a_card_off_suit_while_holding_the_suit_led_is_illegal(client: FlaskClient) -> None:
    # The worked example of rules/fifty-six.md: K♥ led, holding Q♥ and J♠ (F12).
    answer = check(client, TRICK, {"card": "JS"})
    assert (answer["legal"], answer["rule"], answer["rule_id"]) == (
        False,
        "must-follow-suit",
        "F12",
    )
    assert "Q♥" in answer["reason"]


def moves(client: FlaskClient, position: dict[str, Any], **extra: Any) -> dict[str, Any]:
    response = client.post(
        "/api/v1/moves", json={"game": "fifty-six", "position": position, **extra}
    )
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def test_the_moves_of_an_auction_are_the_calls_of_the_seat_to_call(client: FlaskClient) -> None:
    # Seat 3 may pass or bid 29 to 56 in any of five trumps; it may not double its partner.
    answer = moves(client, AUCTION, limit=2)
    assert (answer["count"], answer["truncated"]) == (1 + 28 * 5, True)
    assert answer["moves"] == [
        {"seat": 3, "call": "pass"},
        {"seat": 3, "call": "bid", "value": 29, "trump": "S"},
    ]


def test_the_moves_of_a_trick_are_the_cards_that_follow_suit(client: FlaskClient) -> None:
    answer = moves(client, TRICK)
    assert answer == {"moves": [{"card": "QH"}], "count": 1, "truncated": False}


BAD_POSITIONS: list[tuple[str, dict[str, Any], str]] = [
    ("five players", {**TRICK, "players": 5}, "bad-players"),
    ("a seven with four players", {**TRICK, "hand": ["7H", "JS"]}, "not-in-pack"),
    ("a trick of four", {**TRICK, "trick": ["KH", "9H", "AH", "JH"]}, "bad-trick"),
    ("an illegal call in the auction", {**AUCTION, "calls": passes(2)}, "bad-auction"),
]


@pytest.mark.parametrize(
    ("position", "code"), [b[1:] for b in BAD_POSITIONS], ids=[b[0] for b in BAD_POSITIONS]
)
def test_positions_that_cannot_occur_are_bad_input(
    client: FlaskClient, position: dict[str, Any], code: str
) -> None:
    move = {"card": "QH"} if position["phase"] == "play" else {"seat": 3, "call": "pass"}
    body = {"game": "fifty-six", "position": position}
    assert_error(client.post("/api/v1/check", json={**body, "move": move}), 400, code)
    assert_error(client.post("/api/v1/moves", json=body), 400, code)
