"""The web pages as the tests use them: start a session through the new-session form, fill a
Seep deal form, and read back a page's problems, messages and next dealer."""

from __future__ import annotations

import html
import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.data.extensions import db
from scorekeeper.data.models import GameSession
from scorekeeper.rules.seep.cards import POINT_CARDS
from tests.helpers.seep import captured

# What each game's new-session form is sent unless a test says otherwise: Seep's two pairs,
# Fifty-six's four players in two sides, Casino's two players alone.
FORMS = {
    "seep": {"a1": "Asha", "a2": "Ravi", "b1": "Meena", "b2": "Dev"},
    "fifty-six": {"players": "4", "a1": "Asha", "b1": "Meena", "a2": "Ravi", "b2": "Dev"},
    "casino": {"players": "2", "a1": "Asha", "b1": "Meena"},
}


def start(
    client: FlaskClient, game: str = "seep", names: dict[str, str] | None = None, /, **fields: str
) -> str:
    """Start a session of `game` through the form: `names` (the game's usual table unless
    given) and `fields`; its scoreboard path."""
    response = client.post(f"/new/{game}", data=(FORMS[game] if names is None else names) | fields)
    page = response.get_data(as_text=True)
    assert response.status_code == 302, problems(page) or page
    return str(response.headers["Location"])


def start_in_club(client: FlaskClient, game: str, names: dict[str, str]) -> str:
    """Start a session through the web form, in the club it offers first; its id."""
    form = client.get(f"/new/{game}").get_data(as_text=True)
    offered = re.search(r'name="club" value="([^"]*)" checked', form)
    club = {"club": offered.group(1)} if offered else {}
    return session_of(start(client, game, names, **club))


def session_of(board: str) -> str:
    """The session id at the end of a scoreboard path."""
    return board.rsplit("/", 1)[1]


def stored(client: FlaskClient, board: str) -> dict[str, Any]:
    """The session as the API shows it."""
    return client.get("/api/v1/sessions/" + session_of(board)).get_json()


def deal_form(team_a: tuple[str, ...] = (), **fields: Any) -> dict[str, Any]:
    """Form data giving `team_a` to team A and every other point card to team B."""
    cards = {f"card_{card}": "0" if str(card) in team_a else "1" for card in POINT_CARDS}
    return cards | {"sweeps0": "0", "sweeps1": "0", "dealer": "0"} | fields


def deal_fields(points0: int, **fields: Any) -> dict[str, Any]:
    """A deal form giving team A the point cards of `points0` card points."""
    return deal_form(tuple(captured(points0)[0]), **fields)


def shown(page: str) -> str:
    """A page's text, its tags (and their attributes: a name's shorter forms) left out."""
    return html.unescape(re.sub(r"<[^>]+>", "", page))


def next_dealer(page: str) -> str:
    """The scoreboard's next dealer, whole, as it is read out (web/names.py may show it short)."""
    found = re.search(r"Next dealer:</span> <strong>(<bdi.*?</bdi>)</strong>", page)
    assert found, "no next dealer"
    hidden = re.search(r'class="visually-hidden">([^<]*)<', found[1])
    return html.unescape(hidden[1] if hidden else re.sub(r"<[^>]+>", "", found[1]))


def problems(page: str) -> list[str]:
    """The sentences in the page's problem boxes."""
    boxes = re.findall(r'<div class="problem[^"]*" role="alert">(.*?)</div>', page, re.S)
    found = re.findall(r"<p>(.*?)</p>", "".join(boxes), re.S)
    return [" ".join(html.unescape(re.sub(r"<[^>]+>", " ", p)).split()) for p in found]


def flashes(page: str) -> list[tuple[str, str]]:
    """The page's messages: (category, text)."""
    found = re.findall(r'<div class="flash flash-(\w+)"[^>]*>\s*<span>(.*?)</span>', page, re.S)
    return [(category, html.unescape(text)) for category, text in found]


def flash_texts(page: str) -> list[str]:
    """The messages shown once, by their test id."""
    return [
        html.unescape(m) for m in re.findall(r'data-testid="flash">\s*<span>(.*?)</span>', page)
    ]


def club_of(app: Flask, session_id: str) -> str:
    """The id of the session's club."""
    with app.app_context():
        club_id = db.session.get(GameSession, session_id).club_id
    assert club_id
    return club_id


def keeper_link(client: FlaskClient, club_id: str) -> str:
    """The keeper's token, from the share panel of the keeper's own page."""
    page = client.get(f"/c/{club_id}").get_data(as_text=True)
    found = re.search(r'id="keeper-link" value="[^"]*#key=([^"]+)"', page)
    assert found, "no keeper link"
    return found.group(1)


def unhashed(text: str) -> str:
    """`text` with static files named as in static/: their content hashes taken out
    (/static/js/follow.3f2a1b9c0d12.js is /static/js/follow.js)."""
    return re.sub(r"\.[0-9a-f]{12}(\.\w+)\b", r"\1", text)
