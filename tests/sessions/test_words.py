"""The pages' words for counts: one and two take their own forms ("1 deal", "2 deals"), and a
team is called by its name (issue 21). English only until the catalogs come."""

from __future__ import annotations

import html
import re

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.data.extensions import db
from scorekeeper.data.models import GameSession
from scorekeeper.sessions.games import PAGES
from tests.helpers.pages import deal_form, session_of, start
from tests.helpers.seep import captured


def text(page: str) -> str:
    """The page's text, tags left out, spaces as one."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def add(client: FlaskClient, board: str, **fields: str) -> None:
    """One Seep deal through the form (A♠ alone to Asha & Ravi unless `fields` say otherwise):
    under 9 (M3), so the baazi goes to Meena & Dev."""
    sent = client.post(board + "/deals/new", data=deal_form(("AS",)) | fields)
    assert sent.status_code == 302, sent.get_data(as_text=True)


def test_the_home_page_and_the_tv_count_deals_in_their_forms(client: FlaskClient) -> None:
    board = start(client)
    add(client, board)
    assert "Seep · 1 deal ·" in text(client.get("/").get_data(as_text=True))
    assert "Seep · 1 deal" in text(client.get(board + "/tv").get_data(as_text=True))
    add(client, board)
    assert "Seep · 2 deals ·" in text(client.get("/").get_data(as_text=True))
    assert "Seep · 2 deals" in text(client.get(board + "/tv").get_data(as_text=True))


def baazis(page: str, team: int) -> str:
    """A team's baazi count as its box on the scoreboard says it."""
    found = re.search(rf'data-testid="baazis-{team}">(.*?)</div>', page, re.S)
    assert found, "no baazi count"
    return text(found.group(1))


def test_the_scoreboard_counts_baazis_in_their_forms(client: FlaskClient) -> None:
    board = start(client)
    add(client, board)  # M3: under 9, the baazi to Meena & Dev
    page = client.get(board).get_data(as_text=True)
    assert (baazis(page, 0), baazis(page, 1)) == ("0 baazis", "1 baazi")
    add(client, board)
    page = client.get(board).get_data(as_text=True)
    assert (baazis(page, 0), baazis(page, 1)) == ("0 baazis", "2 baazis")


def test_a_deals_summary_counts_sweeps_in_their_forms(app: Flask, client: FlaskClient) -> None:
    board = start(client)
    record = {"captured": captured(60), "sweeps": [{"team": 0, "when": "play"}]}
    with app.test_request_context():
        game_session = db.session.get(GameSession, session_of(board))
        summary = PAGES["seep"].summary
        assert summary(game_session, record) == "Asha & Ravi 110 · Meena & Dev 40 (1 sweep)"
        record["sweeps"] = [{"team": 0, "when": "play"}, {"team": 1, "when": "play"}]
        assert summary(game_session, record) == "Asha & Ravi 110 · Meena & Dev 90 (2 sweeps)"


def test_sweep_points_on_the_scoreboard_are_points_not_sweeps(client: FlaskClient) -> None:
    board = start(client)
    add(client, board, **{"sweeps0": "1"})
    page = text(client.get(board).get_data(as_text=True))
    assert "incl. 50 for sweeps" in page and "50 sweeps" not in page


def test_the_deal_forms_radios_without_script_name_the_teams(client: FlaskClient) -> None:
    board = start(client)
    form = client.get(board + "/deals/new").get_data(as_text=True)
    labels = [text(s) for s in re.findall(r'<label class="nojs-radio">(.*?)</label>', form, re.S)]
    assert labels[:2] == ["Asha & Ravi", "Meena & Dev"] and len(labels) == 2 * 17


def test_a_clubs_history_line_counts_each_teams_baazis_in_their_forms(
    app: Flask, client: FlaskClient
) -> None:
    board = start(client)
    add(client, board)  # M3: the baazi to Meena & Dev
    with app.app_context():
        game_session = db.session.get(GameSession, session_of(board))
        assert game_session is not None
        line = PAGES["seep"].standing_line(game_session, game_session.standing())
    assert line.startswith("Asha & Ravi: 0 baazis · Meena & Dev: 1 baazi · ")
