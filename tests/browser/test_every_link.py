"""No link carries a bidirectional control character, in any language: the browser's crawl.

Every page type of all three games (tests/browser/helpers/every_page.py), as the scorer's and a
watcher's phone see them once their script has drawn, in each language: every address attribute
and every path in a script's data or a box's value in the live page (links the script built
included), what each QR code holds (photographed and decoded, as a camera reads it), what a tap
on each Copy, Share and "Copy link" hands over (the clipboard's text, `navigator.share`'s URL), and
the `Location` of every redirect the pages answered. The server's own crawl also sends every form
(tests/web/test_every_link.py).
"""

from __future__ import annotations

import io
from typing import Any

import pytest
import zxingcpp
from PIL import Image
from playwright.sync_api import Page, Response

from scorekeeper.words.languages import COOKIE, LANGUAGES
from tests.helpers.links import attribute_problems, marked

from .helpers import every_page
from .helpers.every_page import settled
from .helpers.phones import Phones

pytestmark = pytest.mark.browser

# What a tap on Copy or Share hands over, kept where the test can read it.
HANDED = """
globalThis.handed = [];
const keep = (text) => { globalThis.handed.push(String(text)); return Promise.resolve(); };
Object.defineProperty(navigator, "clipboard", { value: { writeText: keep } });
navigator.share = (data) => keep(data.url);
"""
# Every attribute in the page, and every box's value as the script left it.
ATTRIBUTES = """() => Array.from(document.querySelectorAll("*")).flatMap((el) => [
  ...Array.from(el.attributes, (a) => [el.localName, a.name, a.value]),
  ...(el.localName === "input" ? [["input", "value", el.value]] : []),
])"""
TAPS = "[data-copy], [data-share], #copy-link"


def phone(phones: Phones, base: str, redirects: list[str]) -> Page:
    """A phone whose Copy and Share hand over to the test, and whose redirects are kept."""
    page = phones(base_url=base)
    page.context.add_init_script(HANDED)

    def kept(response: Response) -> None:
        if 300 <= response.status < 400:
            redirects.append(f"{response.url} → {response.headers.get('location', '')!r}")

    page.on("response", kept)
    return page


def decoded(page: Page) -> list[str]:
    """What a camera reads off each QR code on the page."""
    found = []
    for code in page.locator(".qr").all():
        code.scroll_into_view_if_needed()
        picture = Image.open(io.BytesIO(code.screenshot()))
        read = zxingcpp.read_barcodes(picture)
        assert len(read) == 1, f"one QR code in {page.url}"
        found.append(read[0].text)
    return found


def handed_over(page: Page) -> list[str]:
    """What a tap on each Copy, Share and "Copy link" button hands over."""
    page.evaluate("globalThis.handed = []")
    page.locator(TAPS).evaluate_all("buttons => buttons.forEach((b) => b.click())")
    return list(page.evaluate("globalThis.handed"))


def problems(page: Page) -> tuple[dict[str, int], list[str]]:
    """How many QR codes and handed links the page has, and what carries a control character."""
    found = [
        problem
        for tag, name, value in page.evaluate(ATTRIBUTES)
        for problem in attribute_problems(tag, name, value)
    ]
    codes, handed = decoded(page), handed_over(page)
    found += [f"QR code {text!r}" for text in codes if marked(text)]
    found += [f"handed over {text!r}" for text in handed if marked(text)]
    return {"codes": len(codes), "handed": len(handed)}, found


def test_no_link_the_pages_show_or_hand_over_carries_a_bidi_control(
    live_server: str, phones: Phones
) -> None:
    redirects: list[str] = []
    scorer = phone(phones, live_server, redirects)
    watcher = phone(phones, live_server, redirects)
    visits = every_page.club(scorer, live_server)
    get = scorer.context.request.get
    visits = every_page.with_merge(visits, lambda path: get(live_server + path).json())
    found: list[str] = []
    counted: dict[str, Any] = {"codes": 0, "handed": 0}
    for code in LANGUAGES:
        for page in (scorer, watcher):
            page.context.add_cookies([{"name": COOKIE, "value": code, "url": live_server}])
        for visit in visits:
            page = scorer if visit.scorer else watcher
            settled(page, visit)
            seen, wrong = problems(page)
            counted = {key: counted[key] + seen[key] for key in counted}
            found += [f"{code} {visit.name}: {problem}" for problem in wrong]
    found += [f"redirect {where}" for where in redirects if marked(where.split(" → ")[1])]
    # Each language's share panels: the watch, scorer and club codes and their Copy and Share,
    # the checkers' "Copy link"; the keeper's links were joined through redirects.
    assert counted["codes"] >= 4 * len(LANGUAGES) and counted["handed"] >= 8 * len(LANGUAGES)
    assert redirects
    assert found == [], f"{len(found)} links marked:\n" + "\n".join(found[:60])
