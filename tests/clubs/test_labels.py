"""What the club's pages call a team and a session (issue 21): a team called after its players
follows their renames everywhere; "Live" only while a deal is played live."""

from __future__ import annotations

import json
import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.helpers import live_deals
from tests.helpers.api import CLUBS, SESSIONS, bearer, new_club, new_session
from tests.helpers.club_pages import player_ids
from tests.helpers.pages import shown


def text(client: FlaskClient, url: str) -> str:
    """The text `url` shows (a name's shorter forms, in its tag, left out)."""
    response = client.get(url)
    assert response.status_code == 200, url
    return shown(response.get_data(as_text=True))


def test_a_rename_shows_in_the_team_called_after_its_players(
    app: Flask, client: FlaskClient, evening: dict[str, Any]
) -> None:
    """Seep's teams were left unnamed: "Asha & Ravi" v "Meena & Dev"."""
    club, seep = evening["club"], evening["seep"]
    asha = player_ids(app, club)["Asha"]
    assert "Asha &amp; Ravi" in client.get(f"/s/{seep}").get_data(as_text=True)
    client.post(f"/c/{club}/players/{asha}/rename", data={"name": "Asha Rao"})
    for url in (f"/s/{seep}", "/", f"/c/{club}", f"/s/{seep}/export.csv"):
        page = text(client, url)
        assert "Asha Rao & Ravi" in page, url
        assert "Asha & Ravi" not in page, url
    session = client.get(f"{SESSIONS}/{seep}").get_json()
    assert [t["name"] for t in session["teams"]] == ["Asha Rao & Ravi", "Meena & Dev"]
    listed = client.get(f"{CLUBS}/{club}").get_json()["sessions"]
    assert [s["teams"][0]["name"] for s in listed] == ["Asha Rao", "Asha Rao & Ravi"]
    exported = json.loads(client.get(f"/s/{seep}/export.json").get_data(as_text=True))
    assert exported["session"]["teams"][0]["name"] == "Asha Rao & Ravi"


def test_a_team_named_at_the_table_keeps_its_name(app: Flask, client: FlaskClient) -> None:
    club = new_club(client)
    lineup = [
        {"name": "Lions", "players": ["Asha", "Ravi"]},
        {"players": ["Meena", "Dev"]},
    ]
    session = new_session(client, "seep", lineup, club["id"])
    meena = player_ids(app, club["id"])["Meena"]
    keeper = {"key": club["keeper_token"]}
    client.post(f"/c/{club['id']}/key", data=keeper)
    client.post(f"/c/{club['id']}/players/{meena}/rename", data={"name": "Mina"})
    answer = client.get(f"{SESSIONS}/{session['id']}").get_json()
    assert [(t["name"], t["players"]) for t in answer["teams"]] == [
        ("Lions", ["Asha", "Ravi"]),
        ("Mina & Dev", ["Mina", "Dev"]),
    ]


def states(client: FlaskClient, club_id: str) -> list[str]:
    """Each history line's state tag, newest first."""
    page = client.get(f"/c/{club_id}").get_data(as_text=True)
    return re.findall(r'data-testid="state">([^<]*)<', page)


def test_live_only_while_a_deal_is_played_live(client: FlaskClient) -> None:
    club = new_club(client)["id"]
    quiet = new_session(client, "seep", None, club)
    played = new_session(client, "seep", None, club)
    assert states(client, club) == ["Not finished", "Not finished"]
    held = client.get(f"/c/{club}").headers["ETag"]
    start, _plays = live_deals.seep(3)
    url = f"{SESSIONS}/{played['id']}/live"
    assert client.post(url, json=start, headers=bearer(played["edit_token"])).status_code == 201
    # A page that follows the club is drawn anew: its tag moved with the live deal.
    assert client.get(f"/c/{club}", headers={"If-None-Match": held}).status_code == 200
    assert states(client, club) == ["Live", "Not finished"]
    # Stopped playing live: not live any more.
    assert client.delete(url, headers=bearer(played["edit_token"])).status_code in (200, 204)
    assert states(client, club) == ["Not finished", "Not finished"]
    assert quiet["id"] != played["id"]
