"""A Fifty-six evening on a 360-px phone: three pairs, a doubled contract that puts a team out,
everyone passing, the game won and a new one started, the auction recorded call by call."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .helpers import seep, taps
from .helpers.artifacts import ARTIFACTS

pytestmark = pytest.mark.browser
NAMES = {"a1": "Asha", "b1": "Meena", "c1": "Kofi", "a2": "Ravi", "b2": "Dev", "c2": "Lena"}


def tables(page: Page, team: int | None = None) -> list[str] | str:
    """Each team's tables as the scoreboard says them, or one team's."""
    if team is not None:
        return page.get_by_test_id(f"tables-{team}").inner_text()
    return [page.get_by_test_id(f"tables-{t}").inner_text() for t in range(3)]


class Taps(taps.Taps):
    """Taps on Fifty-six's deal form."""

    def seat(self, name: str, group: str = "seat") -> None:
        self.tap(f"#{group}-group label:has-text('{name}')")

    def points(self, digits: str) -> None:
        for digit in digits:
            self.tap(f"[data-key='{digit}']")


def fits(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the page is {width} px wide"


def test_a_pairs_game_with_a_doubled_contract_a_team_out_and_a_new_game(
    live_server: str, phone: Page
) -> None:
    phone.goto(live_server + "/")
    phone.get_by_role("link", name="New Fifty-six session").click()
    phone.locator("#players-group label:has-text('6')").click()
    phone.locator("#teams-group label:has-text('Pairs')").click()
    expect(phone.locator("[data-team='2']")).to_be_visible()  # three pairs
    for box, name in NAMES.items():
        phone.fill(f"input[name={box}]", name)
    # The page shows who sits where: partners opposite, never side by side (F2).
    expect(phone.locator("#seating-note")).to_contain_text(
        "Asha → Meena → Kofi → Ravi → Dev → Lena"
    )
    phone.fill("input[name=tables]", "3")
    phone.locator("#tables-group [data-step='-1']").click()  # 2 tables each
    fits(phone)
    phone.get_by_role("button", name="Start session").click()
    assert tables(phone) == ["2 tables"] * 3

    # Deal 1: Meena (seat 1, team B) bids 30♦, doubled, and takes 20 points: lost.
    taps = Taps(phone)
    started = time.perf_counter()
    taps.tap("a:has-text('Enter deal 1')")
    taps.seat("Meena")
    taps.tap("[data-bid-pad] [data-tens='30']")  # the bid pad: 30, the first of its tens
    taps.tap(".trumps label.trump-D")
    taps.tap("label:has(input[name=double][value='1'])")
    taps.points("20")
    # F15, F16: 30 lost pays 2, doubled 4, to each other team in playing order from B:
    # C first (gets B's 2), then A (nothing left); B is out (F17).
    expect(phone.get_by_test_id("verdict")).to_have_text("Lost: 20 of 30♦, doubled")
    expect(phone.locator("[data-preview-box]")).to_contain_text(
        "Meena & Dev → Kofi & Lena: 2 tables"
    )
    fits(phone)
    ARTIFACTS.mkdir(exist_ok=True)
    phone.screenshot(path=str(ARTIFACTS / "fifty-six-deal-form-360.png"), full_page=True)
    taps.tap("button:has-text('Save deal')")
    expect(phone.locator(".flash")).to_contain_text("Deal 1 saved")
    doubled = {"taps": taps.count, "seconds": round(time.perf_counter() - started, 3)}
    assert tables(phone) == ["2 tables", "0 tables · out", "4 tables"]

    # Deal 2, an ordinary one: dealer Meena is out, so Kofi deals (F7); Ravi bids 28♠ and
    # makes it with 31: one table from each team still in.
    expect(phone.locator(".next-dealer")).to_contain_text("Next dealer: Kofi")
    taps = Taps(phone)
    taps.tap("a:has-text('Enter deal 2')")
    taps.seat("Ravi")
    taps.tap(".trumps label.trump-S")
    taps.points("31")
    expect(phone.get_by_test_id("verdict")).to_have_text("Made: 31 of 28♠")
    taps.tap("button:has-text('Save deal')")
    ordinary = taps.count
    assert ordinary - 1 <= 5, "an ordinary deal takes five taps after opening the form"
    assert tables(phone) == ["3 tables", "0 tables · out", "3 tables"]

    # Deal 3: everyone passes in one tap: 28 NT for the team of the seat after the dealer
    # (F10), passing over the seats of team B, which is out: Ravi deals, Lena bids first.
    taps = Taps(phone)
    taps.tap("a:has-text('Enter deal 3')")
    taps.tap("label:has-text('Everyone passed')")
    expect(phone.locator("[data-passed-note]")).to_contain_text("Kofi & Lena")
    taps.points("10")
    expect(phone.get_by_test_id("verdict")).to_contain_text("Lost")
    # Recorded call by call, the auction passes over Dev, whose team is out (F6).
    phone.locator("summary:has-text('Record the auction')").click()
    for _ in range(4):
        phone.locator("[data-recorder] [data-call='pass']").click()
    expect(phone.locator("[data-recorder] [data-calls] li")).to_have_text(
        ["Lena: pass", "Asha: pass", "Kofi: pass", "Ravi: pass"]
    )
    expect(phone.locator("[data-auction-status]")).to_contain_text("Everyone passed")
    taps.tap("button:has-text('Save deal')")
    passed = taps.count
    assert tables(phone) == ["5 tables", "0 tables · out", "1 table"]

    # A deal after a team is out: its players are not offered as the bid winner (F6).
    phone.get_by_role("link", name="Enter deal 4").click()
    expect(phone.locator("#seat-group label")).to_have_text(["Asha", "Kofi", "Ravi", "Lena"])
    phone.locator(".trumps label.trump-H").click()

    # Asha bids 56 and makes it, redoubled: team C pays its last table and the game is won.
    phone.locator("#seat-group label:has-text('Asha')").click()
    phone.fill("#value", "56")
    phone.locator("label:has(input[name=double][value='2'])").click()
    phone.fill("#points", "56")
    phone.locator("#points").dispatch_event("input")
    expect(phone.get_by_test_id("verdict")).to_have_text("Made: 56 of 56♥, redoubled")
    phone.get_by_role("button", name="Save deal 4").click()
    expect(phone.locator(".banner.winner")).to_contain_text("Game 1 won by Asha & Ravi")
    assert tables(phone) == ["6 tables", "0 tables · out", "0 tables · out"]
    fits(phone)
    phone.screenshot(path=str(ARTIFACTS / "fifty-six-scoreboard-360.png"), full_page=True)

    # A new game in the same session: everyone back at 2 tables.
    phone.get_by_role("link", name="Start game 2").click()
    expect(phone.locator("h1")).to_contain_text("a new game")
    phone.locator("label:has-text('Everyone passed')").click()
    phone.locator("[data-key='3']").click()
    phone.locator("[data-key='0']").click()
    phone.get_by_role("button", name="Save deal 5").click()
    expect(phone.get_by_test_id("game-line")).to_contain_text("Game 2")
    assert "Games won: 1" in phone.get_by_test_id("tables-0").locator("..").inner_text()

    (ARTIFACTS / "fifty-six-taps.json").write_text(
        json.dumps({"doubled": doubled, "ordinary": ordinary, "everyone passed": passed})
    )


def test_the_auction_recorded_call_by_call_fills_in_the_contract(
    live_server: str, phone: Page
) -> None:
    phone.goto(live_server + "/new/fifty-six")
    for box, name in (("a1", "Asha"), ("b1", "Meena"), ("a2", "Ravi"), ("b2", "Dev")):
        phone.fill(f"input[name={box}]", name)
    phone.get_by_role("button", name="Start session").click()
    phone.get_by_role("link", name="Enter deal 1").click()
    phone.locator("summary:has-text('Record the auction')").click()
    # The worked example of fifty-six.md, dealer seat 0 (Asha): Meena bids 28♦, Ravi
    # doubles, Dev passes, Asha passes, Meena passes: 28♦ for Meena's team, doubled.
    phone.locator(".trumps label.trump-D").click()
    recorder = phone.locator("[data-recorder]")
    recorder.locator("[data-call='bid']").click()
    expect(recorder.locator("[data-calls] li")).to_have_text(["Meena: 28♦"])
    recorder.locator("[data-call='bid']").click()  # Ravi 28♦ again: not higher (F8)
    expect(recorder.locator("[data-auction-problem]")).to_contain_text("F8")
    recorder.locator("[data-call='double']").click()
    for _ in range(3):
        recorder.locator("[data-call='pass']").click()
    expect(recorder.locator("[data-auction-status]")).to_contain_text("The auction is over")
    expect(phone.locator("#seat-group input[value='1']")).to_be_checked()
    expect(phone.locator("input[name=double][value='1']")).to_be_checked()
    phone.locator("[data-key='3']").click()
    phone.locator("[data-key='0']").click()
    expect(phone.get_by_test_id("verdict")).to_have_text("Made: 30 of 28♦, doubled")
    phone.get_by_role("button", name="Save deal 1").click()
    expect(phone.locator(".flash")).to_contain_text("Deal 1 saved")
    phone.get_by_role("link", name="Edit deal 1").click()
    expect(phone.locator("[data-recorder] [data-calls] li")).to_have_count(5)


def test_four_pairs_with_the_longest_names_fit_a_360_px_phone(
    live_server: str, phone: Page
) -> None:
    teams = [
        {"name": letter * 60, "players": [f"{letter}1" + "x" * 38, f"{letter}2" + "y" * 38]}
        for letter in "PQRS"
    ]
    started = seep.start(phone.context, live_server, teams, game="fifty-six", teams="pairs")
    for contract, points in (({"seat": 1, "value": 48, "trump": "H", "double": 2}, 10), (None, 30)):
        seep.add_deal(phone.context, started, {"contract": contract, "points": points})
    seep.join(phone, started.keeper_link)
    # F15 48 lost 4, F16 redoubled ×4: 16 due to each pair; Q has 12, all to R, next in
    # playing order (F17); Q is out. Then everyone passes: S, after dealer R, makes 28 NT and
    # takes one table from each pair still in (F10, F6).
    got = [tables(phone, t) for t in range(4)]
    assert got == ["11 tables", "0 tables · out", "23 tables", "14 tables"]
    seep.fits(phone)
    phone.screenshot(path=str(ARTIFACTS / "fifty-six-four-pairs-360.png"), full_page=True)
    phone.get_by_role("link", name="Enter deal 3").click()
    seep.fits(phone)


def test_two_phones_the_back_button_and_a_dropped_connection_lose_and_double_nothing(
    live_server: str, phones: Any
) -> None:
    a = phones()
    sides = [
        {"name": None, "players": ["Asha", "Ravi"]},
        {"name": None, "players": ["Meena", "Dev"]},
    ]
    started = seep.start(a.context, live_server, sides, game="fifty-six")
    seep.join(a, started.keeper_link)
    b = phones()
    seep.join_as_scorer(a, b)

    # Both phones open deal 1; A saves first, B's entry is kept and offered as deal 2.
    for page in (a, b):
        page.get_by_role("link", name="Enter deal 1").click()
    for page, seat, digits in ((a, "Meena", "31"), (b, "Ravi", "44")):
        page.locator(f"#seat-group label:has-text('{seat}')").click()
        page.locator(".trumps label.trump-C").click()
        for digit in digits:
            page.locator(f"[data-key='{digit}']").click()
    a.get_by_role("button", name="Save deal 1").click()
    expect(a.get_by_test_id("flash")).to_contain_text("Deal 1 saved")
    b.get_by_role("button", name="Save deal 1").click()
    expect(b.locator(".problem.conflict")).to_contain_text("28♣ by Meena · 31 points")
    expect(b.get_by_test_id("points")).to_have_value("44")
    b.get_by_role("button", name="Save deal 2").click()
    expect(b.get_by_test_id("flash")).to_contain_text("Deal 2 saved")
    deals = seep.stored_deals(b.context, started)
    assert [d["contract"]["seat"] for d in deals] == [1, 2]

    # Back after Save shows the next deal's empty form, never a second deal 1.
    a.go_back()
    expect(a.locator("h1")).to_contain_text("Enter deal 3")
    expect(a.get_by_test_id("points")).to_have_value("")

    # No connection: the deal is kept on the phone and sent, once, when the network is back.
    a.locator("#seat-group label:has-text('Dev')").click()
    a.locator(".trumps label.trump-H").click()
    a.locator("[data-key='5']").click()
    a.context.set_offline(True)
    a.get_by_role("button", name="Save deal 3").click()
    expect(a.get_by_test_id("waiting")).to_have_text("1 deal waiting to be sent")
    assert len(seep.stored_deals(b.context, started)) == 2
    a.context.set_offline(False)
    expect(a.get_by_test_id("waiting")).to_have_count(0)
    expect(a.get_by_role("link", name="Enter deal 4")).to_be_visible()
    deals = seep.stored_deals(a.context, started)
    assert [(d["contract"]["seat"], d["points"]) for d in deals[2:]] == [(3, 5)]
