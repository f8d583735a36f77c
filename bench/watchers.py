"""What a watcher costs: `make bench`, or `python -m bench.watchers [--db sqlite] [--seconds 10]`.

A watcher's phone asks every 2 s whether the scoreboard changed (static/js/follow.js): a GET with
If-None-Match, answered 304 while nothing did. This prints
(a) in one process, through the WSGI test client, that 304 beside a bare Flask page, taking
    turns request by request: median and p90 per request and the ratio (bench/reads.py's
    session, bench/yardstick.py's bare page);
(b) how many watchers one gunicorn worker serves: deploy/gunicorn.conf.py with WEB_CONCURRENCY=1,
    i.e. one gthread worker (access log off, as in bench/load.py), over SQLite and then PostgreSQL.
    Client threads, each a watcher with its own cookie and ETag, poll the unchanged scoreboard
    back to back for --seconds, a new connection each time (as a phone behind nginx would):
    polls per second, p50/p95 latency, the server's CPU per poll, and watchers served at one
    poll per 2 s (the rate × 2). The bare page is served and loaded the same way, for the
    ratio. Then, as a check, 80% of that many watchers poll on their 2 s schedule for
    --check-seconds (latency counted from when each poll was due); while p95 is over 100 ms,
    70%, 60% … 20%: the watchers one worker serves, measured.
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import statistics
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from flask_migrate import upgrade

from bench.load import cpu_seconds, database, gunicorn
from bench.load_http import exchange
from bench.reads import session_with_deals
from bench.seep_moves import percentile, table
from bench.yardstick import BARE_APP, bare_app
from scorekeeper import create_app
from scorekeeper.data.extensions import db

PERIOD_S = 2.0  # follow.js polls every 2 s
P95_LIMIT_MS = 100.0
SHARES = (0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2)  # of the watchers the rate promises, in turn
CHECK_THREADS = 16  # client threads of the check: enough to keep to the schedule
DATABASES = ["sqlite", "postgresql"]
IDENTITIES = 32  # distinct watchers (cookie and ETag); more watchers reuse them in turn

Request = tuple[str, dict[str, str]]  # a path and its headers


# -- (a) one process, the test client --------------------------------------------------------


def in_process(deals: int, repeats: int) -> None:
    """The 304 beside the bare page through the test client, turn by turn."""
    with tempfile.TemporaryDirectory() as folder:
        app = seeded_app(f"sqlite:///{Path(folder) / 'bench.sqlite'}", migrate=True)
        client = app.test_client()
        played = session_with_deals(client, "Seep", deals, random.Random(7))
        board = played["board"]
        tag = client.get(board).headers["ETag"]
        bare = bare_app().test_client()
        requests: dict[str, Callable[[], Any]] = {
            "bare Flask page": lambda: bare.get("/"),
            "scoreboard poll, 304": lambda: client.get(board, headers={"If-None-Match": tag}),
        }
        times = alternating(requests, repeats)
        with app.app_context():
            db.engine.dispose()
    base = statistics.median(times["bare Flask page"])
    rows = []
    for name, each in times.items():
        median = statistics.median(each)
        rows.append([name, f"{median:.3f}", f"{percentile(each, 90):.3f}", f"{median / base:.1f}"])
    title = (
        f"(a) One process, WSGI test client, SQLite, Seep session of {deals} deals: "
        f"{repeats} requests each, taking turns"
    )
    table(title, ["request", "median ms", "p90 ms", "x bare"], rows)


def seeded_app(url: str, migrate: bool = False) -> Any:
    """The app on `url` (migrated if asked), CSRF off so the test client can post forms."""
    config = {"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": url, "WTF_CSRF_ENABLED": False}
    app = create_app(config)
    if migrate:
        with app.app_context():
            upgrade()
    return app


def alternating(requests: dict[str, Callable[[], Any]], repeats: int) -> dict[str, list[float]]:
    """Milliseconds of each request, the requests taking turns (after a warm-up)."""
    times: dict[str, list[float]] = {name: [] for name in requests}
    for turn in range(repeats + 20):
        for name, request in requests.items():
            start = time.perf_counter()
            response = request()
            if turn >= 20:
                times[name].append((time.perf_counter() - start) * 1000)
            assert response.status_code in (200, 304), response.status_code
    return times


# -- (b) one gunicorn worker -----------------------------------------------------------------


@dataclass
class Run:
    """What a load run saw: statuses, latencies and CPU (the worker's, PostgreSQL's, this
    client's)."""

    seconds: float = 0.0
    statuses: Counter[str] = field(default_factory=Counter)
    times: list[float] = field(default_factory=list)
    server_cpu: float = 0.0
    db_cpu: float | None = None  # None for SQLite, which works inside the worker
    client_cpu: float = 0.0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, status: str, ms: float) -> None:
        """Count one answer."""
        with self.lock:
            self.statuses[status] += 1
            self.times.append(ms)

    @property
    def rate(self) -> float:
        """Answers per second."""
        return len(self.times) / self.seconds

    @property
    def cpu_each(self) -> float:
        """The server's CPU milliseconds per answer."""
        return 1000 * self.server_cpu / max(len(self.times), 1)

    @property
    def db_each(self) -> str:
        """PostgreSQL's CPU milliseconds per answer, or a dash."""
        return "-" if self.db_cpu is None else f"{1000 * self.db_cpu / max(len(self.times), 1):.2f}"

    def row(self, name: str, clients: str) -> list[str]:
        """A line of the report."""
        statuses = " ".join(f"{s}:{n}" for s, n in sorted(self.statuses.items()))
        p50, p95 = percentile(self.times, 50), percentile(self.times, 95)
        client = f"{self.client_cpu / self.seconds:.0%}"
        rate, cpu = f"{self.rate:.0f}", f"{self.cpu_each:.2f}"
        latency = [f"{p50:.1f}", f"{p95:.1f}"]
        return [name, clients, rate, *latency, cpu, self.db_each, client, statuses]


def measured(pid: int, load: Callable[[Run], None], db_pid: int | None = None) -> Run:
    """Run `load`, counting wall time and the CPU of the server (`pid`, and PostgreSQL's
    `db_pid` with its backends) and of this client."""
    run = Run()
    server, mine, started = cpu_seconds(pid), time.process_time(), time.monotonic()
    database = cpu_seconds(db_pid) if db_pid else 0.0
    load(run)
    run.seconds = time.monotonic() - started
    run.server_cpu = cpu_seconds(pid) - server
    run.db_cpu = cpu_seconds(db_pid) - database if db_pid else None
    run.client_cpu = time.process_time() - mine
    return run


def back_to_back(port: int, requests: list[Request], seconds: float) -> Callable[[Run], None]:
    """A load: a thread per request, each sending it again as soon as it is answered."""

    def load(run: Run) -> None:
        deadline = time.monotonic() + seconds

        def client(path: str, headers: dict[str, str]) -> None:
            while time.monotonic() < deadline:
                answer = exchange(port, 10, "GET", path, None, headers)
                run.add(answer.status, answer.ms)

        threaded([lambda r=r: client(*r) for r in requests])

    return load


def on_schedule(
    port: int, requests: list[Request], watchers: int, seconds: float, threads: int
) -> Callable[[Run], None]:
    """A load: `watchers` polls every PERIOD_S, evenly spread; latency counts from when due."""

    def load(run: Run) -> None:
        slots = itertools.count()
        lock, start, gap = threading.Lock(), time.monotonic() + 0.1, PERIOD_S / watchers

        def client() -> None:
            while True:
                with lock:
                    slot = next(slots)
                due = start + slot * gap
                if due > start + seconds:
                    return
                time.sleep(max(0.0, due - time.monotonic()))
                path, headers = requests[slot % len(requests)]
                answer = exchange(port, 10, "GET", path, None, headers)
                run.add(answer.status, (time.monotonic() - due) * 1000)

        threaded([client] * threads)

    return load


def threaded(bodies: list[Callable[[], None]]) -> None:
    """Run each body on a thread of its own; wait for all."""
    threads = [threading.Thread(target=body) for body in bodies]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def watchers_of(port: int, board: str, count: int) -> list[Request]:
    """`count` watchers, each with its own cookie, asking with the ETag of the page it got."""
    made = []
    for _ in range(count):
        page = exchange(port, 30, "GET", board, None, {})
        assert page.status == "200", page.status
        cookie = page.headers["set-cookie"].split(";", 1)[0]
        made.append((board, {"Cookie": cookie, "If-None-Match": page.headers["etag"]}))
    return made


@dataclass
class Found:
    """One database's figures: the saturated run, and the checks on schedule (watchers, run)."""

    kind: str
    polls: Run
    checks: list[tuple[int, Run]]


def one_worker(kind: str, args: argparse.Namespace, logs: Path) -> Found:
    """The scoreboard's 304 from one gunicorn worker over a database: saturated, then checked."""
    with database(kind) as (url, cluster), gunicorn(url, 1, logs / f"{kind}.log") as (port, pid):
        # The postmaster's pid: its children are the backends that answer the worker.
        db_pid = int((cluster.data / "postmaster.pid").read_text().split()[0]) if cluster else None
        app = seeded_app(url)
        played = session_with_deals(app.test_client(), "Seep", args.deals, random.Random(7))
        with app.app_context():
            db.engine.dispose()
        identities = watchers_of(port, f"/s/{played['id']}", IDENTITIES)
        saturate = back_to_back(port, identities[: args.clients], args.seconds)
        polls = measured(pid, saturate, db_pid)
        checks: list[tuple[int, Run]] = []
        for share in SHARES:  # fewer watchers until p95 is under the limit
            watchers = round(share * polls.rate * PERIOD_S)
            load = on_schedule(port, identities, watchers, args.check_seconds, CHECK_THREADS)
            checks.append((watchers, measured(pid, load, db_pid)))
            if passed(checks[-1][1]):
                break
    return Found(kind, polls, checks)


def bare_worker(args: argparse.Namespace, logs: Path) -> Run:
    """The bare Flask page from one gunicorn worker, loaded as the polls are."""
    log = logs / "bare.log"
    with database("sqlite") as (url, _), gunicorn(url, 1, log, BARE_APP) as (port, pid):
        return measured(pid, back_to_back(port, [("/", {})] * args.clients, args.seconds))


def passed(run: Run, status: str = "304") -> bool:
    """Every answer the one expected, and p95 under the limit."""
    return percentile(run.times, 95) < P95_LIMIT_MS and set(run.statuses) == {status}


def verdict(run: Run, status: str = "304") -> str:
    """ok, or MISSED."""
    return "ok" if passed(run, status) else "MISSED"


HEADER = ["page", "clients", "req/s", "p50 ms", "p95 ms", "worker CPU ms/req"]
HEADER += ["PostgreSQL CPU ms/req", "client CPU", "statuses", f"p95 < {P95_LIMIT_MS:g} ms"]


def report_saturated(bare: Run, found: list[Found], args: argparse.Namespace) -> None:
    """Print the saturated runs, the cost of a 304 beside the bare page, and the watchers."""
    clients = str(args.clients)
    rows = [[*bare.row("bare Flask page", clients), verdict(bare, "200")]]
    rows += [[*f.polls.row(f"scoreboard 304, {f.kind}", clients), verdict(f.polls)] for f in found]
    table(
        f"(b) One gunicorn worker (deploy/gunicorn.conf.py, WEB_CONCURRENCY=1: one gthread "
        f"worker, no access log), {args.clients} clients back to back for {args.seconds:g} s "
        f"each, a new connection per request; {os.cpu_count()} cores shared with the clients",
        HEADER,
        rows,
    )
    for f in found:
        database = "" if f.polls.db_cpu is None else f" (and {f.polls.db_each} ms of PostgreSQL's)"
        print(
            f"{f.kind}: a 304 costs the worker {f.polls.cpu_each / bare.cpu_each:.1f}x the bare "
            f"page's CPU{database} and {bare.rate / f.polls.rate:.1f}x its time (by req/s); "
            f"at one poll per {PERIOD_S:g} s, {f.polls.rate:.0f} req/s x {PERIOD_S:g} = "
            f"{f.polls.rate * PERIOD_S:.0f} watchers; a worker with a core to itself: "
            f"1000 / {f.polls.cpu_each:.2f} ms = {1000 / f.polls.cpu_each:.0f} req/s, "
            f"{1000 / f.polls.cpu_each * PERIOD_S:.0f} watchers"
        )


def report_checks(found: list[Found], args: argparse.Namespace) -> None:
    """Print the checks on schedule, and the watchers served within the limit."""
    rows = [
        [*run.row(f"{watchers} watchers, {f.kind}", str(CHECK_THREADS)), verdict(run)]
        for f in found
        for watchers, run in f.checks
    ]
    table(
        f"Check: watchers each polling every {PERIOD_S:g} s on schedule for "
        f"{args.check_seconds:g} s (latency from when each poll was due); "
        f"{SHARES[0]:.0%}, {SHARES[1]:.0%} … of the watchers above until p95 < "
        f"{P95_LIMIT_MS:g} ms",
        HEADER,
        rows,
    )
    for f in found:
        served = [watchers for watchers, run in f.checks if passed(run)]
        print(
            f"{f.kind}: one worker serves {served[0] if served else 'fewer than the last'} "
            f"watchers with p95 < {P95_LIMIT_MS:g} ms, measured on schedule"
        )


def main() -> None:
    """Parse the options, run (a) then (b)."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--db", nargs="+", choices=DATABASES, default=DATABASES)
    parser.add_argument("--seconds", type=float, default=10.0, help="each saturated run")
    parser.add_argument("--check-seconds", type=float, default=6.0, help="each check")
    parser.add_argument("--clients", type=int, default=8, help="concurrent clients")
    parser.add_argument("--deals", type=int, default=30, help="deals in the watched session")
    parser.add_argument("--repeats", type=int, default=2000, help="test-client requests")
    args = parser.parse_args()
    load = os.getloadavg()[0]
    in_process(args.deals, args.repeats)
    with tempfile.TemporaryDirectory(prefix="scorekeeper-watchers-") as logs:
        bare = bare_worker(args, Path(logs))
        found = [one_worker(kind, args, Path(logs)) for kind in args.db]
    report_saturated(bare, found, args)
    report_checks(found, args)
    print(f"\nLoad average {load:.1f} before, {os.getloadavg()[0]:.1f} after (all the machine)")


if __name__ == "__main__":
    main()
