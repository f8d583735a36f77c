"""Backups as the tests make them: a club that played each game (live deals among them), and
`flask export` and `flask import` run on an app, with what readers see before and after."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import create_app
from scorekeeper.data.extensions import db
from scorekeeper.data.models import Club, Deal, GameSession, LiveDeal, Player
from tests.helpers.api import CLUBS, FOUR, SESSIONS, add_deals, bearer, new_club, new_session
from tests.helpers.casino import FOUR_SEVEN, SEVEN_FOUR, THREE_EIGHT
from tests.helpers.fifty_six import deal as fifty_six_deal
from tests.helpers.live_deals import DEALS
from tests.helpers.seep import deal as seep_deal

# Two players alone, names and teams written with accents.
ACCENTED_TWO = [{"name": "Śēr", "players": ["Ásha"]}, {"name": "Bāgh", "players": ["Dév"]}]


def played_club(client: FlaskClient) -> dict[str, Any]:
    """A club with a session of each game: deals entered, one corrected, one deleted."""
    club = new_club(client)
    seep = new_session(client, "seep", FOUR, club["id"], baazis=3)
    add_deals(client, seep, seep_deal(60, dealer=0), seep_deal(30), seep_deal(50, (0, "opening")))
    fifty_six = new_session(client, "fifty-six", FOUR, club["id"])
    add_deals(client, fifty_six, fifty_six_deal(1, 44), fifty_six_deal(None, 30))
    add_deals(client, fifty_six, fifty_six_deal(2, 20, value=32, double=1))
    casino = new_session(client, "casino", ACCENTED_TWO, club["id"])
    add_deals(client, casino, SEVEN_FOUR, FOUR_SEVEN, THREE_EIGHT)
    auth = bearer(seep["edit_token"])
    url = f"{SESSIONS}/{seep['id']}/deals"
    assert client.put(f"{url}/2", json=seep_deal(55), headers=auth).status_code == 200
    assert client.delete(f"{url}/1", headers=auth).status_code == 200
    return {"club": club, "seep": seep, "fifty-six": fifty_six, "casino": casino}


def empty_app(path: Path) -> Flask:
    """The app on a SQLite file that does not exist yet: import makes its tables."""
    return create_app(
        {"TESTING": True, "SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"}
    )


def export(app: Flask, path: Path) -> dict[str, Any]:
    result = app.test_cli_runner().invoke(args=["export", str(path)])
    assert result.exit_code == 0, result.output
    document: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    live = sum(len(session["live_deals"]) for session in document["sessions"])
    assert f"{len(document['sessions'])} sessions and {live} live deals" in result.output
    return document


def import_into(app: Flask, path: Path) -> Any:
    return app.test_cli_runner().invoke(args=["import", str(path)])


def everything(client: FlaskClient, club_ids: list[str]) -> dict[str, Any]:
    """What readers see: each club with every session's standing, and its statistics."""
    seen: dict[str, Any] = {}
    for club_id in club_ids:
        club = client.get(f"{CLUBS}/{club_id}").get_json()
        seen[club_id] = club
        for summary in club["sessions"]:
            seen[summary["id"]] = client.get(f"{SESSIONS}/{summary['id']}").get_json()
        stats = client.get(f"{CLUBS}/{club_id}/stats")
        if stats.status_code != 404:  # the statistics may be served by then
            seen[f"{club_id}/stats"] = stats.get_json()
    return seen


def counts(app: Flask) -> dict[str, int]:
    with app.app_context():
        models: list[Any] = [Club, Player, GameSession, Deal, LiveDeal]
        return {
            m.__name__: db.session.scalar(sa.select(sa.func.count()).select_from(m)) or 0
            for m in models
        }


LIVE_TEAMS = {
    "seep": FOUR,
    "fifty-six": FOUR,
    "casino": [{"players": [name]} for name in ("Uma", "Om", "Ila", "Jai")],
}


UNDER_WAY = 5  # plays of the second live deal sent before the backup


def live_url(session: dict[str, Any]) -> str:
    return f"{SESSIONS}/{session['id']}/live"


def send_plays(client: FlaskClient, session: dict[str, Any], plays: list[Any], first: int) -> Any:
    """Send these plays, numbered from `first`; the last answer."""
    answer = None
    for number, play in enumerate(plays, first):
        answer = client.post(
            f"{live_url(session)}/plays",
            json={"number": number, **play},
            headers=bearer(session["edit_token"]),
        )
        assert answer.status_code == 201, answer.get_json()
    assert answer is not None
    return answer.get_json()


def start_live(client: FlaskClient, session: dict[str, Any], seed: int) -> list[Any]:
    """Start the game's self-played deal of `seed` live; its plays, none sent yet."""
    body, plays = DEALS[session["game"]](seed)
    auth = bearer(session["edit_token"])
    assert client.post(live_url(session), json=body, headers=auth).status_code == 201
    return plays


LiveClub = tuple[str, dict[str, dict[str, Any]], dict[str, list[Any]]]


def live_club(client: FlaskClient, games: tuple[str, ...] = tuple(LIVE_TEAMS)) -> LiveClub:
    """A club with a session of each game: one deal played live to its end (deal 1), the next
    under way; the club's id, the sessions, and the plays the deals under way still lack."""
    club = new_club(client, "Play by play")["id"]
    sessions, left = {}, {}
    for game in games:
        session = new_session(client, game, LIVE_TEAMS[game], club)
        ended = send_plays(client, session, start_live(client, session, 5), 1)
        assert ended["finished"] and ended["deal"]["id"] == 1
        plays = start_live(client, session, 6)
        send_plays(client, session, plays[:UNDER_WAY], 1)
        sessions[game], left[game] = session, plays[UNDER_WAY:]
    return club, sessions, left
