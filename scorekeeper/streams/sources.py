"""Where the versions come from: PostgreSQL's notifications, sent by a trigger in the very
transaction that moves a version (so a notified version is a committed one), or, on SQLite, one
read of every followed version a few times a second for all the process's streams."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import Iterable
from typing import Protocol

import psycopg

from .hub import Hub, Topic

LOG = logging.getLogger(__name__)
CHANNEL = "scorekeeper_changes"  # the trigger's pg_notify channel (migration 0016)
# Each topic's kind: the table it reads.
TABLES = {"session": "game_sessions", "club": "clubs", "tournament": "tournaments"}
CHUNK = 500  # ids in one IN (…), well under SQLite's bound on parameters
RECONNECT_AFTER = 1.0  # seconds before a lost connection is opened again


class Source(Protocol):
    """A database's versions, read once or heard as they change."""

    async def read(self, topics: list[Topic]) -> dict[Topic, int]:
        """The versions of `topics` now; a topic with no session or club is left out."""

    async def run(self, hub: Hub) -> None:
        """Publish to `hub` each new version of a topic it follows, for as long as it runs."""

    def said(self) -> str:
        """What the database was asked and told so far, for the log when the tier stops."""


def _queries(topics: Iterable[Topic]) -> Iterable[tuple[str, str, list[str]]]:
    """Per kind and chunk: the kind, the SELECT of its versions (%s placeholders), its ids."""
    by_kind: dict[str, list[str]] = {}
    for kind, public_id in topics:
        by_kind.setdefault(kind, []).append(public_id)
    for kind, ids in by_kind.items():
        for at in range(0, len(ids), CHUNK):
            chunk = ids[at : at + CHUNK]
            marks = ", ".join(["%s"] * len(chunk))
            sql = f"SELECT id, version FROM {TABLES[kind]} WHERE id IN ({marks})"
            yield kind, sql, chunk


class SQLitePoll:
    """Every `every` seconds, one read of the versions of all followed topics."""

    def __init__(self, path: str, every: float = 0.25) -> None:
        self.path, self.every = path, every
        self.reads = 0

    def said(self) -> str:
        return f"streams: {self.reads} reads of SQLite"

    def _read(self, topics: list[Topic]) -> dict[Topic, int]:
        self.reads += 1
        with sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, timeout=5) as connection:
            return {
                (kind, public_id): version
                for kind, sql, ids in _queries(topics)
                for public_id, version in connection.execute(sql.replace("%s", "?"), ids)
            }

    async def read(self, topics: list[Topic]) -> dict[Topic, int]:
        return await asyncio.to_thread(self._read, topics)

    async def run(self, hub: Hub) -> None:
        while True:
            topics = hub.topics()
            try:
                found = await asyncio.to_thread(self._read, topics) if topics else {}
            except sqlite3.Error as error:  # locked or moved: the next read tries again
                LOG.warning("streams: reading versions failed: %s", error)
                found = {}
            for topic, version in found.items():
                hub.publish(topic, version)
            await asyncio.sleep(self.every)


class PostgresListen:
    """LISTEN on a connection of its own (a direct one: a transaction pooler would not pass
    notifications), and one more connection for the versions read when a stream opens."""

    def __init__(self, url: str) -> None:
        self.url = url
        self._reader: psycopg.AsyncConnection[tuple[str, int]] | None = None
        self._lock = asyncio.Lock()
        self.reads = self.heard = 0  # queries sent, notifications heard: said when it stops

    def said(self) -> str:
        return f"streams: {self.reads} reads sent, {self.heard} notifications heard"

    async def read(self, topics: list[Topic]) -> dict[Topic, int]:
        async with self._lock:
            if self._reader is None or self._reader.closed:
                self._reader = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
            found: dict[Topic, int] = {}
            try:
                for kind, sql, ids in _queries(topics):
                    self.reads += 1
                    rows = await (await self._reader.execute(sql, ids)).fetchall()
                    found.update(((kind, public_id), version) for public_id, version in rows)
            except psycopg.OperationalError:
                self._reader = None  # opened again by the next read
                raise
            return found

    async def run(self, hub: Hub) -> None:
        while True:
            try:
                await self._listen(hub)
            except psycopg.OperationalError as error:
                LOG.warning("streams: LISTEN lost (%s); again in %ss", error, RECONNECT_AFTER)
            await asyncio.sleep(RECONNECT_AFTER)

    async def _listen(self, hub: Hub) -> None:
        async with await psycopg.AsyncConnection.connect(self.url, autocommit=True) as listener:
            await listener.execute(f"LISTEN {CHANNEL}")
            # What changed while no one listened: read once, after LISTEN, so nothing falls
            # between the two.
            for topic, version in (await self.read(hub.topics())).items():
                hub.publish(topic, version)
            async for note in listener.notifies():
                self.heard += 1
                kind, public_id, moved_to = note.payload.split(" ")
                hub.publish((kind, public_id), int(moved_to))


def source_for(url: str) -> Source:
    """The source for a SQLAlchemy database URL."""
    if url.startswith("sqlite:///"):
        return SQLitePoll(url.removeprefix("sqlite:///"))
    return PostgresListen(url.replace("postgresql+psycopg://", "postgresql://", 1))


class Reads:
    """The versions asked for by streams opening at about the same time, read together: a
    thousand phones reconnecting cost a few queries, not a thousand."""

    def __init__(self, source: Source) -> None:
        self.source = source
        self._waiting: dict[Topic, asyncio.Future[int | None]] = {}

    async def current(self, topic: Topic) -> int | None:
        """The topic's version now; None when there is no such session or club."""
        if topic not in self._waiting:
            if not self._waiting:
                asyncio.get_running_loop().call_soon(self._flush)
            self._waiting[topic] = asyncio.get_running_loop().create_future()
        return await asyncio.shield(self._waiting[topic])

    def _flush(self) -> None:
        waiting, self._waiting = self._waiting, {}
        task = asyncio.ensure_future(self._answer(waiting))
        _READING.add(task)
        task.add_done_callback(_READING.discard)

    async def _answer(self, waiting: dict[Topic, asyncio.Future[int | None]]) -> None:
        try:
            found = await self.source.read(list(waiting))
        except Exception as error:  # each stream answers its own 503
            for future in waiting.values():
                future.set_exception(error)
            return
        for topic, future in waiting.items():
            future.set_result(found.get(topic))


_READING: set[asyncio.Future[None]] = set()  # held until done: a task no one holds may be collected
