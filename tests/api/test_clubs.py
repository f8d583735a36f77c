"""The clubs API of shared/API.md "Clubs (history)": create a club, read its history, and
start sessions in it (players are the club's, by name)."""

from __future__ import annotations

from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.data import tokens
from scorekeeper.data.extensions import db
from scorekeeper.data.models import Club, GameSession, Player
from tests.helpers.api import CLUBS, FOUR, SESSIONS, alone, count, new_club, new_session
from tests.helpers.casino import SEVEN_FOUR

SUMMARY_FIELDS = {
    "id",
    "game",
    "teams",
    "created_at",
    "updated_at",
    "standing",
    "finished",
    "ended",
}


def read(client: FlaskClient, club_id: str) -> dict[str, Any]:
    response = client.get(f"{CLUBS}/{club_id}")
    assert response.status_code == 200, response.get_json()
    return response.get_json()


# -- creating a club -----------------------------------------------------------------------


def test_a_new_club_has_an_id_a_name_and_a_keeper_token(app: Flask, client: FlaskClient) -> None:
    response = client.post(CLUBS, json={"name": "  Thursday   table "})
    assert response.status_code == 201
    club = response.get_json()
    assert set(club) == {"id", "name", "keeper_token"}
    assert club["name"] == "Thursday table"  # spaces tidied
    assert response.headers["Location"] == f"{CLUBS}/{club['id']}"
    assert read(client, club["id"]) == {
        "id": club["id"],
        "name": "Thursday table",
        "version": 1,
        "sessions": [],
        "players": [],
    }
    with app.app_context():
        stored = db.session.get(Club, club["id"])
        assert stored is not None
        assert tokens.keeps_club(stored, club["keeper_token"])
        assert club["keeper_token"] not in stored.keeper_token_hash  # kept hashed only


def test_two_clubs_have_different_ids_and_tokens(client: FlaskClient) -> None:
    first, second = new_club(client), new_club(client)
    assert first["id"] != second["id"]
    assert first["keeper_token"] != second["keeper_token"]


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"name": ""}, "bad-name"),
        ({"name": "   "}, "bad-name"),
        ({"name": "x" * 61}, "bad-name"),
        ({"name": "tab\tinside\x00"}, "bad-name"),  # a NUL is not printable
        ({"name": 7}, "bad-name"),
        ({"name": None}, "bad-name"),
        ({"name": ["Thursday"]}, "bad-name"),
        ({}, "bad-name"),
        ({"name": "Thursday", "colour": "red"}, "unknown-field"),
        (["Thursday"], "bad-json"),
    ],
    ids=[
        "empty",
        "spaces",
        "61 characters",
        "not printable",
        "a number",
        "null",
        "a list",
        "missing",
        "an unknown field",
        "not an object",
    ],
)
def test_a_bad_club_is_refused_and_nothing_stored(
    app: Flask, client: FlaskClient, body: Any, code: str
) -> None:
    response = client.post(CLUBS, json=body)
    assert response.status_code == 400
    assert response.get_json()["error"] == code
    assert response.get_json()["message"]
    assert count(app, Club) == 0


def test_a_name_of_sixty_characters_is_kept_whole(client: FlaskClient) -> None:
    assert new_club(client, "x" * 60)["name"] == "x" * 60


def test_the_same_key_and_body_again_replays_the_club(app: Flask, client: FlaskClient) -> None:
    key = {"Idempotency-Key": "club-1-0123456789abcdefghijkl"}
    first = client.post(CLUBS, json={"name": "Thursday"}, headers=key)
    again = client.post(CLUBS, json={"name": "Thursday"}, headers=key)
    assert (first.status_code, again.status_code) == (201, 201)
    assert again.get_json() == first.get_json()  # the keeper's token too
    assert again.headers["Idempotent-Replayed"] == "true"
    assert "Idempotent-Replayed" not in first.headers
    assert again.headers["Location"] == first.headers["Location"]
    assert count(app, Club) == 1
    with app.app_context():
        club = db.session.get(Club, first.get_json()["id"])
        assert club is not None and tokens.keeps_club(club, again.get_json()["keeper_token"])


def test_the_same_key_with_another_body_is_422_and_nothing_stored(
    app: Flask, client: FlaskClient
) -> None:
    key = {"Idempotency-Key": "club-1-0123456789abcdefghijkl"}
    assert client.post(CLUBS, json={"name": "Thursday"}, headers=key).status_code == 201
    reused = client.post(CLUBS, json={"name": "Friday"}, headers=key)
    assert reused.status_code == 422
    assert reused.get_json()["error"] == "idempotency-key-reused"
    assert count(app, Club) == 1


def test_a_bad_idempotency_key_is_400(app: Flask, client: FlaskClient) -> None:
    response = client.post(CLUBS, json={"name": "Thursday"}, headers={"Idempotency-Key": "é"})
    assert response.status_code == 400
    assert response.get_json()["error"] == "bad-idempotency-key"
    assert count(app, Club) == 0


# -- reading a club ------------------------------------------------------------------------


def test_sessions_are_listed_newest_first_with_their_summary(client: FlaskClient) -> None:
    club = new_club(client)["id"]
    seep = new_session(client, "seep", alone("Asha", "Ravi"), club)
    casino = new_session(client, "casino", alone("Asha", "Ravi"), club)
    sessions = read(client, club)["sessions"]
    assert [s["id"] for s in sessions] == [casino["id"], seep["id"]]
    assert all(set(s) == SUMMARY_FIELDS for s in sessions)
    assert sessions[0]["game"] == "casino"
    assert sessions[0]["teams"] == casino["teams"]
    assert sessions[0]["finished"] is False
    assert sessions[1]["created_at"] < sessions[0]["created_at"]
    assert sessions[0]["created_at"].endswith("Z")


def test_a_won_session_reads_finished_with_its_standing(client: FlaskClient) -> None:
    club = new_club(client)["id"]
    casino = new_session(client, "casino", alone("Uma", "Om"), club)
    auth = {"Authorization": f"Bearer {casino['edit_token']}"}
    for _ in range(3):  # 7, 14, 21: side 0 is first to 21 (K13)
        posted = client.post(f"{SESSIONS}/{casino['id']}/deals", json=SEVEN_FOUR, headers=auth)
        assert posted.status_code == 201, posted.get_json()
    (summary,) = read(client, club)["sessions"]
    assert summary["finished"] is True
    assert summary["standing"]["scores"] == [21, 12]
    assert summary["standing"]["winner"] == 0
    assert summary["updated_at"] > summary["created_at"]


def test_a_club_shows_nothing_of_another_club(client: FlaskClient) -> None:
    ours, theirs = new_club(client, "Ours")["id"], new_club(client, "Theirs")["id"]
    mine = new_session(client, "seep", alone("Asha", "Ravi"), ours)
    new_session(client, "seep", alone("Meena", "Dev"), theirs)
    new_session(client, "seep", alone("Kiran", "Lata"), None)  # a session outside any club
    club = read(client, ours)
    assert [s["id"] for s in club["sessions"]] == [mine["id"]]
    assert sorted(p["name"] for p in club["players"]) == ["Asha", "Ravi"]


@pytest.mark.parametrize("club_id", ["nope", "a" * 33, "not an id", "%2e%2e"])
def test_an_unknown_club_is_404(client: FlaskClient, club_id: str) -> None:
    new_club(client)
    response = client.get(f"{CLUBS}/{club_id}")
    assert response.status_code == 404
    assert response.get_json()["error"] == "not-found"


def test_a_club_is_read_again_cheaply_while_it_has_not_changed(client: FlaskClient) -> None:
    club = new_club(client)["id"]
    first = client.get(f"{CLUBS}/{club}")
    assert first.headers["ETag"] == '"c1"'
    assert first.headers["Cache-Control"] == "no-cache"
    for held in ('"c1"', 'W/"c1"'):  # compared weakly
        same = client.get(f"{CLUBS}/{club}", headers={"If-None-Match": held})
        assert (same.status_code, same.data, same.headers["ETag"]) == (304, b"", '"c1"')
    new_session(client, "seep", alone("Asha", "Ravi"), club)
    changed = client.get(f"{CLUBS}/{club}", headers={"If-None-Match": '"c1"'})
    assert changed.status_code == 200
    assert changed.headers["ETag"] == '"c2"'
    assert len(changed.get_json()["sessions"]) == 1


def test_a_deal_in_a_club_session_changes_the_club_s_etag(client: FlaskClient) -> None:
    club = new_club(client)["id"]
    casino = new_session(client, "casino", alone("Uma", "Om"), club)
    held = client.get(f"{CLUBS}/{club}").headers["ETag"]
    auth = {"Authorization": f"Bearer {casino['edit_token']}"}
    client.post(f"{SESSIONS}/{casino['id']}/deals", json=SEVEN_FOUR, headers=auth)
    again = client.get(f"{CLUBS}/{club}", headers={"If-None-Match": held})
    assert again.status_code == 200  # else a client keeps the standing before the deal
    assert again.get_json()["sessions"][0]["standing"]["scores"] == [7, 4]


# -- sessions in a club --------------------------------------------------------------------


def test_a_session_started_in_a_club_says_so(client: FlaskClient) -> None:
    club = new_club(client)["id"]
    session = new_session(client, "seep", alone("Asha", "Ravi"), club)
    assert session["club"] == club
    assert client.get(f"{SESSIONS}/{session['id']}").get_json()["club"] == club
    assert "club" not in new_session(client, "seep", alone("Asha", "Ravi"), None)


def player_ids(app: Flask, session_id: str) -> list[int]:
    """The ids of the session's players, seat by seat within each team."""
    with app.app_context():
        session = GameSession.find(session_id, full=True)
        return [m.player_id for team in session.teams for m in team.members]


def test_raj_in_one_club_is_not_raj_in_another(app: Flask, client: FlaskClient) -> None:
    ours, theirs = new_club(client, "Ours")["id"], new_club(client, "Theirs")["id"]
    in_ours = player_ids(app, new_session(client, "seep", alone("Raj", "Om"), ours)["id"])
    in_theirs = player_ids(app, new_session(client, "seep", alone("Raj", "Om"), theirs)["id"])
    assert not set(in_ours) & set(in_theirs)
    assert [p["name"] for p in read(client, ours)["players"]] == ["Om", "Raj"]
    assert {p["id"] for p in read(client, ours)["players"]} == set(in_ours)


def test_the_same_name_in_one_club_is_one_player(app: Flask, client: FlaskClient) -> None:
    club = new_club(client)["id"]
    first = player_ids(app, new_session(client, "seep", alone("Raj", "Om"), club)["id"])
    # Another evening, another game, another case: the same two people.
    second = player_ids(app, new_session(client, "casino", alone("om", "RAJ"), club)["id"])
    assert second == first[::-1]
    players = read(client, club)["players"]
    assert players == [{"id": first[1], "name": "Om"}, {"id": first[0], "name": "Raj"}]
    assert count(app, Player) == 2


def test_pairs_in_a_club_are_the_club_s_players(app: Flask, client: FlaskClient) -> None:
    club = new_club(client)["id"]
    body = {"game": "seep", "teams": FOUR, "club": club}
    assert client.post(SESSIONS, json=body).status_code == 201
    assert client.post(SESSIONS, json=body).status_code == 201
    names = [p["name"] for p in read(client, club)["players"]]
    assert names == ["Asha", "Dev", "Meena", "Ravi"]
    assert count(app, Player) == 4


@pytest.mark.parametrize("club", ["nope", "", "a" * 33, "not an id", 7, ["x"], {"id": "x"}])
def test_an_unknown_club_is_400_and_nothing_stored(
    app: Flask, client: FlaskClient, club: Any
) -> None:
    real = new_club(client)["id"]
    body = {"game": "seep", "teams": FOUR, "club": club}
    response = client.post(SESSIONS, json=body)
    assert response.status_code == 400
    assert response.get_json()["error"] == "unknown-club"
    assert (count(app, GameSession), count(app, Player)) == (0, 0)
    assert read(client, real)["version"] == 1


def test_a_null_club_starts_a_session_outside_any_club(app: Flask, client: FlaskClient) -> None:
    session = client.post(SESSIONS, json={"game": "seep", "teams": FOUR, "club": None})
    assert session.status_code == 201
    assert "club" not in session.get_json()
    with app.app_context():
        players = db.session.scalars(sa.select(Player)).all()
        assert [p.club_id for p in players] == [None] * 4


def test_a_session_start_replayed_joins_the_club_once(app: Flask, client: FlaskClient) -> None:
    club, other = new_club(client)["id"], new_club(client, "Other")["id"]
    body, key = (
        {"game": "seep", "teams": FOUR, "club": club},
        {"Idempotency-Key": "start-1-0123456789abcdefghijkl"},
    )
    first = client.post(SESSIONS, json=body, headers=key)
    again = client.post(SESSIONS, json=body, headers=key)
    assert (first.status_code, again.status_code) == (201, 201)
    assert again.get_json() == first.get_json()
    assert again.get_json()["club"] == club
    elsewhere = client.post(SESSIONS, json=body | {"club": other}, headers=key)
    assert elsewhere.status_code == 422
    assert (count(app, GameSession), count(app, Player)) == (1, 4)
    assert read(client, club)["version"] == 2  # one session started, once
    untouched = read(client, other)
    assert (untouched["version"], untouched["sessions"], untouched["players"]) == (1, [], [])
