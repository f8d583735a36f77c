"""The keyboard alone: Tab or Shift-Tab to a control (its focus visible at every stop on the
way) and press it, as a person without a touch screen or a pointer would."""

from __future__ import annotations

from playwright.sync_api import Page

# Whether the focused control shows it: an outline of 2 px or more on it, or on the face that
# stands for it (a radio's label text, the span after the input).
FOCUS_SHOWN = """() => { const e = document.activeElement;
  if (!e || e === document.body) return "the page";
  const shown = (x) => { const s = getComputedStyle(x);
    return s.outlineStyle !== "none" && parseFloat(s.outlineWidth) >= 2; };
  const face = e.matches("input[type=radio], input[type=checkbox]") ? e.nextElementSibling : null;
  return shown(e) || (face && shown(face)) ? "" : e.outerHTML.slice(0, 120); }"""

# Where `selector`'s element lies from the focused one: 1 after it, -1 before it, 0 it is it.
WHERE = """selector => {
  const target = document.querySelector(selector), e = document.activeElement;
  if (!target) return null;
  if (target === e) return 0;
  return e.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING ? 1 : -1; }"""


class Keys:
    """A page driven by the keyboard; `stops` counts the Tab presses, `unseen` the focus stops
    that showed no outline."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.stops = 0
        self.unseen: list[str] = []

    def to(self, selector: str, limit: int = 120) -> None:
        """Tab (or Shift-Tab, when it lies before) until `selector` has the focus."""
        for _ in range(limit):
            where = self.page.evaluate(WHERE, selector)
            assert where is not None, f"nothing matches {selector}"
            if where == 0:
                return
            self.page.keyboard.press("Tab" if where > 0 else "Shift+Tab")
            self.stops += 1
            missing = self.page.evaluate(FOCUS_SHOWN)
            if missing:
                self.unseen.append(missing)
        raise AssertionError(f"{limit} Tabs did not reach {selector}")

    def press(self, selector: str, key: str = "Enter") -> None:
        """Reach `selector` and press `key` on it (Enter, or Space for a toggle)."""
        self.to(selector)
        self.page.keyboard.press(key)
