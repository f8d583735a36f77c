"""The tournaments' API as the tests call it: a club and its keeper, a tournament created,
rounds paired, their tables played to their length and confirmed."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.helpers.api import Json, bearer, new_club, post_deal

TOURNAMENTS = "/api/v1/tournaments"

PAIRS = [
    {"name": "Lions", "players": ["Asha", "Ravi"]},
    {"name": "Tigers", "players": ["Meena", "Dev"]},
    {"name": "Bears", "players": ["Kiran", "Sita"]},
    {"name": "Wolves", "players": ["Arjun", "Lata"]},
    {"name": "Hawks", "players": ["Vikram", "Nila"]},
]
PEOPLE = ["Asha", "Ravi", "Meena", "Dev", "Kiran", "Sita", "Arjun", "Lata"]


def tournament_body(**fields: Any) -> Json:
    """A Swiss of Seep partnerships over two-deal rounds, `fields` replacing its own."""
    body: Json = {
        "name": "Diwali cup",
        "game": "seep",
        "format": "swiss",
        "rounds": 3,
        "round_length": {"deals": 2},
        "options": {},
        "entrants": PAIRS,
    }
    return body | fields


def keeper(club: Json) -> dict[str, str]:
    return bearer(club["keeper_token"])


def create(client: FlaskClient, club: Json | None = None, **fields: Any) -> tuple[Json, Json]:
    """A club (or `club`) and a tournament of it: (the club, the tournament as created)."""
    club = club or new_club(client)
    response = client.post(
        f"/api/v1/clubs/{club['id']}/tournaments",
        json=tournament_body(**fields),
        headers=keeper(club),
    )
    assert response.status_code == 201, response.get_json()
    return club, response.get_json()


def pair(client: FlaskClient, club: Json, tournament: Json, **headers: str) -> Json:
    response = client.post(
        f"{TOURNAMENTS}/{tournament['id']}/rounds", headers=keeper(club) | headers
    )
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def read_tournament(client: FlaskClient, tournament: Json) -> Json:
    response = client.get(f"{TOURNAMENTS}/{tournament['id']}")
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def table_session(table: Json) -> Json:
    """A paired table as the session helpers take it."""
    return {"id": table["session"], "edit_token": table["edit_token"]}


def play(client: FlaskClient, table: Json, *records: Json) -> None:
    for record in records:
        response = post_deal(client, table_session(table), record)
        assert response.status_code == 201, response.get_json()


def confirm(client: FlaskClient, table: Json) -> Json:
    response = client.post(
        f"/api/v1/sessions/{table['session']}/confirm", headers=bearer(table["edit_token"])
    )
    assert response.status_code == 200, response.get_json()
    return response.get_json()
