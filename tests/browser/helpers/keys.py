"""The keyboard alone: Tab or Shift-Tab to a control (its focus visible at every stop on the
way), the arrows within a card grid (one Tab stop), and press it, as a person without a touch
screen or a pointer would."""

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
# A card in a grid (one Tab stop) is reached through the grid's stop: 0 once the grid has the focus.
WHERE = """selector => {
  let target = document.querySelector(selector);
  const e = document.activeElement, grid = target && target.closest("[data-rove]");
  if (!target) return null;
  if (grid && grid.contains(e)) return 0;
  if (grid) target = grid.querySelector("[tabindex='0']") || target;
  if (target === e) return 0;
  return e.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING ? 1 : -1; }"""

# The arrow that brings the focus nearer `selector`'s element, as the eye sees them: a row down
# or up first, then along the row; "" when it has the focus, null when it is not in the grid.
ARROW = """selector => {
  const target = document.querySelector(selector), e = document.activeElement;
  const grid = e.closest("[data-rove]");
  if (!target || !grid || target.closest("[data-rove]") !== grid) return null;
  if (target === e) return "";
  const t = target.getBoundingClientRect(), f = e.getBoundingClientRect();
  if (t.top >= f.bottom - 1) return "ArrowDown";
  if (t.bottom <= f.top + 1) return "ArrowUp";
  return t.left > f.left ? "ArrowRight" : "ArrowLeft"; }"""


class Keys:
    """A page driven by the keyboard; `stops` counts the Tab presses, `presses` every key
    pressed (Tab, arrows, Space, Enter), `unseen` the focus stops that showed no outline."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.stops = 0
        self.presses = 0
        self.unseen: list[str] = []

    def key(self, key: str) -> None:
        """Press `key` where the focus is."""
        self.page.keyboard.press(key)
        self.presses += 1

    def move(self, key: str) -> None:
        """Move the focus with `key` (Tab, an arrow): the control it lands on shows it."""
        self.key(key)
        missing = self.page.evaluate(FOCUS_SHOWN)
        if missing:
            self.unseen.append(missing)

    def to(self, selector: str, limit: int = 120) -> None:
        """Tab (or Shift-Tab, when it lies before) until `selector` has the focus; within a
        card grid, Tab to the grid and the arrows to the card."""
        for _ in range(limit):
            where = self.page.evaluate(WHERE, selector)
            assert where is not None, f"nothing matches {selector}"
            if where == 0:
                if self.page.locator(selector).evaluate("e => Boolean(e.closest('[data-rove]'))"):
                    self.arrow(selector)
                return
            self.move("Tab" if where > 0 else "Shift+Tab")
            self.stops += 1
        raise AssertionError(f"{limit} Tabs did not reach {selector}")

    def press(self, selector: str, key: str = "Enter") -> None:
        """Reach `selector` and press `key` on it (Enter, or Space for a toggle)."""
        self.to(selector)
        self.key(key)

    def arrow(self, selector: str, limit: int = 60) -> None:
        """Move with the arrows, within the grid that has the focus, until `selector` has it."""
        for _ in range(limit):
            arrow = self.page.evaluate(ARROW, selector)
            assert arrow is not None, f"{selector} is not in the grid that has the focus"
            if not arrow:
                return
            self.move(arrow)
        raise AssertionError(f"{limit} arrows did not reach {selector}")

    def pick(self, selector: str, key: str = "Space") -> None:
        """Arrow to `selector` in the grid that has the focus and press `key` on it."""
        self.arrow(selector)
        self.key(key)
