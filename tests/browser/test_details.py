"""The small things a player sees: a problem looks like one, the trophy, disclosures, Copy and
Share, the favicon, and no page breaking its own Content Security Policy."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from .helpers import seep
from .helpers.phones import PHONE, Phones

pytestmark = pytest.mark.browser
ONE_BAAZI_WON = seep.record(1)  # team A takes A♠ alone: under 9, the baazi (and session) to B


def colour(page: Page, name: str) -> str:
    """A colour of the stylesheet, as the browser computes it."""
    return page.evaluate(
        """name => { const probe = document.createElement("i");
          probe.style.color = `var(${name})`; document.body.append(probe);
          const value = getComputedStyle(probe).color; probe.remove(); return value; }""",
        name,
    )


def style(page: Page, selector: str, prop: str, pseudo: str | None = None) -> str:
    """One computed style of the first element matching `selector`."""
    return page.locator(selector).first.evaluate(
        "(el, [prop, pseudo]) => getComputedStyle(el, pseudo).getPropertyValue(prop)",
        [prop, pseudo],
    )


def test_a_finished_sessions_enter_deal_page_shows_a_problem(live_server: str, phone: Page) -> None:
    started = seep.start(phone.context, live_server, baazis=1)
    seep.add_deal(phone.context, started, ONE_BAAZI_WON)
    seep.join(phone, started.keeper_link)
    done = colour(phone, "--accent")
    assert style(phone, ".flash-done", "border-top-color") == done  # an ordinary message

    phone.goto(f"{started.board}/deals/new")  # a stale link, or Back from the scoreboard
    assert phone.url == started.board
    flash = phone.get_by_role("alert")
    # One baazi (M4) is a tournament round's length too (shared/API.md): its end is a round's.
    expect(flash).to_have_text(
        "This round is over: Old Delhi Seep Club won it. Nothing was stored."
    )
    expect(flash).to_have_class("flash flash-problem")
    assert style(phone, ".flash-problem", "border-top-color") == colour(phone, "--problem") != done
    assert style(phone, ".flash-problem", "background-color") == colour(phone, "--problem-bg")
    assert style(phone, ".flash-problem", "content", "::before") == '"!"'


def test_the_trophy_is_drawn_small_in_the_winners_colour(live_server: str, phone: Page) -> None:
    started = seep.start(phone.context, live_server, baazis=1)
    seep.add_deal(phone.context, started, ONE_BAAZI_WON)
    phone.goto(started.board)
    banner = phone.locator(".banner.winner")
    expect(banner).to_have_text("Session won by Old Delhi Seep Club, 1–0")
    trophy = banner.locator("svg.trophy").bounding_box()
    assert trophy and 16 <= trophy["height"] <= 40 and trophy["width"] <= 40  # not 300 × 150
    assert style(phone, ".trophy", "fill") == colour(phone, "--team1")


def test_the_disclosures_show_that_they_open(live_server: str, phone: Page) -> None:
    started = seep.start(phone.context, live_server)
    seep.join(phone, started.keeper_link)
    share = "details.share > summary"
    assert style(phone, share, "content", "::before") == '"▸"'
    phone.locator(share).click()
    assert style(phone, share, "content", "::before") == '"▾"'
    phone.get_by_role("link", name="Enter deal 1").click()
    sweeps = ".sweeps details > summary"
    assert style(phone, sweeps, "content", "::before") == '"▸"'
    expect(phone.get_by_text("Opening sweep (25)", exact=True)).to_be_hidden()
    phone.get_by_text("Opening sweep (25) or last-play sweep (0)").click()
    assert style(phone, sweeps, "content", "::before") == '"▾"'
    expect(phone.get_by_text("Opening sweep (25)", exact=True)).to_be_visible()


def test_copy_and_share_hand_over_the_links(live_server: str, phones: Phones) -> None:
    page = phones(permissions=["clipboard-read", "clipboard-write"])
    # Chromium on Linux has no Web Share: stand in for the phone's share sheet.
    page.add_init_script("navigator.share = async (data) => { window.shared = data; };")
    started = seep.start(page.context, live_server)
    seep.join(page, started.keeper_link)
    page.locator("details.share > summary").click()
    page.locator("details.pen > summary").click()
    scorer_link = page.locator("#scorer-link").input_value()
    assert scorer_link.startswith(started.board + "#key=")

    copy = page.locator("[data-copy='scorer-link']")
    copy.click()
    expect(copy).to_have_text("Copied ✓")
    assert page.evaluate("navigator.clipboard.readText()") == scorer_link
    expect(copy).to_have_text("Copy", timeout=3000)
    page.locator("[data-share='watch-link']").click()
    assert page.evaluate("window.shared") == {"title": page.title(), "url": started.board}


def test_without_web_share_only_copy_is_offered(live_server: str, phone: Page) -> None:
    started = seep.start(phone.context, live_server)
    seep.join(phone, started.keeper_link)
    phone.locator("details.share > summary").click()
    phone.locator("details.pen > summary").click()
    assert phone.evaluate("'share' in navigator") is False
    expect(phone.locator("[data-copy]:visible")).to_have_count(2)
    expect(phone.locator("[data-share]:visible")).to_have_count(0)


def test_the_favicon_is_linked_and_served(live_server: str, phone: Page) -> None:
    phone.goto(live_server + "/")
    href = phone.locator("link[rel=icon]").get_attribute("href")
    assert re.fullmatch(r"/static/favicon\.[0-9a-f]{12}\.svg", str(href))
    answer = phone.context.request.get(live_server + href)
    assert answer.ok and answer.headers["content-type"].startswith("image/svg+xml")


def test_no_page_breaks_the_content_security_policy(live_server: str, phones: Phones) -> None:
    """Every kind of page, with what its script draws; `phones` fails on any CSP breach."""
    keeper, watcher = phones(), phones()
    keeper.goto(live_server + "/new/seep")
    started = seep.start(keeper.context, live_server)
    for team_a in (3, 13):
        seep.add_deal(keeper.context, started, seep.record(team_a))
    seep.join(keeper, started.keeper_link)
    keeper.locator("details.share > summary").click()
    keeper.locator("details.pen > summary").click()
    keeper.get_by_role("link", name="Enter deal 3").click()
    keeper.locator(".card-pick[data-card='KS'] .card-face").click()
    keeper.goto(f"{started.board}/deals/1/edit")
    keeper.get_by_test_id("delete-deal").locator("summary").click()
    keeper.get_by_role("button", name="Delete deal 1").click()
    keeper.get_by_test_id("deleted-deals").locator("summary").click()
    keeper.goto(f"{started.board}/deals/1/edit")  # a deleted deal's page
    expect(keeper.get_by_role("button", name="Restore it")).to_be_visible()
    keeper.goto(live_server + "/check?players=4&seat=1&hand=KS.4H.9C&loose=9D.5C&move=throw:9C")
    expect(keeper.locator("#verdict")).to_contain_text("Not allowed")
    keeper.get_by_role("button", name="What can I play?").click()
    expect(keeper.locator("#move-list .card-group").first).to_be_visible()
    keeper.goto(live_server + "/")
    expect(keeper.locator(".session-list li")).to_have_count(1)
    watcher.goto(started.board)
    expect(watcher.get_by_text("You are watching this session")).to_be_visible()
    watcher.goto(live_server + "/s/nope")
    expect(watcher.locator("h1")).to_have_text("Not found")
    watcher.get_by_role("button", name="Go back").click()
    expect(watcher.get_by_text("You are watching this session")).to_be_visible()


def test_a_breach_of_the_policy_would_be_seen(live_server: str, browser: Browser) -> None:
    """The watch the other tests rely on: an inline style is refused, and Chromium says so."""
    context = browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        logged: list[str] = []
        page.on("console", lambda message: logged.append(message.text))
        page.goto(live_server + "/")
        page.evaluate("document.body.setAttribute('style', 'background: red')")
        page.wait_for_timeout(100)
        assert any("Content Security Policy" in text for text in logged), logged
        assert style(page, "body", "background-color") != "rgb(255, 0, 0)"
    finally:
        context.close()
