"""Everything tapped at the table is 44 × 44 CSS px or more: on the deal forms, the live pages,
the checkers and the lessons, at 360 px, every visible control (buttons, links drawn as buttons,
the faces of radio choices, folds' summaries, fields, sliders) is measured."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import every_page
from .helpers.phones import Phones

pytestmark = pytest.mark.browser

TAPPED = ("deal-form-", "edit-", "live-", "checker-", "learn-")
SMALLEST = 44
# Every visible control too small to tap, described; a radio is measured by its label's face.
TOO_SMALL = """smallest => Array.from(document.querySelectorAll(
    "button, a.button, label.segment, summary, select, input:not([type=hidden]):not([type=radio])"
    + ":not([type=checkbox]), [role=button], [role=radio]"))
  .filter(e => e.checkVisibility() && !e.closest(".visually-hidden, .nojs-label, .nojs-radio"))
  .map(e => [e, e.getBoundingClientRect()])
  .filter(([e, r]) => r.width < smallest || r.height < smallest)
  .map(([e, r]) => `${e.tagName.toLowerCase()}#${e.id}.${String(e.className).replace(/ /g, ".")}`
    + ` "${e.textContent.trim().slice(0, 20)}" ${Math.round(r.width)}×${Math.round(r.height)}`)"""


def test_every_control_at_the_table_is_44_px(live_server: str, phones: Phones) -> None:
    scorer, watcher = phones(base_url=live_server), phones(base_url=live_server)
    visits = [v for v in every_page.club(scorer, live_server) if v.name.startswith(TAPPED)]
    small: list[str] = []
    for visit in visits:
        page = scorer if visit.scorer else watcher
        page.goto(visit.path)
        expect(page.locator(visit.drawn).first).to_be_visible()
        page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")
        if page.locator("#picker-open").is_visible():
            page.locator("#picker-open").click()  # the checker's card pad
        small += [f"{visit.name}: {found}" for found in page.evaluate(TOO_SMALL, SMALLEST)]
    assert small == [], f"{len(small)} controls under {SMALLEST} px:\n" + "\n".join(small)
