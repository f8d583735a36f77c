"""The live deal page (/s/<id>/live): the shell its script fills from the live API. A phone
that keeps score gets its edit token, a watcher none; only games with a live page have one."""

from __future__ import annotations

import re
from dataclasses import replace

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.sessions.games import PAGES
from tests.helpers.fifty_six import fifty_six_session
from tests.helpers.live_page import (
    keep_score,
    offers_play_live,
    root_of,
    scorer_page,
    seats_of,
    watcher_page,
)
from tests.helpers.pages import deal_form, flashes, unhashed
from tests.helpers.seep import seep_session


def test_a_scorer_gets_the_seep_page_with_names_and_token(client: FlaskClient) -> None:
    session = seep_session(client)
    page, root = scorer_page(client, session)
    assert seats_of(root) == ["Asha", "Meena", "Ravi", "Dev"]
    assert "Lions" in page and "Tigers" in page
    assert "js/seep-live.js" in unhashed(page)
    assert 'data-next-dealer="0"' in root and 'data-number="1"' in root
    assert page.count('class="live-team-players ') == 2


def test_two_players_each_get_a_seat_and_a_side(client: FlaskClient) -> None:
    """S1: two players, each a side of one, named once (a side's name is its player's)."""
    session = seep_session(client, [{"players": ["Asha"]}, {"players": ["Meena"]}])
    page, root = scorer_page(client, session)
    assert seats_of(root) == ["Asha", "Meena"]
    assert page.count('class="live-team ') == 2
    assert "live-team-players" not in page


def test_a_watcher_gets_no_token(client: FlaskClient, app: Flask) -> None:
    watcher_page(app, seep_session(client))


def test_unknown_session_is_404(client: FlaskClient) -> None:
    assert client.get("/s/nosuchsession/live").status_code == 404


def test_a_game_without_a_live_page_is_404(client: FlaskClient, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # Every game has one now: take Fifty-six's away to see a game without one answer 404.
    monkeypatch.setitem(PAGES, "fifty-six", replace(PAGES["fifty-six"], live=None))
    session = fifty_six_session(client)
    keep_score(client, session)
    assert client.get(f"/s/{session['id']}/live").status_code == 404


def test_the_scoreboard_links_to_it_for_a_scorer_only(client: FlaskClient, app) -> None:  # type: ignore[no-untyped-def]
    seep = seep_session(client)
    offers_play_live(client, seep)
    client.post(
        f"/api/v1/sessions/{seep['id']}/live",
        json={"bid": {"seat": 1, "value": 9}, "floor": ["KS", "4H", "9C", "10D"]},
        headers={"Authorization": f"Bearer {seep['edit_token']}"},
    )
    board = client.get(f"/s/{seep['id']}").get_data(as_text=True)
    assert "Go on with the live deal" in board
    # A watcher is pointed to the deal ('follow it'), but offered no button to play it.
    watcher = app.test_client().get(f"/s/{seep['id']}").get_data(as_text=True)
    assert "Go on with the live deal" not in watcher and ">Play live<" not in watcher


def test_a_watcher_s_scoreboard_points_to_a_live_deal_under_way(client: FlaskClient, app) -> None:  # type: ignore[no-untyped-def]
    session = seep_session(client)
    watcher = app.test_client()
    board = f"/s/{session['id']}"
    assert 'data-testid="live-deal-note"' not in watcher.get(board).get_data(as_text=True)
    client.post(
        f"/api/v1/sessions/{session['id']}/live",
        json={"bid": {"seat": 1, "value": 9}, "floor": ["KS", "4H", "9C", "10D"]},
        headers={"Authorization": f"Bearer {session['edit_token']}"},
    )
    page = watcher.get(board).get_data(as_text=True)
    assert 'data-testid="live-deal-note"' in page and f'href="{board}/live"' in page


def test_a_deal_played_live_is_gone_on_with_not_entered_whole_as_well(client: FlaskClient) -> None:
    """Entered whole too, it would be recorded twice: the scorer's scoreboard offers the live
    deal instead, the deal form sends the scorer back saying why, and a form opened before and
    sent anyway is refused and kept."""
    session = seep_session(client)
    keep_score(client, session)
    board = f"/s/{session['id']}"
    assert "Enter deal 1" in client.get(board).get_data(as_text=True)
    client.post(
        f"/api/v1/sessions/{session['id']}/live",
        json={"bid": {"seat": 1, "value": 9}, "floor": ["KS", "4H", "9C", "10D"]},
        headers={"Authorization": f"Bearer {session['edit_token']}"},
    )
    page = client.get(board).get_data(as_text=True)
    assert "Go on with the live deal" in page and "Enter deal 1" not in page

    # The service worker keeping the form for later is refused without a message for later.
    kept = client.get(board + "/deals/new", headers={"Sec-Fetch-Mode": "cors"})
    assert kept.status_code == 409 and "Deal 1 is being played live" in kept.get_data(as_text=True)
    assert flashes(client.get(board).get_data(as_text=True)) == []
    sent_back = client.get(board + "/deals/new")
    assert sent_back.status_code == 302
    message = flashes(client.get(board).get_data(as_text=True))
    assert message[0][0] == "problem" and "Deal 1 is being played live" in message[0][1]

    refused = client.post(board + "/deals/new", data=deal_form(("KS",), number="1", next_id="1"))
    assert refused.status_code == 409
    text = refused.get_data(as_text=True)
    assert "Deal 1 is being played live" in text and 'value="0" checked' in text  # kept
    assert client.get(f"/api/v1/sessions/{session['id']}").get_json()["deals"] == []


def test_the_page_says_whether_a_deal_is_under_way_and_answers_its_tag_with_304(
    client: FlaskClient,
) -> None:
    """With no deal under way the page's script asks the live API nothing (a 404 there): the
    page says so, with its tag, and is asked for again with it (a 304 until a deal starts)."""
    session = seep_session(client)
    scorer_page(client, session)  # it shows the joining's message once: drawn, with no tag
    url = f"/s/{session['id']}/live"
    root = root_of(client.get(url).get_data(as_text=True))
    assert 'data-under-way="false"' in root
    tag = re.search(r'data-tag="([^"]+)"', root)
    assert tag
    asked = {"If-None-Match": f'W/"{tag.group(1)}"'}
    unchanged = client.get(url, headers=asked)
    assert unchanged.status_code == 304 and unchanged.headers["Cache-Control"] == "no-store"
    client.post(
        f"/api/v1/sessions/{session['id']}/live",
        json={"bid": {"seat": 1, "value": 9}, "floor": ["KS", "4H", "9C", "10D"]},
        headers={"Authorization": f"Bearer {session['edit_token']}"},
    )
    started = client.get(url, headers=asked)
    assert started.status_code == 200
    assert 'data-under-way="true"' in root_of(started.get_data(as_text=True))
