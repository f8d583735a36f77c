"""Issue 22: an Idempotency-Key must be unguessable (shared/API.md "Exactly once"), since
repeating a session's or club's creation under its key hands out the keeper's token."""

from __future__ import annotations

import uuid

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.data.idempotency import IdempotencyKey
from scorekeeper.data.models import Club, GameSession
from tests.helpers.api import CLUBS, FOUR, SESSIONS, bearer, count
from tests.helpers.seep import deal, seep_session

BODY = {"game": "seep", "teams": FOUR}
GUESSABLE = [
    "1",
    "session-one",
    "0000000000000000",  # shared/API.md's own examples: 16 letters or digits, too few and alike
    "1234567890123456",
    "a" * 40,  # enough letters, but all one
    "abcdefg" * 4,  # 28 letters of only 7 kinds
    "-" * 40 + "abcdefgh" * 2 + "abcde",  # 21 letters or digits
    "x" * 256,
    "é" * 30,
    " " * 30,
]
UNGUESSABLE = [
    str(uuid.uuid4()),
    uuid.uuid4().hex,
    "abcdefgh" * 3,  # 24 letters of 8 kinds
    "key-" + "ABCDefgh" * 3,  # a capital and a small letter differ
    "0123456789" * 25 + "-----",  # 255 characters
]


def test_a_guessable_key_starts_no_session_and_hands_out_no_token(
    app: Flask, client: FlaskClient
) -> None:
    """The finding: `Idempotency-Key: 1` started a session whose token anyone could get back."""
    response = client.post(SESSIONS, json=BODY, headers={"Idempotency-Key": "1"})
    assert response.status_code == 400
    answer = response.get_json()
    assert answer["error"] == "bad-idempotency-key"
    assert "22" in answer["message"] and "letters or digits" in answer["message"]
    assert "edit_token" not in answer
    again = client.post(SESSIONS, json=BODY, headers={"Idempotency-Key": "1"})
    assert again.status_code == 400 and "edit_token" not in again.get_json()
    assert count(app, GameSession) == count(app, IdempotencyKey) == 0


def test_an_unguessable_key_still_replays_the_start_and_its_token(
    app: Flask, client: FlaskClient
) -> None:
    key = {"Idempotency-Key": str(uuid.uuid4())}
    first = client.post(SESSIONS, json=BODY, headers=key)
    again = client.post(SESSIONS, json=BODY, headers=key)
    assert (first.status_code, again.status_code) == (201, 201)
    assert again.get_json() == first.get_json()
    assert again.headers["Idempotent-Replayed"] == "true"
    link = f"{SESSIONS}/{first.get_json()['id']}/scorer-link"
    assert client.post(link, headers=bearer(again.get_json()["edit_token"])).status_code == 200
    assert count(app, GameSession) == 1


@pytest.mark.parametrize("key", GUESSABLE)
def test_every_key_short_of_the_rule_is_refused_for_a_club(
    app: Flask, client: FlaskClient, key: str
) -> None:
    response = client.post(CLUBS, json={"name": "Thursday"}, headers={"Idempotency-Key": key})
    assert response.status_code == 400, key
    assert response.get_json()["error"] == "bad-idempotency-key"
    assert count(app, Club) == count(app, IdempotencyKey) == 0


@pytest.mark.parametrize("key", UNGUESSABLE)
def test_a_key_of_the_rule_is_accepted_for_a_club(
    app: Flask, client: FlaskClient, key: str
) -> None:
    response = client.post(CLUBS, json={"name": "Thursday"}, headers={"Idempotency-Key": key})
    assert response.status_code == 201, key
    assert count(app, IdempotencyKey) == 1


def test_a_deal_under_a_guessable_key_is_refused_and_not_stored(client: FlaskClient) -> None:
    session = seep_session(client)
    url = f"{SESSIONS}/{session['id']}/deals"
    headers = bearer(session["edit_token"]) | {"Idempotency-Key": "deal-1"}
    response = client.post(url, json=deal(60), headers=headers)
    assert response.status_code == 400
    assert response.get_json()["error"] == "bad-idempotency-key"
    assert client.get(f"{SESSIONS}/{session['id']}").get_json()["deals"] == []
