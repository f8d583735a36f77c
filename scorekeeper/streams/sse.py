"""The stream's bytes: its headers, events, heartbeat and reconnection delay."""

from __future__ import annotations

RETRY_MS = 2000  # a dropped stream is opened again after this long
PING_EVERY = 20.0  # seconds between heartbeats: under the 25 s API.md promises
PING = b": ping\n\n"
HEADERS = [
    (b"content-type", b"text/event-stream; charset=utf-8"),
    (b"cache-control", b"no-store"),
    (b"x-accel-buffering", b"no"),  # nginx passes each event on at once
]


def event(version: int) -> bytes:
    """The event that says `version` is the current one."""
    return b'id: %d\nevent: version\ndata: {"version": %d}\n\n' % (version, version)


def opening(version: int, last_event_id: str | None) -> bytes:
    """What a new stream sends first: the retry delay, and the current version unless the
    client's Last-Event-ID already names it."""
    retry = b"retry: %d\n\n" % RETRY_MS
    return retry if last_event_id == str(version) else retry + event(version)
