"""Fifty-six's live deal page (/s/<id>/live): Seep's shell with its own script and team boxes."""

from __future__ import annotations

import re

from flask.testing import FlaskClient

from tests.helpers.api import post_deal
from tests.helpers.fifty_six import SIX, deal, fifty_six_session
from tests.helpers.live_page import keep_score, root_of
from tests.helpers.pages import unhashed


def test_a_scorer_gets_the_fifty_six_page_with_its_token_and_script(client: FlaskClient) -> None:
    session = fifty_six_session(client)
    keep_score(client, session)
    # The route, its headers and the root's data are Seep's (test_live_page.py); the script is ours.
    response = client.get(f"/s/{session['id']}/live")
    page = response.get_data(as_text=True)
    assert response.status_code == 200, page
    assert f'data-token="{session["edit_token"]}"' in root_of(page)
    assert "js/fifty-six-live.js" in unhashed(page) and "js/seep-live.js" not in unhashed(page)
    # Each team's box counts card points and tricks, not Seep's sweeps.
    assert re.findall(r'data-tricks="(\d)"', page) == ["0", "1"]
    assert "data-sweeps" not in page


def test_a_watcher_of_fifty_six_gets_no_token(client: FlaskClient, app) -> None:  # type: ignore[no-untyped-def]
    session = fifty_six_session(client)
    response = app.test_client().get(f"/s/{session['id']}/live")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "data-token" not in root_of(page) and session["edit_token"] not in page
    assert 'data-testid="watching"' in page


def test_the_fifty_six_scoreboard_offers_play_live_to_a_scorer(client: FlaskClient) -> None:
    session = fifty_six_session(client)
    keep_score(client, session)
    board = client.get(f"/s/{session['id']}").get_data(as_text=True)
    assert f'href="/s/{session["id"]}/live">Play live<' in board


def test_a_team_out_of_tables_is_marked_for_the_script_until_the_game_is_won(
    client: FlaskClient,
) -> None:
    # Three pairs with one table each: team 0 loses a contract and pays its only table (F6, F17).
    session = fifty_six_session(client, SIX, teams="pairs", tables=1)
    assert post_deal(client, session, deal(0, 0, value=28, dealer=1)).status_code == 201
    page = client.get(f"/s/{session['id']}/live").get_data(as_text=True)
    assert re.findall(r'data-out="(\d)"', page) == ["0"]
    assert page.count("out of tables (F6)") == 1
    # Team 1 makes a contract: it takes the last table of team 2, and the game is won. The next
    # deal starts a new game, every team in it again.
    assert post_deal(client, session, deal(1, 28, value=28, dealer=2)).status_code == 201
    page = client.get(f"/s/{session['id']}/live").get_data(as_text=True)
    assert "data-out" not in page and 'data-open="false"' in root_of(page)
