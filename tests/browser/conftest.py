"""Browser fixtures: the app on a free local port, and Debian's Chromium driven by Playwright."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page, expect, sync_playwright
from werkzeug.serving import make_server

from scorekeeper import create_app
from scorekeeper.web import workers
from tests.helpers.advice_bodies import QUICK_REVIEW

from .helpers.phones import Phones, chromium_path

# What `expect` waits for before it fails (Playwright's default is 5 s): a page on a loaded
# machine can take longer to be ready, and a check that holds returns as soon as it does.
expect.set_options(timeout=15_000)


@pytest.fixture
def browser_app(fresh_db: str) -> Iterator[Flask]:
    """The real app, CSRF and all, on its own database (a test may add hooks before serving);
    no rate limits, since the tests start many sessions from one address."""
    config = {
        "SQLALCHEMY_DATABASE_URI": fresh_db,
        "RATELIMIT_ENABLED": False,
        "REVIEW_SECONDS": QUICK_REVIEW,
    }
    app = create_app({"SECRET_KEY": "browser-test", **config})
    yield app
    app.extensions[workers.EXTENSION].close()  # its search processes, if it started any


@pytest.fixture
def live_server(browser_app: Flask) -> Iterator[str]:
    """`browser_app` on a free local port; yields its base URL."""
    server = make_server("127.0.0.1", 0, browser_app, threaded=True)
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
