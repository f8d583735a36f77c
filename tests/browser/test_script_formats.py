"""The pages' script writes numbers and percentages exactly as the server does, in every language
(issue 33): words.js's `number` and `percent` against scorekeeper/words/numbers.py's, Esperanto
included, which Debian's Chromium has no `Intl` data for (it would write «79.5», English's). And
its sentences isolate a name on an Urdu page but never a link."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import Page

from scorekeeper.words import numbers
from scorekeeper.words.fifty_six import bid
from scorekeeper.words.languages import COOKIE, LANGUAGES

from .helpers.phones import Phones

pytestmark = pytest.mark.browser

# Whole and one-place numbers: halves both ways (half to even), grouping, a rounding that carries.
NUMBERS = [0, 7, 2.5, 3.5, 79.5, 79.45, 79.55, 0.05, 999.96, 1234, 12345678, 1234567.25, -3]
SHARES = [0, 0.005, 0.015, 0.125, 0.135, 0.5, 0.665, 0.675, 0.9999, 1]
# The page's words.js (under its hashed name), imported as its modules import it.
WRITE = """async ([numbers, shares]) => {
  const words = await import(document.querySelector("link[href*='/js/words.']").href);
  return {
    numbers: numbers.flatMap((n) => [words.number(n), words.number(n, 1)]),
    shares: shares.map((s) => words.percent(s)),
  };
}"""


def in_language(phones: Phones, base: str, code: str) -> Page:
    page = phones(base_url=base)
    page.context.add_cookies([{"name": COOKIE, "value": code, "url": base}])
    page.goto("/")
    return page


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_the_script_writes_numbers_as_the_server_does(
    live_server: str, phones: Phones, browser_app: Flask, code: str
) -> None:
    page = in_language(phones, live_server, code)
    written: dict[str, Any] = page.evaluate(WRITE, [NUMBERS, SHARES])
    with browser_app.test_request_context(headers={"Accept-Language": code}):
        server = {
            "numbers": [numbers.number(n, places) for n in NUMBERS for places in (0, 1)],
            "shares": [numbers.percent(share) for share in SHARES],
        }
    assert written == server
    if code in ("pt", "eo"):
        assert "79,5" in written["numbers"]


def test_a_script_sentence_isolates_a_name_but_never_a_link(
    live_server: str, phones: Phones
) -> None:
    page = in_language(phones, live_server, "ur")
    said = page.evaluate(
        """async () => {
          const words = await import(document.querySelector("link[href*='/js/words.']").href);
          return words._("{who} shares {link}", { who: "Dev", link: "/s/abc#key=k" });
        }"""
    )
    assert said == "\u2068Dev\u2069 shares /s/abc#key=k"


@pytest.mark.parametrize("code", ["en", "ur"])
def test_a_bid_and_a_card_have_the_servers_shape(
    live_server: str, phones: Phones, browser_app: Flask, code: str
) -> None:
    page = in_language(phones, live_server, code)
    said = page.evaluate(
        """async () => {
          const bids = await import("/static/js/fifty-six-words.js");
          return [{ value: 40, trump: "S" }, { value: 30, trump: "NT" }].map(bids.bidText);
        }"""
    )
    with browser_app.test_request_context(headers={"Accept-Language": code}):
        assert said == [bid(40, "S"), bid(30, "NT")]
    assert said[0] == ("\u206640♠\u2069" if code == "ur" else "40♠")
