"""Exactly-once writes: a request repeated with the same Idempotency-Key is answered, not redone.

The web floor reads and checks the key (scorekeeper.web.idempotency_keys) and hands it in.

The key and the answer are stored in the same transaction as the write, so either both are
kept or neither is; a client that never heard the answer may send again, safely.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import JSON, String, UniqueConstraint
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from .extensions import Model, db
from .models import Club, GameSession, utcnow
from .starts import from_request
from .tokens import session_keyed

KEPT = timedelta(days=2)  # long enough for any retry, short enough to keep the table small
# A key must be unguessable (shared/API.md "Exactly once"): repeating a session's or club's
# start under its key hands out the keeper's token. A UUID has 32 hex digits, of 16 kinds.
LONGEST_KEY, LEAST_ALNUM, LEAST_DISTINCT = 255, 22, 8
ALNUM = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
Answer = tuple[dict[str, Any], int]


class KeyReused(Exception):
    """A key sent again with other data: nothing is done (the web floor answers a 422)."""


class IdempotencyKey(Model):
    """A write done once: its key, what was asked, and what was answered."""

    __tablename__ = "idempotency_keys"
    __table_args__ = (UniqueConstraint("scope", "key", name="uq_idempotency_scope_key"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    scope: Mapped[str] = mapped_column(String(64))
    key: Mapped[str] = mapped_column(String(LONGEST_KEY))
    request_hash: Mapped[str] = mapped_column(String(64))
    status: Mapped[int]
    body: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(default=utcnow, index=True)


def new_key() -> str:
    """A random key that keeps the rule whatever the bits: 128 of them in hex (a run of one
    digit is as likely as any other), then ten different digits."""
    return f"{secrets.token_hex(16)}-0123456789"


def is_unguessable(key: str) -> bool:
    """Whether `key` is printable ASCII, not too long, with enough and varied letters and digits."""
    if len(key) > LONGEST_KEY or not key.isascii() or not key.isprintable():
        return False
    alnum = [character for character in key if character in ALNUM]
    return len(alnum) >= LEAST_ALNUM and len(set(alnum)) >= LEAST_DISTINCT


def start_session(
    scope: str,
    key: str | None,
    body: Any,
    shown: Callable[[GameSession], dict[str, Any]],
    new_club: str | None = None,
) -> tuple[Answer, str, bool]:
    """Start a session from `body` once per key: (the answer, the keeper's token, replayed).

    With `new_club`, a club of that name is made for it in the same transaction, and the
    answer carries its keeper's token as "club_token". The answer is remembered without the
    tokens; a keyed start's tokens are derived from the key, so a repeat can hand them out.
    """
    tokens: dict[str, str] = {}

    def start() -> Answer:
        joined = body
        if new_club is not None:
            club, tokens["club"] = Club.create(new_club, key)
            db.session.flush()
            joined = {**body, "club": club.id}
        session, tokens["session"] = from_request(joined, key)
        db.session.flush()
        return shown(session), 201

    (answer, status), replayed = once(scope, key, body, start)
    token = session_keyed(answer["id"], key) if key else tokens["session"]
    if new_club is not None and answer.get("club"):
        club_token = Club.keyed_token(answer["club"], key) if key else tokens["club"]
        answer = {**answer, "club_token": club_token}
    return (answer, status), token, replayed


def once(
    scope: str, key: str | None, body: Any, write: Callable[[], Answer]
) -> tuple[Answer, bool]:
    """Do `write` and commit, unless this key did it already; (the answer, whether replayed)."""
    if key is None:
        answer = write()
        db.session.commit()
        return answer, False
    digest = _hash(body)
    earlier = _find(scope, key)
    if earlier is not None:
        return _replay(earlier, digest), True
    answer = write()
    try:
        db.session.add(
            IdempotencyKey(
                scope=scope, key=key, request_hash=digest, status=answer[1], body=answer[0]
            )
        )
        _forget_old()  # its query flushes the key: a clash may show here, not only at commit
        db.session.commit()
    except IntegrityError:
        # Another request with this key committed first: answer as it was answered.
        db.session.rollback()
        earlier = _find(scope, key)
        if earlier is None:
            raise
        return _replay(earlier, digest), True
    return answer, False


def is_stored(scope: str, key: str) -> bool:
    """Whether a write under this key of `scope` was done already (a repeat stores nothing)."""
    return _find(scope, key) is not None


def _replay(earlier: IdempotencyKey, digest: str) -> Answer:
    if earlier.request_hash != digest:
        raise KeyReused(earlier.key)
    return earlier.body, earlier.status


def _find(scope: str, key: str) -> IdempotencyKey | None:
    query = db.select(IdempotencyKey).filter_by(scope=scope, key=key)
    return db.session.execute(query).scalar_one_or_none()


def _forget_old() -> None:
    old = db.delete(IdempotencyKey).where(IdempotencyKey.created_at < utcnow() - KEPT)
    db.session.execute(old)


def _hash(body: Any) -> str:
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    # JSON may carry a lone surrogate ("\ud800"), which strict UTF-8 cannot encode.
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
