"""Every page type, for all three games, in every language: no sentence of the English page is
left on the page in another language.

One club with a session per game (tests/browser/helpers/every_page.py), seen by a scorer's and a
watcher's phone; each language is chosen as a phone chooses it (the menu's cookie), and every
page is read once its script has drawn, folds open: its visible lines, its title and the words
of its controls (aria-label, title, placeholder, alt). A line of the English page is a sentence
when it keeps two words of letters once the table's names are taken out. What is left over is
kept in test-artifacts/untranslated-<lang>.txt.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page

from scorekeeper.web.names import title_forms
from scorekeeper.words.languages import COOKIE, LANGUAGES

from .helpers import every_page
from .helpers.artifacts import artifact
from .helpers.every_page import settled
from .helpers.phones import Phones
from .helpers.seep import PLAIN

pytestmark = pytest.mark.browser

OTHERS = [code for code in LANGUAGES if code != "en"]
# What the table and the club are called (every_page's club), which no language changes.
PLAYERS = [player for side in PLAIN for player in side["players"]]
# Each team's name in every form a page may show it in ("Chandni Chowk…": web/names.py).
TEAMS = [form for side in PLAIN for form in title_forms(side["name"])]
# The app's name, and a rule's code (`throw-can-capture`), which no language changes either.
NAMES = sorted({"Thursday table", *TEAMS, *PLAYERS, "Scorekeeper"}, key=len, reverse=True)
CODE = re.compile(r"^[a-z]+(?:-[a-z]+)+$")
NAMED = re.compile("|".join(map(re.escape, NAMES)))
WORD = re.compile(r"[A-Za-z]{2,}")
READ = """() => {
  const lines = document.body.innerText.split("\\n");
  const words = ["aria-label", "title", "placeholder", "alt"].flatMap((name) =>
    Array.from(document.querySelectorAll(`[${name}]`), (element) => element.getAttribute(name)));
  return [document.title, ...lines, ...words].map((text) => text.trim()).filter(Boolean);
}"""


def sentences(page: Page) -> set[str]:
    """The page's lines and control words that say something in words of letters."""
    lines = [text for text in page.evaluate(READ) if not CODE.match(text)]
    return {text for text in lines if len(WORD.findall(NAMED.sub("", text))) >= 2}


def choose(phone: Page, base: str, code: str) -> None:
    """The phone's language, as the menu leaves it."""
    phone.context.add_cookies([{"name": COOKIE, "value": code, "url": base}])


def read_all(phones: tuple[Page, Page], visits: list[every_page.Visit]) -> dict[str, set[str]]:
    """Each page's sentences, by page name."""
    scorer, watcher = phones
    found = {}
    for visit in visits:
        page = scorer if visit.scorer else watcher
        settled(page, visit)
        found[visit.name] = sentences(page)
    return found


def test_no_page_keeps_an_english_sentence(live_server: str, phones: Phones) -> None:
    scorer = phones(base_url=live_server)
    watcher = phones(base_url=live_server)
    visits = every_page.club(scorer, live_server)
    english = read_all((scorer, watcher), visits)
    assert sum(map(len, english.values())) > 10 * len(visits)  # the reading itself works
    left: list[str] = []
    for code in OTHERS:
        for phone in (scorer, watcher):
            choose(phone, live_server, code)
        other = read_all((scorer, watcher), visits)
        kept = [
            f"{code} {page}: {line}" for page in english for line in english[page] & other[page]
        ]
        artifact(f"untranslated-{code}.txt").write_text("\n".join(kept) + "\n")
        left += kept
    assert left == [], f"{len(left)} English sentences left:\n" + "\n".join(left[:200])
