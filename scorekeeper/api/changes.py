"""`GET /api/v1/{sessions,clubs,tournaments}/<id>/changes` where no stream tier stands in front
(`make run`, the test client): the same events, from a read of the version twice a second on
this thread.

Under `make serve` nginx sends these paths to the stream tier (scorekeeper/streams/), which
holds thousands of streams in one process; here each stream holds a thread, as a page of the
development server does. Both answer what shared/API.md asks, with the bytes of streams/sse.py.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

from flask import Response, current_app, request, stream_with_context

from ..data.extensions import db
from ..data.models import Club, GameSession
from ..data.tournaments import Tournament
from ..streams import sse
from .http import bp

EVERY = 0.5  # seconds between two reads of the version
# How long a stream served here lasts (STREAM_SECONDS): a thread is held no longer, and the
# client opens it again with Last-Event-ID, missing nothing.
LASTS = 300


@bp.get("/sessions/<session_id>/changes")
def session_changes(session_id: str) -> Response:
    """The session's versions as they change."""
    GameSession.version_of(session_id)  # a 404 before the stream opens
    return _stream(lambda: GameSession.version_of(session_id))


@bp.get("/clubs/<club_id>/changes")
def club_changes(club_id: str) -> Response:
    """The club's versions as they change."""
    Club.find(club_id)
    return _stream(lambda: _club_version(club_id))


@bp.get("/tournaments/<tournament_id>/changes")
def tournament_changes(tournament_id: str) -> Response:
    """The tournament's versions as they change."""
    Tournament.find(tournament_id)
    return _stream(lambda: _tournament_version(tournament_id))


def _tournament_version(tournament_id: str) -> int:
    db.session.expire_all()  # each read sees what committed since the last
    return Tournament.find(tournament_id).version


def _club_version(club_id: str) -> int:
    db.session.expire_all()  # each read sees what committed since the last
    return Club.find(club_id).version


def _stream(version_now: Callable[[], int]) -> Response:
    """The stream: the current version (unless Last-Event-ID names it), each new one, pings."""
    known = request.headers.get("Last-Event-ID")
    # Under TESTING a stream ends after its opening unless a test asks for longer: a client that
    # reads a whole answer (the OpenAPI tests' generated requests) gets one.
    lasts = current_app.config.get("STREAM_SECONDS", 0 if current_app.testing else LASTS)
    ends = time.monotonic() + lasts

    def events() -> Iterator[bytes]:
        sent = version_now()
        yield sse.opening(sent, known)
        pinged = time.monotonic()
        while time.monotonic() < ends:
            time.sleep(EVERY)
            now = version_now()
            db.session.rollback()  # no transaction held open between two reads
            if now > sent:
                sent = now
                yield sse.event(now)
            elif time.monotonic() - pinged >= sse.PING_EVERY:
                pinged = time.monotonic()
                yield sse.PING

    response = Response(stream_with_context(events()), headers=dict(_headers()))
    response.direct_passthrough = True  # its bytes are sent as they come
    return response


def _headers() -> Iterator[tuple[str, str]]:
    for name, value in sse.HEADERS:
        yield name.decode(), value.decode()
