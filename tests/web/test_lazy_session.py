"""The session cookie is decrypted only by a request that looks into it (issue 34): an API call,
a poll's 304 or a move check never does; a page that shows what this phone holds does, once."""

from __future__ import annotations

import time
from typing import Any

import flask
import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.web.security import SealedCookie


def decryptions(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The cookies decrypted, as they happen."""
    seen: list[str] = []
    loads = SealedCookie.loads

    def counted(self: SealedCookie, value: str, max_age: int | None = None) -> dict[str, Any]:
        seen.append(value)
        return loads(self, value, max_age)

    monkeypatch.setattr(SealedCookie, "loads", counted)
    return seen


def keeper(client: FlaskClient) -> str:
    """A session started through the form, so that this client's cookie holds its token."""
    form = {"a1": "Asha", "a2": "Ravi", "b1": "Meena", "b2": "Dev", "baazis": ""}
    board = client.post("/new/seep", data=form).headers["Location"]
    return board.rsplit("/", 1)[1]


def test_an_api_poll_and_a_move_check_never_decrypt_the_cookie(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    session_id = keeper(client)
    tag = client.get(f"/api/v1/sessions/{session_id}").headers["ETag"]
    seen = decryptions(monkeypatch)
    poll = client.get(f"/api/v1/sessions/{session_id}", headers={"If-None-Match": tag})
    assert poll.status_code == 304
    assert client.post("/api/v1/check", json={}).status_code == 400
    assert seen == []
    assert "Set-Cookie" not in poll.headers  # the phone's cookie stays as it is


def test_a_page_that_shows_what_the_phone_holds_reads_it_once(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    session_id = keeper(client)
    seen = decryptions(monkeypatch)
    page = client.get(f"/s/{session_id}")
    assert page.status_code == 200
    assert len(seen) == 1
    assert "Enter deal 1" in page.get_data(as_text=True)  # the keeper's page, from the cookie


def test_a_remembered_cookie_is_refused_once_it_is_too_old(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A cookie opened once is remembered (web/security.py), but only for its lifetime: a day
    after it expired the keeper's page is a watcher's, as it is for a cookie never seen."""
    session_id = keeper(client)
    client.get(f"/s/{session_id}")  # the page adds its form token: the cookie is written again
    sent = client.get_cookie("session")
    assert "Enter deal 1" in client.get(f"/s/{session_id}").get_data(as_text=True)  # remembered
    assert sent is not None and client.get_cookie("session") == sent  # the same cookie after
    lifetime = app.permanent_session_lifetime.total_seconds()
    later = time.time() + lifetime + 86_400
    monkeypatch.setattr(time, "time", lambda: later)
    page = client.get(f"/s/{session_id}").get_data(as_text=True)
    assert "Enter deal 1" not in page


def test_what_a_request_changes_in_a_remembered_cookie_stays_its_own(
    app: Flask, client: FlaskClient
) -> None:
    """The data of a remembered cookie is copied for each request, the dicts and lists in it
    too: what one request changes in place never shows in the next that sends that cookie."""
    session_id = keeper(client)
    cookie = client.get_cookie("session")
    assert cookie is not None
    headers = {"Cookie": f"session={cookie.value}"}
    for _ in range(2):
        with app.test_request_context(headers=headers):
            opened = app.session_interface.open_session(app, flask.request)
            assert opened is not None
            assert opened["tokens"][session_id] != "changed here"
            opened["tokens"][session_id] = "changed here"
