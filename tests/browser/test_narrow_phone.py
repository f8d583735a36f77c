"""A 360-px phone with long names: the scoreboard and the deal form fit, nothing is off-screen."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .helpers import seep
from .helpers.artifacts import artifact
from .helpers.phones import Phones
from .helpers.seep import LONGEST

pytestmark = pytest.mark.browser


NAMES = {"realistic": seep.PLAIN, "longest": LONGEST}
# Scroll an element to just below the deal form's sticky totals bar.
BELOW_THE_TOTALS = "e => window.scrollTo(0, e.getBoundingClientRect().top + window.scrollY - 90)"


def evening(page: Page, base: str, teams: list[dict[str, Any]]) -> seep.Started:
    """A session with sweeps, an under-9 baazi and a deleted deal, opened by its keeper."""
    started = seep.start(page.context, base, teams)
    for team_a, sweeps in ((3, (1, 0)), (10, (0, 0)), (1, (0, 0)), (5, (0, 2)), (12, (1, 1))):
        seep.add_deal(page.context, started, seep.record(team_a, sweeps))
    gone = seep.add_deal(page.context, started, seep.record(8))
    answer = page.context.request.delete(
        f"{base}/api/v1/sessions/{started.id}/deals/{gone['id']}",
        headers={"Authorization": f"Bearer {started.token}"},
    )
    assert answer.ok
    seep.join(page, started.keeper_link)
    return started


@pytest.mark.parametrize("names", NAMES)
def test_the_scoreboard_fits_360_px_with_long_names(
    live_server: str, phones: Phones, names: str
) -> None:
    page = phones(permissions=["clipboard-read", "clipboard-write"])
    teams = NAMES[names]
    evening(page, live_server, teams)
    page.locator("details.deleted-deals summary").click()
    page.locator("details.share summary").click()
    page.locator("details.pen summary").click()
    seep.fits(page)
    assert seep.inside(page, "a[aria-label^='Edit deal']") == 5
    seep.inside(page, ".deals th, .deals td")
    seep.inside(page, ".side, .lead-line, .banner, .actions .button, [data-testid='flash']")
    assert seep.inside(page, ".deleted-deals button") == 1
    seep.inside(page, ".share input, .share button:visible, .pen input, .pen button:visible")
    # Deal 3's under-9 baazi names both teams, on a row of its own, cut nowhere.
    baazi = page.get_by_test_id("baazi-3")
    winner, loser = teams[1]["name"], teams[0]["name"]
    expect(baazi).to_have_text(f"★ {winner} — {loser} under 9")
    seep.inside(page, "[data-testid='baazi-3']")
    # A cut name keeps its whole text for a screen reader; the sides show up to three lines.
    expect(page.locator(".side-name").first).to_have_text(teams[0]["name"])
    page.screenshot(path=str(artifact(f"scoreboard-360-{names}.png")), full_page=True)
    page.goto(base_of(page) + "/")  # the home page lists the session by its teams' names
    expect(page.locator(".session-list li")).to_have_count(1)
    seep.fits(page)


def base_of(page: Page) -> str:
    """The app's address, from the page's."""
    return page.url.split("/s/", 1)[0]


@pytest.mark.parametrize("names", NAMES)
def test_the_deal_form_fits_360_px_with_long_names(
    live_server: str, phone: Page, names: str
) -> None:
    started = seep.start(phone.context, live_server, NAMES[names])
    seep.join(phone, started.keeper_link)
    phone.get_by_role("link", name="Enter deal 1").click()
    sweep_options = phone.locator(".sweeps details")
    sweep_options.locator("summary").click()
    expect(sweep_options.locator(".segment")).to_have_count(6)
    phone.locator(".card-pick[data-card='KS'] .card-face").click()
    phone.locator("#rest-to-other").click()
    phone.locator(".stepper.team-1 [data-step='1']").click()
    expect(phone.locator("[data-total='1']")).to_have_text("137")  # 87 in cards, a sweep
    seep.fits(phone)
    seep.inside(phone, ".total, .pick-team, #rest-to-other, .submit-bar .button")
    assert seep.inside(phone, ".step") == 4
    seep.inside(phone, ".segment span")
    assert seep.inside(phone, "input[name=dealer] + span") == 4
    for part, where in (("top", "h1"), ("sweeps", ".sweeps"), ("dealer", "#dealer-group")):
        phone.locator(where).evaluate(BELOW_THE_TOTALS)
        phone.screenshot(path=str(artifact(f"deal-form-360-{names}-{part}.png")))


def test_the_new_session_form_fits_360_px_with_the_longest_names(
    live_server: str, phone: Page
) -> None:
    phone.goto(live_server + "/new/seep")
    for side, team in zip("ab", LONGEST, strict=True):
        phone.fill(f"input[name=team_{side}]", team["name"])
        for box, name in zip((f"{side}1", f"{side}2"), team["players"], strict=True):
            phone.fill(f"input[name={box}]", name)
    seep.fits(phone)
    phone.get_by_role("button", name="Start session").click()
    expect(phone.locator(".side-name").last).to_have_text("W" * 60)
    seep.fits(phone)
