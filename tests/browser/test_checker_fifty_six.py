"""Fifty-six's move checker on a 360-px phone: an auction call by call, a trick card by card.

The worked examples of rules/fifty-six.md, tapped and typed as a player would.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

from .helpers.artifacts import ARTIFACTS
from .helpers.checker import fits, type_cards
from .helpers.phones import Phones

pytestmark = pytest.mark.browser


def calls(page: Page) -> list[str]:
    """The calls so far as the page lists them: "1 28♦", "2 double" …"""
    return page.locator("#calls .call").evaluate_all(
        "cs => cs.map(c => c.querySelector('.seat-chip').textContent + ' '"
        " + c.querySelector('.call-text').textContent)"
    )


def call(page: Page, name: str) -> None:
    """Tap a call on the pad and wait until the server has answered it."""
    page.locator("#pad").get_by_role("button", name=name).click()
    expect(page.locator("#pad .call-button").first).to_be_enabled()


def choose(page: Page, name: str, value: str) -> None:
    """Tick a radio button of the page's big segmented rows."""
    page.locator(f"label.segment:has(input[name='{name}'][value='{value}'])").click()


def cards(page: Page, where: str) -> list[str]:
    return page.locator(where).evaluate_all("ts => ts.map(t => t.dataset.card)")


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def test_the_worked_auction_and_a_bid_too_low(live_server: str, phones: Phones) -> None:
    """F7–F10: 4 players, dealer 0; 28♦, double, pass, pass, pass ends it, 28♦ doubled."""
    phone = phones()
    phone.goto(live_server + "/check")
    phone.locator(".game-switch").get_by_role("link", name="Fifty-six").click()
    expect(phone.locator("h1")).to_have_text("Check a Fifty-six move")
    expect(phone.locator(".game-tab[aria-current='page']")).to_have_text("Fifty-six")
    expect(phone.locator(".partners:visible")).to_have_text(
        "Team 0: seats 0 & 2 Team 1: seats 1 & 3", use_inner_text=True
    )
    expect(phone.locator("#auction-state")).to_contain_text("no bid yet")
    expect(phone.locator("#pad-h")).to_have_text("The next call: seat 1")

    call(phone, "Seat 1: 28 diamonds")  # a bid said in words, as its button is named
    expect(phone.locator("#verdict .description")).to_have_text("Seat 1 bids 28♦.")
    expect(phone.locator("#bid-value")).to_have_text("29")  # the pad moves on to the next bid
    expect(phone.locator("#auction-state")).to_contain_text("Standing: 28♦ for team 1 (seat 1).")

    # A bid too low is refused with its rule, and not added (F8).
    phone.locator("#bid-down").click()
    call(phone, "Seat 2: 28 spades")
    verdict = phone.locator("#verdict")
    expect(verdict).to_contain_text("Not allowed")
    expect(verdict.locator(".rule-id")).to_have_text("F8")
    expect(verdict.locator(".rule-name")).to_have_text("A bid must go higher")
    expect(verdict.locator(".reason")).to_contain_text("bid 29 or more")
    assert calls(phone) == ["1 28♦"]
    assert "next=28S" in phone.locator("#share-url").input_value()

    for name in ("Seat 2: double", "Seat 3: pass", "Seat 0: pass"):
        call(phone, name)
    expect(phone.locator("#auction-state")).to_contain_text("28♦ for team 1 (seat 1), doubled")
    expect(phone.locator("#legal-calls")).to_have_text(
        "Legal now: seat 1 may pass, bid 29–56 or redouble."
    )
    call(phone, "Seat 1: pass")
    assert calls(phone) == ["1 28♦", "2 double", "3 pass", "0 pass", "1 pass"]
    state = phone.locator("#auction-state")
    expect(state).to_contain_text("The auction is over: 28♦ for team 1 (seat 1), doubled.")
    expect(verdict.locator(".description")).to_contain_text("The auction is over")
    assert fits(phone)
    shot(phone, "checker-56-auction")

    # Any further call is refused: everyone passed after the double (F10).
    call(phone, "Seat 2: pass")
    expect(verdict.locator(".rule-id")).to_have_text("F10")
    expect(verdict.locator(".rule-name")).to_have_text("The auction is over")
    # Taking back the last pass reopens the auction.
    phone.locator("#calls .call").nth(4).click()
    expect(phone.locator("#auction-state")).to_contain_text("Seat 1 to call.")
    assert calls(phone) == ["1 28♦", "2 double", "3 pass", "0 pass"]

    # The link holds the calls: a second phone sees the same auction.
    other = phones()
    other.goto(phone.locator("#share-url").input_value())
    expect(other.locator("#auction-state")).to_contain_text("28♦ for team 1 (seat 1), doubled")
    assert calls(other) == calls(phone)


def test_everyone_passing_is_28_no_trumps_for_the_first_bidder(
    live_server: str, phone: Page
) -> None:
    """F10, with 6 players in pairs: the partners are shown, seat 3 bids first after dealer 2."""
    phone.goto(live_server + "/check/fifty-six")
    choose(phone, "players", "6")
    choose(phone, "teams", "pairs")
    expect(phone.locator(".partners:visible")).to_contain_text("Team 2: seats 2 & 5")
    choose(phone, "dealer", "2")
    for seat in (3, 4, 5, 0, 1, 2):
        call(phone, f"Seat {seat}: pass")
    state = phone.locator("#auction-state")
    expect(state).to_contain_text("The auction is over: 28 NT for team 0 (seat 3).")
    expect(state).to_contain_text("F10")
    assert fits(phone)


def test_a_trick_must_follow_suit_then_a_complete_trick(live_server: str, phones: Phones) -> None:
    """F12: led K♥, trump ♠, hand Q♥ J♠: J♠ is greyed; F13: 10♥ J♥ J♥ Q♥, the first J♥ wins."""
    phone = phones()
    phone.goto(live_server + "/check/fifty-six")
    choose(phone, "mode", "trick")
    expect(phone.locator("input[name='trump'][value='S']")).to_be_checked()
    # The pack for 4 players: J 9 A 10 K Q of each suit, no 8s and 7s (F3).
    expect(phone.locator("#deck .pick:not([hidden])")).to_have_count(24)
    type_cards(phone, "kh")
    phone.locator("#targets [data-target='hand']").click()
    type_cards(phone, "q♥ js")
    assert cards(phone, "[data-tiles='trick'] .tile[data-card]") == ["KH"]
    assert cards(phone, "[data-tiles='hand'] .tile[data-card]") == ["QH", "JS"]
    expect(phone.locator("#trick-note")).to_have_text("K♥ was led; 2 more cards come after yours.")

    jack = phone.locator("#play-hand .tile[data-card='JS']")
    expect(jack).to_have_class("tile suit-S greyed")
    expect(phone.locator("#play-hand .tile[data-card='QH']")).not_to_have_class("greyed")
    refused = phone.locator("#reasons .refused")
    expect(refused).to_have_count(1)
    expect(refused.locator(".rule-id")).to_have_text("F12")
    expect(refused.locator(".rule-name")).to_have_text("Follow suit")
    expect(refused).to_contain_text("play a heart, not J♠")
    phone.locator("#play-hand .tile[data-card='QH']").click()
    expect(phone.locator("#play-verdict .description")).to_have_text("Q♥ is played on K♥.")
    assert fits(phone)

    # A complete trick: two J♥ in one trick (two packs), a card from the hand completes it.
    phone.locator("#targets [data-target='trick']").click()
    phone.locator("[data-tiles='trick'] .tile[data-card='KH']").click()
    type_cards(phone, "10h jh jh")
    assert cards(phone, "[data-tiles='trick'] .tile[data-card]") == ["10H", "JH", "JH"]
    # Both J♥ are in the trick: the picker shows the card as taken for the hand.
    phone.locator("#targets [data-target='hand']").click()
    expect(phone.locator("#deck .pick[data-card='JH']")).to_have_class("pick suit-H taken")
    expect(phone.locator("#trick-note")).to_have_text("10♥ was led; your card completes the trick.")
    # Q♥ stays the card played: its answer is for the new trick.
    verdict = phone.locator("#play-verdict")
    expect(verdict).to_contain_text("Legal")
    winner = verdict.locator(".trick-result .winner")
    expect(winner).to_have_attribute("data-place", "2")
    expect(winner.locator(".tile")).to_have_attribute("data-card", "JH")
    expect(verdict.locator(".trick-won")).to_have_text(
        "J♥ wins — card 2 of 4 in playing order — 7 points."
    )
    assert fits(phone)
    shot(phone, "checker-56-trick")

    # The link holds the trick, the hand and the card played.
    link = phone.locator("#share-url").input_value()
    assert "mode=trick" in link and "trick=10H.JH.JH" in link and "hand=QH.JS" in link
    other = phones()
    other.goto(link)
    expect(other.locator("#play-verdict .trick-won")).to_contain_text("7 points")
    expect(other.locator("#picker")).to_be_hidden()


def test_eight_players_bring_the_eights_and_sevens(live_server: str, phone: Page) -> None:
    """F3: 64 cards with 8 players; a card twice in the hand; a 7 out of the 4-player pack."""
    phone.goto(
        live_server + "/check/fifty-six?mode=trick&players=8&trump=NT&trick=7H&hand=7H.JS.JS"
    )
    assert cards(phone, "[data-tiles='hand'] .tile[data-card]") == ["7H", "JS", "JS"]
    phone.locator("#picker-open").click()
    expect(phone.locator("#deck .pick:not([hidden])")).to_have_count(32)
    expect(phone.locator("#play-hand .tile.greyed")).to_have_count(2)  # both J♠ (F12)
    choose(phone, "players", "4")
    expect(phone.locator("#layout-problem")).to_contain_text("7♥ is not in the pack with 4 players")
    expect(phone.locator("#deck .pick:not([hidden])")).to_have_count(24)
    assert fits(phone)


def test_a_link_that_cannot_be_read_says_so(live_server: str, phone: Page) -> None:
    phone.goto(live_server + "/check/fifty-six?mode=trick&players=4&hand=JS.JS.JS.7H.ZZ")
    notes = phone.locator("#link-notes")
    expect(notes).to_contain_text("J♠ was given more than 2 times")
    expect(notes).to_contain_text("7♥ is not in the pack")
    expect(notes).to_contain_text("“ZZ” is not a card")
    assert cards(phone, "[data-tiles='hand'] .tile[data-card]") == ["JS", "JS"]
    phone.goto(live_server + "/check/fifty-six?calls=28D.zz.p")
    expect(phone.locator("#link-notes")).to_contain_text("“zz” is not a call")
    assert calls(phone) == ["1 28♦", "2 pass"]


def mark(tile: Locator) -> str:
    """The mark drawn on a card's corner (its ::after), "" for none."""
    content = tile.evaluate("t => getComputedStyle(t, '::after').content")
    return "" if content in ("none", "normal") else content.strip('"')


def test_the_card_that_revokes_is_marked_as_such_never_ticked(
    live_server: str, phones: Phones
) -> None:
    """F12: led K♥, hand Q♥ J♠: tapped, J♠ (the revoke) carries ✗ beside "Not allowed", Q♥ ✓."""
    phone = phones()
    phone.goto(live_server + "/check/fifty-six")
    choose(phone, "mode", "trick")
    type_cards(phone, "kh")
    phone.locator("#targets [data-target='hand']").click()
    type_cards(phone, "qh js")
    jack = phone.locator("#play-hand .tile[data-card='JS']")
    expect(jack).to_have_class("tile suit-S greyed")
    jack.click()
    expect(phone.locator("#play-verdict")).to_contain_text("Not allowed")
    expect(jack).to_have_attribute("aria-pressed", "true")
    expect(jack).to_have_attribute("aria-label", "jack of spades: not allowed (F12 · Follow suit)")
    assert mark(jack) == "✗"
    shot(phone, "checker-56-revoke")
    queen = phone.locator("#play-hand .tile[data-card='QH']")
    queen.click()
    expect(phone.locator("#play-verdict")).to_contain_text("Legal")
    assert mark(queen) == "✓"
    assert mark(jack) == ""
