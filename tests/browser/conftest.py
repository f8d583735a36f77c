"""Browser fixtures: the app on a free local port, and Debian's Chromium driven by Playwright."""

from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, sync_playwright
from werkzeug.serving import make_server

from scorekeeper import create_app

PHONE = {"width": 360, "height": 740}


def chromium_path() -> str:
    """Debian's Chromium; Playwright's own browser download does not work here."""
    path = (
        os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    )
    if not path:
        pytest.fail("Chromium is missing: install Debian's package (apt-get install chromium).")
    return path


@pytest.fixture
def live_server(fresh_db: str) -> Iterator[str]:
    """The real app, CSRF and all, on its own database; yields its base URL."""
    app = create_app({"SECRET_KEY": "browser-test", "SQLALCHEMY_DATABASE_URI": fresh_db})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Headless Chromium, shared by the browser tests."""
    args = [
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
    ]
    if os.geteuid() == 0:
        args.append("--no-sandbox")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=args)
        yield browser
        browser.close()


class Phones:
    """Phone-sized pages, each with its own cookies, watched for broken script and CSP breaches."""

    def __init__(self, browser: Browser) -> None:
        self.browser = browser
        self.contexts: list[BrowserContext] = []
        self.problems: list[str] = []

    def __call__(self, **options: Any) -> Page:
        """A new phone; `options` go to the browser context (colour scheme, permissions …)."""
        context = self.browser.new_context(viewport=PHONE, has_touch=True, **options)
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


@pytest.fixture
def phones(browser: Browser) -> Iterator[Phones]:
    """Makes phones; at the end, no page may have logged a CSP breach or a script error."""
    made = Phones(browser)
    yield made
    made.close()
    assert made.problems == [], "\n".join(made.problems)


@pytest.fixture
def phone(phones: Phones) -> Page:
    """A fresh phone-sized page with its own cookies."""
    return phones()
