"""A deal's Delete is set apart from its Save: its own form at the foot of the edit page, folded
away, never the deal form's default on Enter, and undone from the scoreboard's Deleted deals."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .helpers import seep
from .helpers.every_page import DEALS, GAMES, SIDES

pytestmark = pytest.mark.browser


def editing_deal_1(phone: Page, base: str, game: str) -> seep.Started:
    """A scorer's phone on the edit page of deal 1 of a new session of `game` (two deals)."""
    started = seep.start(phone.context, base, SIDES[game], game=game)
    for deal in DEALS[game]:
        seep.add_deal(phone.context, started, deal)
    seep.join(phone, started.keeper_link)
    phone.get_by_role("link", name="Edit deal 1").click()
    expect(phone.locator("h1")).to_have_text("Edit deal 1")
    return started


def box(page: Page, selector: str) -> dict[str, float]:
    """Where an element is on the page (not the screen): top and bottom in CSS pixels."""
    return page.locator(selector).evaluate(
        "e => { const r = e.getBoundingClientRect();"
        " return {top: r.top + scrollY, bottom: r.bottom + scrollY}; }"
    )


@pytest.mark.parametrize("game", GAMES)
def test_enter_in_the_edit_form_saves_and_never_deletes(
    live_server: str, phone: Page, game: str
) -> None:
    started = editing_deal_1(phone, live_server, game)
    number = phone.locator("#deal-form input[type='number']:visible").first
    number.focus()
    number.press("Enter")
    expect(phone.get_by_test_id("flash")).to_contain_text("Nothing changed.")  # the edit's answer
    assert phone.url.rstrip("/") == started.board
    assert len(seep.stored_deals(phone.context, started)) == 2
    expect(phone.get_by_test_id("deleted-deals")).to_have_count(0)


@pytest.mark.parametrize("game", GAMES)
def test_delete_is_folded_away_from_save_and_styled_as_danger(
    live_server: str, phone: Page, game: str
) -> None:
    editing_deal_1(phone, live_server, game)
    delete = phone.get_by_role("button", name="Delete deal 1")
    fold = phone.get_by_test_id("delete-deal")
    # Not in the deal form, so never its default button; and hidden until its fold is opened.
    assert phone.locator("#deal-form").get_by_role("button", name="Delete deal 1").count() == 0
    expect(delete).to_be_hidden()
    phone.evaluate("scrollTo(0, document.scrollingElement.scrollHeight)")
    save, summary = box(phone, "#deal-form [type='submit']"), box(phone, ".delete-fold > summary")
    assert summary["top"] - save["bottom"] >= 48, (save, summary)  # a tap's height apart at least
    fold.locator("summary").click()
    expect(delete).to_be_visible()
    expect(delete).to_have_class("button danger")
    expect(fold).to_contain_text("Deleted deals on the scoreboard")  # how it is undone


@pytest.mark.parametrize("game", GAMES)
def test_a_deleted_deal_is_restored_from_the_scoreboard(
    live_server: str, phone: Page, game: str
) -> None:
    started = editing_deal_1(phone, live_server, game)
    phone.get_by_test_id("delete-deal").locator("summary").click()
    phone.get_by_role("button", name="Delete deal 1").click()
    expect(phone.get_by_test_id("flash")).to_contain_text("Deal 1 deleted.")
    assert len(seep.stored_deals(phone.context, started)) == 1
    deleted = phone.get_by_test_id("deleted-deals")
    deleted.locator("summary").click()
    deleted.get_by_role("button", name="Restore").click()
    expect(phone.get_by_test_id("flash")).to_have_text("Deal 1 restored.")
    assert len(seep.stored_deals(phone.context, started)) == 2
