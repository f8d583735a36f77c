"""Phone-sized pages of Debian's Chromium, each with its own cookies, watched for broken script."""

from __future__ import annotations

import os
import shutil
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page

PHONE = {"width": 360, "height": 740}


def chromium_path() -> str:
    """Debian's Chromium; Playwright's own browser download does not work here."""
    path = (
        os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    )
    if not path:
        pytest.fail("Chromium is missing: install Debian's package (apt-get install chromium).")
    return path


class Phones:
    """Phone-sized pages, each with its own cookies, watched for broken script and CSP breaches."""

    def __init__(self, browser: Browser) -> None:
        self.browser = browser
        self.contexts: list[BrowserContext] = []
        self.problems: list[str] = []

    def __call__(self, **options: Any) -> Page:
        """A new phone; `options` go to the browser context (colour scheme, permissions, a
        wider viewport …)."""
        context = self.browser.new_context(**({"viewport": PHONE, "has_touch": True} | options))
        self.contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.problems.append(f"script error: {error}"))
        return page

    def _console(self, message: ConsoleMessage) -> None:
        # The CSP allows no inline script or style: Chromium logs each breach as an error.
        if "Content Security Policy" in message.text:
            self.problems.append(message.text)

    def close(self) -> None:
        """Close every phone."""
        for context in self.contexts:
            context.close()
