"""An order reads the way the eye moves (issue 33: the seating note's arrows pointed backwards in
Urdu, «A → B → C → D» against the flow of the names).

The seating note, the only place that tells the table where to sit, as the script draws it and
as the server does (no script); the tables a Fifty-six deal moved; Casino's score before and
after a deal: in English the first item is leftmost and the arrows point right, in Urdu the first
is rightmost and the arrows point left, whatever script the names are in.
"""

from __future__ import annotations

import itertools

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.helpers import fifty_six

from .helpers import seep
from .helpers.phones import Phones

pytestmark = pytest.mark.browser

NAMES = {"a1": "عائشہ Qureshi", "b1": "Meena", "a2": "رضا", "b2": "Dev Verma"}
SEATED = [NAMES["a1"], NAMES["b1"], NAMES["a2"], NAMES["b2"]]  # partners opposite (T1)
# Whether the second item follows the first in the reading direction (where the first ends, and
# the second starts, when either is cut over two lines): on the same line, further that way
# (right, or left in right-to-left words); or on a line below.
FOLLOWS = """([first, then, rtl]) => {
  const a = Array.from(first.getClientRects()).pop(), b = then.getClientRects()[0];
  if (b.top > a.top + a.height / 2) return true;
  return rtl ? b.right <= a.left + 1 : b.left >= a.right - 1;
}"""


def reads_in_order(order: Locator, items: list[str], rtl: bool) -> None:
    """`order` (an .in-order) shows `items` one after another in the reading direction, the
    arrows between them pointing the same way."""
    shown = order.locator("bdi")
    expect(shown).to_have_text(items)
    expect(order.locator(".next-arrow")).to_have_text(["←" if rtl else "→"] * (len(items) - 1))
    boxes = [box.element_handle() for box in shown.all()]
    for first, then in itertools.pairwise(boxes):
        assert order.page.evaluate(FOLLOWS, [first, then, rtl]), f"{items} out of order"


def phone_in(phones: Phones, lang: str, script: bool = True) -> Page:
    return phones(extra_http_headers={"Accept-Language": lang}, java_script_enabled=script)


@pytest.mark.parametrize(("lang", "rtl"), [("en", False), ("ur", True)])
def test_the_seating_note_reads_round_the_table(
    live_server: str, phones: Phones, lang: str, rtl: bool
) -> None:
    page = phone_in(phones, lang)
    page.goto(f"{live_server}/new/seep")
    note = page.locator("#seating-note .in-order")
    reads_in_order(note, ["A1", "B1", "A2", "B2"], rtl)
    for box, name in NAMES.items():
        page.locator(f"input[name={box}]").fill(name)
    reads_in_order(note, SEATED, rtl)
    # Without script, as the server draws it.
    bare = phone_in(phones, lang, script=False)
    bare.goto(f"{live_server}/new/seep")
    reads_in_order(bare.locator("#seating-note .in-order"), ["A1", "B1", "A2", "B2"], rtl)


@pytest.mark.parametrize(("lang", "rtl"), [("en", False), ("ur", True)])
def test_tables_moved_read_from_one_team_to_the_other(
    live_server: str, phones: Phones, lang: str, rtl: bool
) -> None:
    page = phone_in(phones, lang)
    started = seep.start(page.context, live_server, game="fifty-six")
    seep.add_deal(page.context, started, fifty_six.deal(1, 40))  # team B makes 28: A pays B
    page.goto(started.board)
    reads_in_order(page.locator(".moved .in-order").first, ["A", "B"], rtl)


@pytest.mark.parametrize(("lang", "rtl"), [("en", False), ("ur", True)])
def test_casinos_score_reads_from_before_to_after(
    live_server: str, phones: Phones, lang: str, rtl: bool
) -> None:
    page = phone_in(phones, lang)
    two = [{"players": ["Asha"]}, {"players": ["Meena"]}]
    started = seep.start(page.context, live_server, two, game="casino")
    seep.join(page, started.keeper_link)
    page.goto(f"{started.board}/deals/new")
    page.locator(".casino-card .segment.team-0").first.click()  # an ace to Asha
    points = page.get_by_test_id("points-0")
    expect(points).not_to_have_text("–")
    reads_in_order(page.locator("[data-after='0'] .in-order"), ["0", points.inner_text()], rtl)
