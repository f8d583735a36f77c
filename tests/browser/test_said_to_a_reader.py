"""What a screen reader is told on the deal form and the scoreboard: whose total a tap changed,
a bid of none by name, which deal each Restore restores, one pattern for the team chooser, and
a status already there as the page opens said once, after it."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .helpers import seep
from .helpers.phones import Phones

pytestmark = pytest.mark.browser

# What the region for a status at load held when the page was read (before app.js ran).
AT_LOAD = """document.addEventListener("DOMContentLoaded", () => {
  const region = document.querySelector("[data-said-at-load]");
  window.heldAtLoad = region ? region.textContent : null; });"""


def deal_form(phones: Phones, live_server: str) -> tuple[Page, seep.Started]:
    phone = phones()
    started = seep.start(phone.context, live_server)
    seep.join(phone, started.keeper_link)
    phone.goto(started.board + "/deals/new")
    expect(phone.locator("[data-left]")).to_have_text(f"{len(seep.POINTS)} cards")
    return phone, started


def test_a_changed_total_is_said_with_its_teams_name(live_server: str, phones: Phones) -> None:
    phone, _ = deal_form(phones, live_server)
    said = phone.get_by_test_id("totals-said")
    expect(said).to_have_attribute("aria-live", "polite")
    expect(said).to_have_text("")  # nothing is read out as the form opens
    phone.locator(".card-pick[data-card='KS'] .card-face").click()
    expect(said).to_have_text("Chandni Chowk Champions: 13")
    phone.locator(".pick-team[data-team='1']").click()
    phone.locator(".card-pick[data-card='10D'] .card-face").click()
    expect(said).to_have_text("Old Delhi Seep Club: 6")  # only what changed
    # The numbers themselves are no live region: each would be read bare ("6").
    assert phone.locator(".totals [aria-live], .totals[aria-live]").count() == 0


def test_the_team_chooser_is_radios_and_no_bid_has_a_name(live_server: str, phones: Phones) -> None:
    phone, _ = deal_form(phones, live_server)
    chooser = phone.get_by_role("radiogroup", name="Tapping gives cards to")
    expect(chooser.get_by_role("radio")).to_have_count(2)
    expect(chooser.get_by_role("radio", name="Chandni Chowk Champions")).to_be_checked()
    expect(chooser.locator("[aria-pressed]")).to_have_count(0)  # one pattern, not two
    chooser.get_by_role("radio", name="Old Delhi Seep Club").click()
    expect(chooser.get_by_role("radio", name="Old Delhi Seep Club")).to_be_checked()
    chooser.get_by_role("radio", name="Old Delhi Seep Club").focus()
    phone.keyboard.press("ArrowDown")  # radios go round: Down from the last is the first
    expect(chooser.get_by_role("radio", name="Chandni Chowk Champions")).to_be_checked()
    phone.keyboard.press("ArrowUp")
    expect(chooser.get_by_role("radio", name="Old Delhi Seep Club")).to_be_checked()
    expect(phone.get_by_role("radio", name="No bid")).to_be_checked()
    expect(phone.locator("label.segment:has(input[name=bid][value=''])")).to_contain_text("—")


def test_each_restore_names_its_deal(live_server: str, phones: Phones) -> None:
    phone = phones()
    started = seep.start(phone.context, live_server)
    for team_a in (12, 5):
        seep.add_deal(phone.context, started, seep.record(team_a))
    seep.join(phone, started.keeper_link)
    phone.get_by_role("link", name="Edit").first.click()
    phone.get_by_test_id("delete-deal").locator("summary").click()
    phone.get_by_role("button", name=re.compile("^Delete deal")).click()
    flash = phone.get_by_test_id("flash")
    expect(flash.get_by_role("button")).to_have_accessible_name(re.compile(r"^Restore deal \d$"))
    deleted = phone.get_by_test_id("deleted-deals")
    deleted.locator("summary").click()
    (serial,) = re.findall(r"Deal #(\d+):", deleted.locator("li").inner_text())
    expect(deleted.get_by_role("button", name=f"Restore deal #{serial}")).to_be_visible()


def test_a_status_there_as_the_page_opens_is_said_once_after(
    live_server: str, phones: Phones
) -> None:
    phone, _ = deal_form(phones, live_server)
    phone.add_init_script(AT_LOAD)
    phone.locator(".card-pick[data-card='KS'] .card-face").click()
    phone.locator("#rest-to-other").click()
    phone.locator(".submit-bar button[type=submit]").click()
    flash = phone.get_by_test_id("flash")
    expect(flash).to_contain_text("Deal 1 saved.")
    region = phone.get_by_test_id("said-at-load")
    expect(region).to_have_attribute("role", "status")
    expect(region).to_have_text("Deal 1 saved.")
    assert phone.evaluate("window.heldAtLoad") == ""  # empty as the page was read: a change
    # Said once: the flash is no live region of its own, and its words are hidden from the
    # reader, who finds them once, in the region.
    expect(flash).not_to_have_attribute("role", "status")
    expect(flash.locator("> span")).to_have_attribute("aria-hidden", "true")
    assert phone.locator("main").aria_snapshot().count("Deal 1 saved.") == 1
