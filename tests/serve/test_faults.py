"""A crashed part of `make serve` is restarted while the rest goes on serving (issue 34).

make serve runs here as root, with its database in a directory the workers' user owns and
SECRET_KEY given, so that gunicorn's workers run unprivileged where Python lets them. A scorer
keeps posting deals under Idempotency-Keys, sending each again after a 503 or a lost connection,
while each part is killed in turn: every acknowledged deal is kept, none twice. A full restart
of the app meets nginx's 503 with Retry-After, never a refused connection; a graceful reload
(HUP) drops no request.
"""

from __future__ import annotations

import os
import pwd
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator, Mapping
from functools import partial
from pathlib import Path

import pytest

from bench import ROOMY_LIMITS
from bench.load_http import Answer
from tests.helpers.api import SESSIONS
from tests.helpers.seep import deal
from tests.serve import parts
from tests.serve.conftest import ROOT, Served, make_serve
from tests.serve.parts import Scorer, wait_for

pytestmark = pytest.mark.serve

WORKER = pwd.getpwnam("www-data")


def database_of_its_own(scratch: Path, env: Mapping[str, str]) -> dict[str, str]:
    """A database in a directory of the workers' user, made before make serve starts."""
    directory = scratch / "db"
    directory.mkdir()
    url = f"sqlite:///{directory}/serve.sqlite"
    flask = [sys.executable, "-m", "flask", "--app", "scorekeeper", "init-db"]
    made = subprocess.run(flask, cwd=ROOT, env={**env, "DATABASE_URL": url}, capture_output=True)
    assert made.returncode == 0, made.stderr[-2000:]
    for path in [directory, *directory.iterdir()]:
        os.chown(path, WORKER.pw_uid, WORKER.pw_gid)
    return {"DATABASE_URL": url}


@pytest.fixture(scope="module")
def resilient() -> Iterator[Served]:
    """make serve for these tests alone: they kill and restart its parts."""
    if os.geteuid() != 0:
        pytest.fail("these tests run make serve as root, to see its workers' user")
    # Their client reads and writes as fast as it can: the limits' figures are not theirs.
    roomy = {"SECRET_KEY": "tests/serve/test_faults", **ROOMY_LIMITS}
    with make_serve(roomy, database_of_its_own) as served:
        yield served


def answering(served: Served) -> bool:
    """Whether the home page answers 200 through nginx."""
    return served.get("/", timeout=5).status == "200"


def test_gunicorn_s_workers_run_as_make_serve_says(resilient: Served) -> None:
    """As the workers' user where the files allow it; as root, saying why, where they do not
    (here, where Python itself may live under /root)."""
    master, workers = wait_for(
        "gunicorn", lambda: all(found := parts.gunicorn(resilient.run)) and found
    )
    assert master is not None and master.uid == 0 and workers
    said = [
        line
        for line in resilient.log.read_text().splitlines()
        if line.startswith("make serve: gunicorn's workers run as")
    ]
    assert len(said) == 1, said
    if said[0] == "make serve: gunicorn's workers run as www-data":
        assert {w.uid for w in workers} == {WORKER.pw_uid}
    else:
        assert said[0].startswith("make serve: gunicorn's workers run as root: www-data cannot")
        assert {w.uid for w in workers} == {0}
        assert "/db" not in said[0]  # the database's directory is the workers' user's here
    print(said[0])


def kill_gunicorn_worker(run: Path) -> int:
    workers = wait_for("gunicorn's workers", lambda: parts.gunicorn(run)[1])
    return int(workers[0].pid)


def kill_gunicorn_master(run: Path) -> int:
    master, _ = parts.gunicorn(run)
    assert master is not None
    return master.pid


def kill_memcached(run: Path) -> int:
    found = parts.memcached(run)
    assert found is not None
    return found.pid


def kill_streams(run: Path) -> int:
    found = parts.streams(run)
    assert found is not None
    return found.pid


def kill_nginx_master(run: Path) -> int:
    found = parts.nginx_master(run)
    assert found is not None
    return found.pid


PARTS = {
    "a gunicorn worker": kill_gunicorn_worker,
    "the gunicorn master": kill_gunicorn_master,
    "memcached": kill_memcached,
    "the stream tier": kill_streams,
    "nginx's master": kill_nginx_master,
}
AGAIN = {
    "a gunicorn worker": lambda run, old: len(parts.gunicorn(run)[1]) == 2,
    "the gunicorn master": lambda run, old: (m := parts.gunicorn(run)[0]) and m.pid != old,
    "memcached": lambda run, old: (m := parts.memcached(run)) and m.pid != old,
    "the stream tier": lambda run, old: (m := parts.streams(run)) and m.pid != old,
    "nginx's master": lambda run, old: (m := parts.nginx_master(run)) and m.pid != old,
}


def test_killing_each_part_in_turn_loses_no_acknowledged_deal_and_doubles_none(
    resilient: Served,
) -> None:
    scorer = Scorer(resilient).start()
    try:
        scorer.wait_for_more(3)
        for name, find in PARTS.items():
            pid = find(resilient.run)
            os.kill(pid, signal.SIGKILL)
            wait_for(f"{name} back after kill -9", partial(AGAIN[name], resilient.run, pid))
            wait_for(f"the site answering after {name} was killed", lambda: answering(resilient))
            scorer.wait_for_more(3)
    finally:
        scorer.stop()
    acknowledged = sorted(scorer.acknowledged)
    assert acknowledged == list(range(1, len(acknowledged) + 1))
    assert scorer.stored_numbers() == acknowledged, "a deal lost or stored twice"
    assert "make serve: stopped" not in resilient.log.read_text()
    print(f"{len(acknowledged)} deals, statuses {sorted(set(scorer.statuses))}")


def poll(served: Served, path: str, until: threading.Event) -> list[Answer]:
    """Read `path` again and again until `until` is set, and then once more."""
    answers = []
    while not until.is_set():
        answers.append(served.get(path, timeout=30))
    answers.append(served.get(path, timeout=30))
    return answers


def test_while_the_app_restarts_nginx_answers_503_with_retry_after(resilient: Served) -> None:
    made = resilient.call("POST", SESSIONS, {"game": "seep", "teams": parts.TWO}).json()
    wait_for("the app answering", lambda: answering(resilient))
    done = threading.Event()
    restart = threading.Thread(
        target=lambda: (parts.control(resilient, "restart", "gunicorn"), done.set())
    )
    restart.start()
    try:
        answers = poll(resilient, f"{SESSIONS}/{made['id']}", done)
    finally:
        restart.join(timeout=120)
    statuses = [a.status for a in answers]
    assert set(statuses) <= {"200", "503"}, statuses  # never refused, reset or a 502
    unavailable = [a for a in answers if a.status == "503"]
    assert unavailable, "the restart was not seen"
    for answer in unavailable:
        assert answer.headers["retry-after"] == "2"
        assert answer.headers["content-type"] == "application/json"
        assert answer.json()["error"] == "unavailable"
    wait_for("the app answering after its restart", lambda: answering(resilient))
    print(f"{len(unavailable)} of {len(answers)} reads met the restart's 503")


def test_a_graceful_reload_drops_no_request(resilient: Served) -> None:
    before = wait_for("gunicorn's workers", lambda: parts.gunicorn(resilient.run)[1])
    old = {w.pid for w in before}
    scorer = Scorer(resilient).start()
    done = threading.Event()
    readers: list[list[Answer]] = []

    def read() -> None:
        readers.append(poll(resilient, f"{SESSIONS}/{scorer.session['id']}", done))

    threads = [threading.Thread(target=read) for _ in range(3)]
    for thread in threads:
        thread.start()
    try:
        scorer.wait_for_more(3)
        parts.control(resilient, "signal", "HUP", "gunicorn")

        def renewed() -> bool:
            workers = parts.gunicorn(resilient.run)[1]
            return len(workers) == 2 and not old & {w.pid for w in workers}

        wait_for("new workers in place of the old", renewed)
        scorer.wait_for_more(3)
    finally:
        done.set()
        for thread in threads:
            thread.join(timeout=60)
        scorer.stop()
    reads = [a.status for answers in readers for a in answers]
    assert set(reads) == {"200"}, sorted(set(reads))
    assert set(scorer.statuses) == {"201"}, sorted(set(scorer.statuses))
    assert scorer.stored_numbers() == sorted(scorer.acknowledged)
    print(f"through the reload: {len(reads)} reads, {len(scorer.statuses)} deals, all answered")


def test_after_the_stream_tier_restarts_last_event_id_catches_up(resilient: Served) -> None:
    made = resilient.call("POST", SESSIONS, {"game": "seep", "teams": parts.TWO}).json()
    path = f"{SESSIONS}/{made['id']}/changes"
    stream = wait_for("a stream", lambda: parts.streaming(resilient, path))
    heard = stream.next_version()
    stream.close()
    killed = kill_streams(resilient.run)
    os.kill(killed, signal.SIGKILL)
    auth = f"Bearer {made['edit_token']}"
    url = f"{SESSIONS}/{made['id']}/deals"
    assert resilient.call("POST", url, deal(60), Authorization=auth).status == "201"
    wait_for(
        "the stream tier back", lambda: (m := parts.streams(resilient.run)) and m.pid != killed
    )
    again = wait_for("the stream again", lambda: parts.streaming(resilient, path, str(heard)))
    try:
        assert again.next_version() == heard + 1  # the deal posted while it was down
    finally:
        again.close()
