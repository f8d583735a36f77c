"""Load test: `make load`, or `python -m bench.load --db sqlite|postgresql [--seconds 30]`.

Starts the server on 127.0.0.1 over a throwaway database (a temporary SQLite file, or a
PostgreSQL cluster from tests/helpers on a unix socket): gunicorn (deploy/gunicorn.conf.py)
straight on a port, then `make serve`'s setup (deploy/serve.py: nginx in front of gunicorn on a
unix socket, memcached), each on a new database, and prints their figures side by side at the
end (`--via direct` or `--via proxy` for one of them). Against each, client threads mix for
a bounded time: session reads (half of them conditional, for 304s), scoreboard pages, deal
posts and move checks. Deals are posted as scorers would: numbered, under an Idempotency-Key,
retried with the same key after a timeout, a dropped connection or a 503 (and, for a share
of them, after hanging up before the answer came, as a phone losing signal); a 409 (someone
else's deal has that number) means re-reading and entering it as the next deal, a new entry
with a new key. Then it prints throughput, p50/p99 and statuses per endpoint and checks the
database: every acknowledged deal stored exactly once with its record, no deal stored that
was refused, every stored deal traced to one key, numbers 1..n. `--restart-db` restarts
PostgreSQL half-way (issue 6, finding 6): the restart may cost 503s, never another 5xx.
Exits 1 on a failed check, a 5xx (a 503 too unless --restart-db) or an unexpected status.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench import ROOMY_LIMITS as BENCH_LIMITS
from bench.load_http import HOST, TOLERATED, Client, Stats, exchange
from bench.load_scorers import EXPECTED, Scorer, Shared, create_session, sample_data
from bench.load_verify import verify
from bench.seep_moves import percentile, table

ROOT = Path(__file__).resolve().parent.parent
# A load run is one address for every simulated table, far past any honest club: the rate
# limits (app.py) are counted, so their cost is measured, but never met; its starts too.
ROOMY_LIMITS = BENCH_LIMITS | {"SCOREKEEPER_CREATE_LIMIT": "1000000 per minute"}
# One key for every server this process starts: on PostgreSQL the app refuses to start without
# one given, since servers sharing a database must share their key.
SECRET_KEY = os.environ.get("SECRET_KEY") or secrets.token_hex(32)


# -- servers ---------------------------------------------------------------------------------


def free_port() -> int:
    """A port on 127.0.0.1 that nothing listens on just now."""
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


@contextmanager
def database(kind: str) -> Iterator[tuple[str, Any]]:
    """A throwaway database: its URL, and the PostgreSQL cluster (None for SQLite)."""
    if kind == "sqlite":
        with tempfile.TemporaryDirectory(prefix="scorekeeper-load-") as scratch:
            yield f"sqlite:///{scratch}/load.sqlite", None
        return
    from tests.helpers.postgres import Cluster, find_bindir

    cluster = Cluster(find_bindir())  # always a new cluster: TEST_POSTGRES_URL is not used
    try:
        yield cluster.start(), cluster
    finally:
        cluster.stop()


@contextmanager
def gunicorn(
    url: str,
    workers: int,
    log: Path,
    app: str = "scorekeeper:create_app()",
    extra: dict[str, str] | None = None,
) -> Iterator[tuple[int, int]]:
    """`gunicorn -c deploy/gunicorn.conf.py` serving `app` on 127.0.0.1 over the database
    (migrated first), with `extra` in its environment; yields (port, pid)."""
    port = free_port()
    env = {
        **os.environ,
        **(extra or {}),
        "DATABASE_URL": url,
        "SECRET_KEY": SECRET_KEY,
        "SCOREKEEPER_BIND": f"{HOST}:{port}",
        "WEB_CONCURRENCY": str(workers),
        "SCOREKEEPER_ACCESS_LOG": "",  # a line per request would cost the server more than us
        # Every simulated scorer is one address here: the limits are counted, not hit.
        **ROOMY_LIMITS,
    }
    flask = [sys.executable, "-m", "flask", "--app", "scorekeeper", "init-db"]
    subprocess.run(flask, cwd=ROOT, env=env, check=True, capture_output=True, timeout=120)
    command = [
        sys.executable,
        "-m",
        "gunicorn",
        "-c",
        "deploy/gunicorn.conf.py",
        app,
    ]
    with log.open("w") as output:
        server = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=output, stderr=subprocess.STDOUT
        )
    try:
        wait_until_up(server, port, log)
        yield port, server.pid
    finally:
        stop(server, signal.SIGTERM, 40)  # gunicorn's graceful stop, workers and all


@contextmanager
def proxied(
    url: str, workers: int, log: Path, extra: dict[str, str] | None = None
) -> Iterator[tuple[int, int]]:
    """`make serve`'s setup (deploy/serve.py: nginx, gunicorn, memcached) on 127.0.0.1 over the
    database (migrated first), with no access log and `extra` in its environment (a TLS
    certificate, say); yields (port, the launcher's pid)."""
    port = free_port()
    run = Path(tempfile.mkdtemp(prefix="sk-load-"))
    run.chmod(0o711)  # nginx's workers (www-data under root) reach their socket in it
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "SECRET_KEY": SECRET_KEY,
        "PORT": str(port),
        "SCOREKEEPER_RUN_DIR": str(run / "run"),
        "WEB_CONCURRENCY": str(workers),
        "SCOREKEEPER_ACCESS_LOG": "",
        **ROOMY_LIMITS,  # one address for every simulated table: counted, not hit
    }
    for name in ("SCOREKEEPER_PROXIES", "SCOREKEEPER_LIMITS_STORAGE", "SCOREKEEPER_TLS_CERT"):
        env.pop(name, None)
    env |= extra or {}
    flask = [sys.executable, "-m", "flask", "--app", "scorekeeper", "init-db"]
    subprocess.run(flask, cwd=ROOT, env=env, check=True, capture_output=True, timeout=120)
    with log.open("w") as output:
        server = subprocess.Popen(
            [sys.executable, "-m", "deploy.serve"],
            cwd=ROOT,
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT,
        )
    try:
        wait_until_up(server, port, log)
        yield port, server.pid
    finally:
        stop(server, signal.SIGTERM, 60)  # nginx, then gunicorn, then memcached
        shutil.rmtree(run, ignore_errors=True)


@contextmanager
def balancer(machines: list[int], log: Path) -> Iterator[tuple[int, int]]:
    """deploy/balancer.py's nginx on a free port in front of `machines` (ports on 127.0.0.1);
    yields (port, pid)."""
    port = free_port()
    run = Path(tempfile.mkdtemp(prefix="sk-balancer-"))
    command = [sys.executable, "-m", "deploy.balancer", f"{HOST}:{port}"]
    command += [f"{HOST}:{machine}" for machine in machines]
    env = {**os.environ, "SCOREKEEPER_BALANCER_DIR": str(run)}
    with log.open("w") as output:
        server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=output, stderr=output)
    try:
        wait_until_up(server, port, log)
        yield port, server.pid
    finally:
        stop(server, signal.SIGQUIT, 20)  # nginx's graceful stop
        shutil.rmtree(run, ignore_errors=True)


@contextmanager
def balanced(url: str, workers: int, log: Path) -> Iterator[tuple[int, tuple[int, ...]]]:
    """Two machines' `make serve` (nginx, gunicorn, the stream tier, memcached each) over one
    database, behind deploy/balancer.py's nginx; yields (its port, every launcher's pid)."""
    second = {"SCOREKEEPER_PROXIES": "2"}  # each machine trusts the balancer's word too
    logs = [log.with_name(f"{log.stem}-{name}{log.suffix}") for name in ("a", "b", "balancer")]
    with ExitStack() as up:
        a, pid_a = up.enter_context(proxied(url, workers, logs[0], second))
        b, pid_b = up.enter_context(proxied(url, workers, logs[1], second))
        port, pid = up.enter_context(balancer([a, b], logs[2]))
        yield port, (pid_a, pid_b, pid)


SERVERS = {"direct": gunicorn, "proxy": proxied, "balanced": balanced}
VIAS = {
    "direct": ["direct"],
    "proxy": ["proxy"],
    "both": ["direct", "proxy"],
    "balanced": ["balanced"],
}
SETUPS = {
    "direct": "gunicorn straight on a port",
    "proxy": "make serve: nginx, then gunicorn on a unix socket",
    "balanced": "two machines' make serve (each with its stream tier) behind one balancer",
}


def stop(process: subprocess.Popen[bytes], how: signal.Signals, seconds: float) -> None:
    """Ask a server to stop gracefully (`how`); kill it if it has not within `seconds`."""
    process.send_signal(how)
    try:
        process.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def wait_until_up(server: subprocess.Popen[bytes], port: int, log: Path) -> None:
    """Wait for the home page to answer; fail with the server's log if it does not."""
    give_up = time.monotonic() + 60
    while time.monotonic() < give_up:
        if server.poll() is not None:
            break
        if exchange(port, 2, "GET", "/", None, {}).status == "200":
            return
        time.sleep(0.2)
    raise SystemExit(f"the server did not start on {HOST}:{port}:\n{log.read_text()[-3000:]}")


def restart_later(cluster: Any, at: float, report: dict[str, float]) -> threading.Thread:
    """A thread that restarts PostgreSQL (pg_ctl restart -m fast) at time `at`."""

    def restart() -> None:
        time.sleep(max(0.0, at - time.monotonic()))
        report["start"] = time.monotonic()
        data, log = str(cluster.data), str(cluster.log)
        cluster.run("pg_ctl", "-D", data, "-l", log, "-m", "fast", "-w", "-t", "30", "restart")
        report["end"] = time.monotonic()

    thread = threading.Thread(target=restart, name="restart-db")
    thread.start()
    return thread


class StreamProbe:
    """While the load runs: `streams` change streams held through the balancer (four phones to
    a session, so they land on both machines), a deal posted through it to each session in
    turn, and from each post to each of its events, the time; an event missed fails the run."""

    def __init__(self, port: int, streams: int, seconds: float) -> None:
        from bench.streams import Heard, latency  # bench.streams builds on this module

        self.heard: Heard | None = None
        writes = int(seconds * 4)  # about as many as fit, one at a time, in the load's time

        def run() -> None:
            self.heard = asyncio.run(latency(port, port, streams, writes))

        self.streams, self.thread = streams, threading.Thread(target=run, name="stream-probe")
        self.thread.start()

    def sessions(self) -> frozenset[str]:
        """The sessions the probe posted to (once it is done)."""
        return frozenset(self.heard.sessions if self.heard else ())

    def report(self) -> list[str]:
        """Print the latencies once the probe is done; its failures."""
        self.thread.join()
        if self.heard is None:
            return ["the stream probe failed (its traceback is above)"]
        waits = self.heard.waits or [0.0]
        print(
            f"\nChange streams: {self.streams} held through the balancer; "
            f"{len(self.heard.posts)} deals posted through it during the load; post sent → "
            f"event heard p50 {percentile(waits, 50):.1f} ms, p99 {percentile(waits, 99):.1f} "
            f"ms (the post's own p50 {percentile(self.heard.posts or [0.0], 50):.1f} ms); "
            f"{self.heard.missed} events never heard."
        )
        return [f"{self.heard.missed} stream events never heard"] if self.heard.missed else []


# -- reports ---------------------------------------------------------------------------------


def report_endpoints(stats: Stats, seconds: float) -> list[list[str]]:
    """Per endpoint: requests, throughput, p50/p99 and statuses (printed, and returned)."""
    by_name: dict[str, list[tuple[str, float]]] = defaultdict(list)
    for _, name, status, ms in stats.events:
        if name != "verify":
            by_name[name].append((status, ms))
    rows = []
    everything = [item for name in by_name for item in by_name[name]]
    for name, items in [*sorted(by_name.items()), ("all", everything)]:
        times = [ms for status, ms in items if status.isdigit()] or [0.0]
        statuses = Counter(status for status, _ in items)
        rows.append(
            [
                name,
                str(len(items)),
                f"{len(items) / seconds:.1f}",
                f"{percentile(times, 50):.1f}",
                f"{percentile(times, 99):.1f}",
                " ".join(f"{s}:{n}" for s, n in sorted(statuses.items())),
            ]
        )
    header = ["endpoint", "requests", "req/s", "p50 ms", "p99 ms", "statuses"]
    table(f"Over {seconds:.1f} s", header, rows)
    return rows


def report_usage(usage: Usage, requests: int) -> None:
    """CPU spent by the server and by this client, and how busy the machine was anyway."""
    each = 1000 * usage.server_cpu / max(requests, 1)
    before, after = usage.load
    print(
        f"CPU: server {usage.server_cpu:.1f} s ({each:.1f} ms a request), load client "
        f"{usage.client_cpu:.1f} s, over {usage.seconds:.1f} s on {os.cpu_count()} cores; "
        f"load average {before:.1f} before, {after:.1f} after"
    )


def report_entries(shared: Shared) -> None:
    """What became of the deals entered."""
    outcomes = Counter(e.outcome for e in shared.entries)
    resent = sum(1 for e in shared.entries if e.sends > 1)
    replayed = sum(1 for e in shared.entries if e.replayed)
    print(
        f"\nDeal entries: {len(shared.entries)} keys; {outcomes['acked']} acknowledged "
        f"({replayed} by a replayed answer), {outcomes['refused']} refused (409: number taken), "
        f"{outcomes['unknown']} unknown; {resent} sent more than once. "
        f"{len(shared.sessions)} sessions."
    )


def report_restart(stats: Stats, window: dict[str, float]) -> list[str]:
    """What the PostgreSQL restart cost: 503s are allowed, other 5xx are failures."""
    if "end" not in window:
        return ["the PostgreSQL restart did not finish"]
    start, end = window["start"], window["end"]
    near = Counter(status for t, _, status, _ in stats.events if start - 1 <= t <= end + 5)
    later = Counter(status for t, _, status, _ in stats.events if t > end + 5)
    errors = {s: n for s, n in near.items() if is_error(s)}
    print(
        f"\nPostgreSQL restart (pg_ctl restart -m fast) took {end - start:.2f} s; from 1 s "
        f"before to 5 s after: {sum(near.values())} answers, errors {errors or 'none'}; "
        f"afterwards {sum(later.values())} answers, "
        f"{sum(n for s, n in later.items() if is_error(s))} errors."
    )
    return []


def is_error(status: str) -> bool:
    """A 5xx or a transport error (not this client's own hang-ups)."""
    return status.startswith("5") or not (status.isdigit() or status == "dropped")


def report_server_log(log: Path) -> None:
    """Count the server log's notable lines (worker timeouts, tracebacks, warnings)."""
    text = log.read_text(errors="replace")
    marks = ("Traceback", "WORKER TIMEOUT", "Unexpected error", "did not answer", "failed")
    found = {mark: text.count(mark) for mark in marks if mark in text}
    print(f"Server log ({log.name}): {found or 'nothing notable'}")
    if "Traceback" in text:
        start = text.rfind("\n", 0, text.index("Traceback")) + 1
        print("The first traceback, from the line before it:")
        print(text[text.rfind("\n", 0, start - 1) + 1 :][:6000])


def failures_of(stats: Stats, restart: bool) -> list[str]:
    """Statuses that fail the run: any 5xx (503 allowed across a restart), any surprise."""
    failures = [f"{n} × {kind}: e.g. {stats.examples[kind]}" for kind, n in stats.problems.items()]
    surprises: Counter[tuple[str, str]] = Counter()
    for _, name, status, _ in stats.events:
        allowed = EXPECTED.get(name, {"200"}) | TOLERATED
        if restart:
            allowed = allowed | {"503"}
        if status not in allowed:
            surprises[(name, status)] += 1
    failures += [f"{n} × {status} from {name}" for (name, status), n in surprises.items()]
    return failures


# -- main ------------------------------------------------------------------------------------


@dataclass
class Usage:
    """What the load cost: wall time, CPU of the server and of this client, machine load."""

    seconds: float
    server_cpu: float
    client_cpu: float
    load: tuple[float, float]


def run(args: argparse.Namespace) -> int:
    """Load each setup in turn, report and verify; then both side by side. The exit status."""
    summaries: dict[str, list[list[str]]] = {}
    status = 0
    for via in VIAS[args.via]:
        rows, failed = run_one(args, via)
        summaries[via] = rows
        status = status or failed
    if len(summaries) > 1:
        side_by_side(args, summaries)
    return status


def run_one(args: argparse.Namespace, via: str) -> tuple[list[list[str]], int]:
    """Start the database and one setup, load it, report and verify; (rows, exit status)."""
    records, plays = sample_data(args.seed)
    with database(args.db) as (url, cluster), tempfile.TemporaryDirectory() as scratch:
        log = Path(args.log or Path(scratch) / "server.log")
        if args.log and len(VIAS[args.via]) > 1:
            log = log.with_name(f"{log.stem}-{via}{log.suffix}")
        with SERVERS[via](url, args.workers, log) as (port, pid):
            stats = Stats()
            client = Client(port, args.timeout, stats)
            shared = Shared(stats, 0.0, args.requests, args.deal_cap, args.drop, records, plays)
            window: dict[str, float] = {}
            probe = StreamProbe(port, args.streams, args.seconds) if via == "balanced" else None
            usage = drive(args, client, shared, pid, cluster, window)
            print(
                f"\nLoad on {args.db}, {SETUPS[via]}: gunicorn with {args.workers} workers, "
                f"{HOST}:{port}, {args.threads} client threads, {args.sessions} sessions at a "
                f"time (at most {args.deal_cap} deals each)"
            )
            rows = report_endpoints(stats, usage.seconds)
            report_usage(usage, stats.total())
            report_entries(shared)
            failures = report_restart(stats, window) if args.restart_db else []
            failures += failures_of(stats, args.restart_db)
            failures += probe.report() if probe else []
            failures += verify(url, client, shared, probe.sessions() if probe else frozenset())
        for each in sorted(log.parent.glob(f"{log.stem}*{log.suffix}")):
            report_server_log(each)
    return rows, conclude(failures, shared)


def side_by_side(args: argparse.Namespace, summaries: dict[str, list[list[str]]]) -> None:
    """Each endpoint's throughput and latency, gunicorn straight beside make serve's setup."""
    direct = {row[0]: row for row in summaries["direct"]}
    proxy = {row[0]: row for row in summaries["proxy"]}
    rows = []
    for name in [row[0] for row in summaries["direct"]]:
        left, right = direct[name], proxy.get(name, [name, "", "", "", "", ""])
        rows.append([name, left[2], right[2], left[3], right[3], left[4], right[4]])
    header = ["endpoint", "req/s direct", "req/s proxy", "p50 direct", "p50 proxy"]
    header += ["p99 direct", "p99 proxy"]
    table(
        f"{args.db}: gunicorn straight (direct) beside make serve's nginx in front (proxy), "
        f"{args.workers} workers, {args.threads} client threads, {args.seconds:g} s each; ms",
        header,
        rows,
    )


def drive(
    args: argparse.Namespace,
    client: Client,
    shared: Shared,
    server: int | tuple[int, ...],
    cluster: Any,
    window: dict[str, float],
) -> Usage:
    """Start the sessions, then run the scorers until the time or the budget is spent."""
    for _ in range(args.sessions):
        made = create_session(client, shared)
        if made is None:
            raise SystemExit("could not create the sessions to load")
        shared.active.append(made)
    cpu, mine, load = cpu_seconds(server), time.process_time(), os.getloadavg()[0]
    started = time.monotonic()
    shared.deadline = started + args.seconds
    restarter = (
        restart_later(cluster, started + args.seconds / 2, window) if args.restart_db else None
    )
    seeds = range(args.seed, args.seed + args.threads)
    threads = [threading.Thread(target=Scorer(client, shared, random.Random(n)).run) for n in seeds]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - started
    if restarter is not None:
        restarter.join()
    server_cpu, client_cpu = cpu_seconds(server) - cpu, time.process_time() - mine
    return Usage(elapsed, server_cpu, client_cpu, (load, os.getloadavg()[0]))


def cpu_seconds(pid: int | tuple[int, ...]) -> float:
    """CPU time (user and system) used so far by a process (or several) and all its
    descendants: gunicorn's workers, or under make serve's launcher nginx's and memcached too."""
    ticks = {member: int(fields[11]) + int(fields[12]) for member, fields in stats().items()}
    return sum(ticks.get(member, 0) for member in family(pid)) / os.sysconf("SC_CLK_TCK")


def family(pid: int | tuple[int, ...]) -> set[int]:
    """A process (or several) and all its descendants now running."""
    parents = {member: int(fields[1]) for member, fields in stats().items()}
    found, grown = set(pid if isinstance(pid, tuple) else (pid,)), True
    while grown:
        children = {child for child, parent in parents.items() if parent in found}
        grown = not children <= found
        found |= children
    return found


def stats() -> dict[int, list[str]]:
    """Each process's /proc stat fields after its name: state, ppid, … utime, stime (11, 12)."""
    found = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            found[int(stat.parent.name)] = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # the process ended meanwhile
    return found


def conclude(failures: list[str], shared: Shared) -> int:
    """Print the verdict; the exit status."""
    if failures:
        print(f"\nFAIL: {len(failures)} problems")
        for failure in failures[:40]:
            print(f"  - {failure}")
        return 1
    stored = sum(1 for e in shared.entries if e.outcome == "acked")
    print(
        f"\nOK: {stored} acknowledged deals in {len(shared.sessions)} sessions, each stored "
        "exactly once as entered; no other deal stored; ids and numbers 1..n; no 5xx."
    )
    return 0


def main(argv: list[str] | None = None) -> None:
    """Parse the options and run."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--db", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument(
        "--via", choices=tuple(VIAS), default="both", help="gunicorn direct, make serve's proxy"
    )
    parser.add_argument("--seconds", type=float, default=30.0, help="how long to load")
    parser.add_argument("--requests", type=int, default=200_000, help="at most this many")
    parser.add_argument("--threads", type=int, default=16, help="client threads")
    parser.add_argument("--sessions", type=int, default=4, help="sessions loaded at a time")
    parser.add_argument("--deal-cap", type=int, default=50, help="deals before a new session")
    parser.add_argument("--workers", type=int, default=4, help="gunicorn workers (at least 2)")
    parser.add_argument("--timeout", type=float, default=10.0, help="client timeout, seconds")
    parser.add_argument(
        "--drop", type=float, default=0.05, help="share of deal posts whose answer is lost"
    )
    parser.add_argument(
        "--streams", type=int, default=200, help="change streams held (--via balanced)"
    )
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--log", help="keep the server's log in this file (-direct, -proxy)")
    parser.add_argument(
        "--restart-db", action="store_true", help="restart PostgreSQL half-way through"
    )
    args = parser.parse_args(argv)
    if (args.restart_db or args.via == "balanced") and args.db != "postgresql":
        parser.error("--restart-db and --via balanced need --db postgresql")
    if args.workers < 2:
        parser.error("--workers must be at least 2, so that writers contend")
    sys.exit(run(args))


if __name__ == "__main__":
    main()
