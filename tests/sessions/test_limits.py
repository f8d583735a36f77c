"""The limits of rules/limits.py on the pages: a full session's deal form, names as long as the
API takes them (no longer, no shorter)."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.data.models import Deal
from scorekeeper.rules.limits import MAX_CLUB_NAME, MAX_NAME, MAX_TEAM_NAME, MOST_DEALS
from tests.helpers.api import count
from tests.helpers.deal_rows import fill
from tests.helpers.pages import FORMS, deal_form, flash_texts, problems, session_of, start, stored

MOST_SAID = f"{MOST_DEALS:,}"


def full_board(app: Flask, client: FlaskClient) -> str:
    """A Seep session started through the form, holding MOST_DEALS deals; its scoreboard."""
    board = start(client)
    assert client.post(board + "/deals/new", data=deal_form(("KS",))).status_code == 302
    fill(app, {"id": session_of(board)}, MOST_DEALS - 1)
    return board


def test_a_full_session_s_deal_form_refuses_naming_the_limit(
    app: Flask, client: FlaskClient
) -> None:
    board = full_board(app, client)
    answer = client.post(board + "/deals/new", data=deal_form(("QS",)))
    assert answer.status_code == 400  # refused as a form is; 409 would be a clash to resolve
    said = problems(answer.get_data(as_text=True))
    assert any(MOST_SAID in line and "Nothing was stored" in line for line in said), said
    assert "save it as deal" not in answer.get_data(as_text=True)  # no clash: nothing to retry
    assert count(app, Deal) == MOST_DEALS


def test_a_full_session_s_deal_form_is_not_opened(app: Flask, client: FlaskClient) -> None:
    board = full_board(app, client)
    answer = client.get(board + "/deals/new")
    assert answer.status_code == 302 and answer.headers["Location"].endswith(board)
    assert any(MOST_SAID in text for text in flash_texts(client.get(board).get_data(as_text=True)))


# -- names ---------------------------------------------------------------------------------


def spaced(name: str) -> str:
    """The name as a phone may send it: spaces around it and doubled inside."""
    return "  " + name.replace(" ", "   ") + "  "


LONGEST = "Anand " + "x" * (MAX_NAME - 6)
LONGEST_TEAM = "The " + "y" * (MAX_TEAM_NAME - 4)


def test_the_longest_names_with_spaces_around_are_taken_as_the_api_takes_them(
    client: FlaskClient,
) -> None:
    # The API folds runs of spaces before it counts: so does the form.
    names = FORMS["seep"] | {"a1": spaced(LONGEST), "team_a": spaced(LONGEST_TEAM)}
    board = start(client, "seep", names)
    teams = stored(client, board)["teams"]
    assert teams[0]["players"][0] == LONGEST and teams[0]["name"] == LONGEST_TEAM


@pytest.mark.parametrize(("box", "longest"), [("a1", MAX_NAME), ("team_a", MAX_TEAM_NAME)])
def test_a_name_one_past_the_limit_is_refused_naming_it(
    client: FlaskClient, box: str, longest: int
) -> None:
    answer = client.post("/new/seep", data=FORMS["seep"] | {box: "z" * (longest + 1)})
    assert answer.status_code == 400
    said = problems(answer.get_data(as_text=True))
    assert any(f"at most {longest} characters" in line for line in said), said


def test_the_pages_name_boxes_say_the_limits(client: FlaskClient) -> None:
    form = client.get("/new/seep").get_data(as_text=True)
    assert f'maxlength="{MAX_NAME}" class="player-name"' in form
    assert f'maxlength="{MAX_TEAM_NAME}" placeholder' in form
    board = start(client)
    club = stored(client, board)["club"]
    keeper = client.get(f"/c/{club}").get_data(as_text=True)
    assert re.search(rf'id="club-name"[^>]*maxlength="{MAX_CLUB_NAME}"', keeper)
    assert re.search(rf'maxlength="{MAX_NAME}"[^>]*data-testid="player-name"', keeper)
