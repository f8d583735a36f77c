"""A session that fills up (rules/limits.py's MOST_DEALS) while a deal form is open: sending it
says the limit, and offers no next deal to save it as."""

from __future__ import annotations

import pytest
from flask import Flask
from playwright.sync_api import expect

from scorekeeper.rules.limits import MOST_DEALS
from tests.helpers.deal_rows import fill

from .helpers.artifacts import artifact
from .helpers.phones import Phones
from .helpers.seep_form import Taps, enter_deal, start_session

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_deal_form_sent_to_a_full_session_names_the_limit(
    browser_app: Flask, live_server: str, phones: Phones, scheme: str
) -> None:
    phone = phones(color_scheme=scheme)
    start_session(phone, live_server)
    enter_deal(phone, team=0, cards=("KS",))
    session_id = phone.url.rstrip("/").rsplit("/", 1)[1]
    taps = Taps(phone)
    taps.tap("a:has-text('Enter deal 2')")
    fill(browser_app, {"id": session_id}, MOST_DEALS - 1)  # filled meanwhile, elsewhere
    taps.tap(".pick-team[data-team='1']")
    taps.cards("QS")
    taps.tap("#rest-to-other")
    taps.tap("button:has-text('Save deal')")
    alert = phone.get_by_role("alert")
    expect(alert).to_contain_text(f"This session keeps {MOST_DEALS:,} deals")
    expect(alert).to_contain_text("start a new session to go on")
    expect(phone.locator("body")).not_to_contain_text("save it as deal")
    assert taps.count == 5  # nothing more is asked of the scorer to learn why
    phone.screenshot(path=artifact(f"limits-full-session-{scheme}.png"), full_page=True)
