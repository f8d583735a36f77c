"""Replaying a deal that was played live (/s/<id>/deals/<n>/replay): the scoreboard links every
such deal, for scorers and watchers alike, and the page is the live page's shell in replay mode."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.helpers import live_deals
from tests.helpers.api import play_live as play_through_api
from tests.helpers.api import post_deal
from tests.helpers.casino import casino_session
from tests.helpers.fifty_six import fifty_six_session
from tests.helpers.live_page import keep_score, root_of
from tests.helpers.seep import deal as seep_record
from tests.helpers.seep import seep_session

SESSIONS = {"seep": seep_session, "fifty-six": fifty_six_session, "casino": casino_session}
# Each game's whole live deal, for the table its session above seats (Casino's: two players).
DEALS = {
    "seep": lambda: live_deals.seep(5),
    "fifty-six": lambda: live_deals.fifty_six(5),
    "casino": lambda: live_deals.casino(5, players=2),
}


def play_live(client: FlaskClient, session: dict[str, Any], game: str) -> int:
    """A whole deal of `game` played live through the API; the id of the deal it recorded."""
    return play_through_api(client, session, *DEALS[game]())


def replay_links(page: str) -> dict[str, str]:
    """The scoreboard's Replay links: deal number → address."""
    found = re.findall(
        r'<a class="[^"]*replay-link" href="([^"]+)"[^>]*data-testid="replay-(\d+)"', page
    )
    return {number: href for href, number in found}


@pytest.mark.parametrize("game", sorted(SESSIONS))
def test_the_scoreboard_links_the_replay_of_a_deal_played_live_only(
    client: FlaskClient, app: Flask, game: str
) -> None:
    session = SESSIONS[game](client)
    keep_score(client, session)
    played = play_live(client, session, game)
    board = f"/s/{session['id']}"

    for browser in (client, app.test_client()):  # the scorer, and a watcher
        links = replay_links(browser.get(board).get_data(as_text=True))
        assert links == {"1": f"{board}/deals/{played}/replay"}

    page = client.get(links["1"])
    assert page.status_code == 200
    root = root_of(page.get_data(as_text=True))
    assert f'data-replay="/api/v1/sessions/{session["id"]}/deals/{played}/plays"' in root
    assert "data-token" not in root  # nothing is entered on a replay
    assert 'data-number="1"' in root


def test_a_deal_entered_whole_has_no_replay(client: FlaskClient) -> None:
    session = seep_session(client)
    keep_score(client, session)
    whole = post_deal(client, session, seep_record(40)).get_json()["id"]
    board = f"/s/{session['id']}"
    assert replay_links(client.get(board).get_data(as_text=True)) == {}
    missing = client.get(f"{board}/deals/{whole}/replay")
    assert missing.status_code == 404
    assert "entered whole" in missing.get_data(as_text=True)
    assert client.get(f"{board}/deals/99/replay").status_code == 404
    assert client.get("/s/nosuchsession/deals/1/replay").status_code == 404
