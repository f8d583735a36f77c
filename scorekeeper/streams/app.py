"""The streams' ASGI app: `GET /api/v1/{sessions,clubs}/<id>/changes` as Server-Sent Events.

Bare ASGI rather than a framework: each open stream holds only its connection, a coroutine and
a flag, which keeps 10,000 of them in one small process (README, "Deploying").
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import Awaitable, Callable, Coroutine, MutableMapping
from dataclasses import dataclass
from typing import Any

from . import sse
from .clients import counted_as, forwarded_for
from .hub import Hub, TooMany, Topic
from .sources import Reads, Source

LOG = logging.getLogger(__name__)
Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
PATH = re.compile(r"/api/v1/(sessions|clubs|tournaments)/([^/]+)/changes")
KINDS = {"sessions": "session", "clubs": "club", "tournaments": "tournament"}
PER_CLIENT = 16  # streams one client may hold in one stream process (openapi.json x-limits)
RETRY_AFTER = 5  # seconds a client past PER_CLIENT waits: time for a closed tab's stream to end


@dataclass(frozen=True)
class Refusal:
    """Why a stream is not opened, for the words to say: its status, code and what it names."""

    status: int
    code: str
    kind: str = ""
    public_id: str = ""
    most: int = 0  # a 429's figure: the streams one client may hold
    wait: int = 0  # seconds to wait before trying again (Retry-After), when said


NOT_A_READ = Refusal(405, "method-not-allowed")  # a stream is only read

# Writes a refusal's JSON body in the language of an Accept-Language header.
Worded = Callable[[Refusal, str], bytes]


class Streams:
    """The ASGI app: one stream per request, the heartbeat, and the source's listening."""

    def __init__(
        self, source: Source, worded: Worded, per_client: int = PER_CLIENT, proxies: int = 0
    ) -> None:
        self.source, self.worded, self.proxies = source, worded, proxies
        self.reads = Reads(source)
        self.hub = Hub(per_client)
        self._tasks: list[asyncio.Task[None]] = []

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self._lifespan(receive, send)
        elif scope["type"] == "http":
            await self._http(scope, receive, send)

    async def _lifespan(self, receive: Receive, send: Send) -> None:
        """Start hearing versions and ticking on startup; stop both on shutdown."""
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                self.start()
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                await self.stop()
                await send({"type": "lifespan.shutdown.complete"})
                return

    def start(self) -> None:
        """The source's task and the heartbeat's."""
        self._tasks = [
            asyncio.create_task(self.source.run(self.hub)),
            asyncio.create_task(self._heartbeat()),
        ]

    async def stop(self) -> None:
        """Cancel both tasks and wait for them; say what the database was asked and told."""
        LOG.warning(self.source.said())
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def _heartbeat(self) -> None:
        while True:
            await asyncio.sleep(sse.PING_EVERY)
            self.hub.tick()

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        """A stream of the session, club or tournament the path names, or the refusal that says
        why not."""
        headers = dict(scope["headers"])
        language = headers.get(b"accept-language", b"").decode("latin-1")
        matched = PATH.fullmatch(scope["path"])
        if matched is None or scope["method"] not in ("GET", "HEAD"):
            wrong = Refusal(404, "not-found") if matched is None else NOT_A_READ
            return await self._refuse(send, wrong, language)
        client = _client(scope, headers, self.proxies)
        stream = Stream((KINDS[matched[1]], matched[2]), client, self.hub, send)
        try:
            self.hub.follow(stream)
        except TooMany:
            crowded = Refusal(429, "rate-limited", most=self.hub.per_client, wait=RETRY_AFTER)
            return await self._refuse(send, crowded, language)
        try:
            version = await self._version(stream.topic)
            if isinstance(version, Refusal):
                return await self._refuse(send, version, language)
            await stream.open(version, headers.get(b"last-event-id"), scope["method"] == "HEAD")
            while scope["method"] == "GET" and (await receive())["type"] != "http.disconnect":
                pass  # the events are sent by the hub's wakes, not from here
        finally:
            self.hub.leave(stream)

    async def _version(self, topic: Topic) -> int | Refusal:
        """The topic's version now (known if followed here already), or why there is none."""
        known = self.hub.versions.get(topic)
        if known is not None:
            return known
        try:
            version = await self.reads.current(topic)
        except Exception:  # the database is down: the client tries again (retry)
            LOG.exception("streams: reading %s failed", topic)
            return Refusal(503, "unavailable", wait=2)
        return Refusal(404, "not-found", *topic) if version is None else version

    async def _refuse(self, send: Send, refusal: Refusal, language: str) -> None:
        body = self.worded(refusal, language)
        headers = [(b"content-type", b"application/json"), (b"cache-control", b"no-store")]
        if refusal.wait:
            headers.append((b"retry-after", b"%d" % refusal.wait))
        await send({"type": "http.response.start", "status": refusal.status, "headers": headers})
        await send({"type": "http.response.body", "body": body})


class Stream:
    """One open stream: what it last sent, and the connection to send the next on."""

    __slots__ = ("client", "hub", "opened", "send", "sent", "topic")

    def __init__(self, topic: Topic, client: str, hub: Hub, send: Send) -> None:
        self.topic, self.client, self.hub, self.send = topic, client, hub, send
        self.sent = 0
        self.opened = False  # no event before the headers and the opening have gone

    async def open(self, version: int, last_event_id: bytes | None, head: bool) -> None:
        """The headers, the retry delay and the current version (unless the client has it)."""
        self.hub.publish(self.topic, version)
        self.sent = self.hub.versions[self.topic]
        await self.send({"type": "http.response.start", "status": 200, "headers": sse.HEADERS})
        if head:
            return await self.send({"type": "http.response.body", "body": b""})
        known = last_event_id.decode("latin-1") if last_event_id else None
        await _body(self.send, sse.opening(self.sent, known))
        self.opened = True
        await self._flush(ping=False)  # a version heard while the opening went out

    def wake(self) -> None:
        """Send the topic's new version; a task, since the hub's caller cannot wait."""
        _later(self._flush(ping=False))

    def tick(self) -> None:
        """Send the heartbeat (or a version missed, if one was)."""
        _later(self._flush(ping=True))

    async def _flush(self, ping: bool) -> None:
        if not self.opened:
            return  # open() sends what is newest once it has opened
        now = self.hub.versions.get(self.topic, self.sent)
        if now > self.sent:
            self.sent = now  # before the send: a second wake meanwhile sends only what is newer
            await _body(self.send, sse.event(now))
        elif ping:
            await _body(self.send, sse.PING)


_SENDING: set[asyncio.Future[None]] = set()  # held until sent: a task no one holds may be collected


def _later(send: Coroutine[Any, Any, None]) -> None:
    """Run `send` as a task of its own."""
    task = asyncio.ensure_future(send)
    _SENDING.add(task)
    task.add_done_callback(_SENDING.discard)


async def _body(send: Send, chunk: bytes) -> None:
    await send({"type": "http.response.body", "body": chunk, "more_body": True})


def _client(scope: Scope, headers: dict[bytes, bytes], proxies: int) -> str:
    """Who holds the stream, as the app counts its clients: the address the outermost trusted
    proxy saw (SCOREKEEPER_PROXIES), an IPv6 client by its /64."""
    peer = str((scope.get("client") or ("?",))[0])
    forwarded = headers.get(b"x-forwarded-for", b"").decode("latin-1")
    return counted_as(forwarded_for(forwarded, proxies, peer))
