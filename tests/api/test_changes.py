"""The changes stream as the app itself serves it where no stream tier stands in front (`make
run`): the headers, the current version at once, a new version after a deal, the refusals
(shared/API.md "Changes as they happen")."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.streams import sse
from tests.helpers import casino
from tests.helpers.api import SESSIONS, assert_error, new_club, new_session, post_deal


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """A test client of an app whose streams last long enough to follow a deal."""
    app.config["STREAM_SECONDS"] = 30
    return app.test_client()


def first_chunks(response: object, count: int) -> bytes:
    chunks = iter(response.response)  # type: ignore[attr-defined]
    return b"".join(next(chunks) for _ in range(count))


def test_a_session_s_stream_opens_with_its_version_and_follows_a_deal(client: FlaskClient) -> None:
    session = new_session(client, "casino")
    response = client.get(f"{SESSIONS}/{session['id']}/changes", buffered=False)
    assert response.status_code == 200
    assert response.headers["Content-Type"] == "text/event-stream; charset=utf-8"
    assert response.headers["Cache-Control"] == "no-store"
    assert response.headers["X-Accel-Buffering"] == "no"
    chunks = iter(response.response)
    assert next(chunks) == sse.opening(1, None)
    assert post_deal(client, session, casino.SEVEN_FOUR).status_code == 201
    assert next(chunks) == sse.event(2)
    response.close()


def test_last_event_id_at_the_current_version_sends_no_event_at_once(client: FlaskClient) -> None:
    club = new_club(client)
    response = client.get(
        f"/api/v1/clubs/{club['id']}/changes", headers={"Last-Event-ID": "1"}, buffered=False
    )
    assert first_chunks(response, 1) == b"retry: %d\n\n" % sse.RETRY_MS
    response.close()


def test_an_unknown_session_or_club_is_a_404_in_json(client: FlaskClient) -> None:
    for path in (f"{SESSIONS}/nosuchsession0000/changes", "/api/v1/clubs/nosuchclub0000/changes"):
        response = client.get(path, headers={"Accept-Language": "pt"})
        assert_error(response, 404, "not-found")


def test_under_testing_a_stream_ends_after_its_opening(app: Flask) -> None:
    session = new_session(app.test_client(), "casino")
    response = app.test_client().get(f"{SESSIONS}/{session['id']}/changes")
    assert response.data == sse.opening(1, None)
