"""The TV view (/s/<id>/tv) over HTTP: each game's standing in large type, the chart and the
last deals, no forms for anyone, the same weak ETag and 304 as the scoreboard, the usual 404."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.helpers.api import SESSIONS, add_deals, played
from tests.helpers.casino import FOUR_SEVEN, SEVEN_FOUR
from tests.helpers.fifty_six import deal as fifty_six_deal
from tests.helpers.pages import FORMS, deal_form, flash_texts, start_in_club, unhashed
from tests.helpers.seep import deal

Game = tuple[list[dict[str, Any]], str, str]

# Each game: its deals, the headline each side's box shows (the scoreboard's test id) and the
# standing's field that holds those numbers. Sessions are of the game's usual table.
GAMES: dict[str, Game] = {
    "seep": ([deal(100), deal(70), deal(30)], "baazis", "baazis"),
    "fifty-six": ([fifty_six_deal(1, 44), fifty_six_deal(2, 20)], "tables", "tables"),
    "casino": ([SEVEN_FOUR, FOUR_SEVEN, SEVEN_FOUR], "score", "scores"),
}


def headline(page: str, testid: str, sides: int) -> list[int]:
    """The big number in each side's box, as the page shows it."""
    found = [
        re.search(rf'data-testid="{testid}-{i}">.*?class="big-number">(\d+)<', page, re.S)
        for i in range(sides)
    ]
    assert all(found), f"no {testid} headline"
    return [int(f.group(1)) for f in found if f]


@pytest.mark.parametrize("game", GAMES)
def test_the_tv_shows_each_sides_name_and_headline(client: FlaskClient, game: str) -> None:
    session = played(client, game, *GAMES[game][0])
    read = client.get(f"{SESSIONS}/{session['id']}").get_json()
    standing, teams = read["standing"], read["teams"]
    response = client.get(f"/s/{session['id']}/tv")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    records, testid, field = GAMES[game]
    assert headline(page, testid, len(teams)) == standing[field]
    assert len(set(standing[field])) > 1  # the deals moved the sides apart: the order shows
    for team in teams:
        assert team["name"] in page
    plain = unhashed(page)
    assert 'data-live="tv"' in page and "/static/js/follow.js" in plain
    assert "/static/tv.css" in plain
    assert 'class="chart' in page
    assert f"{len(records)} deals" in page


def test_the_tv_shows_the_winner(client: FlaskClient) -> None:
    session = played(client, "casino", *GAMES["casino"][0])  # 7 + 4 + 7 = 18 …
    add_deals(client, session, SEVEN_FOUR)  # … and 7 more: 25, past 21
    page = client.get(f"/s/{session['id']}/tv").get_data(as_text=True)
    assert re.search(r'class="banner winner[^"]*"[^>]*>.*?Won by Asha', page, re.S)


def test_the_tv_has_no_forms_nor_edit_links_even_for_the_keeper(client: FlaskClient) -> None:
    # This browser keeps the session's score.
    session_id = start_in_club(client, "seep", FORMS["seep"])
    for _ in range(2):  # through the scoreboard's own deal form
        response = client.post(f"/s/{session_id}/deals/new", data=deal_form(("KS", "QS", "JS")))
        assert response.status_code in (302, 303), response.get_data(as_text=True)
    board = client.get(f"/s/{session_id}").get_data(as_text=True)
    assert "<form" in board and "/edit" in board and "Enter deal 3" in board  # the keeper's
    assert f'href="/s/{session_id}/tv"' in board  # the share panel links to the TV view
    page = client.get(f"/s/{session_id}/tv").get_data(as_text=True)
    assert "<form" not in page
    assert "/edit" not in page and "/deals/new" not in page and "Enter deal" not in page
    assert "Share this session" not in page and "key=" not in page


def test_a_message_for_the_keeper_waits_for_the_scoreboard(client: FlaskClient) -> None:
    session_id = start_in_club(client, "seep", FORMS["seep"])
    client.post(f"/s/{session_id}/revoke")  # the keeper's phone gets a message to show once
    page = client.get(f"/s/{session_id}/tv").get_data(as_text=True)
    assert "Old scorer links" not in page
    board = client.get(f"/s/{session_id}").get_data(as_text=True)
    assert flash_texts(board) == ["Old scorer links stopped working. Share the new one."]


def test_an_unchanged_tv_is_a_304_and_a_deal_changes_it(client: FlaskClient) -> None:
    session = played(client, "seep", *GAMES["seep"][0])
    url = f"/s/{session['id']}/tv"
    first = client.get(url)
    etag = first.headers["ETag"]
    assert etag.startswith('W/"') and first.headers["Cache-Control"] == "private, no-cache"
    again = client.get(url, headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.get_data() == b""
    assert again.headers["ETag"] == etag
    add_deals(client, session, deal(40))
    changed = client.get(url, headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed.headers["ETag"] != etag
    assert "4 deals" in changed.get_data(as_text=True)


def test_the_tvs_tag_is_the_same_for_every_browser(client: FlaskClient, app: Flask) -> None:
    session = played(client, "casino", *GAMES["casino"][0])
    url = f"/s/{session['id']}/tv"
    etag = client.get(url).headers["ETag"]
    stranger = app.test_client()  # no cookie at all: a TV in a club room
    response = stranger.get(url, headers={"If-None-Match": etag})
    assert response.status_code == 304
    assert "Set-Cookie" not in response.headers  # a TV needs no cookie


@pytest.mark.parametrize("session_id", ["nosuchsession", "x" * 300, "s&ü"])
def test_an_unknown_session_is_the_usual_404_page(client: FlaskClient, session_id: str) -> None:
    response = client.get(f"/s/{session_id}/tv")
    assert response.status_code == 404
    assert "Not found" in response.get_data(as_text=True)
