"""Counts the pages' script writes take their plural forms (issue 21, words.js's `plural`):
"1 card" and "2 cards" left on Seep's deal form, "1 sweep" and "2 sweeps" on the live page."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import seep
from tests.browser.helpers.artifacts import artifact
from tests.browser.helpers.phones import Phones
from tests.browser.helpers.taps import Taps
from tests.helpers import live_deals

pytestmark = pytest.mark.browser

# A deal whose team 0 sweeps at play 14 and again at play 28 (4 players, seat 0 deals).
SWEEPING_SEED = 56
# A deal whose team 1 has 1 card point after play 17 and 2 after play 39.
ONE_POINT_SEED = 69


def test_the_deal_form_counts_the_cards_left(live_server: str, phones: Phones) -> None:
    page = phones()
    started = seep.start(page.context, live_server)
    seep.join(page, started.keeper_link)
    page.get_by_role("link", name="Enter deal 1").click()
    left = page.locator("[data-left]")
    expect(left).to_have_text("17 cards")
    taps = Taps(page)
    for card in seep.POINTS[:15]:
        taps.tap(f".card-pick[data-card='{card}'] .card-face")
    expect(left).to_have_text("2 cards")
    taps.tap(f".card-pick[data-card='{seep.POINTS[15]}'] .card-face")
    expect(left).to_have_text("1 card")
    taps.tap(f".card-pick[data-card='{seep.POINTS[16]}'] .card-face")
    expect(left).to_have_text("none")
    assert taps.count == 17  # one tap a card


class LiveDeal:
    """A Seep session whose live deal of `seed` is played through the API, a play at a time."""

    def __init__(self, watcher: Page, live_server: str, seed: int) -> None:
        self.request = watcher.context.request
        self.started = seep.start(watcher.context, live_server)
        self.api = f"{self.started.base}/api/v1/sessions/{self.started.id}/live"
        self.auth = {"Authorization": f"Bearer {self.started.token}"}
        start, self.plays = live_deals.seep(seed, 0)
        assert self.request.post(self.api, data=start, headers=self.auth).status == 201

    def send(self, first: int, last: int) -> None:
        """Plays `first` to `last` (numbered from 1)."""
        for number in range(first, last + 1):
            body = {"number": number, **self.plays[number - 1]}
            answer = self.request.post(f"{self.api}/plays", data=body, headers=self.auth)
            assert answer.status == 201, answer.text()


def test_the_live_page_counts_each_teams_sweeps(live_server: str, phones: Phones) -> None:
    watcher = phones()
    deal = LiveDeal(watcher, live_server, SWEEPING_SEED)
    started, send = deal.started, deal.send
    send(1, 14)
    watcher.goto(f"{started.board}/live")
    sweeps = watcher.locator("[data-sweeps='0']")
    expect(sweeps).to_have_text("· 1 sweep (50)")
    expect(watcher.locator("[data-sweeps='1']")).to_have_text("")
    send(15, 28)
    expect(sweeps).to_have_text("· 2 sweeps (100)", timeout=5000)  # the page's poll brings it


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_sweep_count_out_of_range_names_the_team(
    live_server: str, phones: Phones, scheme: str
) -> None:
    """The message names the team as the table calls it, at its longest, and fits the phone."""
    page = phones(color_scheme=scheme)
    started = seep.start(page.context, live_server, seep.LONGEST)
    seep.join(page, started.keeper_link)
    page.get_by_role("link", name="Enter deal 1").click()
    seep.tap(page, "AS")
    sweeps = page.locator("input[name='sweeps1']")
    sweeps.evaluate("input => { input.removeAttribute('max'); }")  # as a browser without checks
    sweeps.fill("99")
    page.get_by_role("button", name="Save deal 1").click()
    name = seep.LONGEST[1]["name"]
    expect(page.get_by_role("alert")).to_contain_text(f"{name}'s sweeps go from 0 to 24.")
    seep.fits(page)
    page.screenshot(path=str(artifact(f"words-sweeps-{scheme}-360.png")), full_page=True)


def test_the_live_page_counts_each_teams_points(live_server: str, phones: Phones) -> None:
    """A team's captured points: "1 point" (A♥, say), then "2 points", never "1 points"."""
    watcher = phones()
    deal = LiveDeal(watcher, live_server, ONE_POINT_SEED)
    deal.send(1, 17)  # Meena & Dev's first point
    watcher.goto(f"{deal.started.board}/live")
    score = watcher.locator(".live-team[data-team='1'] .live-team-score")
    expect(score).to_have_text("1 point")
    deal.send(18, 39)  # their second
    expect(score).to_have_text("2 points", timeout=5000)  # the page's poll brings it
