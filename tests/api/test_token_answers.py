"""Issue 34: an answer that carries a token is never kept by a cache, and a 401 names the scheme
that would be accepted (RFC 9110)."""

from __future__ import annotations

import uuid

from flask.testing import FlaskClient

from tests.helpers.api import CLUBS, FOUR, SESSIONS, bearer
from tests.helpers.seep import deal, seep_session


def test_a_session_start_and_its_replay_are_never_cached(client: FlaskClient) -> None:
    key = {"Idempotency-Key": str(uuid.uuid4())}
    for _time in range(2):
        answer = client.post(SESSIONS, json={"game": "seep", "teams": FOUR}, headers=key)
        assert answer.status_code == 201 and "edit_token" in answer.get_json()
        assert answer.headers["Cache-Control"] == "no-store"


def test_a_club_start_is_never_cached(client: FlaskClient) -> None:
    answer = client.post(CLUBS, json={"name": "Thursday"})
    assert answer.status_code == 201 and "keeper_token" in answer.get_json()
    assert answer.headers["Cache-Control"] == "no-store"


def test_a_new_scorer_link_is_never_cached(client: FlaskClient) -> None:
    session = seep_session(client)
    answer = client.post(
        f"{SESSIONS}/{session['id']}/scorer-link", headers=bearer(session["edit_token"])
    )
    assert answer.status_code == 200 and "scorer_token" in answer.get_json()
    assert answer.headers["Cache-Control"] == "no-store"


def test_a_read_without_a_token_may_be_kept(client: FlaskClient) -> None:
    session = seep_session(client)
    answer = client.get(f"{SESSIONS}/{session['id']}")
    assert answer.headers["Cache-Control"] == "no-cache"


def test_a_401_names_the_bearer_scheme(client: FlaskClient) -> None:
    session = seep_session(client)
    answer = client.post(f"{SESSIONS}/{session['id']}/deals", json=deal(60))
    assert answer.status_code == 401
    assert answer.headers["WWW-Authenticate"].startswith("Bearer ")
    assert answer.get_json()["error"] == "unauthorized"
