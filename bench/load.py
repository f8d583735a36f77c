"""Load test: `make load`, or `python -m bench.load --db sqlite|postgresql [--seconds 30]`.

Starts gunicorn (gunicorn.conf.py) on 127.0.0.1 over a throwaway database (a temporary SQLite
file, or a PostgreSQL cluster from tests/pg.py on a unix socket), then client threads mix for
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
import http.client
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.seep_moves import percentile, table
from scorekeeper.rules.seep.selfplay import play_deals

HOST = "127.0.0.1"  # the only address this script ever talks to
ROOT = Path(__file__).resolve().parent.parent
TEAMS = [
    {"name": "Lions", "players": ["Asha", "Ravi"]},
    {"name": "Tigers", "players": ["Meena", "Dev"]},
]
ATTEMPTS = 6  # sends of one entry under its key before its outcome is left unknown
CONFLICTS = 5  # entries of one deal (a new number each time) before the scorer gives up
READ_SESSION, SCOREBOARD = "GET /api/v1/sessions/<id>", "GET /s/<id>"
CONDITIONAL = "GET /api/v1/sessions/<id> If-None-Match"
POST_DEAL, POST_SESSION = "POST /api/v1/sessions/<id>/deals", "POST /api/v1/sessions"
CHECK, MOVES = "POST /api/v1/check", "POST /api/v1/moves"
EXPECTED = {
    READ_SESSION: {"200"},
    CONDITIONAL: {"200", "304"},
    SCOREBOARD: {"200"},
    POST_DEAL: {"201", "409"},
    POST_SESSION: {"201"},
    CHECK: {"200"},
    MOVES: {"200"},
}
RETRYABLE = {"503", "timeout", "reset", "refused", "disconnected", "broken pipe", "dropped"}
# A busy machine may be slow, and "dropped" is this client hanging up on purpose; a connection
# the server drops is the server's fault.
TOLERATED = {"timeout", "dropped"}


# -- HTTP ------------------------------------------------------------------------------------


@dataclass
class Answer:
    """One exchange: its status (a word for a transport error), headers and body."""

    status: str
    headers: dict[str, str]
    body: bytes
    ms: float

    def json(self) -> Any:
        """The body as JSON."""
        return json.loads(self.body)

    @property
    def code(self) -> int:
        """The HTTP status, 0 for a transport error."""
        return int(self.status) if self.status.isdigit() else 0


@dataclass
class Stats:
    """Every exchange, by endpoint: latencies, statuses and when each ended."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    events: list[tuple[float, str, str, float]] = field(default_factory=list)
    problems: Counter[str] = field(default_factory=Counter)
    examples: dict[str, str] = field(default_factory=dict)

    def record(self, name: str, answer: Answer) -> None:
        """Count one exchange."""
        with self.lock:
            self.events.append((time.monotonic(), name, answer.status, answer.ms))

    def problem(self, kind: str, example: str) -> None:
        """Count something wrong seen by a client, keeping the first example."""
        with self.lock:
            self.problems[kind] += 1
            self.examples.setdefault(kind, example[:400])

    def total(self) -> int:
        """Exchanges so far."""
        return len(self.events)


class Client:
    """Requests to the server on 127.0.0.1, one connection each (gunicorn's sync workers close
    every connection after the answer anyway)."""

    def __init__(self, port: int, timeout: float, stats: Stats) -> None:
        self.port, self.timeout, self.stats = port, timeout, stats

    def send(
        self,
        name: str,
        method: str,
        path: str,
        body: Any = None,
        headers: dict[str, str] | None = None,
        drop: bool = False,
    ) -> Answer:
        """One exchange, recorded under `name`; transport errors are answers too."""
        answer = exchange(self.port, self.timeout, method, path, body, headers or {}, drop)
        self.stats.record(name, answer)
        json_type = answer.headers.get("content-type", "").startswith("application/json")
        if path.startswith("/api/") and answer.code >= 400 and not json_type:
            self.stats.problem("API error not JSON", f"{name} {answer.status} {answer.body!r}")
        return answer


def exchange(
    port: int,
    timeout: float,
    method: str,
    path: str,
    body: Any,
    headers: dict[str, str],
    drop: bool = False,
) -> Answer:
    """Send one request to 127.0.0.1:port and read the whole answer (or hang up: `drop`)."""
    data = None if body is None else json.dumps(body).encode()
    if data is not None:
        headers = {"Content-Type": "application/json", **headers}
    connection = http.client.HTTPConnection(HOST, port, timeout=timeout)
    started = time.perf_counter()
    try:
        connection.request(method, path, body=data, headers=headers)
        if drop:
            # The request is sent whole; the answer is lost, as on a phone that lost its signal.
            return Answer("dropped", {}, b"", _since(started))
        response = connection.getresponse()
        payload = response.read()
        found = {name.lower(): value for name, value in response.getheaders()}
        return Answer(str(response.status), found, payload, _since(started))
    except (OSError, http.client.HTTPException) as error:
        return Answer(_transport_error(error), {}, b"", _since(started))
    finally:
        connection.close()


def _since(started: float) -> float:
    return (time.perf_counter() - started) * 1000


def _transport_error(error: Exception) -> str:
    if isinstance(error, TimeoutError):
        return "timeout"
    if isinstance(error, ConnectionRefusedError):
        return "refused"
    if isinstance(error, http.client.RemoteDisconnected):
        return "disconnected"  # before it comes ConnectionResetError, its base class
    if isinstance(error, ConnectionResetError):
        return "reset"
    if isinstance(error, BrokenPipeError):
        return "broken pipe"
    return type(error).__name__


# -- what the clients share ------------------------------------------------------------------


@dataclass
class Session:
    """A session under load and what the clients last knew of it."""

    id: str
    token: str
    known_deals: int = 0
    etag: str | None = None
    retired: bool = False


@dataclass
class Entry:
    """One deal as a scorer entered it: the key it is sent under and what became of it."""

    session: str
    key: str
    number: int
    record: dict[str, Any]
    outcome: str = "pending"  # acked, refused (a 4xx: nothing stored) or unknown
    deal_id: int | None = None
    sends: int = 0
    replayed: bool = False


@dataclass
class Shared:
    """The clients' common state: sessions, entries, the budget and the sample data."""

    stats: Stats
    deadline: float
    budget: int
    deal_cap: int
    drop: float  # the share of deal posts whose first answer is never read
    records: list[dict[str, Any]]
    plays: list[tuple[dict[str, Any], dict[str, Any]]]
    lock: threading.Lock = field(default_factory=threading.Lock)
    active: list[Session] = field(default_factory=list)
    sessions: list[Session] = field(default_factory=list)
    entries: list[Entry] = field(default_factory=list)
    session_keys: dict[str, str] = field(default_factory=dict)  # key -> session id

    def going(self) -> bool:
        """Whether there is time and budget for another action."""
        return time.monotonic() < self.deadline and self.stats.total() < self.budget

    def add(self, entry: Entry) -> None:
        """Keep an entry for the verification."""
        with self.lock:
            self.entries.append(entry)

    def knows(self, session: Session, deals: int, etag: str | None = None) -> None:
        """What a read or a write showed of a session; newer knowledge only."""
        with self.lock:
            if deals >= session.known_deals:
                session.known_deals = deals
                session.etag = etag or session.etag


def sample_data(seed: int) -> tuple[list[dict[str, Any]], list[tuple[dict[str, Any], ...]]]:
    """Real Seep deal records and (position, legal move) pairs, from self-played deals."""
    records, plays = [], []
    for deal in play_deals(24, seed):
        records.append(deal.record.to_json())
        plays.extend((p.position.to_json(), p.move.to_json()) for p in deal.plays[::6])
    return records, plays


# -- the workload ----------------------------------------------------------------------------


def create_session(client: Client, shared: Shared) -> Session | None:
    """A new Seep session (no baazi limit, so it never ends), posted under a key."""
    key = uuid.uuid4().hex
    body = {"game": "seep", "teams": TEAMS}
    for attempt in range(ATTEMPTS):
        answer = client.send(
            POST_SESSION, "POST", "/api/v1/sessions", body, {"Idempotency-Key": key}
        )
        if answer.status == "201":
            made = answer.json()
            session = Session(made["id"], made["edit_token"])
            with shared.lock:
                shared.session_keys[key] = session.id
                shared.sessions.append(session)
            return session
        if answer.status not in RETRYABLE:
            return None
        back_off(answer, attempt)
    return None


def back_off(answer: Answer, attempt: int) -> None:
    """Wait before sending again: Retry-After when given (at most 2 s), else growing."""
    after = answer.headers.get("retry-after", "")
    wait = min(float(after), 2.0) if after.isdigit() else 0.05 * 2**attempt
    time.sleep(wait * random.uniform(0.5, 1.0))


class Scorer:
    """One client thread: a random mix of reads, deal entries and move questions."""

    def __init__(self, client: Client, shared: Shared, rng: random.Random) -> None:
        self.client, self.shared, self.rng = client, shared, rng
        self.seen: dict[str, int] = defaultdict(int)  # the newest session version read
        self.wrote: dict[str, int] = defaultdict(int)  # the highest deal number acknowledged
        self.actions: list[tuple[Callable[[], None], int]] = [
            (lambda: self.read_session(conditional=False), 15),
            (lambda: self.read_session(conditional=True), 15),
            (self.scoreboard, 20),
            (self.enter_deal, 20),
            (self.check, 15),
            (self.moves, 15),
        ]

    def run(self) -> None:
        """Act until the time or the request budget runs out."""
        actions, weights = zip(*self.actions, strict=True)
        while self.shared.going():
            self.rng.choices(actions, weights)[0]()

    def pick(self) -> Session:
        with self.shared.lock:
            return self.rng.choice(self.shared.active)

    # -- reads --

    def read_session(self, conditional: bool, session: Session | None = None) -> int | None:
        """GET the session (with If-None-Match when asked); the number of deals if a 200."""
        session = session or self.pick()
        etag = session.etag if conditional else None
        headers = {"If-None-Match": etag} if etag else {}
        name = CONDITIONAL if etag else READ_SESSION
        answer = self.client.send(name, "GET", f"/api/v1/sessions/{session.id}", None, headers)
        if answer.status == "304":
            self.saw(session, _version(etag), f"304 for {etag}")
        if answer.status != "200":
            return None
        body = answer.json()
        self.saw(session, body["version"], f"200 with version {body['version']}")
        if len(body["deals"]) < self.wrote[session.id]:
            # Read-your-writes: this client was told deal n is stored.
            self.shared.stats.problem(
                "stale read",
                f"{session.id}: {len(body['deals'])} deals after deal "
                f"{self.wrote[session.id]} was acknowledged",
            )
        self.shared.knows(session, len(body["deals"]), answer.headers.get("etag"))
        return len(body["deals"])

    def saw(self, session: Session, version: int, what: str) -> None:
        """A read must not show a session older than this client has seen (its own writes)."""
        if version < self.seen[session.id]:
            self.shared.stats.problem(
                "stale read", f"{session.id}: {what}, seen {self.seen[session.id]} before"
            )
        self.seen[session.id] = max(self.seen[session.id], version)

    def scoreboard(self) -> None:
        """GET the scoreboard page."""
        self.client.send(SCOREBOARD, "GET", f"/s/{self.pick().id}")

    def check(self) -> None:
        """POST a move played in a self-played deal: /check must call it legal."""
        position, move = self.rng.choice(self.shared.plays)
        body = {"game": "seep", "position": position, "move": move}
        answer = self.client.send(CHECK, "POST", "/api/v1/check", body)
        if answer.status == "200" and answer.json().get("legal") is not True:
            self.shared.stats.problem("wrong verdict", f"{body} -> {answer.body!r}")

    def moves(self) -> None:
        """POST a position: /moves must list at least the move that was played."""
        position, _ = self.rng.choice(self.shared.plays)
        answer = self.client.send(
            MOVES, "POST", "/api/v1/moves", {"game": "seep", "position": position}
        )
        if answer.status == "200" and answer.json().get("count", 0) < 1:
            self.shared.stats.problem("no moves listed", f"{position} -> {answer.body!r}")

    # -- deals --

    def enter_deal(self) -> None:
        """Enter one deal as the next number; after a 409, re-read and enter it as the next."""
        session = self.pick()
        if session.known_deals >= self.shared.deal_cap:
            self.roll_over(session)
            return
        number = session.known_deals + 1
        record = self.rng.choice(self.shared.records)
        for _ in range(CONFLICTS):
            entry = Entry(session.id, uuid.uuid4().hex, number, record)
            self.shared.add(entry)
            answer = self.send_entry(session, entry)
            if answer.status != "409" or not self.shared.going():
                return
            # Deal `number` is someone else's: the scorer sees it and enters theirs as the next.
            deals = self.read_session(conditional=False, session=session)
            number = (deals if deals is not None else number) + 1

    def send_entry(self, session: Session, entry: Entry) -> Answer:
        """POST the entry, resending under the same key until an answer is definite."""
        path = f"/api/v1/sessions/{session.id}/deals"
        headers = {"Authorization": f"Bearer {session.token}", "Idempotency-Key": entry.key}
        body = {**entry.record, "number": entry.number}
        for attempt in range(ATTEMPTS):
            entry.sends += 1
            drop = attempt == 0 and self.rng.random() < self.shared.drop
            answer = self.client.send(POST_DEAL, "POST", path, body, headers, drop)
            if answer.status == "201":
                self.acknowledged(session, entry, answer)
                return answer
            if answer.status not in RETRYABLE:
                entry.outcome = "refused" if 400 <= answer.code < 500 else "unknown"
                self.expect_conflict(entry, answer)
                return answer
            back_off(answer, attempt)
        entry.outcome = "unknown"
        return answer

    def acknowledged(self, session: Session, entry: Entry, answer: Answer) -> None:
        """A 201: the answer must be the deal as entered, with the number asked for."""
        body = answer.json()
        entry.outcome, entry.deal_id = "acked", body["id"]
        entry.replayed = answer.headers.get("idempotent-replayed") == "true"
        shown = {k: v for k, v in body["deal"].items() if k not in ("id", "number", "version")}
        if shown != entry.record or body["number"] != entry.number:
            self.shared.stats.problem("201 not as entered", f"{entry} -> {body['deal']}")
        # The answer's "version" is the deal's, not the session's: count the deals instead.
        self.wrote[session.id] = max(self.wrote[session.id], entry.number)
        self.shared.knows(session, entry.number)

    def expect_conflict(self, entry: Entry, answer: Answer) -> None:
        """A 409 must be deal-exists (or out-of-order); anything else refused is wrong."""
        error = answer.json().get("error") if answer.code and answer.body[:1] == b"{" else None
        if answer.status != "409" or error not in ("deal-exists", "deal-out-of-order"):
            self.shared.stats.problem(
                f"deal refused: {answer.status} {error}", f"{entry.key}: {answer.body[:300]!r}"
            )

    def roll_over(self, full: Session) -> None:
        """Replace a session that has an evening's deals by a new one (one client does it)."""
        with self.shared.lock:
            if full.retired:
                return
            full.retired = True
        fresh = create_session(self.client, self.shared)
        with self.shared.lock:
            if fresh is not None:
                self.shared.active[self.shared.active.index(full)] = fresh
            else:
                full.retired = False  # try again later


def _version(etag: str | None) -> int:
    """The session version in an ETag such as "s12" (quotes and W/ allowed)."""
    found = re.search(r"s(\d+)", etag or "")
    return int(found.group(1)) if found else 0


# -- verification ----------------------------------------------------------------------------


def verify(url: str, client: Client, shared: Shared) -> list[str]:
    """Compare what was acknowledged with what the API shows and the database holds."""
    from scorekeeper import create_app
    from scorekeeper.extensions import db
    from scorekeeper.idempotency import IdempotencyKey
    from scorekeeper.models import Deal, GameSession

    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "load", "TESTING": True})
    failures: list[str] = []
    with app.app_context():
        stored_sessions = {s.id for s in db.session.execute(db.select(GameSession)).scalars()}
        deals = list(db.session.execute(db.select(Deal)).scalars())
        keys = list(db.session.execute(db.select(IdempotencyKey)).scalars())
        rows = [(d.session_id, d.serial, d.record, d.version, d.deleted) for d in deals]
        key_rows = [(k.scope, k.key, k.status, k.body.get("id")) for k in keys]
        db.engine.dispose()
    failures += check_sessions(shared, stored_sessions, key_rows)
    for session in shared.sessions:
        failures += check_session(client, shared, session, rows, key_rows)
    return failures


def check_sessions(shared: Shared, stored: set[str], key_rows: list[tuple[Any, ...]]) -> list[str]:
    """Every session acknowledged is stored, and once: one session per stored key."""
    failures = [
        f"session {sid} acknowledged but not stored"
        for sid in {s.id for s in shared.sessions} - stored
    ]
    by_key = {key: sid for scope, key, _, sid in key_rows if scope == "sessions"}
    if len(by_key) != len(stored):
        failures.append(f"{len(stored)} sessions stored under {len(by_key)} keys")
    failures += [
        f"session key {key} acknowledged as {sid}, stored as {by_key.get(key)}"
        for key, sid in shared.session_keys.items()
        if by_key.get(key) != sid
    ]
    return failures


def check_session(
    client: Client,
    shared: Shared,
    session: Session,
    rows: list[tuple[Any, ...]],
    key_rows: list[tuple[Any, ...]],
) -> list[str]:
    """One session: each acknowledged deal stored once as entered, nothing else, 1..n."""
    failures: list[str] = []
    stored = {
        serial: (record, version, deleted)
        for sid, serial, record, version, deleted in rows
        if sid == session.id
    }
    serials = [serial for sid, serial, *_ in rows if sid == session.id]
    if len(serials) != len(set(serials)) or sorted(serials) != list(range(1, len(serials) + 1)):
        failures.append(f"{session.id}: deal ids are not 1..n once each: {sorted(serials)}")
    keyed = [
        (key, deal_id)
        for scope, key, status, deal_id in key_rows
        if scope == f"deals:{session.id}" and status == 201
    ]
    failures += check_keys(shared, session, stored, keyed)
    failures += check_api(client, session, stored)
    return failures


def check_keys(
    shared: Shared,
    session: Session,
    stored: dict[int, tuple[Any, ...]],
    keyed: list[tuple[str, int]],
) -> list[str]:
    """Trace every stored deal to the one key it was entered under, and every entry to its deal."""
    failures: list[str] = []
    entries = {e.key: e for e in shared.entries if e.session == session.id}
    owners = Counter(deal_id for _, deal_id in keyed)
    failures += [
        f"{session.id}: deal #{d} stored under {n} keys" for d, n in owners.items() if n > 1
    ]
    failures += [f"{session.id}: deal #{d} stored under no key" for d in stored if d not in owners]
    for key, deal_id in keyed:
        entry = entries.get(key)
        if entry is None:
            failures.append(f"{session.id}: key {key} stored, never sent")
        elif entry.outcome == "refused":
            failures.append(f"{session.id}: {key} stored as deal #{deal_id} though refused")
        elif entry.outcome == "acked" and entry.deal_id != deal_id:
            failures.append(f"{session.id}: {key} acknowledged as #{entry.deal_id}, is #{deal_id}")
        elif deal_id not in stored or stored[deal_id][0] != entry.record:
            failures.append(f"{session.id}: deal #{deal_id} is not stored as entered under {key}")
        elif deal_id != entry.number:
            failures.append(f"{session.id}: entered as deal {entry.number}, stored as #{deal_id}")
    acked = [e for e in entries.values() if e.outcome == "acked"]
    traced = set(keyed)
    failures += [
        f"{session.id}: acknowledged deal #{e.deal_id} ({e.key}) has no stored key"
        for e in acked
        if (e.key, e.deal_id) not in traced
    ]
    acked_ids = Counter(e.deal_id for e in acked)
    failures += [
        f"{session.id}: deal #{d} acknowledged to {n} entries"
        for d, n in acked_ids.items()
        if n > 1
    ]
    failures += [
        f"{session.id}: deal #{d} changed or deleted"
        for d, (_, version, deleted) in stored.items()
        if version != 1 or deleted
    ]
    return failures


def check_api(client: Client, session: Session, stored: dict[int, tuple[Any, ...]]) -> list[str]:
    """The API shows the stored deals, numbered 1..n in id order."""
    answer = client.send("verify", "GET", f"/api/v1/sessions/{session.id}")
    if answer.status != "200":
        return [f"{session.id}: reading it answered {answer.status}"]
    shown = answer.json()["deals"]
    numbers = [deal["number"] for deal in shown]
    ids = [deal["id"] for deal in shown]
    failures = []
    if numbers != list(range(1, len(shown) + 1)) or ids != sorted(stored):
        failures.append(
            f"{session.id}: API shows numbers {numbers} ids {ids}, stored {sorted(stored)}"
        )
    return failures


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
    sys.path.insert(0, str(ROOT / "tests"))
    from pg import Cluster, find_bindir

    cluster = Cluster(find_bindir())  # always a new cluster: TEST_POSTGRES_URL is not used
    try:
        yield cluster.start(), cluster
    finally:
        cluster.stop()


@contextmanager
def gunicorn(url: str, workers: int, log: Path) -> Iterator[int]:
    """`gunicorn -c gunicorn.conf.py` on 127.0.0.1 over the database; yields its port."""
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "SCOREKEEPER_BIND": f"{HOST}:{port}",
        "WEB_CONCURRENCY": str(workers),
        "SCOREKEEPER_ACCESS_LOG": "",  # a line per request would cost the server more than us
    }
    flask = [sys.executable, "-m", "flask", "--app", "scorekeeper", "init-db"]
    subprocess.run(flask, cwd=ROOT, env=env, check=True, capture_output=True, timeout=120)
    command = [
        sys.executable,
        "-m",
        "gunicorn",
        "-c",
        "gunicorn.conf.py",
        "scorekeeper:create_app()",
    ]
    with log.open("w") as output:
        server = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=output, stderr=subprocess.STDOUT
        )
    try:
        wait_until_up(server, port, log)
        yield port
    finally:
        server.send_signal(signal.SIGTERM)  # gunicorn's graceful stop, workers and all
        try:
            server.wait(timeout=40)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def wait_until_up(server: subprocess.Popen[bytes], port: int, log: Path) -> None:
    """Wait for the home page to answer; fail with the server's log if it does not."""
    give_up = time.monotonic() + 60
    while time.monotonic() < give_up:
        if server.poll() is not None:
            break
        if exchange(port, 2, "GET", "/", None, {}).status == "200":
            return
        time.sleep(0.2)
    raise SystemExit(f"gunicorn did not start on {HOST}:{port}:\n{log.read_text()[-3000:]}")


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


# -- reports ---------------------------------------------------------------------------------


def report_endpoints(stats: Stats, seconds: float) -> None:
    """Per endpoint: requests, throughput, p50/p99 and statuses."""
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
    errors = {s: n for s, n in near.items() if s.startswith("5") or not s.isdigit()}
    print(
        f"\nPostgreSQL restart (pg_ctl restart -m fast) took {end - start:.2f} s; from 1 s "
        f"before to 5 s after: {sum(near.values())} answers, errors {errors or 'none'}; "
        f"afterwards {sum(later.values())} answers, "
        f"{sum(n for s, n in later.items() if not s.startswith(('2', '3', '4')))} errors."
    )
    return []


def report_server_log(log: Path) -> None:
    """Count the server log's notable lines (worker timeouts, tracebacks, warnings)."""
    text = log.read_text(errors="replace")
    marks = ("Traceback", "WORKER TIMEOUT", "Unexpected error", "did not answer", "failed")
    found = {mark: text.count(mark) for mark in marks if mark in text}
    print(f"Server log: {found or 'nothing notable'}")
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


def run(args: argparse.Namespace) -> int:
    """Start the database and the server, load it, report and verify; the exit status."""
    records, plays = sample_data(args.seed)
    with database(args.db) as (url, cluster), tempfile.TemporaryDirectory() as scratch:
        log = Path(args.log or Path(scratch) / "gunicorn.log")
        with gunicorn(url, args.workers, log) as port:
            stats = Stats()
            client = Client(port, args.timeout, stats)
            shared = Shared(stats, 0.0, args.requests, args.deal_cap, args.drop, records, plays)
            for _ in range(args.sessions):
                made = create_session(client, shared)
                if made is None:
                    raise SystemExit("could not create the sessions to load")
                shared.active.append(made)
            started = time.monotonic()
            shared.deadline = started + args.seconds
            window: dict[str, float] = {}
            restarter = (
                restart_later(cluster, started + args.seconds / 2, window)
                if args.restart_db
                else None
            )
            threads = [
                threading.Thread(target=Scorer(client, shared, random.Random(args.seed + n)).run)
                for n in range(args.threads)
            ]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            elapsed = time.monotonic() - started
            if restarter is not None:
                restarter.join()
            print(
                f"\nLoad on {args.db}: gunicorn with {args.workers} workers on {HOST}:{port}, "
                f"{args.threads} client threads, {args.sessions} sessions at a time "
                f"(at most {args.deal_cap} deals each)"
            )
            report_endpoints(stats, elapsed)
            report_entries(shared)
            failures = report_restart(stats, window) if args.restart_db else []
            failures += failures_of(stats, args.restart_db)
            failures += verify(url, client, shared)
        report_server_log(log)
    return conclude(failures, shared)


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
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--log", help="keep gunicorn's log in this file")
    parser.add_argument(
        "--restart-db", action="store_true", help="restart PostgreSQL half-way through"
    )
    args = parser.parse_args(argv)
    if args.restart_db and args.db != "postgresql":
        parser.error("--restart-db needs --db postgresql")
    if args.workers < 2:
        parser.error("--workers must be at least 2, so that writers contend")
    sys.exit(run(args))


if __name__ == "__main__":
    main()
