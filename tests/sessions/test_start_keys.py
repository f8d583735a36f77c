"""Issue 22: a new-session form's key is unguessable, and a rematch cannot be replayed by anyone
who knows the session's public id through the form (the start's token is derived from its key)."""

from __future__ import annotations

import re
import secrets
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.data.idempotency import is_unguessable
from scorekeeper.data.models import GameSession
from tests.helpers.api import count
from tests.helpers.pages import FORMS, problems, session_of, start, stored


def test_the_form_key_keeps_the_rule_whatever_the_random_bytes(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bytes that base64 would spell as '_' or '-' only (1 form in about 300,000 with
    token_urlsafe) must still make a key of 16 letters or digits."""
    monkeypatch.setattr(secrets, "token_bytes", lambda n=32: b"\xff" * (n or 32))
    form = client.get("/new/seep").get_data(as_text=True)
    key = re.search(r'name="key" type="hidden" value="([^"]*)"', form) or re.search(
        r'type="hidden" name="key" value="([^"]*)"', form
    )
    assert key and is_unguessable(key.group(1)), key and key.group(1)


def test_a_form_with_a_guessable_key_starts_nothing(app: Flask, client: FlaskClient) -> None:
    response = client.post("/new/seep", data=FORMS["seep"] | {"key": "1"})
    assert response.status_code == 400
    assert any("letters or digits" in p for p in problems(response.get_data(as_text=True)))
    assert count(app, GameSession) == 0


@pytest.mark.parametrize("game", ["casino", "fifty-six"])
def test_a_rematch_cannot_be_had_through_the_form_by_its_key(
    app: Flask, client: FlaskClient, game: str
) -> None:
    """Another phone that knows the session's id and version (both public) sends the form
    under the rematch's key and the same teams: it must get a session of its own."""
    board = start(client, game)
    rematch = client.post(board + "/rematch")
    assert rematch.status_code == 302
    old = stored(client, board)
    other = app.test_client()
    names = {"team_a": old["teams"][0]["name"], "team_b": old["teams"][1]["name"]}
    options: dict[str, Any] = {k: "" if v is None else str(v) for k, v in old["options"].items()}
    key = f"rematch:{old['id']}:{old['version']}"
    sent = FORMS[game] | names | options | {"club": old["club"], "key": key}
    answer = other.post(f"/new/{game}", data=sent)
    # The rematch's key may fall short of the rule for a key sent from outside (a 400), or
    # start a session of the other phone's own: never the rematch.
    assert answer.status_code in (302, 400), problems(answer.get_data(as_text=True))
    if answer.status_code == 302:
        assert session_of(answer.headers["Location"]) != session_of(rematch.headers["Location"])
    rematched = rematch.headers["Location"]
    assert other.get(rematched + "/deals/new").status_code == 403
