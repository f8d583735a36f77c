"""A card grid is one Tab stop (a roving tabindex, static/js/roving.js), as a radio group or a
toolbar is: its arrows move through the cards as the screen shows them (Left and Right mirrored
right to left, Up and Down to the row above or below), Home and End to the first and last,
Space presses, and the focus stays on the card when the grid is drawn again."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .helpers import seep
from .helpers.phones import Phones

pytestmark = pytest.mark.browser

# The focused element: its card, the grid it is in, and where it lies on the screen.
FOCUSED = """() => { const e = document.activeElement, r = e.getBoundingClientRect();
  return { card: e.dataset.card || e.closest("[data-card]")?.dataset.card || null,
    grid: e.closest("[data-rove]")?.dataset.rove ?? null, x: (r.left + r.right) / 2,
    top: r.top, bottom: r.bottom, pressed: e.getAttribute("aria-pressed") }; }"""


def focused(page: Page) -> dict[str, object]:
    result: dict[str, object] = page.evaluate(FOCUSED)
    return result


def tab_into(page: Page, grid: str, limit: int = 60) -> int:
    """Tab from the top of the page until the focus is in `grid`; the Tab presses."""
    for presses in range(1, limit):
        page.keyboard.press("Tab")
        if focused(page)["grid"] == grid:
            return presses
    raise AssertionError(f"{limit} Tabs did not reach the grid {grid}")


def test_the_pack_is_one_tab_stop_and_its_arrows_follow_the_screen(
    live_server: str, phone: Page
) -> None:
    phone.goto(live_server + "/check")
    expect(phone.locator("#deck .pick")).to_have_count(52)
    tab_into(phone, "deck")
    assert focused(phone)["card"] == "AS"  # the first card, nothing being pressed yet
    phone.keyboard.press("Tab")
    assert focused(phone)["grid"] is None  # one Tab and the 52 cards are behind
    phone.keyboard.press("Shift+Tab")
    assert focused(phone)["card"] == "AS"

    phone.keyboard.press("ArrowRight")
    two = focused(phone)
    assert two["card"] == "2S"
    phone.keyboard.press("ArrowDown")  # the card under it, on the row below
    below = focused(phone)
    assert below["top"] >= two["bottom"]  # type: ignore[operator]
    assert abs(below["x"] - two["x"]) < 2  # type: ignore[operator]
    phone.keyboard.press("ArrowUp")
    assert focused(phone)["card"] == "2S"
    phone.keyboard.press("End")
    assert focused(phone)["card"] == "KC"
    phone.keyboard.press("Home")
    assert focused(phone)["card"] == "AS"

    # Space puts the card in the hand: pressed, and the focus stays on it.
    phone.keyboard.press("Space")
    expect(phone.locator("[data-tiles='hand'] .tile[data-card='AS']")).to_be_visible()
    assert focused(phone) | {"x": 0, "top": 0, "bottom": 0} == {
        "card": "AS",
        "grid": "deck",
        "pressed": "true",
        "x": 0,
        "top": 0,
        "bottom": 0,
    }
    # Where the stop was is where Tab comes back to.
    phone.keyboard.press("Tab")
    phone.keyboard.press("Shift+Tab")
    assert focused(phone)["card"] == "AS"


def test_right_to_left_the_arrows_go_the_way_the_cards_lie(
    live_server: str, phones: Phones
) -> None:
    phone = phones(locale="ur-PK")
    started = seep.start(phone.context, live_server)
    seep.join(phone, started.keeper_link)
    phone.goto(started.board + "/deals/new")
    expect(phone.locator("html")).to_have_attribute("dir", "rtl")
    tab_into(phone, "cards")
    ace = focused(phone)
    assert ace["card"] == "AS"
    phone.keyboard.press("ArrowLeft")  # right to left, the next card lies to the left
    two = focused(phone)
    assert two["card"] == "2S" and two["x"] < ace["x"]  # type: ignore[operator]
    phone.keyboard.press("ArrowRight")
    assert focused(phone)["card"] == "AS"
    phone.keyboard.press("Enter")
    assert focused(phone)["pressed"] == "true"


def test_the_focus_stays_in_a_grid_drawn_again(live_server: str, phone: Page) -> None:
    phone.goto(live_server + "/check?players=4&seat=1&hand=KS.4H.9C&loose=9D.5C")
    hand = phone.locator("[data-tiles='hand'] .tile")
    expect(hand).to_have_count(4)  # the three cards and the "+" to add more
    tab_into(phone, "hand")
    phone.keyboard.press("ArrowRight")
    assert focused(phone)["card"] == "4H"
    phone.keyboard.press("Enter")  # taken out of the hand: the hand is drawn again without it
    expect(hand).to_have_count(3)
    assert focused(phone)["grid"] == "hand"
    assert focused(phone)["card"] == "9C"  # the card now where it was

    # The card played: a choice among the hand's cards, drawn again at each tap.
    while focused(phone)["grid"] != "move-hand":
        phone.keyboard.press("Tab")
    phone.keyboard.press("End")
    phone.keyboard.press("Space")
    expect(phone.locator("#move-hand .tile[data-card='9C']")).to_have_attribute(
        "aria-pressed", "true"
    )
    assert focused(phone)["card"] == "9C"
