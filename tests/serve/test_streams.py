"""Change streams through make serve: nginx passes each event of the stream tier on at once,
never buffered or compressed, and a deal posted through the app reaches an open stream
(shared/API.md "Changes as they happen", issue 36)."""

from __future__ import annotations

import time

import pytest

from tests.helpers.api import SESSIONS
from tests.helpers.seep import deal
from tests.helpers.streams import open_stream
from tests.serve import parts
from tests.serve.conftest import Served

pytestmark = pytest.mark.serve


def test_a_deal_posted_reaches_an_open_stream_at_once(served: Served) -> None:
    made = served.call("POST", SESSIONS, {"game": "seep", "teams": parts.TWO}).json()
    path = f"{SESSIONS}/{made['id']}/changes"
    stream = open_stream(served.port, path, accept_encoding="gzip, br")
    try:
        assert stream.status == 200
        assert stream.headers["content-type"] == "text/event-stream; charset=utf-8"
        assert stream.headers["cache-control"] == "no-store"
        assert "content-encoding" not in stream.headers
        assert stream.next_version() == made["version"]
        began = time.monotonic()
        url = f"{SESSIONS}/{made['id']}/deals"
        posted = served.call("POST", url, deal(60), Authorization=f"Bearer {made['edit_token']}")
        assert posted.status == "201", posted.body
        assert stream.next_version(seconds=5) == made["version"] + 1
        print(f"the event came {1000 * (time.monotonic() - began):.0f} ms after the post began")
    finally:
        stream.close()


def test_an_unknown_session_s_stream_is_a_404_in_the_reader_s_language(served: Served) -> None:
    answer = served.get(f"{SESSIONS}/nosuchsession00/changes", accept_language="pt")
    assert answer.status == "404"
    assert answer.headers["content-type"] == "application/json"
    assert answer.json()["error"] == "not-found"
    assert "nosuchsession00" in answer.json()["message"]
    assert answer.json()["message"].startswith("Não")
