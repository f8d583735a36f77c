"""A round's length on the pages (rules/lengths.py): the new-session form offers every game's
`deals` (an empty box: none) and Fifty-six's and Casino's `games`, labelled in the reader's
words; a session started with them keeps them; once the round is over the deal form says so
and stores nothing."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.data.models import Deal
from tests.helpers.api import count, played
from tests.helpers.casino import SEVEN_FOUR
from tests.helpers.fifty_six import deal as fifty_six_deal
from tests.helpers.pages import FORMS, deal_form, flashes, problems, start, stored
from tests.helpers.seep import deal as seep_deal


def option_group(page: str, name: str) -> str:
    """The form's control of option `name`: its fieldset."""
    found = re.search(rf'<fieldset[^>]*id="{name}-group".*?</fieldset>', page, re.S)
    assert found, f"no control for {name}"
    return found[0]


@pytest.mark.parametrize("game", ["seep", "fifty-six", "casino"])
def test_the_form_offers_the_number_of_deals_empty(client: FlaskClient, game: str) -> None:
    page = client.get(f"/new/{game}").get_data(as_text=True)
    deals = option_group(page, "deals")
    assert "Deals to play" in deals
    assert re.search(r'<input type="number"[^>]*name="deals"[^>]*min="1" max="10000"', deals)
    assert 'value=""' in deals  # none: no number of deals ends the session


def test_the_form_offers_one_game(client: FlaskClient) -> None:
    fifty_six = option_group(client.get("/new/fifty-six").get_data(as_text=True), "games")
    assert "Games to play" in fifty_six and "Open-ended" in fifty_six and ">One<" in fifty_six
    casino = option_group(client.get("/new/casino").get_data(as_text=True), "games")
    assert "A tournament round of one game (K13)" in casino
    seep = client.get("/new/seep").get_data(as_text=True)
    assert 'id="games-group"' not in seep  # Seep's one baazi is its `baazis` (M4)


def test_the_labels_are_in_the_reader_s_language(client: FlaskClient) -> None:
    page = client.get("/new/fifty-six", headers={"Accept-Language": "pt-BR"}).get_data(as_text=True)
    assert "Mãos a jogar" in option_group(page, "deals")
    assert "Partidas a jogar" in option_group(page, "games")


@pytest.mark.parametrize(
    ("game", "fields", "kept"),
    [
        ("seep", {"deals": "6"}, {"deals": 6}),
        ("seep", {"deals": ""}, {"deals": None}),
        ("fifty-six", {"deals": "4", "games": "1"}, {"deals": 4, "games": 1}),
        ("casino", {"games": "1"}, {"deals": None, "games": 1}),
    ],
)
def test_a_session_keeps_the_length_chosen(
    client: FlaskClient, game: str, fields: dict[str, str], kept: dict[str, int | None]
) -> None:
    board = start(client, game, None, **fields)
    options = stored(client, board)["options"]
    assert {name: options[name] for name in kept} == kept


def test_a_number_of_deals_out_of_range_is_refused_on_the_form(client: FlaskClient) -> None:
    response = client.post("/new/seep", data=FORMS["seep"] | {"deals": "0"})
    assert response.status_code == 400
    assert problems(response.get_data(as_text=True)) == ["Deals to play: 1 to 10000."]


def test_once_the_round_is_over_the_deal_form_says_so(client: FlaskClient, app: Flask) -> None:
    board = start(client, "seep", None, deals="1")
    client.post(board + "/deals/new", data=deal_form(("AH",)))  # M3: team A under 9
    client.get(board)  # shows "Deal 1 saved."
    rows = count(app, Deal)
    response = client.get(board + "/deals/new")
    assert response.status_code == 302 and response.headers["Location"] == board
    over = "This round is over: it was 1 deal, and it is played. Nothing was stored."
    assert flashes(client.get(board).get_data(as_text=True)) == [("problem", over)]
    refused = client.post(board + "/deals/new", data=deal_form(("AH",)))
    assert refused.status_code == 400  # refused as a session that is over is: no clash
    assert over in refused.get_data(as_text=True)
    assert count(app, Deal) == rows


def test_a_round_over_scoreboard_offers_no_next_deal_nor_game(client: FlaskClient) -> None:
    # F6, one game: team A makes 56 redoubled and takes every table (F16, F17).
    board = start(client, "fifty-six", None, games="1")
    won = {"seat": "0", "value": "56", "trump": "S", "double": "2", "points": "56"}
    response = client.post(board + "/deals/new", data=won)
    assert response.status_code == 302, problems(response.get_data(as_text=True))
    page = client.get(board).get_data(as_text=True)
    assert "Start game 2" not in page and "Enter deal" not in page
    assert ">Rematch</button>" in page
    # Without `games`, the next game is offered as always (F6).
    board = start(client, "fifty-six", None)
    client.post(board + "/deals/new", data=won)
    assert "Start game 2" in client.get(board).get_data(as_text=True)


def test_a_round_of_deals_played_offers_no_next_deal(client: FlaskClient) -> None:
    board = start(client, "seep", None, deals="1")
    client.post(board + "/deals/new", data=deal_form(("AH",)))  # M3: team A under 9
    page = client.get(board).get_data(as_text=True)
    assert "Enter deal 2" not in page and ">Rematch</button>" in page


@pytest.mark.parametrize("game", ["seep", "fifty-six", "casino"])
def test_a_round_of_deals_played_draws_its_scoreboard(client: FlaskClient, game: str) -> None:
    first = {
        "seep": seep_deal(60),
        "fifty-six": fifty_six_deal(1, 45, value=40),
        "casino": SEVEN_FOUR,
    }[game]
    session = played(client, game, first, deals=1)
    page = client.get(f"/s/{session['id']}")
    assert page.status_code == 200
    assert client.get(f"/s/{session['id']}/tv").status_code == 200
