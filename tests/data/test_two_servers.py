"""Two app processes on one PostgreSQL: a watcher of process B sees a deal posted through A.

Each process is gunicorn with one worker (bench/load.py starts them, as the load test does),
on its own port, over the same throwaway database. Nothing about a session lives in a process:
the scoreboard's ETag comes from the database, so either process answers 304 to it until a
deal changes the session anywhere. Without PostgreSQL or Chromium this test fails, never skips.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from pathlib import Path
from typing import Any, TypeVar

import pytest
from playwright.sync_api import Page, expect, sync_playwright

from bench.load import gunicorn
from bench.load_http import HOST, Answer, exchange
from tests.browser.helpers.phones import Phones, chromium_path
from tests.browser.helpers.seep import PLAIN, record
from tests.helpers.api import SESSIONS, bearer
from tests.helpers.postgres import create_database, drop_database

pytestmark = pytest.mark.browser

T = TypeVar("T")


@pytest.fixture
def two_servers(postgres_url: str, tmp_path: Path) -> Iterator[tuple[str, str]]:
    """The base URLs of processes A and B: one gunicorn worker each, on one new database."""
    url = create_database(postgres_url, f"two_{uuid.uuid4().hex[:16]}")
    try:
        with ExitStack() as servers:  # each is stopped (SIGTERM, then kill) whatever happens
            bases = []
            for name in "AB":
                port, _ = servers.enter_context(gunicorn(url, 1, tmp_path / f"{name}.log"))
                bases.append(f"http://{HOST}:{port}")
            yield bases[0], bases[1]
    finally:
        drop_database(url)


def call(base: str, method: str, path: str, body: Any = None, **headers: str) -> Answer:
    """One request to a process; `headers` with underscores for dashes."""
    named = {name.replace("_", "-"): value for name, value in headers.items()}
    return exchange(int(base.rsplit(":", 1)[1]), 10, method, path, body, named)


def on_a_thread_of_its_own(scenario: Callable[[], T]) -> T:
    """Run `scenario` on a new thread: Playwright's sync API runs once per thread, and the
    browser tests' Chromium may still be open on this one."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(scenario).result()


def watch_while_a_posts(a: str, b: str) -> None:
    """A phone watches a new session on B while a deal is posted through A."""
    created = call(a, "POST", SESSIONS, {"game": "seep", "teams": PLAIN, "options": {}})
    assert created.code == 201, created.body
    session = created.json()
    board = f"/s/{session['id']}"
    with sync_playwright() as playwright:
        args = ["--disable-gpu", "--no-first-run", "--no-sandbox"]
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=args)
        phones = Phones(browser)
        try:
            watcher = phones()
            follow(watcher, a, b, board, session)
        finally:
            phones.close()
            browser.close()
    assert phones.problems == [], "\n".join(phones.problems)


def follow(watcher: Page, a: str, b: str, board: str, session: dict[str, Any]) -> None:
    """The watcher's page on B follows a deal posted through A; B's 304s and 200s agree."""
    opened = watcher.goto(b + board)
    assert opened is not None and opened.status == 200
    tag = opened.headers["etag"]
    cookie = "; ".join(f"{c['name']}={c['value']}" for c in watcher.context.cookies())
    expect(watcher.get_by_test_id("lead")).to_contain_text("Level")
    expect(watcher.get_by_test_id("deals")).to_have_count(0)
    for base in (b, a):  # the tag is the database's, so A knows it as well as B
        unchanged = call(base, "GET", board, If_None_Match=tag, Cookie=cookie)
        assert unchanged.code == 304, f"{base}: {unchanged.status}"
    polls: list[int] = []
    watcher.on("response", lambda r: polls.append(r.status) if r.url == b + board else None)

    token = bearer(session["edit_token"])
    posted = call(a, "POST", f"{SESSIONS}/{session['id']}/deals", record(12), **token)
    assert posted.code == 201, posted.body
    expect(watcher.get_by_test_id("deals")).to_be_visible(timeout=3000)  # within 3 s of the post
    expect(watcher.get_by_test_id("lead")).to_contain_text("Lead:")
    expect(watcher.locator("[data-testid=deals] tr.live-changed")).not_to_have_count(0)
    assert 200 in polls  # a poll to B, not a reload, brought the deal
    assert watcher.evaluate("performance.getEntriesByType('navigation').length") == 1

    changed = call(b, "GET", board, If_None_Match=tag, Cookie=cookie)
    assert changed.code == 200, changed.status
    assert changed.headers["etag"] != tag
    for base in (b, a):
        again = call(base, "GET", board, If_None_Match=changed.headers["etag"], Cookie=cookie)
        assert again.code == 304, f"{base}: {again.status}"


def test_a_watcher_on_process_b_sees_a_deal_posted_through_process_a(
    two_servers: tuple[str, str],
) -> None:
    a, b = two_servers
    assert a != b
    on_a_thread_of_its_own(lambda: watch_while_a_posts(a, b))
