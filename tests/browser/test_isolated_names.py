"""Every name on an Urdu page keeps its own direction (issue 33: the baazi note was scrambled).

The table and the club are called by Urdu names that end in Latin letters («عائشہ Qureshi»), the
case that breaks a right-to-left sentence: the Latin end joins whatever follows it (a number, the
other team) into one left-to-right run. Every page type of all three games
(tests/browser/helpers/every_page.py), in Urdu, once its script has drawn, folds open: each
occurrence of a name's Latin word, in the page's text and in its `title` and `aria-label`, must
sit inside an isolate (FSI … PDI, as the sentences fill it) or alone in its own paragraph (an
element that isolates: `<bdi>`, `dir`, a box of its own such as a table cell), with nothing but
other names and punctuation beside it there.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from scorekeeper.words.languages import COOKIE

from .helpers import every_page
from .helpers.every_page import settled
from .helpers.phones import Phones

pytestmark = pytest.mark.browser

SEEP = [
    {"name": "لاہور Lions", "players": ["عائشہ Qureshi", "رضا Khan"]},
    {"players": ["مینا Kapoor", "دیو Verma"]},  # unnamed: called after its players
]
SIDES = {
    "seep": SEEP,
    "fifty-six": SEEP,
    "casino": [{"players": ["عائشہ Qureshi"]}, {"players": ["مینا Kapoor"]}],
}
CLUB = "جمعرات Club"
NAMES = [CLUB, *(side.get("name", "") for side in SEEP), *(p for s in SEEP for p in s["players"])]
# The Latin word that ends each name: what would run into its neighbours.
LATIN = sorted({name.split()[-1] for name in NAMES if name})
WORDS = sorted({word for name in NAMES for word in name.split()}, key=len, reverse=True)

# Each occurrence of a Latin word that is not isolated: where it is and the paragraph around it.
# A paragraph is the text of the nearest element that isolates its content (a box of its own, or
# unicode-bidi isolate, as <bdi> and [dir] have), less what isolates within it (its own such
# elements, FSI/LRI/RLI … PDI).
UNISOLATED = """([latin, words]) => {
  const isolates = (el) => {
    const style = getComputedStyle(el);
    return !["inline", "contents"].includes(style.display)
      || ["isolate", "isolate-override", "plaintext"].includes(style.unicodeBidi);
  };
  const skipped = (el) => ["SCRIPT", "STYLE"].includes(el.tagName);
  const opening = { "\\u2066": 1, "\\u2067": 1, "\\u2068": 1 };
  // The text of a paragraph, its isolated parts taken out (as a neutral), with the offsets of
  // the characters kept.
  const own = (root) => {
    let text = "";
    const walk = (node) => {
      for (const child of node.childNodes) {
        if (child.nodeType === Node.TEXT_NODE) text += child.data;
        else if (child.nodeType !== Node.ELEMENT_NODE || skipped(child)) continue;
        else if (isolates(child)) text += " ";
        else walk(child);
      }
    };
    walk(root);
    return text;
  };
  const outsideIsolates = (text) => {
    let depth = 0, kept = "";
    for (const ch of text) {
      if (ch in opening) { depth += 1; kept += " "; }
      else if (ch === "\\u2069") { depth = Math.max(0, depth - 1); kept += " "; }
      else kept += depth ? " " : ch;
    }
    return kept;
  };
  const alone = (text) => {
    let rest = text;
    for (const word of words) rest = rest.split(word).join(" ");
    return !/[\\p{L}\\p{N}]/u.test(rest);
  };
  const found = [];
  const check = (text, where) => {
    const kept = outsideIsolates(text);
    if (!latin.some((word) => kept.includes(word))) return;
    if (!alone(kept)) found.push(`${where}: ${JSON.stringify(text.replace(/\\s+/g, " ").trim())}`);
  };
  const seen = new Set();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!latin.some((word) => node.data.includes(word))) continue;
    let root = node.parentElement;
    while (root !== document.body && !isolates(root)) root = root.parentElement;
    if (seen.has(root) || skipped(root)) continue;
    seen.add(root);
    check(own(root), `<${root.localName} class="${root.className.baseVal ?? root.className}">`);
  }
  check(document.title, "<title>");
  for (const el of document.querySelectorAll("[title], [aria-label]")) {
    for (const name of ["title", "aria-label"]) {
      if (el.hasAttribute(name)) check(el.getAttribute(name), `<${el.localName} ${name}>`);
    }
  }
  return found;
}"""


def unisolated(page: Page) -> list[str]:
    """Each paragraph of the page where a name shares its run with other words."""
    return list(page.evaluate(UNISOLATED, [LATIN, WORDS]))


def test_every_name_on_an_urdu_page_is_isolated(live_server: str, phones: Phones) -> None:
    scorer = phones(base_url=live_server)
    watcher = phones(base_url=live_server)
    visits = every_page.club(scorer, live_server, SIDES, CLUB)
    get = scorer.context.request.get
    visits = every_page.with_merge(visits, lambda path: get(live_server + path).json())
    for phone in (scorer, watcher):
        phone.context.add_cookies([{"name": COOKIE, "value": "ur", "url": live_server}])
    found, named = [], 0
    for visit in visits:
        page = scorer if visit.scorer else watcher
        settled(page, visit)
        named += any(word in page.content() for word in LATIN)
        found += [f"{visit.name}: {where}" for where in unisolated(page)]
    assert named >= 25  # the names are on the pages read
    assert found == [], f"{len(found)} names not isolated:\n" + "\n".join(found)
