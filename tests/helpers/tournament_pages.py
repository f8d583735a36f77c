"""The tournament pages as the tests use them: a browser that keeps a club, a tournament started
through its form, rounds paired through the keeper's button, and a table's scorer link."""

from __future__ import annotations

import html
import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.data import tokens
from scorekeeper.data.extensions import db
from scorekeeper.data.tournaments import Tournament
from tests.helpers.pages import FORMS, club_of, start_in_club

PAIRS = ["Lions: Asha, Ravi", "Tigers: Meena, Dev", "Bears: Kiran, Sita", "Wolves: Arjun, Lata"]
ENTRANTS = "\n".join([*PAIRS, "Hawks: Vikram, Nila"])
EIGHT = "\n".join(["Asha", "Ravi", "Meena", "Dev", "Kiran", "Sita", "Arjun", "Lata"])


def keeping_club(app: Flask, client: FlaskClient) -> str:
    """A club this browser keeps (made by its first session); its id."""
    return club_of(
        app,
        start_in_club(
            client, "seep", FORMS["seep"] | {"a1": "Uma", "a2": "Om", "b1": "Jai", "b2": "Ved"}
        ),
    )


def form(**fields: str) -> dict[str, str]:
    """The new-tournament form: a Swiss of five Seep partnerships over three one-deal rounds."""
    sent = {
        "name": "Diwali cup",
        "game": "seep",
        "format": "swiss",
        "rounds": "3",
        "length": "deals",
        "deals": "1",
        "entrants": ENTRANTS,
    }
    return sent | fields


def create(client: FlaskClient, club_id: str, **fields: str) -> str:
    """A tournament started through the keeper's form; its id."""
    response = client.post(f"/c/{club_id}/tournaments/new", data=form(**fields))
    assert response.status_code == 302, problems(response.get_data(as_text=True))
    return str(response.headers["Location"]).rsplit("/", 1)[1]


def pair(client: FlaskClient, tournament_id: str) -> None:
    """Pair the next round with the keeper's button (the form's own key)."""
    page = client.get(f"/t/{tournament_id}").get_data(as_text=True)
    key = re.search(r'name="key" value="([^"]+)"', page)
    assert key, "no pair button"
    response = client.post(f"/t/{tournament_id}/rounds", data={"key": key.group(1)})
    assert response.status_code == 302, problems(response.get_data(as_text=True))


def problems(page: str) -> list[str]:
    """The messages of a refused request, as the page shows them."""
    found = re.search(r'data-testid="problems">(.*?)</div>', page, re.S)
    return [html.unescape(p) for p in re.findall(r"<p>(.*?)</p>", found.group(1))] if found else []


def tables(app: Flask, tournament_id: str, number: int | None = None) -> list[dict[str, Any]]:
    """The tables of a round (the last unless given): number, session id, its scorer token and
    its entrants."""
    with app.app_context(), app.test_request_context():
        tournament = db.session.get(Tournament, tournament_id)
        assert tournament is not None
        number = number or len(tournament.rounds)
        return [
            {
                "table": t.number,
                "session": t.session_id,
                "edit_token": tokens.scorer_token(t.session),
                "entrants": list(t.entrants),
                "seats": list(t.seats),
            }
            for t in tournament.tables
            if t.round_number == number
        ]


def text(page: str) -> str:
    """A page's words, without tags, in one line each run of spaces."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page)))


def standing_rows(page: str) -> list[dict[str, str]]:
    """Each line of a page's standings: its entrant's id and each figure's words, by test id
    (rank, entrant-name, match-points and the tie-breaks, wherever the page puts them)."""
    rows = re.findall(r'data-testid="standing-row" data-entrant="(\d+)">(.*?)</tr>', page, re.S)
    found = []
    for entrant, row in rows:
        # A lookahead, so that a figure inside another (a tie-break in its line) is found too.
        cells = re.findall(r'(?=data-testid="([\w-]+)">(.*?)</(?:td|span)>)', row, re.S)
        found.append({"entrant": entrant} | {k: text(v).strip() for k, v in cells})
    return found
