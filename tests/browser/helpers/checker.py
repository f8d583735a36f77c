"""The move checker page (/check) on a phone: its zones' cards, typing cards, fitting the width."""

from __future__ import annotations

from playwright.sync_api import Page

from .phones import PHONE


def zone_cards(page: Page, name: str) -> list[str]:
    return page.locator(f"[data-tiles='{name}'] .tile[data-card]").evaluate_all(
        "tiles => tiles.map(t => t.dataset.card)"
    )


def fits(page: Page) -> bool:
    return page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]


def type_cards(page: Page, text: str) -> None:
    page.locator("#card-search").fill(text)
    page.locator("#card-search").press("Enter")
