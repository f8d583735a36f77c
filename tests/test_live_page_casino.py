"""Casino's live deal page (/s/<id>/live): Seep's shell with Casino's script; a scorer gets the
token, a watcher none; the scoreboard offers it to a scorer."""

from __future__ import annotations

import json
import re

from flask import Flask
from flask.testing import FlaskClient
from test_api_casino import THREE, casino_session
from test_live_page import keep_score, root_of


def test_a_scorer_gets_the_casino_page_with_seats_and_token(client: FlaskClient) -> None:
    session = casino_session(client, THREE)
    keep_score(client, session)
    response = client.get(f"/s/{session['id']}/live")
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "no-store"  # it carries the token
    page = response.get_data(as_text=True)
    root = root_of(page)
    assert f'data-token="{session["edit_token"]}"' in root
    seats = re.search(r"data-seats='([^']*)'", root)
    assert seats and json.loads(seats.group(1)) == ["Asha", "Ravi", "Meena"]
    assert f'data-api="/api/v1/sessions/{session["id"]}/live"' in root
    # K1: before any deal the last seat deals first.
    assert 'data-next-dealer="2"' in root
    assert "js/casino-live.js" in page and "js/live-deal.js" not in page


def test_a_casino_watcher_gets_no_token(client: FlaskClient, app: Flask) -> None:
    session = casino_session(client)
    response = app.test_client().get(f"/s/{session['id']}/live")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "data-token" not in page and session["edit_token"] not in page
    assert 'data-testid="watching"' in page


def test_the_casino_scoreboard_offers_play_live_to_a_scorer(client: FlaskClient) -> None:
    session = casino_session(client)
    keep_score(client, session)
    board = client.get(f"/s/{session['id']}").get_data(as_text=True)
    assert f'href="/s/{session["id"]}/live">Play live<' in board


def test_only_a_royal_casino_page_offers_an_ace_as_14(client: FlaskClient) -> None:
    """K3: the script is told the variant, and offers an ace as 14 only in Royal Casino."""
    for variant, offered in (("royal", "true"), ("classic", "false")):
        session = casino_session(client, variant=variant)
        page = client.get(f"/s/{session['id']}/live").get_data(as_text=True)
        assert f'data-royal="{offered}"' in page
