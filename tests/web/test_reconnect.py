"""A poll's 304 costs as few database round trips as it can: no pre-ping of the pooled
connection (issue 34; a dropped connection is handled by running the request again, which
tests/data/test_faults.py checks against a real PostgreSQL restart)."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from bench.round_trips import counted
from scorekeeper.data.extensions import db
from tests.helpers.api import SESSIONS, bearer
from tests.helpers.seep import deal, seep_session


def test_a_304_poll_sends_no_ping_and_three_round_trips(app: Flask, client: FlaskClient) -> None:
    session = seep_session(client)
    url = f"{SESSIONS}/{session['id']}"
    client.post(f"{url}/deals", json=deal(60), headers=bearer(session["edit_token"]))
    tag = client.get(url).headers["ETag"]
    with app.app_context():
        engine = db.engine
    with counted(engine) as counts:
        assert client.get(url, headers={"If-None-Match": tag}).status_code == 304
    assert counts["do_ping"] == 0, counts
    # BEGIN, the session's version, and the ROLLBACK that returns the connection.
    assert sum(counts.values()) <= 3, counts
