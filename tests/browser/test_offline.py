"""Installable and offline: the app opens without a network, and no deal entered offline is lost.

`context.set_offline(True)` cuts off the service worker's own fetches too in Chromium (checked
with Playwright 1.65: a worker's fetch fails with "Failed to fetch" and the server sees
nothing). Rather than trust that, each test here records every request the server receives and
asserts that none arrived while the phone was meant to be offline.
"""

from __future__ import annotations

import io
import json
from dataclasses import dataclass
from typing import Any

import pytest
from flask import Flask
from flask import request as asked
from PIL import Image
from playwright.sync_api import Page, expect

from tests.helpers import live_deals

from .helpers import live_table as live
from .helpers import seep
from .helpers.phones import Phones
from .helpers.seep import given, tap

pytestmark = pytest.mark.browser


@pytest.fixture
def server(browser_app: Flask, live_server: str) -> tuple[str, list[str]]:
    """The live server, and the paths of the requests it receives (cleared by the test)."""
    seen: list[str] = []
    browser_app.before_request(lambda: None if update_check() else seen.append(asked_for()))
    return live_server, seen


def asked_for() -> str:
    """The request the server is handling, as the tests list them."""
    return f"{asked.method} {asked.path}"


def update_check() -> bool:
    """The browser's own check for a new service worker (the header marks it): Chromium makes it
    past Playwright's offline switch, as no page or worker code asks for it; a phone really
    offline cannot, and it changes nothing."""
    return asked.headers.get("Service-Worker") == "script"


@dataclass
class Scorer:
    """The keeper's phone on its scoreboard, the session, and what the server was asked."""

    page: Page
    started: seep.Started
    seen: list[str]


@pytest.fixture
def scorer(server: tuple[str, list[str]], phones: Phones) -> Scorer:
    """The keeper's phone on a new session, its worker having kept the page and its deal form."""
    base, seen = server
    page = phones()
    started = seep.start(page.context, base)
    seep.join(page, started.keeper_link)
    expect(page.locator("html[data-offline-ready]")).to_have_count(1)
    return Scorer(page, started, seen)


def test_two_deals_entered_offline_are_stored_once_in_order(scorer: Scorer, phones: Phones) -> None:
    page, started, seen = scorer.page, scorer.started, scorer.seen
    watcher = phones()  # reads the API; the scorer's phone stays offline meanwhile
    waiting = page.get_by_test_id("waiting")

    page.context.set_offline(True)
    seen.clear()
    page.get_by_role("link", name="Enter deal 1").click()  # never opened: kept by the worker
    tap(page, "KS", "QS", "JS")
    page.get_by_role("button", name="Save deal 1").click()
    expect(waiting).to_have_text("1 deal waiting to be sent")
    page.get_by_role("link", name="Enter deal 2").click()  # the same kept form, as deal 2
    expect(page.locator("h1")).to_have_text("Enter deal 2")
    expect(page.locator("[data-left]")).to_have_text("17 cards")  # blank: deal 1's is not back
    tap(page, "AH", team=1)
    page.get_by_role("button", name="Save deal 2").click()
    expect(waiting).to_have_text("2 deals waiting to be sent")
    expect(waiting).to_have_attribute("role", "status")
    page.reload()  # still opens without a network, and still knows
    expect(waiting).to_have_text("2 deals waiting to be sent")
    expect(page.get_by_role("link", name="Enter deal 3")).to_be_visible()
    assert seen == [], "the phone was offline, yet the server was asked"
    assert seep.stored_deals(watcher.context, started) == []

    page.context.set_offline(False)
    expect(waiting).to_have_count(0)
    expect(page.get_by_role("link", name="Enter deal 3")).to_be_visible()
    deals = seep.stored_deals(watcher.context, started)
    assert [(d["number"], sorted(d["captured"][0])) for d in deals] == [
        (1, ["JS", "KS", "QS"]),
        (2, sorted(set(seep.POINTS) - {"AH"})),
    ]
    assert sum(line.startswith("POST") for line in seen) == 2  # one send each


def test_an_offline_edit_that_clashes_asks_the_person(scorer: Scorer, phones: Phones) -> None:
    a, started, seen = scorer.page, scorer.started, scorer.seen
    seep.add_deal(a.context, started, seep.record(3))
    a.reload()
    a.get_by_role("link", name="Edit deal 1").click()  # opened online

    a.context.set_offline(True)
    seen.clear()
    a.locator(".card-pick[data-card='KS'] .card-face").click()
    mine = given(a, 0)
    a.get_by_role("button", name="Save deal 1").click()
    expect(a.get_by_test_id("waiting")).to_have_text("1 deal waiting to be sent")
    assert seen == []

    b = phones()  # another scorer corrects deal 1 meanwhile, online
    seep.join(b, started.keeper_link)
    b.get_by_role("link", name="Edit deal 1").click()
    b.locator(".card-pick[data-card='AH'] .card-face").click()
    b.get_by_role("button", name="Save deal 1").click()
    expect(b.get_by_test_id("flash")).to_have_text("Deal 1 corrected.")
    theirs = seep.stored_deals(b.context, started)[0]

    a.context.set_offline(False)
    asked = a.get_by_test_id("offline-refused")
    expect(asked).to_contain_text("Deal 1 you entered offline clashes with another scorer's")
    expect(asked).to_have_attribute("role", "alert")
    expect(a.get_by_test_id("waiting")).to_have_count(0)
    assert seep.stored_deals(b.context, started)[0] == theirs  # nothing overwritten

    a.get_by_role("button", name="See both and choose").click()
    conflict = a.locator(".problem.conflict")
    expect(conflict).to_contain_text("Another scorer changed deal 1 while you were editing it")
    expect(conflict).to_contain_text("Theirs:")
    assert given(a, 0) == mine  # mine, as entered offline
    a.get_by_role("button", name="Save mine").click()
    expect(a.get_by_test_id("flash")).to_have_text("Deal 1 corrected.")
    stored = seep.stored_deals(b.context, started)
    assert len(stored) == 1 and sorted(stored[0]["captured"][0]) == sorted(mine)
    expect(a.get_by_test_id("offline-refused")).to_have_count(0)  # handed over, not kept


def test_the_app_is_installable_and_its_worker_controls_the_page(
    server: tuple[str, list[str]], phones: Phones
) -> None:
    base, _seen = server
    page = phones()
    page.goto(base + "/")
    href = page.locator("link[rel=manifest]").get_attribute("href")
    answer = page.context.request.get(base + str(href))
    assert answer.headers["content-type"] == "application/manifest+json"
    manifest = json.loads(answer.text())
    assert (manifest["name"], manifest["start_url"], manifest["display"]) == (
        "Scorekeeper",
        "/",
        "standalone",
    )
    sizes = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    for icon in manifest["icons"]:
        image = page.context.request.get(base + icon["src"])
        assert image.ok and image.headers["content-type"] == "image/png"
        width, height = Image.open(io.BytesIO(image.body())).size
        assert f"{width}x{height}" == icon["sizes"]
    touch = page.locator("link[rel=apple-touch-icon]").get_attribute("href")
    assert page.context.request.get(base + str(touch)).ok

    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == base + "/sw.js"

    page.context.set_offline(True)
    page.goto(base + "/new/casino")  # never opened: the offline page says so
    expect(page.locator("h1")).to_have_text("No connection")
    page.goto(base + "/")  # opened before: its copy
    expect(page.get_by_role("link", name="New Seep session")).to_be_visible()


def test_deals_entered_offline_wait_behind_one_that_clashes(scorer: Scorer, phones: Phones) -> None:
    page, started = scorer.page, scorer.started
    page.context.set_offline(True)
    for number, cards in ((1, ("KS",)), (2, ("QS",))):
        page.get_by_role("link", name=f"Enter deal {number}").click()
        tap(page, *cards)
        page.get_by_role("button", name=f"Save deal {number}").click()
    other = phones()  # another scorer enters deal 1 meanwhile, online
    seep.add_deal(other.context, started, seep.record(12))

    page.context.set_offline(False)
    asked = page.get_by_test_id("offline-refused")
    expect(asked).to_contain_text("Deal 1 you entered offline clashes with another scorer's")
    # The second waits: sent now, it would land before the first, which is still to be decided.
    expect(page.get_by_test_id("waiting")).to_have_text("1 deal waiting to be sent")
    assert len(seep.stored_deals(other.context, started)) == 1

    page.get_by_role("button", name="See both and choose").click()
    expect(page.locator(".problem.conflict")).to_contain_text("already entered by another scorer")
    assert given(page, 0) == ["KS"]
    page.get_by_role("button", name="Save deal 2").click()  # mine becomes deal 2
    # Then the next in the queue is sent: it was entered as deal 2, so it asks in its turn.
    expect(asked).to_contain_text("Deal 2 you entered offline clashes with another scorer's")
    expect(page.get_by_test_id("waiting")).to_have_count(0)
    page.get_by_role("button", name="See both and choose").click()
    assert given(page, 0) == ["QS"]
    page.get_by_role("button", name="Save deal 3").click()
    expect(page.get_by_role("link", name="Enter deal 4")).to_be_visible()
    deals = seep.stored_deals(other.context, started)
    assert [d["captured"][0] for d in deals] == [seep.POINTS[:12], ["KS"], ["QS"]]


@pytest.fixture
def answered(browser_app: Flask) -> list[str]:
    """Each request the server answers, with its status ('GET /s/x/deals/new 409'); asked for
    before `scorer`, so that its server records them."""
    answers: list[str] = []

    @browser_app.after_request
    def note(response: Any) -> Any:
        answers.append(f"{asked_for()} {response.status_code}")
        return response

    return answers


def test_back_to_a_scoreboard_from_before_a_live_deal_shows_it_under_way(
    answered: list[str], scorer: Scorer
) -> None:
    """Back from the live page may show the browser's copy of the scoreboard, drawn before the
    deal began: it is brought up to date ('Go on with the live deal', not 'Enter deal 1'), and
    its worker, asked to keep that copy's 'Enter deal 1' form, is refused without a message
    for the next page: a redirect with one showed 'Deal 1 is being played live' on the live
    page, unasked, when Forward drew it at that moment."""
    page, started = scorer.page, scorer.started
    page.get_by_role("link", name="Play live").click()
    live.start_deal(page, live_deals.seep(27)[0])
    answered.clear()
    page.go_back()
    expect(page.get_by_test_id("live-under-way")).to_be_visible()
    expect(page.get_by_role("link", name="Enter deal 1")).to_have_count(0)
    expect(page.locator("html[data-offline-ready]")).to_have_count(1)  # its worker has asked
    # A copy restored whole (back/forward cache) runs no script and asks nothing; one from
    # the HTTP cache (as Chromium gives here) runs pwa.js, whose keeping of the form is a 409.
    assert f"GET /s/{started.id}/deals/new 302" not in answered, answered
    page.go_forward()
    expect(page.get_by_test_id("live-status")).to_contain_text("Play 1 of 48")
    expect(page.get_by_test_id("flash")).to_have_count(0)
