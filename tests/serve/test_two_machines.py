"""Two machines' `make serve` (nginx, gunicorn, the stream tier, memcached each) on one
PostgreSQL, behind one balancer (deploy/balancer.py), as a site grows past one machine
(issue 36): a deal written through one machine reaches a stream held on the other; a stream
lives through the other machine's app restarting; after its own stream tier restarts, a stream
opened again with Last-Event-ID misses nothing. Without PostgreSQL this fails, never skips."""

from __future__ import annotations

import os
import signal
import uuid
from collections.abc import Iterator

import pytest

from bench import ROOMY_LIMITS
from bench.load import balancer
from tests.helpers.api import SESSIONS
from tests.helpers.postgres import create_database, drop_database
from tests.helpers.seep import deal
from tests.helpers.streams import open_stream
from tests.serve import parts
from tests.serve.conftest import Served, make_serve

pytestmark = pytest.mark.serve


@pytest.fixture(scope="module")
def machines(postgres_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[Served]]:
    """Machines A and B, then the balancer in front of both (as a Served of its own)."""
    url = create_database(postgres_url, f"machines_{uuid.uuid4().hex[:16]}")
    env = {
        "DATABASE_URL": url,
        "SECRET_KEY": "tests/serve/test_two_machines",  # one key for the site
        "SCOREKEEPER_PROXIES": "2",  # each machine trusts the balancer's word too
        **ROOMY_LIMITS,  # one client address for every request here
    }
    log = tmp_path_factory.mktemp("balancer") / "balancer.log"
    try:
        with make_serve(env) as a, make_serve(env) as b, balancer([a.port, b.port], log) as up:
            yield [a, b, Served(up[0], a.run, log)]
    finally:
        drop_database(url)


def start(served: Served) -> dict[str, str]:
    made = served.call("POST", SESSIONS, {"game": "seep", "teams": parts.TWO})
    assert made.status == "201", made.body[:300]
    return made.json()


def post(served: Served, made: dict[str, str]) -> None:
    url = f"{SESSIONS}/{made['id']}/deals"
    answer = served.call("POST", url, deal(60), Authorization=f"Bearer {made['edit_token']}")
    assert answer.status == "201", answer.body[:300]


def test_a_deal_through_one_machine_reaches_streams_on_the_other_and_through_the_balancer(
    machines: list[Served],
) -> None:
    a, b, front = machines
    made = start(front)
    path = f"{SESSIONS}/{made['id']}/changes"
    on_b = open_stream(b.port, path)
    through = [open_stream(front.port, path) for _ in range(4)]  # on A and B by turns
    try:
        assert [s.next_version() for s in [on_b, *through]] == [1] * 5
        post(a, made)
        assert [s.next_version(seconds=5) for s in [on_b, *through]] == [2] * 5
        post(front, made)
        assert [s.next_version(seconds=5) for s in [on_b, *through]] == [3] * 5
    finally:
        for stream in [on_b, *through]:
            stream.close()


def test_a_stream_lives_through_the_other_machine_s_app_restarting(
    machines: list[Served],
) -> None:
    a, b, front = machines
    scorer = parts.Scorer(front).start()  # through the balancer, retrying as a phone does
    stream = open_stream(b.port, f"{SESSIONS}/{scorer.session['id']}/changes")
    try:
        heard = [stream.next_version()]
        scorer.wait_for_more(2)
        parts.control(a, "restart", "gunicorn")
        scorer.wait_for_more(3)
        scorer.stop()
        final = front.get(f"{SESSIONS}/{scorer.session['id']}").json()["version"]
        while heard[-1] < final:
            heard.append(stream.next_version(seconds=5))
    finally:
        stream.close()
    assert heard == sorted(set(heard)) and heard[-1] == final
    assert scorer.stored_numbers() == sorted(scorer.acknowledged)
    assert not [s for s in scorer.statuses if s.startswith("5") and s != "503"]


def test_after_a_machine_s_stream_tier_restarts_last_event_id_catches_up(
    machines: list[Served],
) -> None:
    a, b, _ = machines
    made = start(a)
    path = f"{SESSIONS}/{made['id']}/changes"
    stream = parts.wait_for("a stream on B", lambda: parts.streaming(b, path))
    heard = stream.next_version()
    stream.close()
    tier = parts.streams(b.run)
    assert tier is not None
    os.kill(tier.pid, signal.SIGKILL)
    post(a, made)  # while B's tier is away
    parts.wait_for("B's tier back", lambda: (t := parts.streams(b.run)) and t.pid != tier.pid)
    again = parts.wait_for("the stream again", lambda: parts.streaming(b, path, str(heard)))
    try:
        assert again.next_version() == heard + 1
    finally:
        again.close()
