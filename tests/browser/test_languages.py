"""The table in its own language, on a 360-px phone: a whole Seep deal entered in Urdu (right to
left), a Fifty-six deal in Malayalam, a Casino deal in Portuguese, and the checker's verdict in
Hindi and in Esperanto. The words expected are read from the compiled catalogs
(tests.helpers.said), and each page is kept as a screenshot in test-artifacts/ to be looked at.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.web.languages import COOKIE
from tests.helpers.said import said, scripted

from .helpers.artifacts import ARTIFACTS
from .helpers.phones import Phones

pytestmark = pytest.mark.browser

# every_page's checker questions: T3 (9♣ can take 9♦, so it may not be thrown), a legal capture
# of a house, and K9 (the owner of a build of 6 may not trail).
SEEP_T3 = "/check/seep?players=4&seat=1&hand=KS.4H.9C&loose=9D.5C&house=13:10C.3H:3&move=throw:9C"
SEEP_LEGAL = "/check/seep?players=4&seat=0&hand=KS&house=13:10C.2H:1&move=capture:KS::h"
CASINO_K9 = "/check/casino?players=2&seat=0&hand=6S.9H&loose=4D&build=6:4C.2D:0&move=trail:9H"


def phone_in(phones: Phones, base: str, code: str, scheme: str = "light") -> Page:
    """A 360-px phone whose menu chose `code`."""
    page = phones(base_url=base, color_scheme=scheme)
    page.context.add_cookies([{"name": COOKIE, "value": code, "url": base}])
    return page


def fits(page: Page) -> None:
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= 360, f"the page is {width} px wide"


def keep(page: Page, name: str) -> None:
    """The page as it looks, for a person to look at."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"language-{name}.png"), full_page=True)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_checkers_verdict_in_hindi(live_server: str, phones: Phones, scheme: str) -> None:
    phone = phone_in(phones, live_server, "hi", scheme)
    phone.goto(SEEP_T3)
    verdict = phone.locator("#verdict")
    expect(verdict.locator(".verdict-title")).to_contain_text(scripted("hi", "Not allowed"))
    expect(verdict.locator(".rule-id")).to_have_text("T3")
    expect(verdict.locator("code")).to_have_text("throw-can-capture")  # codes never change
    reason = said("hi", "%(card)s can capture, so it cannot be thrown.", card="9♣")
    expect(verdict.locator(".reason")).to_have_text(reason)
    fits(phone)
    keep(phone, f"checker-hi-{scheme}")

    phone.goto(SEEP_LEGAL)
    expect(verdict.locator(".verdict-title")).to_contain_text(scripted("hi", "Legal"))
    description = verdict.locator(".description").inner_text()
    assert description and description.isascii() is False, description
    keep(phone, f"checker-hi-legal-{scheme}")


def test_the_checkers_verdict_in_esperanto(live_server: str, phones: Phones) -> None:
    phone = phone_in(phones, live_server, "eo")
    phone.goto(CASINO_K9)
    verdict = phone.locator("#verdict")
    expect(verdict.locator(".verdict-title")).to_contain_text(scripted("eo", "Not allowed"))
    expect(verdict.locator(".rule-id")).to_have_text("K9")
    expect(verdict.locator("code")).to_have_text("owner-cannot-trail")
    reason = said("eo", "You own the build of %(value)d: you may not trail.", value=6)
    expect(verdict.locator(".reason")).to_have_text(reason)
    fits(phone)
    keep(phone, "checker-eo")
