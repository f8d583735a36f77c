"""A stream the server ends (a stream tier restarting, or the app's own after STREAM_SECONDS) is
opened again at once with its last event's id, and the page follows on without polling (issue
36)."""

from __future__ import annotations

import pytest
from flask import Flask
from playwright.sync_api import Request, expect

from scorekeeper import create_app

from .helpers import seep
from .helpers.phones import Phones

pytestmark = pytest.mark.browser


@pytest.fixture
def browser_app(fresh_db: str) -> Flask:
    """The app whose streams end a second after they open."""
    config = {"SQLALCHEMY_DATABASE_URI": fresh_db, "RATELIMIT_ENABLED": False}
    return create_app({"SECRET_KEY": "browser-test", "STREAM_SECONDS": 1, **config})


def test_a_stream_the_server_ends_is_opened_again_with_its_last_event_id(
    live_server: str, phones: Phones
) -> None:
    keeper = phones()
    started = seep.start(keeper.context, live_server)
    watcher = phones()
    asked: list[Request] = []
    watcher.context.on("request", lambda request: asked.append(request))
    watcher.goto(started.board)
    for _ in range(60):  # each stream lasts 1 s and is opened again 2 s later
        streams = [r for r in asked if r.url.endswith("/changes")]
        if len(streams) >= 3:
            break
        watcher.wait_for_timeout(250)
    assert [r.headers.get("last-event-id") for r in streams[:3]] == [None, "1", "1"]
    # Between streams the page asked nothing else of the table: nothing changed. (The service
    # worker's copy of the page, kept for when the phone is offline, is not the page asking.)
    table = [
        r.url
        for r in asked
        if started.id in r.url and "/changes" not in r.url and "scorekeeper-copy" not in r.headers
    ]
    assert table == [started.board]  # the page itself, once
    seep.add_deal(keeper.context, started, seep.record(12))
    expect(watcher.locator("[data-live]").first).to_contain_text("78", timeout=10_000)
