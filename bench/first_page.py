"""The first page in a fresh browser: `make bench`, or `python -m bench.first_page [--via direct]`.

Each main page type is opened in a new Chromium context (an empty cache, no service worker yet;
a scorer's cookies where the page is a scorer's), over a phone's network as Chromium emulates it
(--rtt ms a round trip, 1.6 Mbit/s down, 0.75 up: Lighthouse's "slow 4G"), over a throwaway
SQLite database, served three ways (--via): gunicorn alone (deploy/gunicorn.conf.py: plain
HTTP/1.1, as `make run` and a club's own box on the LAN serve it), `make serve` (nginx in front,
plain HTTP/1.1), and `make serve` over TLS (HTTP/2; a certificate made for the run). make serve's
setups need Debian's nginx (make serve-packages); without it only the first is measured. For
each page it prints:

- **rounds**: the depth of the request chain after the document, over the scripts and style
  sheets the page waits for. A request comes a round after the one that named it (a module
  after its importer, unless the page listed it up front) and, over HTTP/1.1, after the one
  it waited for on its connection (one request at a time, and Chromium opens at most six
  connections to a server): 1 means every file came in one round trip after the page.
- **named**: the same depth counting only what named each request: 1 means every module was
  listed up front (<link rel=modulepreload>, scorekeeper/web/assets.py).
- **files** and **KB**: the scripts and style sheets fetched, and their bytes on the wire.
- **ready ms**: from the navigation to <html data-ready> (static/js/script-runs.js: every module
  has run, so a tap on any control works), the median of --repeats loads; and its ratio to a
  bare page (bench.yardstick's bare Flask page, one small document, at its DOMContentLoaded) loaded
  the same way from gunicorn.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import APIRequestContext, Browser, sync_playwright

from bench.load import free_port, gunicorn, proxied
from bench.seep_moves import table
from bench.yardstick import BARE_APP
from tests.browser.helpers.every_page import CHECKERS, DEALS, LIVE, SIDES
from tests.browser.helpers.phones import PHONE, chromium_path

DOWN_BPS, UP_BPS = 1_600_000, 750_000  # Lighthouse's slow 4G
WAITED_FOR = {"Script", "Stylesheet"}  # what the page is ready only after
# When the page is ready: <html data-ready> (script-runs.js, which also marks <html class=js>), or
# DOMContentLoaded, after every module has run, for a page without it (the TV, the bare page);
# both as performance.now(), from the navigation's start.
READY_SCRIPT = """
document.addEventListener("DOMContentLoaded", () => { window.__loaded = performance.now(); });
new MutationObserver((changes, observer) => {
  if (document.documentElement && "ready" in document.documentElement.dataset) {
    window.__ready = performance.now();
    observer.disconnect();
  }
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });
"""
READY = """() => window.__ready !== undefined
  || (window.__loaded !== undefined && !document.documentElement.classList.contains("js"))"""


@dataclass
class Seen:
    """What one request did on the wire, from Chromium's network events (DevTools protocol)."""

    url: str
    kind: str
    named_by: str | None = None  # the URL of the script that asked for it; None: the document
    connection: int | None = None
    sent: float = 0.0  # when it went on its connection (s, Chromium's clock)
    size: int = 0


@dataclass
class Load:
    """One page load: its rounds (on the wire and by naming), files, bytes and time to ready."""

    rounds: int
    named: int
    files: int
    kb: float
    ready_ms: float


@dataclass
class Watch:
    """Collects a page's network events."""

    requests: dict[str, Seen] = field(default_factory=dict)

    def sent(self, event: dict[str, Any]) -> None:
        initiator = event["initiator"]
        frames = (initiator.get("stack") or {}).get("callFrames") or [{}]
        by = None
        if initiator["type"] == "script":
            by = initiator.get("url") or frames[0].get("url")
        url = event["request"]["url"]
        self.requests[event["requestId"]] = Seen(url, event.get("type", "Other"), by)

    def received(self, event: dict[str, Any]) -> None:
        seen = self.requests.get(event["requestId"])
        response = event["response"]
        timing = response.get("timing")
        if seen is None or not timing:
            return
        # HTTP/2 carries every request at once on one connection: none waits for another there.
        if str(response.get("protocol", "")).startswith("http/1"):
            seen.connection = response.get("connectionId")
        seen.sent = timing["requestTime"] + timing["sendStart"] / 1000

    def finished(self, event: dict[str, Any]) -> None:
        seen = self.requests.get(event["requestId"])
        if seen is not None:
            seen.size = int(event.get("encodedDataLength", 0))

    def rounds(self) -> tuple[int, int, list[Seen]]:
        """The request chain's depth on the wire and by naming alone, over the files waited
        for; and those files."""
        ordered = sorted((s for s in self.requests.values() if s.sent), key=lambda s: s.sent)
        if not ordered:
            return 0, 0, []
        document, wire, named = ordered[0].url, {}, {}
        last_on: dict[int | None, str] = {}
        for seen in ordered:
            if seen.url == document:
                wire[seen.url] = named[seen.url] = 0
            else:
                asker = seen.named_by or document
                before = last_on.get(seen.connection, document) if seen.connection else document
                named[seen.url] = named.get(asker, 0) + 1
                wire[seen.url] = max(wire.get(asker, 0), wire.get(before, 0)) + 1
            last_on[seen.connection] = seen.url
        files = [s for s in ordered if s.kind in WAITED_FOR]
        deepest = max((wire[s.url] for s in files), default=0)
        return deepest, max((named[s.url] for s in files), default=0), files


def load(browser: Browser, url: str, rtt: float, state: dict[str, Any] | None) -> Load:
    """Open `url` in a new context (an empty cache), over the emulated network."""
    context = browser.new_context(
        viewport=PHONE, storage_state=state, service_workers="block", ignore_https_errors=True
    )
    page = context.new_page()
    page.add_init_script(READY_SCRIPT)
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    conditions = {
        "latency": rtt,
        "downloadThroughput": DOWN_BPS / 8,
        "uploadThroughput": UP_BPS / 8,
    }
    cdp.send("Network.emulateNetworkConditions", {"offline": False, **conditions})
    watch = Watch()
    cdp.on("Network.requestWillBeSent", watch.sent)
    cdp.on("Network.responseReceived", watch.received)
    cdp.on("Network.loadingFinished", watch.finished)
    page.goto(url)
    page.wait_for_function(READY, timeout=60_000)
    ready = page.evaluate("window.__ready ?? window.__loaded")
    page.wait_for_load_state("load")
    context.close()
    wire, named, files = watch.rounds()
    return Load(wire, named, len(files), sum(f.size for f in files) / 1024, float(ready))


# -- the pages -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Kind:
    """A page type: its name, its address, and whether a scorer opens it."""

    name: str
    path: str
    scorer: bool = False


def sessions(api: APIRequestContext) -> dict[str, Any]:
    """A club with a session of each game (two deals each) and a Seep deal being played live."""
    club = api.post("/api/v1/clubs", data={"name": "Thursday table"}).json()
    made: dict[str, Any] = {"club": club}
    for game in ("seep", "fifty-six", "casino"):
        body = {"game": game, "teams": SIDES[game], "club": club["id"]}
        made[game] = api.post("/api/v1/sessions", data=body).json()
        auth = {"Authorization": f"Bearer {made[game]['edit_token']}"}
        for deal in DEALS[game]:
            api.post(f"/api/v1/sessions/{made[game]['id']}/deals", data=deal, headers=auth)
    live = api.post("/api/v1/sessions", data={"game": "seep", "teams": SIDES["seep"]}).json()
    start, plays = LIVE["seep"]()
    auth = {"Authorization": f"Bearer {live['edit_token']}"}
    api.post(f"/api/v1/sessions/{live['id']}/live", data=start, headers=auth)
    for number, play in enumerate(plays[:3], start=1):
        api.post(
            f"/api/v1/sessions/{live['id']}/live/plays",
            data={"number": number, **play},
            headers=auth,
        )
    made["live"] = live
    return made


def kinds(made: dict[str, Any]) -> list[Kind]:
    """Every main page type, with data on it."""
    seep, club = made["seep"]["id"], made["club"]["id"]
    return [
        Kind("home", "/"),
        Kind("new session", "/new/seep"),
        Kind("scoreboard", f"/s/{seep}", scorer=True),
        *(Kind(f"deal form, {g}", f"/s/{made[g]['id']}/deals/new", True) for g in DEALS),
        Kind("live deal", f"/s/{made['live']['id']}/live", scorer=True),
        Kind("checker, seep", CHECKERS["checker-seep"]),
        Kind("checker, fifty-six", CHECKERS["checker-fifty-six-trick"]),
        Kind("checker, casino", CHECKERS["checker-casino"]),
        Kind("club", f"/c/{club}"),
        Kind("players", f"/c/{club}/players"),
        Kind("TV", f"/s/{seep}/tv"),
    ]


def scorer_state(browser: Browser, base: str, made: dict[str, Any]) -> dict[str, Any]:
    """The cookies of a phone that keeps score of every session (each keeper link opened)."""
    context = browser.new_context(base_url=base)
    page = context.new_page()
    for game in ("seep", "fifty-six", "casino", "live"):
        page.goto(f"/s/{made[game]['id']}#key={made[game]['edit_token']}")
        page.get_by_test_id("flash").wait_for()
    state: dict[str, Any] = context.storage_state()  # type: ignore[assignment]
    context.close()
    return state


def measured(runs: list[Load]) -> Load:
    """The median load of several (rounds and files as the last one saw them)."""
    return Load(
        runs[-1].rounds,
        runs[-1].named,
        runs[-1].files,
        runs[-1].kb,
        statistics.median(r.ready_ms for r in runs),
    )


SETUPS = {
    "direct": "gunicorn alone (make run's way: plain HTTP/1.1, the app's own gzip)",
    "proxy": "make serve: nginx in front, plain HTTP/1.1, brotli",
    "tls": "make serve over TLS: HTTP/2 (one connection for every file), brotli",
}


@contextmanager
def served(setup: str, url: str, log: Path) -> Iterator[str]:
    """The app in one of the SETUPS over the database; yields its base URL."""
    if setup == "direct":
        with gunicorn(url, 1, log / "direct.log") as (port, _pid):
            yield f"http://127.0.0.1:{port}"
        return
    if setup == "proxy":
        with proxied(url, 1, log / "proxy.log") as (port, _pid):
            yield f"http://127.0.0.1:{port}"
        return
    cert, key, tls = log / "cert.pem", log / "key.pem", free_port()
    made_for_the_run = ["-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"]
    names = ["-subj", "/CN=127.0.0.1", "-keyout", str(key), "-out", str(cert)]
    subprocess.run(["openssl", "req", *made_for_the_run, *names], check=True, capture_output=True)
    for made in (cert, key):
        made.chmod(0o644)  # nginx's workers read them as www-data when started as root
    tls_env = {"SCOREKEEPER_TLS_CERT": str(cert), "SCOREKEEPER_TLS_KEY": str(key)}
    with proxied(url, 1, log / "tls.log", tls_env | {"SCOREKEEPER_TLS_PORT": str(tls)}):
        yield f"https://127.0.0.1:{tls}"


NEEDS = {"direct": (), "proxy": ("nginx",), "tls": ("nginx", "openssl")}


def setups(asked: str) -> list[str]:
    """The setups to measure: those asked for that this machine can run (nginx for make serve's,
    and openssl for a certificate)."""
    wanted = list(SETUPS) if asked == "all" else [asked]
    runnable = [s for s in wanted if all(shutil.which(tool) for tool in NEEDS[s])]
    for setup in set(wanted) - set(runnable):
        print(f"(no {' or '.join(NEEDS[setup])} here: {SETUPS[setup]} is left out)")
    return runnable


def measure(browser: Any, base: str, api: APIRequestContext, args: Any, bare: Load) -> list[Row]:
    """Every page type on the app at `base`: one row each."""
    made = sessions(api)
    state = scorer_state(browser, base, made)
    rows = []
    for kind in kinds(made):
        held = state if kind.scorer else None
        runs = [load(browser, base + kind.path, args.rtt, held) for _ in range(args.repeats)]
        rows.append(row(kind.name, measured(runs), bare))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3, help="loads of each page (median)")
    parser.add_argument("--rtt", type=float, default=150.0, help="the emulated round trip, ms")
    parser.add_argument("--via", choices=[*SETUPS, "all"], default="all")
    args = parser.parse_args()
    header = ["page", "rounds", "named", "files", "KB", "ready ms", "x bare"]
    with (
        tempfile.TemporaryDirectory(prefix="scorekeeper-first-page-") as scratch,
        sync_playwright() as playwright,
    ):
        folder = Path(scratch)
        folder.chmod(0o711)  # make serve's nginx workers pass through to their run directory
        sandbox = [] if os.geteuid() else ["--no-sandbox"]  # root has no sandbox to use
        browser = playwright.chromium.launch(
            executable_path=chromium_path(), args=[*sandbox, "--ignore-certificate-errors"]
        )
        bare_db = f"sqlite:///{folder}/bare.sqlite"
        with gunicorn(bare_db, 1, folder / "bare.log", BARE_APP) as (port, _pid):
            yardstick = f"http://127.0.0.1:{port}/"
            bare = measured([load(browser, yardstick, args.rtt, None) for _ in range(args.repeats)])
        for setup in setups(args.via):
            url = f"sqlite:///{folder}/{setup}.sqlite"
            with served(setup, url, folder) as base:
                api = playwright.request.new_context(base_url=base, ignore_https_errors=True)
                rows = [row("bare page (the yardstick)", bare, bare)]
                rows += measure(browser, base, api, args, bare)
                api.dispose()
            title = (
                f"The first page in a fresh browser, {SETUPS[setup]}; {args.rtt:.0f} ms a round "
                f"trip, {DOWN_BPS / 1e6:.1f} Mbit/s down: median of {args.repeats} loads"
            )
            table(title, header, rows)
        browser.close()


Row = list[str]


def row(name: str, page: Load, bare: Load) -> Row:
    """A printed row: the page's rounds, files, bytes, time to ready and its ratio to the bare
    page's."""
    return [
        name,
        str(page.rounds),
        str(page.named),
        str(page.files),
        f"{page.kb:.0f}",
        f"{page.ready_ms:.0f}",
        f"{page.ready_ms / bare.ready_ms:.1f}",
    ]


if __name__ == "__main__":
    main()
