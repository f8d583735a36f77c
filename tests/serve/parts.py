"""The parts of a running `make serve`, found in /proc by its run directory; supervisorctl on it;
its change streams; and a scorer that keeps posting deals through it as a phone would: each
under its own Idempotency-Key, sent again with the same key after a 503, a 429 or a lost
connection, until it is acknowledged."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.load_http import Answer
from tests.helpers.api import SESSIONS
from tests.helpers.seep import deal
from tests.helpers.streams import Stream, open_stream
from tests.serve.conftest import Served

TWO = [{"players": ["Asha"]}, {"players": ["Dev"]}]


def worth_retrying(status: str) -> bool:
    """A 503 or 429, or no answer at all (refused, reset, timed out): send it again."""
    return status in ("503", "429") or not status.isdigit()


@dataclass(frozen=True)
class Process:
    """A process as /proc shows it."""

    pid: int
    ppid: int
    uid: int
    command: bytes


def processes() -> list[Process]:
    """Every process now running."""
    found = []
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            stat = (entry / "stat").read_text()
            command = (entry / "cmdline").read_bytes()
            status = (entry / "status").read_text()
        except OSError:
            continue  # ended meanwhile
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        uid = next(int(line.split()[1]) for line in status.splitlines() if line.startswith("Uid"))
        found.append(Process(int(entry.name), ppid, uid, command))
    return found


def nginx_master(run: Path) -> Process | None:
    """make serve's nginx master."""
    conf = str(run / "nginx.conf").encode()
    masters = [
        p for p in processes() if p.command.startswith(b"nginx: master") and conf in p.command
    ]
    return masters[0] if len(masters) == 1 else None


def memcached(run: Path) -> Process | None:
    """make serve's memcached."""
    sock = str(run / "memcached").encode()
    found = [p for p in processes() if p.command.startswith(b"memcached") and sock in p.command]
    return found[0] if len(found) == 1 else None


def gunicorn(run: Path) -> tuple[Process | None, list[Process]]:
    """make serve's gunicorn master (the gunicorn with gunicorn children) and its workers."""
    everything = processes()
    ours = [p for p in everything if b"gunicorn.conf.py" in p.command and from_run(p.pid, run)]
    pids = {p.pid for p in ours}
    masters = {p.ppid for p in ours if p.ppid in pids}
    if len(masters) != 1:
        return None, []
    master = next(p for p in ours if p.pid in masters)
    return master, [p for p in ours if p.ppid == master.pid]


def streams(run: Path) -> Process | None:
    """make serve's stream tier (deploy/streams.py)."""
    found = [p for p in processes() if b"deploy.streams" in p.command and from_run(p.pid, run)]
    return found[0] if len(found) == 1 else None


def from_run(pid: int, run: Path) -> bool:
    """Whether a process was started by the make serve of this run directory."""
    try:
        environment = Path(f"/proc/{pid}/environ").read_bytes()
    except OSError:
        return False
    return f"SCOREKEEPER_RUN_DIR={run}\0".encode() in environment


def wait_for(what: str, check: Callable[[], Any], seconds: float = 90) -> Any:
    """Poll `check` until it gives something true; fail naming `what` after `seconds`."""
    give_up = time.monotonic() + seconds
    while time.monotonic() < give_up:
        found = check()
        if found:
            return found
        time.sleep(0.1)
    raise AssertionError(f"{what}: not within {seconds:g} s")


@dataclass
class Scorer:
    """A thread posting numbered deals to one session until stopped."""

    served: Served
    session: dict[str, Any] = field(default_factory=dict)
    acknowledged: dict[int, str] = field(default_factory=dict)  # deal number: its key
    statuses: list[str] = field(default_factory=list)
    failure: str | None = None  # an answer no retry mends, which stops the scorer
    stopping: threading.Event = field(default_factory=threading.Event)
    thread: threading.Thread | None = None

    def start(self) -> Scorer:
        """Create the session and start posting."""
        created = self.served.call("POST", SESSIONS, {"game": "seep", "teams": TWO})
        assert created.status == "201", created.body[:300]
        self.session = created.json()
        self.thread = threading.Thread(target=self._post_deals, name="scorer", daemon=True)
        self.thread.start()
        return self

    def stop(self) -> None:
        """Finish the deal under way (acknowledged or given up), then stop."""
        self.stopping.set()
        assert self.thread is not None
        self.thread.join(timeout=120)
        assert not self.thread.is_alive(), "the scorer did not stop"
        assert self.failure is None, self.failure

    def wait_for_more(self, count: int = 3, seconds: float = 90) -> None:
        """Until `count` more deals are acknowledged."""
        target = len(self.acknowledged) + count

        def done() -> bool:
            assert self.failure is None, self.failure
            return len(self.acknowledged) >= target

        wait_for(f"{target} deals acknowledged", done, seconds)

    def _post_deals(self) -> None:
        number = 1
        while not self.stopping.is_set():
            if self._post(number):
                number += 1
            time.sleep(0.1)  # a busy table, not a flood

    def _post(self, number: int, seconds: float = 120) -> bool:
        """Post deal `number` under one key until acknowledged (True) or the time is up."""
        key = uuid.uuid4().hex
        url = f"{SESSIONS}/{self.session['id']}/deals"
        headers = {
            "Idempotency-Key": key,
            "Authorization": f"Bearer {self.session['edit_token']}",
        }
        give_up = time.monotonic() + seconds
        while time.monotonic() < give_up:
            answer: Answer = self.served.call(
                "POST", url, {**deal(60), "number": number}, timeout=30, **headers
            )
            self.statuses.append(answer.status)
            if answer.status in ("200", "201"):
                self.acknowledged[number] = key
                return True
            if not worth_retrying(answer.status):
                self.failure = f"deal {number}: {answer.status} {answer.body[:300]!r}"
                self.stopping.set()
                return False
            if answer.status in ("503", "429"):
                time.sleep(min(float(answer.headers.get("retry-after", "1")), 2.0))
            else:
                time.sleep(0.1)
        return False

    def stored_numbers(self) -> list[int]:
        """The numbers of the deals the server keeps, in order."""
        read = self.served.get(f"{SESSIONS}/{self.session['id']}", timeout=30)
        assert read.status == "200", read.body[:300]
        return [d["number"] for d in read.json()["deals"]]


def control(served: Served, *command: str) -> str:
    """supervisorctl on that make serve, as README's "Deploying" says."""
    conf = served.run / "supervisord.conf"
    ctl = [sys.executable, "-m", "supervisor.supervisorctl", "-c", str(conf), *command]
    done = subprocess.run(ctl, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, f"{command}: {done.stdout}{done.stderr}"
    return done.stdout


def streaming(served: Served, path: str, last: str | None = None) -> Stream | None:
    """A stream of `path` if it opens (200), else None (the tier still starting: a 502)."""
    headers = {"Last-Event-ID": last} if last else {}
    stream = open_stream(served.port, path, **headers)
    if stream.status == 200:
        return stream
    stream.close()
    return None
