"""Counting taps, to report how quick entering a deal is."""

from __future__ import annotations

from playwright.sync_api import Locator, Page


class Taps:
    """Counts the taps a player makes."""

    def __init__(self, page: Page) -> None:
        self.page, self.count = page, 0

    def tap(self, selector: str | Locator) -> None:
        """Tap what `selector` finds (a CSS selector or a locator), and count it."""
        (self.page.locator(selector) if isinstance(selector, str) else selector).click()
        self.count += 1
