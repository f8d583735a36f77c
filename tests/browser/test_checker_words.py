"""The checker pages' script says its words in the page's language: a Portuguese phone given a
catalog that writes every msgid of the pages' script as ‹msgid› sees only ‹…› where the script
drew words (the server's own sentences aside: its pt catalog is empty, so they stay English)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file
from playwright.sync_api import Page, Route, expect

import scorekeeper

from .helpers.checker import type_cards
from .helpers.phones import Phones

pytestmark = pytest.mark.browser

STATIC = Path(scorekeeper.__file__).parent / "static"
# shared/API.md's example, K♠ taking the house of 13; then Casino's 7 built of 3♦ 4♣, 7♠ to play.
SEEP = "/check?players=4&seat=1&hand=KS.4H.9C&loose=9D.5C&house=13:10C.3H:3&move=capture:KS::h"
CASINO = "/check/casino?players=2&seat=0&hand=7S.4H&loose=5D&build=7:3D.4C:1&move=capture:7S::7"

# Where the checker's script draws words, and what in them the server wrote (left English).
DRAWN = (
    "#verdict, #move-list, #list-moves, #move-floor, #piles, #step3-h, #targets, #deck,"
    " #search-hint, #move-hand, [data-tiles]"
)
SERVER = ".reason, .description, .rule"
UNSAID = """(args) => {
  const [drawn, server] = args;
  const words = (text) => /[A-Za-z]{2,}/.test(text) && !/[‹›]/.test(text);
  const out = [];
  for (const box of document.querySelectorAll(drawn)) {
    const walk = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      const el = node.parentElement;
      if (!el.closest(server) && !el.closest("[hidden]") && words(node.data)) out.push(node.data);
    }
    for (const el of box.querySelectorAll("[aria-label]")) {
      const label = el.getAttribute("aria-label");
      if (label && words(label)) out.push(`aria-label: ${label}`);
    }
  }
  return out;
}"""


def catalog() -> str:
    """static/i18n/pt.js as `make catalogs` writes it, every script msgid said as ‹msgid›."""
    messages: dict[str, str | list[str]] = {}
    for path in sorted(STATIC.joinpath("js").glob("*.js")):
        keywords = {"_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
        for _line, message, _comments, context in extract_from_file(
            "javascript", str(path), keywords=keywords
        ):
            if isinstance(message, tuple):
                messages[message[0]] = [f"‹{form}›" for form in message]
            else:  # a message in a context is keyed "context\x04msgid", as words.js looks it up
                messages[f"{context}\x04{message}" if context else message] = f"‹{message}›"
    said = json.dumps(messages)
    return f"globalThis.WORDS = {{plural: (n) => Number(n != 1), messages: {said}}};\n"


def portuguese_phone(phones: Phones) -> Page:
    """A phone whose browser asks for Portuguese, served the ‹…› catalog."""
    page = phones(locale="pt-BR", service_workers="block")  # page.route sees every fetch
    module = catalog()

    def serve(route: Route) -> None:
        route.fulfill(
            body=module, content_type="text/javascript", headers={"Cache-Control": "no-store"}
        )

    page.route("**/static/i18n/pt*.js", serve)
    return page


def unsaid(page: Page) -> list[str]:
    """Words the script drew on the checker that are not the catalog's."""
    return page.evaluate(UNSAID, [DRAWN, SERVER])


def test_the_checkers_script_speaks_the_pages_language(live_server: str, phones: Phones) -> None:
    phone = portuguese_phone(phones)
    phone.goto(live_server + SEEP)
    expect(phone.locator("html")).to_have_attribute("lang", "pt")
    verdict = phone.locator("#verdict")
    expect(verdict.locator(".verdict-title")).to_have_text("✓ ‹Legal›")
    expect(phone.locator("#step3-h")).to_have_text("‹3. Tap what K♠ takes›")
    # A card is said in the catalog's words too, its suit within its rank's message.
    king = "‹king of ‹spades››"
    expect(phone.locator("#step3-h").get_by_role("img")).to_have_accessible_name(king)
    expect(phone.locator("#move-hand").get_by_role("button", name=f"‹Play {king}›")).to_be_visible()
    expect(phone.locator(".house-note")).to_have_text("‹13: ordinary (one set)›")
    phone.locator("#list-moves").click()
    expect(phone.locator("#move-list .list-head")).to_have_text("‹6 legal moves›")
    four = phone.locator(".card-group[data-card='4H']")
    expect(four.locator("summary")).to_contain_text("‹2 builds› · ‹throw it›")
    four.locator("summary").click()
    expect(four.locator("h4").first).to_have_text("‹‹Build› (2)›")  # "{kind} ({n})" said too
    phone.locator("#picker-open").click()
    queen = phone.locator("#deck .pick[data-card='QH']")
    expect(queen).to_have_accessible_name("‹queen of ‹hearts››")
    type_cards(phone, "ks zz")
    expect(phone.locator("#search-hint")).to_contain_text("‹")
    assert unsaid(phone) == []

    phone.goto(live_server + CASINO)
    expect(verdict.locator(".verdict-title")).to_have_text("✓ ‹Legal›")
    expect(phone.locator(".build-note")).to_have_text("‹7: a single build›")
    expect(phone.locator("#move-floor .build-pick")).to_have_attribute(
        "aria-label", "‹Take the build of 7›"
    )
    phone.locator("#list-moves").click()
    expect(phone.locator("#move-list .list-head")).to_contain_text("‹")
    assert unsaid(phone) == []
