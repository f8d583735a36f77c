"""The JSON API as the tests call it: start a session of any game (in a club or not), post and
correct its deals, read it back, and check an error answer's shape."""

from __future__ import annotations

import re
from typing import Any

import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from scorekeeper.data.extensions import db

Json = dict[str, Any]
SESSIONS = "/api/v1/sessions"
CLUBS = "/api/v1/clubs"
FOUR = [
    {"name": "Lions", "players": ["Asha", "Ravi"]},
    {"name": "Tigers", "players": ["Meena", "Dev"]},
]


def alone(*names: str) -> list[Json]:
    """Each player a side of their own (K1)."""
    return [{"players": [name]} for name in names]


# Each game's usual table: two pairs for Seep and Fifty-six, two players alone for Casino.
LINEUPS = {"seep": FOUR, "fifty-six": FOUR, "casino": alone("Asha", "Ravi")}


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def start(
    client: FlaskClient,
    game: str,
    lineup: list[Json] | None = None,
    club: str | None = None,
    /,
    **options: Any,
) -> TestResponse:
    """Ask for a session of `game` (its usual table unless `lineup`, in `club` if one is given);
    the other keywords are the game's options (Fifty-six has one called `teams`)."""
    body = {"game": game, "teams": LINEUPS[game] if lineup is None else lineup, "options": options}
    return client.post(SESSIONS, json=body | ({"club": club} if club else {}))


def new_session(client: FlaskClient, game: str, /, *where: Any, **options: Any) -> Json:
    """A session started as start() asks (`where`: its lineup and club); the answer, with its id
    and edit token."""
    response = start(client, game, *where, **options)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def post_deal(client: FlaskClient, session: Json, record: Any, **headers: str) -> TestResponse:
    url = f"{SESSIONS}/{session['id']}/deals"
    return client.post(url, json=record, headers=bearer(session["edit_token"]) | headers)


def put_deal(
    client: FlaskClient, session: Json, deal_id: int, record: Any, **headers: str
) -> TestResponse:
    url = f"{SESSIONS}/{session['id']}/deals/{deal_id}"
    return client.put(url, json=record, headers=bearer(session["edit_token"]) | headers)


def add_deals(client: FlaskClient, session: Json, *records: Any) -> Json:
    """Post the deals in order; the answer to the last one."""
    answer: Json = {}
    for record in records:
        response = post_deal(client, session, record)
        assert response.status_code == 201, response.get_json()
        answer = response.get_json()
    return answer


def standing_after(client: FlaskClient, session: Json, *records: Any) -> Json:
    """Post the deals in order; the standing the session is read with then (a deal's 201
    carries the standing without its per-deal rows)."""
    answer = add_deals(client, session, *records)
    standing: Json = read(client, session)["standing"]
    assert {**standing, "deals": None} == {**answer["standing"], "deals": None}  # the same
    return standing


def played(
    client: FlaskClient,
    game: str,
    *records: Any,
    lineup: list[Json] | None = None,
    club: str | None = None,
    **options: Any,
) -> Json:
    """A session of `game` (its usual table unless `lineup`) with `records` entered through the
    API, in `club` if one is given; the start's answer."""
    session = new_session(client, game, lineup, club, **options)
    add_deals(client, session, *records)
    return session


def play_live(client: FlaskClient, session: Json, start: Json, plays: list[Json]) -> int:
    """A whole live deal played through the API (its start, then each play numbered); the id
    of the deal it recorded."""
    url, auth = f"/api/v1/sessions/{session['id']}/live", bearer(session["edit_token"])
    assert client.post(url, json=start, headers=auth).status_code == 201
    for number, play in enumerate(plays, start=1):
        answer = client.post(f"{url}/plays", json={"number": number, **play}, headers=auth)
        assert answer.status_code == 201, answer.get_json()
    deal_id: int = answer.get_json()["deal"]["id"]
    return deal_id


def read(client: FlaskClient, session: Json) -> Json:
    response = client.get(f"{SESSIONS}/{session['id']}")
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def snapshot(client: FlaskClient, session: Json) -> Json:
    """The session as it reads, to compare before and after a write that must change nothing."""
    return read(client, session)


def new_club(client: FlaskClient, name: str = "Thursday table") -> Json:
    response = client.post(CLUBS, json={"name": name})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def assert_error(response: TestResponse, status: int, code: str | None = None) -> str:
    """The answer is `status` with exactly {"error": code, "message": sentence}; its message."""
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == "application/json"
    body = response.get_json()
    assert set(body) == {"error", "message"}, body
    assert isinstance(body["error"], str) and re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", body["error"])
    if code is not None:
        assert body["error"] == code, body
    message = body["message"]
    assert isinstance(message, str) and len(message) >= 10 and message.endswith("."), body
    assert "Traceback" not in message
    return message


def count(app: Flask, model: type[Any]) -> int:
    """How many rows of `model` the app's database holds."""
    with app.app_context():
        return db.session.scalar(sa.select(sa.func.count()).select_from(model)) or 0
