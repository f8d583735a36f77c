"""A Seep session started through the new-session form, and deals tapped into its deal form,
counting the taps and the time."""

from __future__ import annotations

import time

from playwright.sync_api import Page, expect

from . import taps


def start_session(page: Page, base: str) -> None:
    page.goto(base + "/")
    page.get_by_role("link", name="New Seep session").click()
    for box, name in (("a1", "Asha"), ("a2", "Ravi"), ("b1", "Meena"), ("b2", "Dev")):
        page.fill(f"input[name={box}]", name)
    page.get_by_role("button", name="Start session").click()
    expect(page.get_by_test_id("lead")).to_contain_text("Level")


class Taps(taps.Taps):
    """Taps on Seep's deal form."""

    def cards(self, *cards: str) -> None:
        for card in cards:
            self.tap(f".card-pick[data-card='{card}'] .card-face")


def enter_deal(
    page: Page, *, team: int, cards: tuple[str, ...], sweeps: int = 0
) -> dict[str, float]:
    """Give `cards` to `team`, the rest to the other team, add sweeps, save; report the effort."""
    started = time.perf_counter()
    taps = Taps(page)
    taps.tap("a:has-text('Enter deal')")
    taps.tap(f".pick-team[data-team='{team}']")
    taps.cards(*cards)
    taps.tap("#rest-to-other")
    for _ in range(sweeps):
        taps.tap(f".stepper.team-{team} [data-step='1']")
    taps.tap("button:has-text('Save deal')")
    expect(page.locator(".flash")).to_contain_text("saved")
    return {"taps": taps.count, "seconds": round(time.perf_counter() - started, 3)}
