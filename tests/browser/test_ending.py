"""A table ends an open-ended Seep session in one tap, and takes it back in one (issue 33): the
scoreboard says who won, the players' page counts the win, and Undo puts it back unfinished."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .helpers import seep
from .helpers.phones import Phones
from .helpers.taps import Taps

pytestmark = pytest.mark.browser
NAMES = {"a1": "Asha", "a2": "Ravi", "b1": "Meena", "b2": "Dev"}


def record(players: Page, name: str) -> list[str]:
    """A player's row in the Seep table of the players' page: name (and what is apart), played,
    won, win rate."""
    players.reload()
    row = players.get_by_test_id("stats-seep").get_by_test_id("player-row")
    cells = row.filter(has=players.get_by_role("link", name=name, exact=True)).locator("td")
    return [" ".join(text.split()) for text in cells.all_inner_texts()[:4]]


def test_one_tap_ends_the_session_and_one_tap_takes_it_back(
    live_server: str, phones: Phones
) -> None:
    phone = phones()
    phone.goto(live_server + "/")
    phone.get_by_role("link", name="New Seep session").click()
    for field, name in NAMES.items():
        phone.fill(f"input[name={field}]", name)
    phone.get_by_role("button", name="Start session").click()  # played on: M4 sets no number
    phone.get_by_role("link", name="Enter deal 1").click()
    seep.tap(phone, "AS", "2S")  # M3: 3 points is under 9, the baazi to Meena & Dev
    phone.get_by_role("button", name="Save deal").click()
    expect(phone.get_by_test_id("flash")).to_contain_text("Deal 1 saved.")

    club = phone.get_by_test_id("in-club").get_by_role("link").get_attribute("href")
    players = phone.context.new_page()
    players.goto(f"{live_server}{club}/players")
    # Not finished: nobody's win yet, shown apart; its baazi still counts as the ratings' game.
    assert record(players, "Meena") == ["Meena 1 not finished", "0", "0", "—"]

    taps = Taps(phone)
    taps.tap(phone.get_by_role("button", name="End the session"))
    banner = phone.get_by_test_id("ended")
    expect(banner).to_have_text("Session ended: won by Meena & Dev.")
    expect(phone.get_by_role("link", name="Enter deal 2")).to_have_count(0)
    assert record(players, "Meena") == ["Meena", "1", "1", "100%"]
    assert record(players, "Asha") == ["Asha", "1", "0", "0%"]

    # Undo, right after: one tap, and the session plays on, nobody's win again.
    taps.tap(phone.get_by_test_id("flash").get_by_role("button", name="Undo"))
    expect(phone.get_by_test_id("flash")).to_have_text("The session plays on.")
    expect(banner).to_have_count(0)
    expect(phone.get_by_role("link", name="Enter deal 2")).to_be_visible()
    assert taps.count == 2
    assert record(players, "Meena") == ["Meena 1 not finished", "0", "0", "—"]

    # Ended again, the table may still play on from the scoreboard.
    phone.get_by_role("button", name="End the session").click()
    phone.get_by_test_id("play-on").click()
    expect(phone.get_by_role("link", name="Enter deal 2")).to_be_visible()
    seep.fits(phone)
