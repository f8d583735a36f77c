"""A Casino evening on a 360-px phone: two players race to 21, one deal ties for most cards."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .helpers import seep, taps

pytestmark = pytest.mark.browser
SCORING = ("ace_S", "ace_C", "ace_H", "ace_D", "big_casino", "little_casino")


def enter_deal(page: Page, cards: int, spades: int, points: int, notes: str = "") -> int:
    """Asha's cards and spades on the steppers (Meena's follow), every scoring card to Asha in
    one tap."""
    counter = taps.Taps(page)
    counter.tap("a:has-text('Enter deal')")
    for name, wanted, start in (("cards", cards, 26), ("spades", spades, 6)):
        field = page.get_by_test_id(f"{name}0")
        expect(field).to_have_value(str(start))  # shared out evenly to start
        step = "1" if wanted > start else "-1"
        for _ in range(abs(wanted - start)):
            counter.tap(f".stepper[data-count='{name}'].team-0 [data-step='{step}']")
    counter.tap("[data-rest-to='0']")
    for name in SCORING:
        expect(page.locator(f"#{name}-group input[value='0']")).to_be_checked()
    expect(page.get_by_test_id("points-0")).to_have_text(str(points))
    if notes:
        expect(page.locator("[data-notes]")).to_contain_text(notes)
    seep.fits(page)
    counter.tap("button:has-text('Save deal')")
    expect(page.get_by_test_id("flash")).to_contain_text("saved")
    return counter.count


def test_two_players_race_to_21_with_a_tie_for_most_cards(live_server: str, phone: Page) -> None:
    phone.goto(live_server + "/")
    phone.get_by_role("link", name="New Casino session").click()
    phone.locator("#players-group label:has-text('2')").click()
    expect(phone.locator("#partnerships-group")).to_be_hidden()  # it changes nothing for two
    phone.fill("input[name=a1]", "Asha")
    phone.fill("input[name=b1]", "Meena")
    phone.get_by_role("button", name="Start session").click()

    # Deal 1: 26 cards each, a tie: nobody scores the 3 for cards (K11); Asha has 8 spades
    # (+1), the four aces (+4), big casino (+2) and little casino (+1).
    enter_deal(phone, 26, 8, 8, "A tie for most cards")
    expect(phone.get_by_test_id("score-0")).to_contain_text("8")
    expect(phone.get_by_test_id("deals")).to_contain_text("A tie for most cards")
    # Deal 2: 30 cards (+3) and everything else: 11 more, 19 in all — not yet 21.
    enter_deal(phone, 30, 9, 11)
    expect(phone.get_by_test_id("score-0")).to_contain_text("19")
    expect(phone.get_by_test_id("winner")).to_have_count(0)
    # Deal 3 takes Asha past 21 (K13).
    taps_needed = enter_deal(phone, 27, 7, 11)
    expect(phone.get_by_test_id("score-0")).to_contain_text("30")
    expect(phone.get_by_test_id("winner")).to_contain_text("Won by Asha")
    expect(phone.get_by_role("button", name="Rematch")).to_be_visible()
    seep.fits(phone)
    assert taps_needed <= 5, taps_needed  # open, a + for cards and one for spades, the rest, save
