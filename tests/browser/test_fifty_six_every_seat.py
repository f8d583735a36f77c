"""Fifty-six's deal form and live page as the table sees them (issue 21): a team out of tables
is not offered, a bid takes three taps at most, and every sentence names the players.

Six players in three pairs (F2: team = seat mod 3), two tables each: seat 0 Asha, 1 Meena,
2 Kiran, 3 Ravi, 4 Dev, 5 Tara. Meena's 30♦ doubled, lost with 20, puts Nines out (F15–F17).
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, Route, expect

from .helpers import seep, taps
from .helpers.artifacts import artifact
from .helpers.phones import Phones

pytestmark = pytest.mark.browser

PAIRS = [
    {"name": "Jacks", "players": ["Asha", "Ravi"]},
    {"name": "Nines", "players": ["Meena", "Dev"]},
    {"name": "Aces", "players": ["Kiran", "Tara"]},
]
NINES_OUT = {
    "contract": {"seat": 1, "value": 30, "trump": "D", "double": 1},
    "points": 20,
    "dealer": 0,
}


def session(live_server: str, phones: Phones, *deals: dict) -> tuple[Page, seep.Started]:
    """A scorer's phone on a new six-player session with `deals` recorded through the API."""
    phone = phones()
    started = seep.start(
        phone.context, live_server, PAIRS, game="fifty-six", teams="pairs", tables=2
    )
    for deal in deals:
        seep.add_deal(phone.context, started, deal)
    seep.join(phone, started.keeper_link)
    return phone, started


def offered(page: Page, group: str) -> list[str]:
    """The players a seat choice offers, in seat order."""
    return page.locator(f"#{group}-group label:visible").all_inner_texts()


def test_the_players_of_a_team_out_are_not_offered_as_the_bid_winner(
    live_server: str, phones: Phones
) -> None:
    """F6: Nines are out of tables, so neither Meena nor Dev can win the bid."""
    phone, started = session(live_server, phones, NINES_OUT)
    phone.goto(started.board + "/deals/new")
    expect(phone.locator("#seat-group")).to_be_visible()
    assert [name.strip() for name in offered(phone, "seat")] == ["Asha", "Kiran", "Ravi", "Tara"]
    assert phone.locator("#seat-group input[value='1'], #seat-group input[value='4']").count() == 0
    # The auction recorded call by call passes over them too: Kiran deals, Ravi calls first.
    phone.locator("summary:has-text('Record the auction')").click()
    expect(phone.locator("[data-auction-status]")).to_have_text("Ravi to call.")

    # Nor does the live page's auction ask them: the calls go round past Dev and Meena.
    phone.goto(started.board + "/live")
    phone.locator("#start-button").click()
    status = phone.get_by_test_id("live-status")
    for caller in ("Ravi", "Tara", "Asha", "Kiran"):
        expect(status).to_contain_text(f"{caller} to call")
        phone.locator("#pass-button").click()
    expect(status).to_contain_text("Trick 1")


class Taps(taps.Taps):
    """Taps on Fifty-six's deal form."""

    def bid(self, value: int) -> None:
        """Set the bid as a player would: its tens unless shown, then the bid unless already set."""
        pad, box = "[data-bid-pad]", self.page.get_by_test_id("bid-value")
        if self.page.locator(f"{pad} [data-bid='{value}']").is_hidden():
            self.tap(f"{pad} [data-tens='{value // 10 * 10}']")
        if box.input_value() != str(value):  # the first of its tens is set by the tens alone
            self.tap(f"{pad} [data-bid='{value}']")


def test_a_whole_deal_and_any_bid_in_three_taps_at_most(live_server: str, phones: Phones) -> None:
    """A typical deal: Ravi bids 40♥ and makes it with 45; the bid itself takes 3 taps at most,
    every bid from 28 to 56 does, and a wrong tap is undone with one more."""
    phone, started = session(live_server, phones)
    phone.goto(started.board)
    deal = Taps(phone)
    deal.tap("a:has-text('Enter deal 1')")
    deal.tap("#seat-group label:has-text('Ravi')")
    before = deal.count
    deal.bid(40)
    assert deal.count - before <= 3, f"the bid 40 took {deal.count - before} taps"
    expect(phone.get_by_test_id("bid-value")).to_have_value("40")
    deal.tap(".trumps label.trump-H")
    for digit in "45":
        deal.tap(f"[data-key='{digit}']")
    expect(phone.get_by_test_id("verdict")).to_have_text("Made: 45 of 40♥")
    seep.fits(phone)
    phone.screenshot(path=str(artifact("fifty-six-bid-pad-360.png")), full_page=True)
    deal.tap("button:has-text('Save deal')")
    expect(phone.locator(".flash")).to_contain_text("Deal 1 saved")
    assert deal.count <= 8, f"the deal took {deal.count} taps"
    artifact("fifty-six-deal-taps.json").write_text(json.dumps({"deal 40♥ made": deal.count}))

    # Every bid in three taps at most, from wherever the pad stands; a wrong tap, one back.
    phone.goto(started.board + "/deals/new")
    for value in (*range(28, 57), 28, 56, 29, 50):
        bid = Taps(phone)
        bid.bid(value)
        assert bid.count <= 3, f"the bid {value} took {bid.count} taps"
        expect(phone.get_by_test_id("bid-value")).to_have_value(str(value))
    phone.locator("[data-bid-pad] [data-bid='51']").click()  # meant 50
    phone.locator("[data-bid-pad] [data-bid='50']").click()
    expect(phone.get_by_test_id("bid-value")).to_have_value("50")
    phone.locator("[data-bid-pad] [data-tens='30']").click()  # meant the 40s
    phone.locator("[data-bid-pad] [data-tens='40']").click()
    expect(phone.get_by_test_id("bid-value")).to_have_value("40")
    # The pad is usable from the keyboard: Tab to a bid, Enter takes it.
    phone.locator("[data-bid-pad] [data-bid='43']").focus()
    phone.keyboard.press("Enter")
    expect(phone.get_by_test_id("bid-value")).to_have_value("43")
    expect(phone.locator("[data-bid-pad] [data-bid='43']")).to_be_focused()
    expect(phone.locator("[data-bid-pad] [data-bid='43']")).to_have_attribute(
        "aria-pressed", "true"
    )
    for button in phone.locator("[data-bid-pad] button:visible").all():
        box = button.bounding_box()
        assert box and box["width"] >= 44 and box["height"] >= 44, box


def test_the_deal_form_says_what_the_table_calls_things(live_server: str, phones: Phones) -> None:
    """The everyone-passed preview names the no-trumps (F10); a refused call, recorded call by
    call, names the players as "… to call" beside it does (F9), never a seat number."""
    phone, started = session(live_server, phones)
    phone.goto(started.board + "/deals/new")
    phone.locator("label:has-text('Everyone passed')").click()
    for digit in "20":
        phone.locator(f"[data-key='{digit}']").click()
    expect(phone.get_by_test_id("verdict")).to_have_text("Lost: 20 of 28 NT")
    expect(phone.locator("[data-preview-box]")).to_contain_text("Nines → Aces: 2 tables")

    # Asha deals; Meena bids 30♦, Kiran passes, Ravi may not redouble (no double), doubles;
    # Dev passes and Tara may not redouble Nines' bid, nor bid 30♦ again (F8, F9).
    phone.locator("label:has-text('A contract')").click()
    phone.locator("summary:has-text('Record the auction')").click()
    recorder = phone.locator("[data-recorder]")
    phone.locator("[data-bid-pad] [data-tens='30']").click()
    phone.locator(".trumps label.trump-D").click()
    recorder.locator("[data-call='bid']").click()
    expect(recorder.locator("[data-auction-status]")).to_have_text("Kiran to call.")
    recorder.locator("[data-call='pass']").click()
    expect(recorder.locator("[data-auction-status]")).to_have_text("Ravi to call.")
    recorder.locator("[data-call='redouble']").click()
    problem = recorder.locator("[data-auction-problem]")
    expect(problem).to_have_text("Ravi cannot redouble: no double stands. (F9 · Who may redouble)")
    recorder.locator("[data-call='double']").click()
    expect(recorder.locator("[data-auction-status]")).to_have_text("Dev to call.")
    recorder.locator("[data-call='pass']").click()
    expect(recorder.locator("[data-auction-status]")).to_have_text("Tara to call.")
    recorder.locator("[data-call='redouble']").click()
    expect(problem).to_have_text(
        "Tara cannot redouble: Meena's 30♦ is not their team's bid. (F9 · Who may redouble)"
    )
    recorder.locator("[data-call='bid']").click()  # 30♦ again: not higher
    expect(problem).to_have_text(
        "Tara's 30♦ is not higher than Meena's 30♦: bid 31 or more. (F8 · A bid must go higher)"
    )
    phone.screenshot(path=str(artifact("fifty-six-auction-words-360.png")), full_page=True)


def test_the_live_page_says_a_refused_call_with_the_players_names(
    live_server: str, phones: Phones
) -> None:
    """F9 on the live page: Meena, first to call, may not redouble, nor Dev double his partner's
    bid; the refusal names them, as the status beside it does, and never a seat."""
    phone, started = session(live_server, phones)
    phone.goto(started.board + "/live")
    phone.locator("#start-button").click()
    status = phone.get_by_test_id("live-status")
    expect(status).to_contain_text("Meena to call")
    phone.locator("#redouble-button").click()
    refusal = phone.get_by_test_id("refusal")
    expect(refusal.locator(".reason")).to_have_text("Meena cannot redouble: no double stands.")
    phone.locator(".bid-pad [data-tens='30']").click()
    phone.locator(".fs-trumps [data-trump='D']").click()
    phone.locator("#bid-button").click()
    for caller in ("Kiran", "Ravi"):
        expect(status).to_contain_text(f"{caller} to call")
        phone.locator("#pass-button").click()
    expect(status).to_contain_text("Dev to call")
    phone.locator("#double-button").click()
    expect(refusal.locator(".reason")).to_have_text(
        "Dev cannot double Meena's 30♦: it is their own team's bid."
    )
    expect(refusal).not_to_contain_text("seat", ignore_case=True)


def test_the_bid_pad_and_a_refusal_fit_a_dark_360_px_phone_with_the_longest_names(
    live_server: str, phones: Phones
) -> None:
    """Four players with the longest names the forms take, the dark theme: the pad, the
    seats offered and a refused call fit the phone."""
    phone = phones(color_scheme="dark")
    started = seep.start(phone.context, live_server, seep.LONGEST, game="fifty-six")
    seep.join(phone, started.keeper_link)
    phone.goto(started.board + "/deals/new")
    phone.locator("[data-bid-pad] [data-tens='50']").click()
    phone.locator("[data-bid-pad] [data-bid='56']").click()
    expect(phone.get_by_test_id("bid-value")).to_have_value("56")
    phone.locator(".trumps label.trump-NT").click()
    phone.locator("summary:has-text('Record the auction')").click()
    expect(phone.locator("[data-recorder] [data-call='bid']")).to_have_text("Bid 56 NT")
    phone.locator("[data-recorder] [data-call='double']").click()
    expect(phone.locator("[data-auction-problem]")).to_contain_text("cannot double: nobody")
    expect(phone.locator("[data-auction-problem]")).not_to_contain_text("seat", ignore_case=True)
    seep.fits(phone)
    phone.screenshot(path=str(artifact("fifty-six-bid-pad-dark-360.png")), full_page=True)


def test_quick_taps_on_the_recorded_auction_are_each_a_call_of_the_next_seat(
    live_server: str, phones: Phones
) -> None:
    """F7: two passes tapped before the first is checked are two players' calls, in turn."""
    phone, started = session(live_server, phones)
    phone.goto(started.board + "/deals/new")
    phone.locator("summary:has-text('Record the auction')").click()
    slow = {"calls": 0}

    def checked_slowly(route: Route) -> None:
        slow["calls"] += 1
        phone.wait_for_timeout(300)  # a slow network: the second tap comes first
        route.continue_()

    phone.route("**/api/v1/check", checked_slowly)
    pass_button = phone.locator("[data-recorder] [data-call='pass']")
    pass_button.click()
    pass_button.click()
    # Asha deals (seat 0): Meena calls first, then Kiran.
    expect(phone.locator("[data-recorder] [data-calls] li")).to_have_text(
        ["Meena: pass", "Kiran: pass"]
    )
    assert slow["calls"] == 2
