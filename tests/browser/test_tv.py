"""The TV view and the club page follow the table live: a screen across the room shows a deal
the keeper's phone enters within 3 s, fits 1280x720 and 1920x1080 without scrolling (the
longest names too), and a club page's watcher sees new deals and sessions, filters kept."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .helpers import seep
from .helpers.phones import Phones
from .helpers.seep import LONGEST, tap

pytestmark = pytest.mark.browser
SCREENS = [(1280, 720), (1920, 1080)]
DEALS = (3, 10, 1, 5, 12, 7)  # team A's point cards in each: a typical evening's first deals
CHANGED = re.compile(r"\blive-changed\b")  # what a poll brought, highlighted for a moment


def fits_the_screen(tv: Page, width: int, height: int, deals: int) -> None:
    """No scrolling either way; the names, the numbers and five deals all on the screen."""
    tv.set_viewport_size({"width": width, "height": height})
    size = tv.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.scrollHeight]"
    )
    assert size == [width, height], f"the TV page is {size} at {width}x{height}"
    rows = tv.locator("[data-testid=deals] tbody tr:not(.baazi-note, .game-note):visible")
    expect(rows).to_have_count(5)  # the newest five, newest first
    assert rows.first.locator("td").first.inner_text().startswith(str(deals))
    for part in (".side-name", ".big-number", "[data-testid=deals] tbody tr:visible"):
        seep.inside(tv, part, width)
        bottoms = tv.locator(part).evaluate_all(
            "els => els.map(e => e.getBoundingClientRect().bottom)"
        )
        assert max(bottoms) <= height, f"{part} runs below the screen at {width}x{height}"


def test_the_tv_follows_the_keepers_phone_and_fits_the_screen(
    live_server: str, phones: Phones
) -> None:
    keeper = phones()
    started = seep.start(keeper.context, live_server, LONGEST)
    for team_a in DEALS:
        seep.add_deal(keeper.context, started, seep.record(team_a))
    seep.join(keeper, started.keeper_link)
    keeper.locator("details.share summary").click()
    tv_link = keeper.get_by_test_id("tv-link").get_attribute("href")

    tv = phones()
    tv.set_viewport_size({"width": 1280, "height": 720})
    tv.goto(live_server + str(tv_link))
    expect(tv.get_by_test_id("tv")).to_contain_text(f"{len(DEALS)} deals")
    assert tv.locator("form, a[href*='/edit'], a[href*='/deals/new']").count() == 0
    assert tv.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(5, 5, 5)"
    for width, height in SCREENS:
        fits_the_screen(tv, width, height, len(DEALS))
    tv.set_viewport_size({"width": 1280, "height": 720})

    keeper.get_by_role("link", name=f"Enter deal {len(DEALS) + 1}").click()
    tap(keeper, "KS", "QS", "JS")
    keeper.get_by_role("button", name=f"Save deal {len(DEALS) + 1}").click()
    expect(keeper.get_by_test_id("flash")).to_contain_text("saved")
    # The TV shows it by itself within 3 s, highlighted, and still fits.
    expect(tv.get_by_test_id("tv")).to_contain_text(f"{len(DEALS) + 1} deals", timeout=3000)
    newest = tv.locator("[data-testid=deals] tbody tr").first
    expect(newest).to_have_class(CHANGED)
    assert newest.locator("td").first.inner_text().startswith(str(len(DEALS) + 1))
    assert tv.evaluate("performance.getEntriesByType('navigation').length") == 1


# Fifty-six in pairs: four teams of long names, and deals that move tables between several.
PAIRS = [
    {"name": name, "players": [f"{name[0]}1", f"{name[0]}2"]}
    for name in (
        "W" * 60,
        "Maharaja Wajid Mohammad's Magnificent Mumbai Marine Marauder",
        "X" * 60,
        "Gulmohar",
    )
]
CONTRACTS = [(1, 44, 40), (2, 20, 30), (0, 40, 40), (3, 10, 40), (5, 44, 40), (6, 40, 40)]


def test_four_teams_of_long_names_fit_the_screen(live_server: str, phones: Phones) -> None:
    tv = phones()
    started = seep.start(tv.context, live_server, PAIRS, game="fifty-six", teams="pairs")
    for seat, points, value in CONTRACTS:
        contract = {"seat": seat, "value": value, "trump": "S"}
        seep.add_deal(tv.context, started, {"contract": contract, "points": points})
    tv.goto(f"{started.board}/tv")
    expect(tv.locator(".side")).to_have_count(4)
    for width, height in SCREENS:
        fits_the_screen(tv, width, height, len(CONTRACTS))


def test_the_tv_on_a_phone_scrolls_down_never_sideways(live_server: str, phones: Phones) -> None:
    phone = phones()
    started = seep.start(phone.context, live_server, LONGEST)
    for team_a in DEALS:
        seep.add_deal(phone.context, started, seep.record(team_a))
    phone.goto(f"{started.board}/tv")
    expect(phone.get_by_test_id("deals")).to_be_visible()
    seep.fits(phone)
    seep.inside(phone, ".side, .chart, [data-testid=deals]")


def test_a_club_watcher_sees_new_deals_and_sessions_with_the_filter_kept(
    live_server: str, phones: Phones
) -> None:
    keeper = phones()
    made = keeper.context.request.post(f"{live_server}/api/v1/clubs", data={"name": "Thursday"})
    assert made.status == 201, made.text()
    club = made.json()["id"]
    first = seep.start(keeper.context, live_server, seep.PLAIN, club=club)

    watcher = phones()
    watcher.goto(f"{live_server}/c/{club}?game=seep")  # only Seep sessions
    history = watcher.get_by_test_id("club-session")
    expect(history).to_have_count(1)
    expect(history.first).to_contain_text("No deals yet")

    seep.add_deal(keeper.context, first, seep.record(12))  # a deal on the keeper's phone
    expect(history.first).to_contain_text("1 deal", timeout=3000)
    expect(history.first).to_have_class(CHANGED)

    casino = [{"players": ["Raj"]}, {"players": ["Asha"]}]
    seep.start(keeper.context, live_server, casino, "casino", club)
    second = seep.start(keeper.context, live_server, seep.PLAIN, club=club)
    expect(history).to_have_count(2, timeout=3000)  # the new Seep session, and no Casino one
    expect(history.first).to_contain_text("No deals yet")
    assert history.evaluate_all("rows => rows.map(r => r.dataset.game)") == ["seep", "seep"]
    assert second.id in str(history.first.locator("a").get_attribute("href"))
    assert watcher.url.endswith("?game=seep")
    assert watcher.evaluate("performance.getEntriesByType('navigation').length") == 1
