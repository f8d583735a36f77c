"""GET /api/v1/clubs/<id>/ratings: its answer as the document says, and each bad query a 400
that names the problem (the ratings themselves: tests/clubs/test_ratings.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import schemathesis
from flask.testing import FlaskClient

import scorekeeper
from tests.helpers.api import FOUR, alone, assert_error, new_club, played
from tests.helpers.casino import SEVEN_FOUR
from tests.helpers.seep import deal

PATH = "/api/v1/clubs/{club_id}/ratings"
DOCUMENT = Path(scorekeeper.__file__).parent / "api" / "openapi.json"
SCHEMA = schemathesis.openapi.from_dict(json.loads(DOCUMENT.read_text(encoding="utf-8")))


@pytest.fixture
def club(client: FlaskClient) -> dict[str, object]:
    """A club with a Seep baazi and a Casino game won; its id and its players' ids."""
    club_id = new_club(client)["id"]
    played(client, "seep", deal(95), lineup=FOUR, club=club_id)
    played(client, "casino", *[SEVEN_FOUR] * 3, lineup=alone("Asha", "Kiran"), club=club_id)
    players = client.get(f"/api/v1/clubs/{club_id}").get_json()["players"]
    return {"id": club_id, "ids": {p["name"]: p["id"] for p in players}}


def get(client: FlaskClient, club: dict[str, object], **query: str):  # type: ignore[no-untyped-def]
    return client.get(f"/api/v1/clubs/{club['id']}/ratings", query_string=query)


def test_answers_match_the_document(client: FlaskClient, club: dict[str, object]) -> None:
    ids: dict[str, int] = club["ids"]  # type: ignore[assignment]
    asks = [
        {"game": "seep"},
        {"game": "fifty-six"},
        {"game": "seep", "teams": f"{ids['Asha']},{ids['Ravi']};{ids['Meena']},{ids['Dev']}"},
        {"game": "casino", "teams": f"{ids['Asha']};{ids['Kiran']};{ids['Dev']}"},
    ]
    for query in asks:
        response = get(client, club, **query)
        assert response.status_code == 200, response.get_json()
        SCHEMA[PATH]["GET"].validate_response(response)
    three = response.get_json()["prediction"]
    assert [side["players"] for side in three] == [[ids["Asha"]], [ids["Kiran"]], [ids["Dev"]]]
    assert sum(side["chance"] for side in three) == pytest.approx(1, abs=2e-3)
    # Asha beat Kiran; Dev has no Casino game yet: Asha's chance is the best, Kiran's the worst.
    assert three[0]["chance"] > three[2]["chance"] > three[1]["chance"]


@pytest.mark.parametrize(
    ("query", "code", "named"),
    [
        ({}, "bad-field", "game="),
        ({"game": "chess"}, "unknown-game", "chess"),
        ({"game": "seep", "teams": "1,2"}, "bad-field", "two sides"),
        ({"game": "seep", "teams": "a;b"}, "bad-field", "semicolons"),
        ({"game": "seep", "teams": "1,;2"}, "bad-field", "semicolons"),
        ({"game": "seep", "teams": "999;998"}, "bad-field", "999, 998"),
    ],
)
def test_bad_queries_are_refused(
    client: FlaskClient, club: dict[str, object], query: dict[str, str], code: str, named: str
) -> None:
    assert named in assert_error(get(client, club, **query), 400, code)


def test_a_player_on_two_sides_is_refused(client: FlaskClient, club: dict[str, object]) -> None:
    ids: dict[str, int] = club["ids"]  # type: ignore[assignment]
    teams = f"{ids['Asha']},{ids['Ravi']};{ids['Meena']},{ids['Asha']}"
    assert "Asha" in assert_error(get(client, club, game="seep", teams=teams), 400, "bad-field")
    twice = f"{ids['Asha']},{ids['Asha']};{ids['Meena']}"
    assert "Asha" in assert_error(get(client, club, game="seep", teams=twice), 400, "bad-field")


def test_an_unknown_club_is_not_found(client: FlaskClient) -> None:
    assert_error(client.get("/api/v1/clubs/nope/ratings?game=seep"), 404)
