"""Who may write: keepers' tokens (stored hashed), scorer links and keyed tokens (derived by HMAC
from the app's secret key, so never stored)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from typing import TYPE_CHECKING

from flask import current_app

if TYPE_CHECKING:
    from .models import Club, GameSession


def digest(token: str) -> str:
    """How a keeper's token is stored: its SHA-256, in hex."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_token(keyed: str | None) -> str:
    """A keeper's new token: `keyed` (derived from an Idempotency-Key) when given, else random."""
    return keyed or secrets.token_urlsafe(24)


def derived(purpose: str) -> str:
    """A token computed from the app's secret key: it need not be stored to be checked."""
    secret = str(current_app.config["SECRET_KEY"]).encode()
    mac = hmac.new(secret, purpose.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac).decode().rstrip("=")[:32]


def _matches(token: str | None, stored_hash: str) -> bool:
    return bool(token) and hmac.compare_digest(digest(token or ""), stored_hash)


def club_keyed(club_id: str, idempotency_key: str) -> str:
    """The keeper's token of a club created under an Idempotency-Key (derived, not stored)."""
    return derived(f"club-keeper:{club_id}:{idempotency_key}")


def session_keyed(session_id: str, idempotency_key: str) -> str:
    """The keeper's token of a session started under an Idempotency-Key.

    Derived rather than random, so that a repeated start can answer it again without it ever
    being stored in clear.
    """
    return derived(f"keeper:{session_id}:{idempotency_key}")


def keeps_club(club: Club, token: str | None) -> bool:
    """Whether `token` is the club keeper's."""
    return _matches(token, club.keeper_token_hash)


def keeps_session(session: GameSession, token: str | None) -> bool:
    """Whether `token` is the session keeper's: the token it was started with."""
    return _matches(token, session.edit_token_hash)


def scorer_token(session: GameSession) -> str:
    """The token of today's scorer link; revoking scorer links changes it."""
    return derived(f"scorer:{session.id}:{session.scorer_generation}")


def can_edit(session: GameSession, token: str | None) -> bool:
    """Whether `token` lets its holder keep score: the keeper's, or today's scorer link."""
    if not token:
        return False
    # Bytes, not str: compare_digest refuses a str that is not ASCII (a 500 otherwise).
    return keeps_session(session, token) or hmac.compare_digest(
        token.encode(), scorer_token(session).encode()
    )


def revoke_scorers(session: GameSession) -> str:
    """Stop every scorer link; the new scorer token."""
    session.scorer_generation += 1
    session.touch()
    return scorer_token(session)
