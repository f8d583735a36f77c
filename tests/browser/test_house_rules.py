"""A club's house rules on a 360-px phone: the keeper sets Seep's on the club page, a new
session started from the club starts with them (another club chosen, its own), and the
scoreboard names them."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from .helpers import seep
from .helpers.artifacts import artifact
from .helpers.phones import Phones

pytestmark = pytest.mark.browser
NAMES = {"a1": "Asha", "a2": "Ravi", "b1": "Meena", "b2": "Dev"}


def start_here(page: Page) -> None:
    """Fill in the four players and start the session on the form shown."""
    for field, name in NAMES.items():
        page.fill(f"input[name={field}]", name)
    page.get_by_role("button", name="Start session").click()
    expect(page.locator(".scoreboard")).to_be_visible()


def test_the_keeper_sets_house_rules_and_a_new_session_starts_with_them(
    live_server: str, phones: Phones
) -> None:
    phone = phones()
    phone.goto(live_server + "/new/seep")  # the first session makes this phone's club
    start_here(phone)
    expect(phone.get_by_test_id("rules-line")).to_have_text("The usual rules.")
    phone.get_by_test_id("in-club").get_by_role("link").click()
    expect(phone.get_by_test_id("house-rules")).to_contain_text("The usual rules of every game.")

    tools = phone.get_by_test_id("house-rules-tools")
    tools.locator("summary").click()
    rules = tools.locator("form[data-game=seep]")
    rules.locator("#seep-target-group label:has-text('150')").click()
    rules.locator("#seep-under9-group label:has-text('Card points only')").click()
    rules.get_by_role("button", name="Keep the Seep house rules").click()
    expect(phone.get_by_test_id("flash")).to_contain_text("start with these house rules")
    shown = phone.get_by_test_id("house-rules")
    expect(shown).to_contain_text("Seep A baazi is won by a lead of: 150")
    expect(shown).to_contain_text("Under 9 counts: Card points only")
    seep.fits(phone)
    phone.get_by_test_id("house-rules-tools").locator("summary").click()  # open again
    phone.screenshot(path=artifact("house-rules-club.png"), full_page=True)
    found = Axe().run(phone, context="[data-testid=house-rules-tools]").response["violations"]
    assert found == [], [(v["id"], [n["target"] for n in v["nodes"]]) for v in found]

    phone.get_by_role("link", name="New Seep session").click()
    target, under9 = phone.locator("#target-group"), phone.locator("#under9-group")
    expect(target.locator("input[value='150']")).to_be_checked()
    expect(under9.locator("input[value=cards]")).to_be_checked()
    # Another club chosen, its rules (a new club's: the usual); this club again, its own.
    expect(phone.locator("html[data-ready]")).to_have_count(1)
    phone.locator("#club-group label:has-text('A new club')").click()
    expect(target.locator("input[value='100']")).to_be_checked()
    expect(under9.locator("input[value=sweeps]")).to_be_checked()
    phone.locator('#club-group label:has-text("Asha\'s table")').click()
    expect(target.locator("input[value='150']")).to_be_checked()
    # The table can still change them: one baazi tonight.
    phone.locator("#baazis-group label:has-text('One')").click()
    start_here(phone)
    expect(phone.get_by_test_id("rules-line")).to_have_text(
        "Rules played A baazi is won by a lead of: 150 · Baazis to play: One · "
        "Under 9 counts: Card points only"
    )
    phone.screenshot(path=artifact("house-rules-scoreboard.png"), full_page=True)
