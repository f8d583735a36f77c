"""Fifty-six's pages over HTTP: the new-session form for every table shape, deal entry and its
bad input, a game won and the next one, the scoreboard's tables. The engine's rules are
tested in tests/rules; here each error family has a row or two."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.helpers.fifty_six_forms import deal
from tests.helpers.pages import next_dealer, problems, shown, start, stored

SIX = {"a1": "Asha", "b1": "Meena", "c1": "Kofi", "a2": "Ravi", "b2": "Dev", "c2": "Lena"}


def deal_record(client: FlaskClient, board: str) -> dict[str, Any]:
    """The first deal's record as stored, without its identity."""
    first = stored(client, board)["deals"][0]
    return {k: v for k, v in first.items() if k not in ("id", "number", "version", "changed")}


def tables(page: str) -> list[int]:
    return [
        int(n) for n in re.findall(r'data-testid="tables-\d"><span class="big-number">(\d+)', page)
    ]


# -- a new session ----------------------------------------------------------------------------


def test_the_form_offers_the_players_teams_and_options_of_the_rules(client: FlaskClient) -> None:
    page = client.get("/new/fifty-six").get_data(as_text=True)
    for box in ("a4", "b4", "c2", "d2", "team_d"):  # 4 v 4 and four pairs need these boxes
        assert f'name="{box}"' in page
    for value in ("4", "6", "8", "sides", "pairs", "multiply", "additive"):
        assert f'value="{value}"' in page
    assert 'name="tables"' in page and 'value="12"' in page
    assert page.count('name="first_dealer"') == 8


def test_six_players_in_pairs_make_three_teams_seated_in_turn(client: FlaskClient) -> None:
    form = {"players": "6", "teams": "pairs", "tables": "5", "first_dealer": "2"}
    board = client.post("/new/fifty-six", data=SIX | form).headers["Location"]
    session = stored(client, board)
    players = [t["players"] for t in session["teams"]]
    assert players == [["Asha", "Ravi"], ["Meena", "Dev"], ["Kofi", "Lena"]]
    assert session["seats"] == ["Asha", "Meena", "Kofi", "Ravi", "Dev", "Lena"]
    assert session["options"] == {
        "teams": "pairs",
        "doubling": "multiply",
        "tables": 5,
        "first_dealer": 2,
        "games": None,  # game after game, no number of deals (rules/lengths.py)
        "deals": None,
    }
    page = client.get(board).get_data(as_text=True)
    assert tables(page) == [5, 5, 5]
    # F7: the first dealer chosen
    assert next_dealer(page) == "Kofi"


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"c2": ""}, "Name team C's second player, or choose four players."),
        ({"b1": ""}, "Name team B's first player."),
        ({"tables": "0"}, "Tables each team starts with: 1 to 99."),
        ({"teams": "trios"}, "Not a valid choice."),
        ({"first_dealer": "9"}, "Not a valid choice."),
    ],
)
def test_bad_session_forms_are_refused_and_kept(
    client: FlaskClient, fields: dict[str, str], message: str
) -> None:
    response = client.post("/new/fifty-six", data=SIX | {"players": "6", "teams": "pairs"} | fields)
    page = response.get_data(as_text=True)
    assert response.status_code == 400
    assert problems(page) == [message]
    assert 'value="Ravi"' in page  # what was typed is still there
    assert "No sessions yet" in client.get("/").get_data(as_text=True)


def test_boxes_beyond_the_table_are_not_players(client: FlaskClient) -> None:
    board = start(
        client, "fifty-six", a3="Zoe", c1="Kofi"
    )  # 4 players in sides: no third box, no team C
    teams = stored(client, board)["teams"]
    assert [t["players"] for t in teams] == [["Asha", "Ravi"], ["Meena", "Dev"]]


# -- deals ------------------------------------------------------------------------------------


def test_a_doubled_contract_lost_moves_its_tables(client: FlaskClient) -> None:
    board = start(client, "fifty-six")
    response = client.post(
        board + "/deals/new", data=deal(1, value="40", trump="D", double="1", points="39")
    )
    assert response.status_code == 302
    assert tables(client.get(board).get_data(as_text=True)) == [18, 6]  # F15 3, F16 ×2
    assert deal_record(client, board) == {
        "contract": {"seat": 1, "value": 40, "trump": "D", "double": 1},
        "points": 39,
        "dealer": 0,
    }


def test_everyone_passed_is_one_choice(client: FlaskClient) -> None:
    board = start(client, "fifty-six")
    client.post(
        board + "/deals/new", data=deal(1, outcome="passed", seat="", trump="", points="20")
    )
    assert deal_record(client, board) == {"contract": None, "points": 20, "dealer": 0}
    # F10: 28 NT for seat 1's team (after dealer 0), lost: 2 tables to team A.
    assert tables(client.get(board).get_data(as_text=True)) == [14, 10]


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"value": "60"}, "bid must be a whole number from 28 to 56."),
        ({"value": "27"}, "bid must be a whole number from 28 to 56."),
        ({"points": "57"}, "Card points go from 0 to 56 (F5)."),
        ({"points": ""}, "Enter the contracting team's card points (0 to 56)."),
        ({"seat": "4"}, "contract seat must be a whole number from 0 to 3."),
        ({"seat": ""}, "Tap the player who won the contract."),
        ({"trump": ""}, "Tap the trump: ♠ ♥ ♦ ♣ or NT."),
        ({"trump": "X"}, "trump must be one of S, H, D, C or NT."),
        ({"auction": "[{"}, "The recorded auction is damaged: clear it and record it again."),
    ],
)
def test_bad_deals_are_refused_kept_and_not_stored(
    client: FlaskClient, fields: dict[str, str], message: str
) -> None:
    board = start(client, "fifty-six")
    response = client.post(board + "/deals/new", data=deal(1, **fields))
    page = response.get_data(as_text=True)
    assert response.status_code == 400
    assert problems(page) == [message]
    assert stored(client, board)["deals"] == []


def test_a_game_won_is_followed_by_a_new_game_in_the_same_session(client: FlaskClient) -> None:
    board = start(client, "fifty-six", tables="1")
    client.post(board + "/deals/new", data=deal(1))  # Meena's 28♠ made: team B takes A's table
    page = client.get(board).get_data(as_text=True)
    assert "Game 1 won by Meena & Dev" in shown(page)
    assert "Start game 2" in page
    # A form drawn before the win, sent after it, is refused: the game is over (F6).
    refused = client.post(board + "/deals/new", data=deal(2, next_id=2))
    assert response_problem(refused) == [
        "Game 1 is over: Meena & Dev holds every table (F6). Start a new game to play on."
    ]
    form = client.get(board + "/deals/new").get_data(as_text=True)
    assert 'name="new_game" type="hidden" value="1"' in form
    client.post(board + "/deals/new", data=deal(2, new_game="1", seat="0"))
    page = client.get(board).get_data(as_text=True)
    assert tables(page) == [2, 0] and "Game 2 won by Asha & Ravi" in shown(page)
    assert "Games won: 1" in page


def response_problem(response: Any) -> list[str]:
    assert response.status_code == 400
    return problems(response.get_data(as_text=True))


def test_a_team_that_is_out_cannot_win_the_bid(client: FlaskClient) -> None:
    board = client.post(
        "/new/fifty-six", data=SIX | {"players": "6", "teams": "pairs", "tables": "1"}
    ).headers["Location"]
    client.post(board + "/deals/new", data=deal(1, points="0"))  # Meena's team loses its table
    refused = client.post(board + "/deals/new", data=deal(2, next_id=2, seat="4"))  # Dev
    assert response_problem(refused) == [
        "Dev plays for Meena & Dev, which is out of tables, so cannot win the bid (F6): "
        "choose a player of a team still in."
    ]
    # The form offers only the players of the teams still in (F6).
    form = client.get(board + "/deals/new").get_data(as_text=True)
    assert 'name="seat" value="4"' not in form and 'name="seat" value="1"' not in form
    assert 'name="seat" value="0"' in form


def test_editing_a_deal_keeps_its_new_game_and_auction(client: FlaskClient) -> None:
    board = start(client, "fifty-six")
    bid = {"seat": 1, "call": "bid", "value": 28, "trump": "S"}
    calls = json.dumps([bid] + [{"seat": s, "call": "pass"} for s in (2, 3, 0)])
    assert client.post(board + "/deals/new", data=deal(1, auction=calls)).status_code == 302
    form = client.get(board + "/deals/1/edit").get_data(as_text=True)
    assert "&#34;call&#34;: &#34;bid&#34;" in form or "&quot;call&quot;: &quot;bid&quot;" in form
    edited = client.post(
        board + "/deals/1/edit", data=deal(1, auction=calls, points="40", version="1")
    )
    assert edited.status_code == 302
    record = deal_record(client, board)
    assert record["points"] == 40 and len(record["auction"]) == 4
    # An auction that does not give the contract is refused.
    wrong = client.post(
        board + "/deals/1/edit", data=deal(1, auction=calls, value="30", version="2")
    )
    assert response_problem(wrong) == [
        "The recorded auction gives 28♠ by Meena, not the contract entered: "
        "change the one that is wrong."
    ]


def test_a_second_phone_s_deal_is_not_overwritten(client: FlaskClient) -> None:
    board = start(client, "fifty-six")
    client.post(board + "/deals/new", data=deal(1))
    clash = client.post(board + "/deals/new", data=deal(1, seat="0"))
    page = clash.get_data(as_text=True)
    assert clash.status_code == 409
    assert "28♠ by Meena · 30 points" in page  # theirs, in a line
    assert len(stored(client, board)["deals"]) == 1


def test_a_recorded_auction_not_over_names_the_player_to_call(client: FlaskClient) -> None:
    """F10: Meena bid 28♠ and nobody called after her: Ravi (seat 2) is to call."""
    board = start(client, "fifty-six")
    calls = json.dumps([{"seat": 1, "call": "bid", "value": 28, "trump": "S"}])
    refused = client.post(board + "/deals/new", data=deal(1, auction=calls))
    (problem,) = response_problem(refused)
    assert problem == "The recorded auction is not over: it is Ravi's call (F10)."
