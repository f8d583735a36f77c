"""A phone follows a table through one stream however many of its tabs show it, and a stream
dropped mid-deal catches up (issue 36)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Request, expect

from .helpers import seep
from .helpers.phones import Phones

pytestmark = pytest.mark.browser


def test_two_tabs_of_one_phone_share_one_stream_and_both_follow(
    live_server: str, phones: Phones
) -> None:
    keeper = phones()
    started = seep.start(keeper.context, live_server)
    first = phones()
    second = first.context.new_page()  # the same phone: its second tab
    streams: list[Request] = []
    first.context.on("request", lambda r: r.url.endswith("/changes") and streams.append(r))
    first.goto(started.board)
    second.goto(f"{started.board}/tv")
    first.wait_for_timeout(3000)  # time enough for a second stream, were one opened
    assert len(streams) == 1, [r.frame.page.url for r in streams]
    seep.add_deal(keeper.context, started, seep.record(12))
    for tab in (first, second):
        expect(tab.locator("[data-live]").first).to_contain_text("78", timeout=5000)
    first.close()  # the tab that held the stream: the other takes it over
    seep.add_deal(keeper.context, started, seep.record(4))
    expect(second.locator("[data-live]").first).to_contain_text("2 deals", timeout=10_000)
    assert len(streams) == 2


def test_a_stream_dropped_mid_deal_catches_up(live_server: str, phones: Phones) -> None:
    keeper = phones()
    started = seep.start(keeper.context, live_server)
    watcher = phones()
    watcher.goto(started.board)
    watcher.wait_for_timeout(1000)
    watcher.context.set_offline(True)  # the stream drops; deals go on being entered
    seep.add_deal(keeper.context, started, seep.record(12))
    seep.add_deal(keeper.context, started, seep.record(4))
    watcher.wait_for_timeout(1000)
    watcher.context.set_offline(False)
    region = watcher.locator("[data-live]").first
    expect(region).to_contain_text("78", timeout=10_000)
    expect(region).to_contain_text("24", timeout=10_000)
