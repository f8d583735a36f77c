"""A finished live deal's review on its replay page: each player's points lost, the costliest
plays a tap away, and beside each play the best one with every hand as it really was, in the
phone's language."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.words.languages import COOKIE
from tests.helpers.said import said

from .helpers import seep
from .helpers.artifacts import ARTIFACTS
from .helpers.checker import fits
from .helpers.every_page import played_live
from .helpers.phones import Phones

pytestmark = pytest.mark.browser


def replay_of_a_played_deal(phones: Phones, live_server: str, code: str) -> Page:
    """A phone in language `code` on the replay of a Seep deal played live through the API."""
    phone = phones(base_url=live_server)
    phone.context.add_cookies([{"name": COOKIE, "value": code, "url": live_server}])
    started = seep.start(phone.context, live_server, seep.PLAIN)
    played_live(phone.context, started, "seep")
    phone.goto(f"{started.board}/deals/1/replay")
    return phone


@pytest.mark.parametrize("code", ["en", "hi"])
def test_the_replay_shows_the_deal_s_review(live_server: str, phones: Phones, code: str) -> None:
    phone = replay_of_a_played_deal(phones, live_server, code)
    panel = phone.locator("#review-panel")
    expect(panel.locator("h2")).to_have_text(said(code, "Review"))
    expect(panel.locator(".review-seats li")).to_have_count(4, timeout=60_000)
    expect(panel).to_contain_text(said(code, "Points lost, by player"))
    costliest = panel.locator(".review-costliest .listed-move")
    assert costliest.count() >= 1
    costliest.first.click()  # the replay steps to that play, and the line says its review
    number = int(phone.url.rsplit("#play=", 1)[1])
    assert number >= 2
    expect(phone.locator("#review-step")).not_to_be_empty()
    fits(phone)
    ARTIFACTS.mkdir(exist_ok=True)
    phone.screenshot(path=str(ARTIFACTS / f"review-{code}.png"), full_page=True)
