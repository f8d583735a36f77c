"""The streams' ASGI app driven directly: what a stream sends on connect, on each committed
version and on each heartbeat, and how it refuses (shared/API.md "Changes as they happen")."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from scorekeeper.streams import sse
from scorekeeper.streams.app import Refusal, Streams
from scorekeeper.streams.hub import Hub, Topic
from tests.helpers.streams import run_async


class Versions:
    """A database's versions held in a dict; `reads` counts the reads asked of it."""

    def __init__(self, **sessions: int) -> None:
        self.versions: dict[Topic, int] = {("session", k): v for k, v in sessions.items()}
        self.reads = 0

    async def read(self, topics: list[Topic]) -> dict[Topic, int]:
        self.reads += 1
        return {t: self.versions[t] for t in topics if t in self.versions}

    async def run(self, hub: Hub) -> None:
        await asyncio.Event().wait()

    def said(self) -> str:
        return f"{self.reads} reads"


def worded(refusal: Refusal, language: str) -> bytes:
    return json.dumps({"error": refusal.code, "language": language}).encode()


class Client:
    """One request to the app: what it was sent, and a way to hang up."""

    def __init__(self, app: Streams, path: str, method: str = "GET", **headers: str) -> None:
        self.sent: list[dict[str, Any]] = []
        self.gone = asyncio.Event()
        raw = [(k.replace("_", "-").encode(), v.encode()) for k, v in headers.items()]
        scope = {
            "type": "http",
            "method": method,
            "path": path,
            "headers": raw,
            "client": ("1.2.3.4", 5),
        }
        self.task = asyncio.ensure_future(app(scope, self._receive, self._send))

    async def _receive(self) -> dict[str, Any]:
        await self.gone.wait()
        return {"type": "http.disconnect"}

    async def _send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)

    @property
    def status(self) -> int:
        return int(self.sent[0]["status"])

    @property
    def body(self) -> bytes:
        return b"".join(m.get("body", b"") for m in self.sent[1:])

    async def hang_up(self) -> None:
        self.gone.set()
        await self.task


async def settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


def test_a_stream_opens_with_its_current_version_then_each_new_one() -> None:
    async def run() -> None:
        app = Streams(Versions(abc=3), worded)
        client = Client(app, "/api/v1/sessions/abc/changes")
        await settle()
        assert client.status == 200
        assert dict(client.sent[0]["headers"])[b"cache-control"] == b"no-store"
        assert client.body == sse.opening(3, None)
        app.hub.publish(("session", "abc"), 5)
        app.hub.publish(("session", "abc"), 4)  # older than what was told: nothing
        await settle()
        assert client.body == sse.opening(3, None) + sse.event(5)
        await client.hang_up()
        assert app.hub.topics() == []

    run_async(run())


class SlowVersions(Versions):
    """Versions whose read takes until `answer` is set."""

    def __init__(self, **sessions: int) -> None:
        super().__init__(**sessions)
        self.answer = asyncio.Event()

    async def read(self, topics: list[Topic]) -> dict[Topic, int]:
        await self.answer.wait()
        return await super().read(topics)


def test_a_version_heard_while_a_stream_opens_follows_its_headers_never_precedes_them() -> None:
    async def run() -> None:
        source = SlowVersions(abc=3)
        app = Streams(source, worded)
        held = Client(app, "/api/v1/sessions/abc/changes", last_event_id="3")
        await settle()
        app.hub.publish(("session", "abc"), 4)  # a write, heard before the read answered
        await settle()
        assert held.sent == []  # nothing may go before the headers
        source.answer.set()
        await settle()
        assert held.sent[0]["type"] == "http.response.start"
        assert held.body == b"retry: %d\n\n" % sse.RETRY_MS + sse.event(4)
        await held.hang_up()

    run_async(run())


def test_last_event_id_naming_the_current_version_sends_only_the_retry() -> None:
    async def run() -> None:
        app = Streams(Versions(abc=3), worded)
        client = Client(app, "/api/v1/sessions/abc/changes", last_event_id="3")
        await settle()
        assert client.body == b"retry: %d\n\n" % sse.RETRY_MS
        await client.hang_up()

    run_async(run())


def test_a_tick_sends_a_heartbeat_and_a_missed_version_goes_with_it() -> None:
    async def run() -> None:
        app = Streams(Versions(abc=3), worded)
        client = Client(app, "/api/v1/sessions/abc/changes")
        await settle()
        opened = client.body
        app.hub.tick()
        await settle()
        assert client.body == opened + sse.PING
        app.hub.versions[("session", "abc")] = 7  # as if its wake were lost
        app.hub.tick()
        await settle()
        assert client.body == opened + sse.PING + sse.event(7)
        await client.hang_up()

    run_async(run())


def test_streams_opening_together_cost_one_read() -> None:
    async def run() -> None:
        source = Versions(**{f"s{n}": n for n in range(50)})
        app = Streams(source, worded, per_client=200)
        clients = [Client(app, f"/api/v1/sessions/s{n % 50}/changes") for n in range(200)]
        await settle()
        assert {c.status for c in clients} == {200}
        assert source.reads == 1
        for client in clients:
            await client.hang_up()

    run_async(run())


@pytest.mark.parametrize(
    ("method", "path", "status", "code"),
    [
        ("GET", "/api/v1/sessions/nope/changes", 404, "not-found"),
        ("GET", "/api/v1/sessions/abc", 404, "not-found"),
        ("GET", "/api/v1/games/abc/changes", 404, "not-found"),
        ("POST", "/api/v1/sessions/abc/changes", 405, "method-not-allowed"),
    ],
)
def test_what_is_not_a_stream_is_refused_in_json(
    method: str, path: str, status: int, code: str
) -> None:
    async def run() -> None:
        app = Streams(Versions(abc=3), worded)
        client = Client(app, path, method, accept_language="pt")
        await settle()
        assert client.status == status
        assert json.loads(client.body) == {"error": code, "language": "pt"}
        assert app.hub.topics() == [] and not app.hub.clients

    run_async(run())


def test_a_client_past_its_streams_is_refused_429_until_one_closes() -> None:
    async def run() -> None:
        app = Streams(Versions(abc=3), worded, per_client=2)
        first, second = (Client(app, "/api/v1/sessions/abc/changes") for _ in range(2))
        await settle()
        third = Client(app, "/api/v1/sessions/abc/changes")
        await settle()
        assert (first.status, second.status, third.status) == (200, 200, 429)
        await first.hang_up()
        fourth = Client(app, "/api/v1/sessions/abc/changes")
        await settle()
        assert fourth.status == 200
        for client in (second, fourth):
            await client.hang_up()

    run_async(run())


def test_a_phone_s_ipv6_addresses_count_as_one_client_behind_a_balancer_and_nginx() -> None:
    async def run() -> None:
        app = Streams(Versions(abc=3), worded, per_client=2, proxies=2)
        phone = [f"6.6.6.6, 2001:db8:0:7::{n}, 10.0.0.1" for n in (1, 2, 3)]
        clients = [Client(app, "/api/v1/sessions/abc/changes", x_forwarded_for=f) for f in phone]
        await settle()
        neighbour = Client(
            app, "/api/v1/sessions/abc/changes", x_forwarded_for="2001:db8:0:8::1, 10.0.0.1"
        )
        await settle()
        assert [c.status for c in [*clients, neighbour]] == [200, 200, 429, 200]
        for client in [*clients[:2], neighbour]:
            await client.hang_up()

    run_async(run())


def test_a_head_answers_the_stream_s_headers_alone() -> None:
    async def run() -> None:
        app = Streams(Versions(abc=3), worded)
        client = Client(app, "/api/v1/sessions/abc/changes", "HEAD")
        await settle()
        assert client.status == 200 and client.body == b""
        await client.task  # it ends at once: nothing follows
        assert app.hub.topics() == []

    run_async(run())
