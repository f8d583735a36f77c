"""A live page opened with no deal under way asks the live API nothing (it would answer 404, and
the console would log it at every open): the server says so in the page, and the page asks for
itself, with its tag, until the page drawn anew says a deal began."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, Request, expect

from .helpers import seep
from .helpers.every_page import DRAWN, GAMES, SIDES, played_live
from .helpers.phones import Phones

pytestmark = pytest.mark.browser


def watched(page: Page) -> tuple[list[str], list[str]]:
    """What goes wrong on the page from now on (a request that fails or answers 4xx or 5xx, a
    console error), and every request for the live API's deal."""
    problems: list[str] = []
    asked: list[str] = []
    page.on("requestfailed", lambda r: failed(r) and problems.append(f"{r.failure}: {r.url}"))
    page.on("response", lambda r: r.status >= 400 and problems.append(f"{r.status}: {r.url}"))
    page.on("console", lambda m: m.type == "error" and problems.append(f"console: {m.text}"))
    live_api = re.compile(r"/api/v1/sessions/[^/]+/live$")
    page.on("request", lambda r: live_api.search(r.url) and asked.append(r.url))
    return problems, asked


def failed(request: Request) -> bool:
    """Whether a request failed, not counting a change stream ended by leaving its page."""
    return not (request.url.endswith("/changes") and "ERR_ABORTED" in str(request.failure))


@pytest.mark.parametrize("game", GAMES)
def test_a_live_page_with_no_deal_asks_nothing_that_fails_until_one_starts(
    live_server: str, phones: Phones, game: str
) -> None:
    keeper, watcher = phones(), phones()
    started = seep.start(keeper.context, live_server, SIDES[game], game=game)
    seep.join(keeper, started.keeper_link)
    seen = {"scorer": watched(keeper), "watcher": watched(watcher)}
    for page in (keeper, watcher):
        page.goto(f"{started.board}/live")
    expect(keeper.locator("#start-panel")).to_be_visible()
    expect(watcher.get_by_test_id("live-status")).to_have_text("No deal is being played live.")
    watcher.wait_for_timeout(4500)  # as long as two polls: nothing changed, nothing asked
    assert {who: asked for who, (_, asked) in seen.items()} == {"scorer": [], "watcher": []}
    # Another phone starts the deal: each page hears of it from its stream, then follows it.
    played_live(keeper.context, started, game, plays=1)
    for page in (keeper, watcher):
        expect(page.locator(DRAWN)).to_be_visible()
        expect(page.get_by_test_id("live-status")).not_to_contain_text("No deal")
    expect(keeper.locator("#play-panel")).to_be_visible()
    assert all(asked for _, asked in seen.values())  # the deal is read from the API now
    assert {who: problems for who, (problems, _) in seen.items()} == {"scorer": [], "watcher": []}
