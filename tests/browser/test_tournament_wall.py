"""The wall of a tournament follows every table: open on a screen across the room, it shows a
deal a table's phone enters within 3 s, without a reload, and the standings move once the
table's result is confirmed; it fits a 1280x720 screen without scrolling."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import seep
from .helpers.every_page import poster
from .helpers.phones import Phones
from .helpers.seep import tap

pytestmark = pytest.mark.browser

PAIRS = [
    {"name": "Lions", "players": ["Asha", "Ravi"]},
    {"name": "Tigers", "players": ["Meena", "Dev"]},
    {"name": "Bears", "players": ["Kiran", "Sita"]},
    {"name": "Wolves", "players": ["Arjun", "Lata"]},
]


def test_the_wall_shows_a_tables_deal_without_a_reload(live_server: str, phones: Phones) -> None:
    keeper = phones()
    post = poster(keeper.context, live_server)
    club = post("/api/v1/clubs", {"name": "Thursday table"}, None)
    body = {
        "name": "Diwali cup",
        "game": "seep",
        "format": "swiss",
        "rounds": 2,
        "round_length": {"deals": 1},
        "entrants": PAIRS,
    }
    made = post(f"/api/v1/clubs/{club['id']}/tournaments", body, club["keeper_token"])
    paired = post(f"/api/v1/tournaments/{made['id']}/rounds", {}, club["keeper_token"])
    _, second = paired["tables"]

    wall = phones()
    wall.set_viewport_size({"width": 1280, "height": 720})
    wall.goto(f"{live_server}/t/{made['id']}/tv")
    tables = wall.get_by_test_id("wall-table")
    expect(tables).to_have_count(2)
    expect(tables.nth(1)).to_contain_text("No deals yet")
    size = wall.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.scrollHeight]"
    )
    assert size == [1280, 720], f"the wall is {size} at 1280x720"

    # Table 2's phone enters its one deal on its scoreboard, as the table would.
    table = phones()
    seep.join(table, f"{live_server}/s/{second['session']}#key={second['edit_token']}")
    table.get_by_role("link", name="Enter deal 1").click()
    tap(table, "KS", "QS", "JS", "AS", "AH", "AC", "AD", "10D")
    table.get_by_role("button", name="Save deal 1").click()
    expect(table.get_by_test_id("flash")).to_contain_text("saved")

    # The wall shows it by itself: the table is over, its result waits to be confirmed.
    expect(tables.nth(1).get_by_test_id("table-state")).to_have_attribute(
        "data-state", "over", timeout=3000
    )
    expect(tables.nth(1)).to_contain_text("1 deal")
    expect(tables.nth(0).get_by_test_id("table-state")).to_have_attribute("data-state", "playing")

    # Confirmed, the table's winner heads the standings.
    confirmed = table.context.request.post(
        f"{live_server}/api/v1/sessions/{second['session']}/confirm",
        headers={"Authorization": f"Bearer {second['edit_token']}"},
    )
    assert confirmed.ok, confirmed.text()
    # Team A took 46 of the 100 points: the table's second side won it.
    assert confirmed.json()["result"]["match_points"] == [0, 2]
    names = {e["id"]: e["name"] for e in made["entrants"]}
    expected = names[second["entrants"][1]]
    expect(wall.get_by_test_id("standing-row").first.get_by_test_id("entrant-name")).to_have_text(
        expected, timeout=3000
    )
    expect(tables.nth(1).get_by_test_id("table-state")).to_have_attribute("data-state", "confirmed")
    assert wall.evaluate("performance.getEntriesByType('navigation').length") == 1
    assert wall.locator("form").count() == 0


# Entrants with the longest names a tournament takes (60 characters; players of 40).
LONG = [
    {
        "name": f"{n} Maharaja Wajid Mohammad's Magnificent Marine Marauders".ljust(60, "s"),
        "players": [f"{n} Wajid Mohammad Mumtaz Mirza-Wadhwa".ljust(40, "M"), n + "M" * 39],
    }
    for n in "ABC"
]


def test_the_wall_and_the_report_fit_a_360_px_phone(live_server: str, phones: Phones) -> None:
    phone = phones()
    post = poster(phone.context, live_server)
    club = post("/api/v1/clubs", {"name": "Thursday table"}, None)
    body = {
        "name": "W" * 60,
        "game": "seep",
        "format": "swiss",
        "rounds": 2,
        "round_length": {"deals": 2},
        "entrants": LONG,
    }
    made = post(f"/api/v1/clubs/{club['id']}/tournaments", body, club["keeper_token"])
    (table,) = post(f"/api/v1/tournaments/{made['id']}/rounds", {}, club["keeper_token"])["tables"]
    post(f"/api/v1/sessions/{table['session']}/deals", seep.record(14), table["edit_token"])
    for path in ("tv", "report"):
        phone.goto(f"{live_server}/t/{made['id']}/{path}")
        expect(phone.get_by_test_id("standing-row")).to_have_count(3)
        seep.fits(phone)
