"""The load test's verdict: what was acknowledged against what the API and the database hold."""

from __future__ import annotations

from collections import Counter
from typing import Any

from bench.load_http import Client
from bench.load_scorers import Session, Shared
from scorekeeper import create_app
from scorekeeper.data.extensions import db
from scorekeeper.data.idempotency import IdempotencyKey
from scorekeeper.data.models import Deal, GameSession


def verify(
    url: str, client: Client, shared: Shared, besides: frozenset[str] = frozenset()
) -> list[str]:
    """Compare what was acknowledged with what the API shows and the database holds, but for
    the sessions `besides` (the stream probe's, which checks its own)."""
    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "load", "TESTING": True})
    failures: list[str] = []
    with app.app_context():
        stored_sessions = {s.id for s in db.session.execute(db.select(GameSession)).scalars()}
        stored_sessions -= besides
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
