"""`make serve` itself, once for the whole test run: nginx, gunicorn and memcached on 127.0.0.1.

The fixture runs the real Makefile target in the venv these tests run in (made by `make test`:
it is not rebuilt), on a free PORT, a new SQLite file and a run directory under /tmp (nginx's
workers, as www-data under root, must be able to reach the sockets there). It waits until the
home page answers, fails with the servers' output if it does not, and stops it all at the end
with SIGTERM, as a service manager would, checking that nothing is left running. make_serve()
starts another one for tests that kill its parts or need other settings (a certificate).
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from bench import ROOMY_LIMITS
from bench.load import free_port
from bench.load_http import HOST, Answer, exchange

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Served:
    """The running `make serve`: its port, run directory and output so far."""

    port: int
    run: Path
    log: Path

    def get(self, path: str, *, timeout: float = 10, **headers: str) -> Answer:
        """A GET on its own connection; `headers` with underscores for dashes."""
        return self.call("GET", path, None, timeout=timeout, **headers)

    def call(
        self, method: str, path: str, body: object = None, *, timeout: float = 10, **headers: str
    ) -> Answer:
        """One request on its own connection."""
        named = {name.replace("_", "-"): value for name, value in headers.items()}
        return exchange(self.port, timeout, method, path, body, named)

    def output(self) -> str:
        """The last of what make serve printed."""
        return self.log.read_text(errors="replace")[-6000:]


def make_serve_command() -> list[str]:
    """`make serve` with this venv as the Makefile's, taken as installed already."""
    venv = Path(sys.prefix)
    return ["make", "--no-print-directory", f"VENV={venv}", "-o", f"{venv}/.installed", "serve"]


@pytest.fixture(scope="session")
def served() -> Iterator[Served]:
    """`make serve` running for the whole test run."""
    with make_serve() as running:
        yield running


@contextmanager
def make_serve(
    extra: Mapping[str, str] | None = None,
    prepare: Callable[[Path, Mapping[str, str]], Mapping[str, str]] | None = None,
) -> Iterator[Served]:
    """`make serve` on a free port over a new SQLite file, with `extra` in its environment;
    `prepare` is given the scratch directory and the environment before it starts, and gives
    more of the environment."""
    scratch = Path(tempfile.mkdtemp(prefix="sk-serve-"))
    scratch.chmod(0o711)  # nginx's workers pass through to the run directory, and no further
    port = free_port()
    env = os.environ | {
        "PORT": str(port),
        "DATABASE_URL": f"sqlite:///{scratch}/serve.sqlite",
        "SCOREKEEPER_RUN_DIR": str(scratch / "run"),
        "WEB_CONCURRENCY": "2",
    }
    for name in ("SCOREKEEPER_PROXIES", "SCOREKEEPER_LIMITS_STORAGE", "SCOREKEEPER_TLS_CERT"):
        env.pop(name, None)
    for name in ROOMY_LIMITS:
        env.pop(name, None)  # make serve keeps its default figures: tests/serve/test_limits.py
    env |= extra or {}
    if prepare is not None:
        env |= prepare(scratch, env)
    log = scratch / "serve.log"
    with log.open("w") as output:
        process = subprocess.Popen(
            make_serve_command(),
            cwd=ROOT,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group, stopped as a whole at the end
        )
    served = Served(port, scratch / "run", log)
    try:
        wait_until_up(process, served)
        yield served
    finally:
        stop(process, served)
        shutil.rmtree(scratch, ignore_errors=True)


# Each part answering through nginx: the app, and the stream tier (its 404 for no session).
UP = (("/", "200"), ("/api/v1/sessions/nosuchsession00/changes", "404"))


def wait_until_up(process: subprocess.Popen[bytes], served: Served) -> None:
    """Until the home page and the stream tier answer through nginx; a loud failure
    otherwise."""
    give_up = time.monotonic() + 120  # init-db and four servers on a busy machine
    while time.monotonic() < give_up:
        if process.poll() is not None:
            pytest.fail(f"make serve stopped (exit {process.returncode}):\n{served.output()}")
        if all(exchange(served.port, 2, "GET", path, None, {}).status == up for path, up in UP):
            return
        time.sleep(0.3)
    pytest.fail(f"make serve did not answer on {HOST}:{served.port}:\n{served.output()}")


def stop(process: subprocess.Popen[bytes], served: Served) -> None:
    """SIGTERM to make's process group; everything must be gone within a minute."""
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
            pytest.fail(f"make serve did not stop on SIGTERM:\n{served.output()}")
    pid = served.run / "nginx.pid"
    assert not pid.exists(), f"nginx left its pid file:\n{served.output()}"
