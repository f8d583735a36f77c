"""The live page's static files: every module it runs is preloaded from the page itself (one
round trip deep, not a waterfall of imports), under content-hashed names only, and a second
visit asks the server for none of them (a year's immutable cache)."""

from __future__ import annotations

import json
import re
import shutil
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask import request as asked
from playwright.sync_api import Page, Request, expect
from werkzeug.serving import make_server

from .helpers import seep
from .helpers.phones import Phones

pytestmark = pytest.mark.browser

HASHED = re.compile(r"^/static/.+\.[0-9a-f]{12}\.\w+$")
# The browser's check for a new worker, as at a navigation; answers the caches once it is active.
UPDATE = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  await registration.update();
  const worker = registration.installing || registration.waiting;
  if (worker && worker.state !== "activated") {
    await new Promise((done) => worker.addEventListener("statechange", () => {
      if (worker.state === "activated") done();
    }));
  }
  return (await caches.keys()).join();
}"""


@pytest.fixture
def server(browser_app: Flask, live_server: str) -> tuple[str, list[str]]:
    """The live server, and the paths of the /static requests it receives."""
    seen: list[str] = []
    browser_app.before_request(
        lambda: seen.append(asked.path) if asked.path.startswith("/static/") else None
    )
    return live_server, seen


def path(url: str) -> str:
    """The path of a same-origin URL."""
    return "/" + url.split("/", 3)[3].split("?")[0]


def open_live_page(page: Page, address: str) -> list[Request]:
    """A watcher opens the live page; the requests the page made until its scripts ran."""
    requests: list[Request] = []

    def record(request: Request) -> None:
        requests.append(request)

    page.on("request", record)
    page.goto(address)
    expect(page.get_by_test_id("live-status")).to_contain_text("No deal is being played live")
    expect(page.locator("html[data-ready]")).to_have_count(1)
    page.remove_listener("request", record)
    return requests


def test_every_module_of_the_live_page_is_preloaded_under_a_hashed_name(
    server: tuple[str, list[str]], phones: Phones
) -> None:
    base, seen = server
    started = seep.start(phones().context, base)
    page = phones()
    requests = open_live_page(page, started.board + "/live")
    preloaded = page.locator("link[rel=modulepreload]").evaluate_all(
        "links => links.map(l => new URL(l.href).pathname)"
    )
    classic = page.locator("script[src]:not([type=module])").evaluate_all(
        "scripts => scripts.map(s => new URL(s.src).pathname)"
    )
    scripts = {path(r.url) for r in requests if r.resource_type == "script"}
    modules = scripts - set(classic)
    # Before: no modulepreload; seep-live.js, then live-driver.js, then live-replay.js, … asked
    # for one after another as each arrived.
    assert "/static/js/seep-live.js" not in modules
    assert len(modules) >= 10 and modules <= set(preloaded), sorted(modules - set(preloaded))
    assert sorted(preloaded) == sorted(modules)  # nothing preloaded that the page does not run
    expect(page.locator("html[data-offline-ready]")).to_have_count(1)  # the worker kept its shell
    unhashed = sorted({p for p in seen if not HASHED.match(p)})
    assert unhashed == [], f"asked for by unhashed names: {unhashed}"
    print(f"\nlive page, first load: {len(requests)} requests, {len(modules)} modules")


class StaticTraffic:
    """The /static requests a page has made, and those it is done with (answered or failed)."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.made: list[Request] = []
        self.done: list[Request] = []
        page.on("request", lambda r: self.made.append(r) if "/static/" in r.url else None)
        page.on("requestfinished", lambda r: self.done.append(r))
        page.on("requestfailed", lambda r: self.done.append(r))

    def wait_until_settled(self, seconds: float = 30) -> None:
        """Until every /static request made so far has its answer (the server has seen it), so
        that none of them reaches the server later (a page's icon is asked for after the page is
        ready, and a loaded server takes its time)."""
        give_up = time.monotonic() + seconds
        while any(request not in self.done for request in self.made):
            assert time.monotonic() < give_up, [r.url for r in self.made if r not in self.done]
            self.page.wait_for_timeout(50)  # lets Playwright deliver the page's events


def test_a_second_visit_asks_the_server_for_no_static_file(
    server: tuple[str, list[str]], phones: Phones
) -> None:
    """Without a service worker (blocked, so that only the HTTP cache answers)."""
    base, seen = server
    started = seep.start(phones().context, base)
    page = phones(service_workers="block")
    traffic = StaticTraffic(page)
    first = open_live_page(page, started.board + "/live")
    traffic.wait_until_settled()
    fetched = len(seen)
    statics = [r for r in first if path(r.url).startswith("/static/")]
    page.goto("about:blank")  # then a fresh navigation, not a reload (which revalidates)
    seen.clear()
    second = open_live_page(page, started.board + "/live")
    print(
        f"\nlive page: first visit {len(first)} requests ({len(statics)} static),"
        f" second visit {len(second)} requests, {len(seen)} of them reaching the server for /static"
    )
    assert fetched >= 10  # the first visit fetched them
    for request in statics:
        response = request.response()
        assert response is not None
        control = response.headers["cache-control"]
        assert control == "public, max-age=31536000, immutable", (request.url, control)
    assert seen == [], f"asked the server again for {seen}"


@pytest.fixture
def stoppable(browser_app: Flask) -> Iterator[tuple[str, Callable[[], None]]]:
    """`browser_app` on a free port, and what stops it: then nothing answers there."""
    server = make_server("127.0.0.1", 0, browser_app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()

    def stop() -> None:
        if thread.is_alive():
            server.shutdown()
            server.server_close()
            thread.join()

    yield f"http://127.0.0.1:{server.server_port}", stop
    stop()


def test_a_page_kept_before_a_deploy_opens_offline_with_its_files(
    browser_app: Flask, stoppable: tuple[str, Callable[[], None]], phones: Phones, tmp_path: Path
) -> None:
    """The worker of the new release carries the kept pages over (here the deal form the
    scoreboard had it keep), which name the files by their old hashes: offline, it answers those
    with the files as it now keeps them, and the form works."""
    old, new = tmp_path / "old", tmp_path / "new"
    shutil.copytree(str(browser_app.static_folder), old)
    shutil.copytree(old, new)
    browser_app.static_folder = str(old)
    base, stop = stoppable
    page = phones()
    started = seep.start(page.context, base)
    seep.join(page, started.keeper_link)
    expect(page.locator("html[data-offline-ready]")).to_have_count(1)
    styles = page.locator("link[rel=stylesheet]").get_attribute("href")
    form = page.get_by_role("link", name="Enter deal 1").get_attribute("href")

    # The deploy: words.js (imported by most modules) and app.css change.
    (new / "js/words.js").write_text((old / "js/words.js").read_text() + "// changed\n")
    (new / "app.css").write_text((old / "app.css").read_text() + "/* changed */\n")
    browser_app.static_folder = str(new)
    build = page.context.request.get(base + "/sw.js").text().splitlines()[0]
    version = json.loads(build.removeprefix("const BUILD = ").removesuffix(";"))["version"]
    assert page.evaluate(UPDATE) == f"scorekeeper-{version}"  # the new worker's cache alone
    # Only the worker's cache keeps the files, as when the browser's own cache was emptied.
    page.context.new_cdp_session(page).send("Network.clearBrowserCache")

    stop()  # offline: only the worker's cache can answer now
    failed: list[str] = []
    page.on("requestfailed", lambda r: failed.append(r.url) if "/static/" in r.url else None)
    answered: list[int] = []
    page.on("response", lambda r: answered.append(r.status) if "/static/" in r.url else None)
    page.goto(base + str(form))
    expect(page.locator("html[data-ready]")).to_have_count(1)
    assert page.locator("link[rel=stylesheet]").get_attribute("href") == styles  # the old copy
    assert failed == [] and len(answered) >= 10 and set(answered) == {200}
    seep.tap(page, "KS")  # the form's modules run: the cards left are counted
    expect(page.locator("[data-left]")).to_have_text("none")
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(247, 247, 245)"  # app.css's --bg: the styles are in
