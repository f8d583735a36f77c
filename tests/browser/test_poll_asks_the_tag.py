"""A page that follows the table hears of changes from the table's stream and asks nothing
until one comes (issue 36); with the stream blocked it polls, asking the session's API for its
tag first and fetching the page only when the table changed (issue 34): an unchanged poll is a
HEAD of the API answered 304."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, Request, expect

from .helpers import seep
from .helpers.phones import Phones

pytestmark = pytest.mark.browser
POLLS_SEEN = 3  # unchanged polls to wait for (one every 2 s)
DEADLINE_S = 20.0


def asked(requests: list[Request], method: str, url: str) -> list[Request]:
    """The requests of this method to exactly this address."""
    return [r for r in requests if r.method == method and r.url == url]


def wait_for(page: Page, done: Callable[[], bool], what: str) -> None:
    """Let the page run until `done()` holds; fail naming `what` after DEADLINE_S."""
    deadline = time.monotonic() + DEADLINE_S
    while not done():
        assert time.monotonic() < deadline, f"no {what} within {DEADLINE_S:g} s"
        page.wait_for_timeout(100)  # the page's own timers run meanwhile


@pytest.mark.parametrize("view", ["", "/tv"])
def test_an_unchanged_poll_asks_the_api_and_a_change_fetches_the_page(
    live_server: str, phones: Phones, view: str
) -> None:
    keeper = phones()
    started = seep.start(keeper.context, live_server)
    seep.add_deal(keeper.context, started, seep.record(3))
    watcher = phones()
    watcher.route("**/changes", lambda route: route.abort())  # the stream blocked
    requests: list[Request] = []
    watcher.on("request", lambda sent: requests.append(sent))
    page_url = started.board + view
    api_url = f"{live_server}/api/v1/sessions/{started.id}"
    watcher.goto(page_url)
    requests.clear()  # the page's own load

    wait_for(watcher, lambda: len(asked(requests, "HEAD", api_url)) >= POLLS_SEEN, "polls")
    assert asked(requests, "GET", page_url) == [], "an unchanged table fetched the page"

    region = watcher.locator("[data-live]").first
    before = region.inner_text()
    seep.add_deal(keeper.context, started, seep.record(10))
    expect(region).not_to_have_text(before, timeout=DEADLINE_S * 1000)  # the new deal shown
    polls = len(asked(requests, "HEAD", api_url))
    wait_for(watcher, lambda: len(asked(requests, "HEAD", api_url)) >= polls + 2, "polls")
    assert len(asked(requests, "GET", page_url)) == 1, "the page was fetched once, on the change"


@pytest.mark.parametrize("view", ["", "/tv"])
def test_with_its_stream_a_page_asks_nothing_until_the_table_changes(
    live_server: str, phones: Phones, view: str
) -> None:
    keeper = phones()
    started = seep.start(keeper.context, live_server)
    watcher = phones()
    requests: list[Request] = []
    watcher.on("request", lambda sent: requests.append(sent))
    page_url = started.board + view
    api_url = f"{live_server}/api/v1/sessions/{started.id}"
    watcher.goto(page_url)
    wait_for(watcher, lambda: asked(requests, "GET", f"{api_url}/changes") != [], "stream")
    requests.clear()  # the page's own load, and its stream opened

    watcher.wait_for_timeout(POLLS_SEEN * 2000)  # as long as polls would have taken
    assert asked(requests, "HEAD", api_url) == [], "a page with its stream polled"
    assert asked(requests, "GET", page_url) == [], "an unchanged table fetched the page"

    region = watcher.locator("[data-live]").first
    before = region.inner_text()
    seep.add_deal(keeper.context, started, seep.record(10))
    expect(region).not_to_have_text(before, timeout=DEADLINE_S * 1000)  # the new deal shown
    watcher.wait_for_timeout(2000)
    assert len(asked(requests, "GET", page_url)) == 1, "the page was fetched once, on the change"
    assert asked(requests, "HEAD", api_url) == []
