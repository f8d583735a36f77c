"""The versions as the streams hear them, on SQLite (one poll for all) and on PostgreSQL (the
trigger's notification, sent with the commit): a deal posted through the app reaches the hub,
its session's and its club's (shared/API.md "Changes as they happen")."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from flask import Flask

from deploy.streams import streams
from scorekeeper.app import create_app
from scorekeeper.streams.hub import Hub, Topic
from scorekeeper.streams.sources import SQLitePoll, source_for
from tests.helpers import casino
from tests.helpers.api import new_club, new_session, post_deal
from tests.helpers.streams import run_async


class Heard:
    """A follower that counts its wakes."""

    def __init__(self, topic: Topic) -> None:
        self.topic, self.client, self.wakes = topic, "test", 0

    def wake(self) -> None:
        self.wakes += 1

    def tick(self) -> None:
        pass


async def until(check: Callable[[], bool], seconds: float = 10.0) -> float:
    """Wait for `check`; how long it took."""
    began = time.monotonic()
    while not check():
        assert time.monotonic() - began < seconds, "not heard in time"
        await asyncio.sleep(0.01)
    return time.monotonic() - began


def app_on(url: str) -> Flask:
    return create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": url})


def test_a_deal_posted_moves_the_versions_its_session_s_and_its_club_s_followers_hear(
    database: str,
) -> None:
    client = app_on(database).test_client()
    club = new_club(client)
    session = new_session(client, "casino", None, club["id"])
    topics: list[Topic] = [("session", session["id"]), ("club", club["id"])]

    async def scenario() -> None:
        hub, source = Hub(per_client=10), source_for(database)
        heard = [Heard(topic) for topic in topics]
        for follower in heard:
            hub.follow(follower)
        before = await source.read(topics)
        assert set(before) == set(topics)
        assert await source.read([("session", "no-such-session")]) == {}
        listening = asyncio.create_task(source.run(hub))
        await until(lambda: all(hub.versions.get(t) == before[t] for t in topics))
        woken = [follower.wakes for follower in heard]
        await asyncio.to_thread(post_deal, client, session, casino.SEVEN_FOUR)
        await until(lambda: all(hub.versions.get(t, 0) > before[t] for t in topics))
        await asyncio.sleep(0.3)  # a poll more: the same versions again wake no one
        assert [follower.wakes for follower in heard] == [n + 1 for n in woken]
        listening.cancel()

    run_async(scenario())


def test_the_tier_listens_where_scorekeeper_listen_url_says(
    fresh_db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """DATABASE_URL through a pooler for the app; LISTEN on PostgreSQL itself."""
    direct = tmp_path / "direct.sqlite"
    monkeypatch.setenv("DATABASE_URL", fresh_db)
    monkeypatch.setenv("SECRET_KEY", "tests/streams")
    monkeypatch.setenv("SCOREKEEPER_LISTEN_URL", f"sqlite:///{direct}")
    assert isinstance(source := streams().source, SQLitePoll) and source.path == str(direct)
    monkeypatch.delenv("SCOREKEEPER_LISTEN_URL")
    assert isinstance(source := streams().source, SQLitePoll)
    assert source.path == fresh_db.removeprefix("sqlite:///")
