"""What a screen reader is given for a card: its name in words in the page's language ("ace of
spades", «हुकुम का इक्का», «حکم کا یکا», «ഇസ്പേഡ് ഏസ്»), from the catalog's messages, one per
rank with its suit filled in, while the eye reads "A♠"; on the deal form (drawn by the server)
and on the checker (drawn by the pages' script) alike.

The catalogs of this branch do not translate the card messages yet, so Hindi, Urdu and
Malayalam are given a throwaway catalog of a few of them, on the server and in the browser: the
names must be those, whole sentences of their language (the Hindi and Urdu "of" agreeing with
the rank: का for the ace, की for the queen)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import Locator, Page, Route, expect

from scorekeeper import create_app
from tests.helpers.said import throwaway_catalog

from .helpers import seep
from .helpers.phones import Phones

pytestmark = pytest.mark.browser

# How each language says a few cards (the lead's translators give every one).
WORDS: dict[str, dict[tuple[str, str] | str, str]] = {
    "hi": {
        ("card", "ace of {suit}"): "{suit} का इक्का",
        ("card", "queen of {suit}"): "{suit} की बेगम",
        "spades": "हुकुम",
        "hearts": "पान",
    },
    "ur": {
        ("card", "ace of {suit}"): "{suit} کا یکا",
        ("card", "queen of {suit}"): "{suit} کی بیگم",
        "spades": "حکم",
        "hearts": "پان",
    },
    "ml": {
        ("card", "ace of {suit}"): "{suit} ഏസ്",
        ("card", "queen of {suit}"): "{suit} ക്വീൻ",
        "spades": "ഇസ്പേഡ്",
        "hearts": "ആടുതൻ",
    },
}
# What a screen reader is given for A♠, Q♠ and Q♥ in each language.
SAID = {
    "en": ("ace of spades", "queen of spades", "queen of hearts"),
    "hi": ("हुकुम का इक्का", "हुकुम की बेगम", "पान की बेगम"),
    "ur": ("حکم کا یکا", "حکم کی بیگم", "پان کی بیگم"),
    "ml": ("ഇസ്പേഡ് ഏസ്", "ഇസ്പേഡ് ക്വീൻ", "ആടുതൻ ക്വീൻ"),
}
LOCALES = {"en": "en-GB", "hi": "hi-IN", "ur": "ur-PK", "ml": "ml-IN"}
SIGNS = re.compile("[♠♥♦♣]")


@pytest.fixture
def browser_app(fresh_db: str, tmp_path: Path) -> Flask:
    """The app with the throwaway catalogs of WORDS for the server's words."""
    folder = tmp_path / "translations"
    for code, messages in WORDS.items():
        throwaway_catalog(folder, code, messages)
    config = {"SQLALCHEMY_DATABASE_URI": fresh_db, "RATELIMIT_ENABLED": False}
    config |= {"BABEL_TRANSLATION_DIRECTORIES": str(folder)}
    return create_app({"SECRET_KEY": "browser-test", **config})


def reader(phones: Phones, code: str) -> Page:
    """A phone whose browser asks for language `code`, its script given WORDS' catalog too."""
    page = phones(locale=LOCALES[code], service_workers="block")  # page.route sees every fetch
    if code in WORDS:
        said = {
            "\x04".join(key) if isinstance(key, tuple) else key: text
            for key, text in WORDS[code].items()
        }
        messages = json.dumps(said, ensure_ascii=False)
        module = f"globalThis.WORDS = {{plural: (n) => Number(n != 1), messages: {messages}}};\n"

        def serve(route: Route) -> None:
            route.fulfill(body=module, content_type="text/javascript")

        page.route(f"**/static/i18n/{code}*.js", serve)
    return page


def names(grid: Locator) -> list[str]:
    """The accessible names of a grid's buttons, as its accessibility tree gives them."""
    return re.findall(r'- button "([^"]*)"', grid.aria_snapshot())


@pytest.mark.parametrize("code", SAID)
def test_a_card_is_said_in_words_in_the_pages_language(
    live_server: str, phones: Phones, code: str
) -> None:
    ace, queen, hearts = SAID[code]
    phone = reader(phones, code)
    started = seep.start(phone.context, live_server)
    phone.goto(started.keeper_link)  # joined: its own words are the throwaway catalog's English
    expect(phone.get_by_test_id("flash")).to_be_visible()
    phone.goto(started.board + "/deals/new")
    expect(phone.locator("html")).to_have_attribute("lang", code)

    # The deal form: the server names each card; the eye still reads its sign.
    grid = phone.locator(".card-grid")
    face = grid.locator(".card-pick[data-card='AS'] .card-face")
    expect(face).to_have_accessible_name(ace)
    expect(face).to_contain_text("A♠")
    expect(grid.locator(".card-pick[data-card='QS'] .card-face")).to_have_accessible_name(queen)
    expect(grid).to_match_aria_snapshot(f'- button "{ace}"\n- button "{queen}"')
    assert len(names(grid)) == len(seep.POINTS)
    assert not [name for name in names(grid) if SIGNS.search(name)]
    # A card given is said pressed, with its team, the card still in words.
    face.click()
    expect(face).to_have_attribute("aria-pressed", "true")
    expect(face).to_have_accessible_name(re.compile(f"^\\W?{re.escape(ace)}\\W?: .+"))

    # The checker: the pages' script names each card, from its catalog, in the pack and laid out.
    phone.goto(live_server + "/check")
    deck = phone.locator("#deck")
    expect(deck.locator(".pick[data-card='QH']")).to_have_accessible_name(hearts)
    expect(deck.locator(".pick[data-card='AS']")).to_have_accessible_name(ace)
    assert len(names(deck)) == 52
    assert not [name for name in names(deck) if SIGNS.search(name)]
    phone.goto(live_server + "/check?players=4&seat=1&hand=QS&loose=QH")
    laid = phone.locator("[data-tiles='loose'] .tile[data-card='QH']")
    expect(laid).to_have_accessible_name(re.compile(re.escape(hearts)))
    expect(phone.locator("#move-hand .tile")).to_have_accessible_name(re.compile(re.escape(queen)))
