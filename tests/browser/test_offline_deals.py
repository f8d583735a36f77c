"""Deals in a row without a network, a deal saved as the next one, a draft that comes back: each
form is dealt and checked as the session will stand when it is stored (issue 21)."""

from __future__ import annotations

import pytest
from flask import Flask
from flask import request as asked
from playwright.sync_api import Page, expect

from .helpers import seep
from .helpers.artifacts import artifact
from .helpers.phones import Phones
from .helpers.seep import offline_ready, tap
from .helpers.taps import Taps

pytestmark = pytest.mark.browser
# Seats go round the teams: Asha (A), Meena (B), Ravi (A), Dev (B).
ASHA, MEENA, RAVI, DEV = range(4)
TEAM_A, TEAM_B = (side["name"] for side in seep.PLAIN)
CASINO_PAIR = [{"players": ["Asha"]}, {"players": ["Meena"]}]


def casino_all_to(side: int) -> dict[str, object]:
    """A Casino deal of two: most cards and spades, the aces and both casinos to `side` (11)."""
    cards, spades = [[30, 22], [8, 5]] if side == 0 else [[22, 30], [5, 8]]
    return {
        "cards": cards,
        "spades": spades,
        "aces": [side] * 4,
        "big_casino": side,
        "little_casino": side,
    }


def dealer_is(page: Page, seat: int) -> None:
    """The deal form's dealer is `seat`, and no other."""
    expect(page.locator(f"#dealer-group input[value='{seat}']")).to_be_checked()
    expect(page.locator("#dealer-group input:checked")).to_have_count(1)


def everyone_passed(page: Page, points: str) -> None:
    """Fifty-six: everyone passed, and the points of the team that bid first (keypad)."""
    page.locator("label:has-text('Everyone passed')").click()
    for digit in points:
        page.locator(f"[data-key='{digit}']").click()


def tables_now(page: Page) -> list[str]:
    """The tables each team holds before this deal, as the Fifty-six form shows them."""
    return page.locator(".tables-now .big-number").all_inner_texts()


def test_fifty_six_deals_entered_offline_in_a_row_are_dealt_as_if_stored(
    live_server: str, phones: Phones
) -> None:
    page = phones()
    started = seep.start(page.context, live_server, game="fifty-six")
    offline_ready(page, started)
    waiting = page.get_by_test_id("waiting")

    page.context.set_offline(True)
    page.get_by_role("link", name="Enter deal 1").click()
    dealer_is(page, ASHA)
    everyone_passed(page, "20")  # 28 NT for Meena's team, lost: 2 tables to Asha's (F10, F15)
    expect(page.locator("[data-passed-note]")).to_contain_text(f"for {TEAM_B} (Meena bids first")
    page.get_by_role("button", name="Save deal 1").click()
    expect(waiting).to_have_text("1 deal waiting to be sent")

    page.get_by_role("link", name="Enter deal 2").click()
    expect(page.locator("h1")).to_have_text("Enter deal 2")
    dealer_is(page, MEENA)  # F7: the deal passes on
    expect(page.locator("[data-dealer-name]")).to_have_text("Meena")
    assert tables_now(page) == ["14", "10"]  # deal 1's result, still on this phone only
    seep.fits(page)
    page.screenshot(path=str(artifact("offline-fifty-six-deal-2-360.png")), full_page=True)
    everyone_passed(page, "30")  # 28 NT for Ravi's team, made: 1 table from Meena's
    expect(page.locator("[data-passed-note]")).to_contain_text(f"for {TEAM_A} (Ravi bids first")
    expect(page.get_by_test_id("verdict")).to_have_text("Made: 30 of 28 NT")
    expect(page.locator("[data-preview-box]")).to_contain_text(f"{TEAM_A} 15 · {TEAM_B} 9")
    page.get_by_role("button", name="Save deal 2").click()
    expect(waiting).to_have_text("2 deals waiting to be sent")

    page.get_by_role("link", name="Enter deal 3").click()
    dealer_is(page, RAVI)
    assert tables_now(page) == ["15", "9"]
    assert seep.stored_deals(phones().context, started) == []

    # Back online with this form open: the two are sent, in order, once, and none clashes.
    expect(waiting).to_have_text("2 deals waiting to be sent")  # the form's note, before
    page.context.set_offline(False)
    expect(waiting).to_have_count(0)
    expect(page.get_by_test_id("offline-refused")).to_have_count(0)
    watcher = phones().context
    deals = seep.stored_deals(watcher, started)
    assert [(d["number"], d["dealer"], d["points"]) for d in deals] == [
        (1, ASHA, 20),
        (2, MEENA, 30),
    ]
    everyone_passed(page, "0")
    expect(page.locator("[data-passed-note]")).to_contain_text("Dev bids first")
    page.get_by_role("button", name="Save deal 3").click()
    expect(page.get_by_test_id("flash").filter(has_text="Deal 3 saved.")).to_have_count(1)
    assert [d["dealer"] for d in seep.stored_deals(watcher, started)] == [ASHA, MEENA, RAVI]


def test_seep_deals_entered_offline_in_a_row_follow_m5(live_server: str, phones: Phones) -> None:
    page = phones()
    started = seep.start(page.context, live_server)
    offline_ready(page, started)

    page.context.set_offline(True)
    page.get_by_role("link", name="Enter deal 1").click()
    dealer_is(page, ASHA)
    tap(page, "KS", "QS", "JS", "10S", "9S")  # 55 to 45: Asha's team leads, so it passes on
    page.get_by_role("button", name="Save deal 1").click()
    page.get_by_role("link", name="Enter deal 2").click()
    expect(page.locator("h1")).to_have_text("Enter deal 2")
    dealer_is(page, MEENA)  # M5
    tap(page, "KS", "QS", "JS", "10S", "9S", "8S", "7S", team=1)  # 70 to 30: Meena's team leads
    page.get_by_role("button", name="Save deal 2").click()
    page.get_by_role("link", name="Enter deal 3").click()
    dealer_is(page, RAVI)
    tap(page, "AH")  # 1 to 99: Asha's team scores under 9 and loses the baazi (M3)
    page.get_by_role("button", name="Save deal 3").click()
    expect(page.get_by_test_id("waiting")).to_have_text("3 deals waiting to be sent")
    page.get_by_role("link", name="Enter deal 4").click()
    # M5: Ravi's team lost the baazi, so Ravi would deal again; after a baazi his partner deals.
    dealer_is(page, ASHA)
    # The form says what waits before the network is back, so its going says they were sent.
    expect(page.get_by_test_id("waiting")).to_have_text("3 deals waiting to be sent")

    page.context.set_offline(False)
    expect(page.get_by_test_id("waiting")).to_have_count(0)
    deals = seep.stored_deals(phones().context, started)
    assert [d["dealer"] for d in deals] == [ASHA, MEENA, RAVI]


def test_a_deal_saved_as_the_next_one_is_dealt_as_that_one(
    live_server: str, phones: Phones
) -> None:
    a = phones()
    started = seep.start(a.context, live_server)
    seep.join(a, started.keeper_link)
    b = phones()
    seep.join_as_scorer(a, b)
    for page in (a, b):
        page.get_by_role("link", name="Enter deal 1").click()
        dealer_is(page, ASHA)
    tap(a, "KS", "QS", "JS", "10S", "9S")  # Asha's team leads: Meena deals deal 2 (M5)
    a.get_by_role("button", name="Save deal 1").click()
    expect(a.get_by_test_id("flash")).to_contain_text("Deal 1 saved.")

    tap(b, "AH", team=1)
    b.get_by_role("button", name="Save deal 1").click()
    conflict = b.locator(".problem.conflict")
    expect(conflict).to_contain_text("save it as deal 2")
    expect(conflict).to_contain_text("Meena deals deal 2, not Asha")
    dealer_is(b, MEENA)
    b.get_by_role("button", name="Save deal 2").click()
    expect(b.get_by_test_id("flash")).to_contain_text("Deal 2 saved.")
    assert [d["dealer"] for d in seep.stored_deals(b.context, started)] == [ASHA, MEENA]


def test_a_half_entered_deal_that_comes_back_says_so_and_goes_in_one_tap(
    live_server: str, phones: Phones
) -> None:
    phone = phones(color_scheme="dark")
    started = seep.start(phone.context, live_server, seep.LONGEST)
    seep.join(phone, started.keeper_link)
    phone.get_by_role("link", name="Enter deal 1").click()
    expect(phone.get_by_test_id("draft-back")).to_have_count(0)  # nothing to bring back
    phone.locator(".card-pick[data-card='KS'] .card-face").click()
    phone.goto(started.board)  # left without saving or cancelling

    phone.get_by_role("link", name="Enter deal 1").click()
    note = phone.get_by_test_id("draft-back")
    expect(note).to_contain_text("What you entered for deal 1 before is back")
    assert seep.given(phone, 0) == ["KS"]
    seep.fits(phone)
    phone.screenshot(path=str(artifact("draft-back-dark-360.png")))
    taps = Taps(phone)
    taps.tap("[data-testid=draft-back] button")
    expect(phone.locator("[data-left]")).to_have_text("17 cards")
    expect(note).to_have_count(0)
    assert taps.count == 1
    phone.goto(started.board)
    phone.get_by_role("link", name="Enter deal 1").click()
    expect(phone.locator("[data-left]")).to_have_text("17 cards")  # gone for good
    expect(phone.get_by_test_id("draft-back")).to_have_count(0)


def test_a_fifty_six_deal_saved_as_the_next_one_is_dealt_and_staked_as_that_one(
    live_server: str, phones: Phones
) -> None:
    a = phones()
    started = seep.start(a.context, live_server, seep.LONGEST, game="fifty-six")
    seep.join(a, started.keeper_link)
    b = phones(color_scheme="dark")
    seep.join_as_scorer(a, b)
    for page in (a, b):
        page.get_by_role("link", name="Enter deal 1").click()
    names = seep.LONGEST[0]["players"] + seep.LONGEST[1]["players"]
    asha, ravi, meena = names[0], names[1], names[2]  # seats 0, 2 and 1
    for page, seat, digits in ((a, MEENA, "31"), (b, RAVI, "44")):
        page.locator(f"#seat-group label:has(input[value='{seat}'])").click()
        page.locator(".trumps label.trump-C").click()
        for digit in digits:
            page.locator(f"[data-key='{digit}']").click()
    a.get_by_role("button", name="Save deal 1").click()  # made: one table from each team to B's
    expect(a.get_by_test_id("flash")).to_contain_text("Deal 1 saved.")

    b.get_by_role("button", name="Save deal 1").click()
    told = b.get_by_test_id("rederived")
    team_a, team_b = (side["name"] for side in seep.LONGEST)
    expect(told).to_have_text(
        [
            f"{meena} deals deal 2, not {asha}: the dealer is changed below.",
            f"Tables before deal 2: {team_a} 11 · {team_b} 13.",
            f"{ravi} bids first after {meena}'s deal.",
        ]
    )
    dealer_is(b, MEENA)
    assert tables_now(b) == ["11", "13"]
    expect(b.get_by_test_id("points")).to_have_value("44")  # what B entered is kept
    seep.fits(b)
    b.screenshot(path=str(artifact("saved-as-next-fifty-six-dark-360.png")), full_page=True)
    b.get_by_role("button", name="Save deal 2").click()
    expect(b.get_by_test_id("flash")).to_contain_text("Deal 2 saved.")
    assert [d["dealer"] for d in seep.stored_deals(b.context, started)] == [ASHA, MEENA]


def test_two_pages_of_one_phone_send_its_kept_deals_once_in_order(
    browser_app: Flask, live_server: str, phones: Phones
) -> None:
    posts: list[str] = []
    browser_app.before_request(lambda: posts.append(asked.path) if asked.method == "POST" else None)
    page = phones()
    started = seep.start(page.context, live_server)
    offline_ready(page, started)
    other = page.context.new_page()  # the same phone, a second tab on the scoreboard
    other.goto(started.board)
    page.bring_to_front()  # the tab being tapped; the other one's frames are throttled
    page.context.set_offline(True)
    for number, cards in ((1, ("KS",)), (2, ("QS",)), (3, ("JS",))):
        page.get_by_role("link", name=f"Enter deal {number}").click()
        tap(page, *cards)
        page.get_by_role("button", name=f"Save deal {number}").click()
    expect(page.get_by_test_id("waiting")).to_have_text("3 deals waiting to be sent")
    posts.clear()

    page.context.set_offline(False)  # both tabs hear it, and both would send
    for tab in (page, other):
        expect(tab.get_by_test_id("waiting")).to_have_count(0)
        expect(tab.get_by_test_id("offline-refused")).to_have_count(0)
    deals = seep.stored_deals(phones().context, started)
    assert [d["captured"][0] for d in deals] == [["KS"], ["QS"], ["JS"]]
    assert posts == [f"/s/{started.id}/deals/new"] * 3  # each sent once


def test_casino_deals_entered_offline_carry_the_score_and_a_won_race_ends_the_game(
    live_server: str, phones: Phones
) -> None:
    page = phones()
    started = seep.start(page.context, live_server, CASINO_PAIR, game="casino")
    # Deal 1, stored: all four aces, both casinos, most cards and spades to Asha: 11 to 0.
    seep.add_deal(page.context, started, casino_all_to(0))
    offline_ready(page, started)

    page.context.set_offline(True)
    page.get_by_role("link", name="Enter deal 2").click()
    expect(page.locator("[data-after] .in-order")).to_have_text(["11 → 11", "0 → 1"])
    # The arrow is not read out: a screen reader gets the score before and after as words.
    expect(page.locator("[data-after] .visually-hidden")).to_have_text(["11 to 11", "0 to 1"])
    taps = Taps(page)
    taps.tap("[data-rest-to='0']")  # cards level (K11: nobody's), 7 spades to Meena: 18 to 1
    expect(page.locator("[data-after] .in-order")).to_have_text(["11 → 18", "0 → 1"])
    taps.tap("button:has-text('Save deal 2')")
    expect(page.get_by_test_id("waiting")).to_have_text("1 deal waiting to be sent")
    assert taps.count == 2

    page.get_by_role("link", name="Enter deal 3").click()
    expect(page.locator("h1")).to_have_text("Enter deal 3")
    # Deal 2's result:
    expect(page.locator("[data-after] .in-order")).to_have_text(["18 → 18", "1 → 2"])
    seep.fits(page)
    page.screenshot(path=str(artifact("offline-casino-deal-3-360.png")), full_page=True)
    page.locator("[data-rest-to='0']").click()  # 25 to 2: Asha is past 21 alone (K13)
    page.get_by_role("button", name="Save deal 3").click()
    expect(page.get_by_test_id("waiting")).to_have_text("2 deals waiting to be sent")
    expect(page.locator(".next-dealer")).to_have_text(
        "No deal follows: the deals waiting to be sent end the game (K13)."
        " · counting the 2 deals not yet sent"
    )

    page.get_by_role("link", name="Enter deal 4").click()
    over = page.get_by_test_id("game-over")
    expect(over).to_contain_text("The game is over: Asha won the race to 21")
    expect(page.locator("#deal-form")).to_be_hidden()
    page.screenshot(path=str(artifact("offline-casino-game-over-360.png")), full_page=True)
    assert len(seep.stored_deals(phones().context, started)) == 1
    page.context.set_offline(False)
    expect(page.get_by_test_id("waiting")).to_have_count(0)
    assert [d["number"] for d in seep.stored_deals(phones().context, started)] == [1, 2, 3]


@pytest.mark.parametrize(
    ("game", "line"), [("seep", "Meena (Ravi bids)"), ("fifty-six", "Meena (Ravi bids first)")]
)
def test_the_scoreboard_offline_names_the_next_dealer_the_kept_deals_imply(
    live_server: str, phones: Phones, game: str, line: str
) -> None:
    page = phones()
    started = seep.start(page.context, live_server, game=game)
    offline_ready(page, started)
    dealer = page.locator(".next-dealer")
    expect(dealer).to_have_text(
        "Next dealer: Asha (Meena bids first)"
        if game == "fifty-six"
        else "Next dealer: Asha (Meena bids)"
    )

    page.context.set_offline(True)
    taps = Taps(page)
    taps.tap("a:has-text('Enter deal 1')")
    if game == "seep":
        tap(page, "KS", "QS", "JS", "10S", "9S")  # 55 to 45: Asha's team leads, Meena deals (M5)
    else:
        everyone_passed(page, "20")  # 28 NT for Meena's team, lost: no team out, Meena deals (F7)
    taps.tap("button:has-text('Save deal 1')")
    expect(page.get_by_test_id("waiting")).to_have_text("1 deal waiting to be sent")
    assert taps.count == 2  # opening the form and saving it, besides the deal's own taps
    # The scoreboard is the worker's copy, drawn before deal 1: its line follows the queue.
    expect(dealer).to_have_text(f"Next dealer: {line} · counting the deal not yet sent")
    expect(page.get_by_role("link", name="Enter deal 2")).to_have_count(1)
    seep.fits(page)
    page.screenshot(
        path=str(artifact(f"offline-{game}-scoreboard-next-dealer-360.png")), full_page=True
    )

    page.context.set_offline(False)  # sent, and the page drawn anew from the stored standing
    expect(page.get_by_test_id("waiting")).to_have_count(0)
    expect(dealer).to_have_text(f"Next dealer: {line}")
