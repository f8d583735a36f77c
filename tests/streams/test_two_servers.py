"""Two app servers on one PostgreSQL, each with its own stream tier, as two machines run them: a
deal written through app server A reaches a stream held on B's tier, and the stream lives on
through A's restart (issue 36). Without PostgreSQL this test fails, never skips."""

from __future__ import annotations

import time
import uuid
from pathlib import Path

from bench.load import gunicorn
from bench.load_http import exchange
from bench.streams import stream_tier
from tests.helpers.postgres import create_database, drop_database
from tests.helpers.seep import deal
from tests.helpers.streams import open_stream

TEAMS = [{"players": ["Asha"]}, {"players": ["Dev"]}]


def post_deal(port: int, made: dict[str, str]) -> None:
    headers = {"Authorization": f"Bearer {made['edit_token']}"}
    url = f"/api/v1/sessions/{made['id']}/deals"
    answer = exchange(port, 30, "POST", url, deal(60), headers)
    assert answer.status == "201", answer.body[:300]


def test_a_deal_through_one_server_reaches_a_stream_on_the_other_through_a_restart(
    postgres_url: str, tmp_path: Path
) -> None:
    url = create_database(postgres_url, f"two_{uuid.uuid4().hex[:16]}")
    try:
        with gunicorn(url, 1, tmp_path / "b.log"), stream_tier(url, tmp_path / "b-tier.log") as b:
            tier_b, _ = b
            with gunicorn(url, 1, tmp_path / "a.log") as (app_a, _):
                body = {"game": "seep", "teams": TEAMS}
                made = exchange(app_a, 30, "POST", "/api/v1/sessions", body, {}).json()
                stream = open_stream(tier_b, f"/api/v1/sessions/{made['id']}/changes")
                assert stream.next_version() == 1
                began = time.monotonic()
                post_deal(app_a, made)
                assert stream.next_version(seconds=5) == 2
                print(f"heard on B {1000 * (time.monotonic() - began):.0f} ms after A's post")
            # A is stopped; B's tier and its stream go on, and A started again is heard too.
            with gunicorn(url, 1, tmp_path / "a-again.log") as (app_a, _):
                post_deal(app_a, made)
                assert stream.next_version(seconds=5) == 3
            stream.close()
    finally:
        drop_database(url)
