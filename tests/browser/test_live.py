"""A scoreboard follows the table live: a watcher's phone shows another phone's deal by itself."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.helpers.said import scripted

from .helpers import seep
from .helpers.every_page import played_live
from .helpers.phones import Phones

pytestmark = pytest.mark.browser


def test_a_watcher_sees_a_deal_within_3_seconds_highlighted(
    live_server: str, phones: Phones
) -> None:
    keeper = phones()
    started = seep.start(keeper.context, live_server)
    watcher = phones()
    watcher.goto(started.board)  # the watch link: no key, so it only watches
    expect(watcher.get_by_test_id("lead")).to_contain_text("Level")
    pages: list[int] = []  # the statuses of the page's own fetches
    watcher.on("response", lambda r: pages.append(r.status) if r.url == started.board else None)
    api = f"{live_server}/api/v1/sessions/{started.id}"

    seep.add_deal(keeper.context, started, seep.record(12))  # another phone enters a deal
    # Team A's 12 point cards: the lead moves; the watcher's page follows without a reload.
    expect(watcher.get_by_test_id("deals")).to_be_visible(timeout=3000)
    expect(watcher.locator("[data-testid=deals] tr.live-changed")).not_to_have_count(0)
    assert pages == [200]  # the page fetched once, for the change
    asked: list[str] = []
    watcher.on("request", lambda r: asked.append(r.url) if r.url == api else None)
    watcher.wait_for_timeout(4000)  # as long as two polls, and nothing changed meanwhile
    assert pages == [200]  # an unchanged table costs nothing: no page, no poll of its tag
    assert asked == []
    assert watcher.evaluate("performance.getEntriesByType('navigation').length") == 1


def test_a_live_page_says_its_words_and_asks_the_api_in_its_own_language(
    live_server: str, phones: Phones
) -> None:
    watcher = phones()  # the browser's own language is English
    started = seep.start(watcher.context, live_server)
    watcher.context.add_cookies([{"name": "lang", "value": "pt", "url": live_server}])
    watcher.goto(f"{started.board}/live")
    status = scripted("pt", "No deal is being played live.")
    assert status != "No deal is being played live."  # the catalog says it in Portuguese
    expect(watcher.get_by_test_id("live-status")).to_have_text(status)
    # A deal started on another phone: the page is told by its poll, and asks the API.
    with watcher.expect_request(lambda r: "/api/" in r.url and r.url.endswith("/live")) as asked:
        played_live(watcher.context, started, "seep", plays=1)
    # The API follows Accept-Language only: the page sends its own, not the browser's.
    assert asked.value.headers["accept-language"] == "pt"
