"""The club pages as the tests read them: the sessions a list shows, a refusal's messages, and
the club's players' ids."""

from __future__ import annotations

import html
import re

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.data.extensions import db
from scorekeeper.data.models import Club


def history(client: FlaskClient, club_id: str, query: str = "") -> list[str]:
    """The sessions listed in the club's history, as "game: teams · standing" lines."""
    response = client.get(f"/c/{club_id}{query}")
    assert response.status_code == 200, response.get_data(as_text=True)
    return listed(response.get_data(as_text=True), "history")


def listed(page: str, testid: str) -> list[str]:
    """The session ids in one list of the club page, in order."""
    found = re.search(rf'data-testid="{testid}">(.*?)</ul>', page, re.S)
    return re.findall(r'href="/s/([^"]+)"', found.group(1)) if found else []


def problems(page: str) -> list[str]:
    """The messages of a refused request, as the page shows them."""
    found = re.search(r'data-testid="problems">(.*?)</div>', page, re.S)
    assert found, "no problem shown"
    return [html.unescape(p) for p in re.findall(r"<p>(.*?)</p>", found.group(1))]


def player_ids(app: Flask, club_id: str) -> dict[str, int]:
    """The club's players' ids by name."""
    with app.app_context():
        return {p.name: p.id for p in db.session.get(Club, club_id).players}
