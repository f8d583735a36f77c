"""A long session on a 360-px phone in the dark: the keeper reaches the earlier deals by
keyboard, edits one from there, and the earlier page follows the table."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorekeeper.sessions.paging import RECENT

from .helpers import seep
from .helpers.phones import Phones

pytestmark = pytest.mark.browser


def test_the_earlier_deals_are_one_key_press_away_and_follow_the_table(
    live_server: str, phones: Phones
) -> None:
    page = phones(color_scheme="dark")
    started = seep.start(page.context, live_server)
    for n in range(RECENT + 5):
        seep.add_deal(page.context, started, seep.record(n % 13))
    seep.join(page, started.keeper_link)
    edits = page.locator("a[aria-label^='Edit deal']")
    expect(edits).to_have_count(RECENT)
    earlier = page.get_by_test_id("earlier-deals")
    expect(earlier).to_have_text("Earlier deals (1–5)")
    earlier.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name=f"Deals 1–5 of {RECENT + 5}")).to_be_visible()
    expect(edits).to_have_count(5)
    seep.fits(page)
    seep.inside(page, ".deal-pages .button")
    # Another phone enters a deal: the earlier page, polling, offers the deal after it.
    seep.add_deal(page.context, started, seep.record(4))
    expect(page.get_by_role("link", name=f"Enter deal {RECENT + 7}")).to_be_visible()
    expect(page.get_by_test_id("latest-deals")).to_have_text(f"Latest deals (7–{RECENT + 6})")
    page.get_by_role("link", name="Edit deal 1").click()
    expect(page.get_by_role("heading", name="Edit deal 1")).to_be_visible()
