"""The load test's clients: scorers reading, entering numbered deals and asking about moves."""

from __future__ import annotations

import random
import re
import threading
import time
import uuid
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bench.load_http import RETRYABLE, Answer, Client, Stats
from scorekeeper.rules.seep.selfplay import play_deals

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


Json = dict[str, Any]


def sample_data(seed: int) -> tuple[list[Json], list[tuple[Json, Json]]]:
    """Real Seep deal records and (position, legal move) pairs, from self-played deals."""
    records: list[Json] = []
    plays: list[tuple[Json, Json]] = []
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
        self.actions: list[tuple[Callable[[], object], int]] = [
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
        identity = ("id", "number", "version", "changed")
        shown = {k: v for k, v in body["deal"].items() if k not in identity}
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
