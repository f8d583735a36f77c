"""Counting taps, to report how quick entering a deal is."""

from __future__ import annotations

from playwright.sync_api import Page


class Taps:
    """Counts the taps a player makes."""

    def __init__(self, page: Page) -> None:
        self.page, self.count = page, 0

    def tap(self, selector: str) -> None:
        self.page.locator(selector).click()
        self.count += 1
