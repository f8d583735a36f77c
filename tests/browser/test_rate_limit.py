"""Issue 22: a phone over the limit on starting sessions is told to wait, its form as typed."""

from __future__ import annotations

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

from scorekeeper import create_app

from .helpers import seep
from .helpers.artifacts import artifact
from .helpers.phones import Phones
from .helpers.seep import LONGEST
from .helpers.taps import Taps

pytestmark = pytest.mark.browser


@pytest.fixture
def browser_app(fresh_db: str) -> Flask:
    """The real app with the rate limits on: one session or club a minute."""
    config = {"SQLALCHEMY_DATABASE_URI": fresh_db, "CREATE_LIMIT": "1 per minute"}
    return create_app({"SECRET_KEY": "browser-test", "RATELIMIT_ENABLED": True, **config})


def fill_longest(page: Page) -> None:
    for side, team in zip("ab", LONGEST, strict=True):
        page.fill(f"input[name=team_{side}]", team["name"])
        for box, name in zip((f"{side}1", f"{side}2"), team["players"], strict=True):
            page.fill(f"input[name={box}]", name)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_start_over_the_limit_says_wait_and_keeps_the_form(
    live_server: str, phones: Phones, scheme: str
) -> None:
    phone = phones(color_scheme=scheme)
    phone.goto(live_server + "/new/seep")
    fill_longest(phone)
    phone.get_by_role("button", name="Start session").click()
    expect(phone.locator(".side").first).to_be_visible()  # the first session's scoreboard
    phone.goto(live_server + "/new/seep")
    fill_longest(phone)
    taps = Taps(phone)
    taps.tap(phone.get_by_role("button", name="Start session"))
    problem = phone.get_by_role("alert")
    expect(problem).to_contain_text(
        "Too many sessions and clubs were started from this address: at most 1 a minute."
    )
    expect(problem).to_contain_text("Try again in")
    assert taps.count == 1
    for side, team in zip("ab", LONGEST, strict=True):  # nothing typed is lost
        expect(phone.locator(f"input[name=team_{side}]")).to_have_value(team["name"])
        expect(phone.locator(f"input[name={side}2]")).to_have_value(team["players"][1])
    seep.fits(phone)
    seep.inside(phone, ".problem")
    phone.screenshot(path=str(artifact(f"new-session-rate-limited-360-{scheme}.png")))
