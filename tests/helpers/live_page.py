"""The live deal page (/s/<id>/live) as the tests read it: a scorer's and a watcher's copy, the
root element its script reads, and the scoreboard's link to it."""

from __future__ import annotations

import json
import re

from flask import Flask
from flask.testing import FlaskClient


def keep_score(client: FlaskClient, session: dict[str, str]) -> None:
    """This browser keeps score of the session: its scorer key handed over, as the link does."""
    response = client.post(f"/s/{session['id']}/join", data={"key": session["edit_token"]})
    assert response.status_code == 302


def root_of(page: str) -> str:
    """The page's root element, with the data its script reads."""
    found = re.search(r'<div id="live-deal"[^>]*>', page)
    assert found, "no live-deal root"
    return found.group(0)


def scorer_page(client: FlaskClient, session: dict[str, str]) -> tuple[str, str]:
    """The live page as a scorer's browser gets it, and its root: with the token and the API's
    address, and kept by no cache (it carries the token)."""
    keep_score(client, session)
    response = client.get(f"/s/{session['id']}/live")
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "no-store"
    page = response.get_data(as_text=True)
    root = root_of(page)
    assert f'data-token="{session["edit_token"]}"' in root
    assert f'data-api="/api/v1/sessions/{session["id"]}/live"' in root
    return page, root


def seats_of(root: str) -> list[str]:
    """The players' names in seat order, as the root hands them to the script."""
    seats = re.search(r"data-seats='([^']*)'", root)
    assert seats, "no data-seats"
    names: list[str] = json.loads(seats.group(1))
    return names


def watcher_page(app: Flask, session: dict[str, str]) -> str:
    """The live page as a watcher's browser gets it: no token anywhere, a note that it watches."""
    response = app.test_client().get(f"/s/{session['id']}/live")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "data-token" not in page and session["edit_token"] not in page
    assert 'data-testid="watching"' in page
    return page


def offers_play_live(client: FlaskClient, session: dict[str, str]) -> None:
    """The session's scoreboard, on a scorer's phone, links to its live page."""
    keep_score(client, session)
    board = client.get(f"/s/{session['id']}").get_data(as_text=True)
    assert f'href="/s/{session["id"]}/live">Play live<' in board
