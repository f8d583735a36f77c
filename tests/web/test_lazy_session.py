"""The session cookie is decrypted only by a request that looks into it (issue 34): an API call,
a poll's 304 or a move check never does; a page that shows what this phone holds does, once."""

from __future__ import annotations

from typing import Any

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
