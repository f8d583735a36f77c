"""What this browser holds, in its encrypted cookie (web/security.py): edit tokens of sessions,
and its clubs."""

from __future__ import annotations

from flask import session

# Random tokens do not compress: 36 sessions and 12 clubs keep the cookie within 4 KB, encrypted
# too (about 3.7 KB; tests/web/test_security.py).
SESSIONS_KEPT, CLUBS_KEPT = 36, 12


def held_tokens() -> dict[str, str]:
    """The edit tokens this browser holds, by session id, oldest first."""
    return dict(session.get("tokens", {}))


def remember_token(session_id: str, token: str) -> None:
    """Let this browser edit the session from now on."""
    session["tokens"] = _latest(held_tokens(), session_id, token, SESSIONS_KEPT)


def forget_token(session_id: str) -> None:
    """This browser gives up editing the session: it only watches from now on."""
    session["tokens"] = {k: v for k, v in held_tokens().items() if k != session_id}


def held_clubs() -> dict[str, str]:
    """The clubs this browser knows, by id, most recent last: the keeper's token, or ""."""
    return dict(session.get("clubs", {}))


def remember_club(club_id: str, token: str = "") -> None:
    """Keep the club on this browser's home page; with its keeper token, keep the club too.

    A keeper token once held is never replaced by "" (a visit by the plain link)."""
    clubs = held_clubs()
    session["clubs"] = _latest(clubs, club_id, token or clubs.get(club_id, ""), CLUBS_KEPT)


def _latest(held: dict[str, str], key: str, value: str, kept: int) -> dict[str, str]:
    held.pop(key, None)
    held[key] = value
    return dict(list(held.items())[-kept:])
