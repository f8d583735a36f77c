"""A Fifty-six deal played live through its page (/s/<id>/live), call by call and card by card.

The deal comes from self-play with a fixed shuffle (the test knows every hand) but the test taps
only what the table sees: each call on the pad, then each card played. The deal recorded with
the 48th card is the engine's own record of those plays; an illegal call and a revoke are
refused with their rules and change nothing; a reload in the middle loses nothing.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from playwright.sync_api import Page, Route, expect

from scorekeeper.rules.cards import Suit
from scorekeeper.rules.errors import InvalidInput
from scorekeeper.rules.fifty_six.cards import deck
from scorekeeper.rules.fifty_six.live import LIVE
from scorekeeper.rules.fifty_six.options import parse_options, table_for
from scorekeeper.rules.fifty_six.selfplay import play_deal
from scorekeeper.rules.live import PlayRefused
from scorekeeper.rules.violation import Violation

from . import seep
from .conftest import Phones
from .test_checker import artifact

pytestmark = pytest.mark.browser

SIDES = [
    {"name": "The Jacks of Chandni Chowk Fifty-six Club", "players": ["Asha", "Ravi"]},
    {"name": "Nines", "players": ["Meena", "Dev"]},
]
SEED, DEALER = 56, 0
# Seat 1 (first to call, F7) bids 29 hearts, seat 2 doubles, the others pass (F8–F10).
CALLS = [
    {"seat": 1, "call": "bid", "value": 29, "trump": "H"},
    {"seat": 2, "call": "double"},
    {"seat": 3, "call": "pass"},
    {"seat": 0, "call": "pass"},
    {"seat": 1, "call": "pass"},
]
OPTIONS = parse_options({"teams": "sides"})
TABLE = table_for(4, OPTIONS)


def the_plays() -> list[dict[str, Any]]:
    """The calls, then self-play's cards with hearts trumps, led by seat 1 (F12)."""
    played = play_deal(random.Random(SEED), TABLE, DEALER, Suit.HEARTS, leader=1)
    cards = [{"seat": p.seat, "card": str(p.card)} for t in played.tricks for p in t.plays]
    return [*CALLS, *cards]


def refused(plays: list[dict[str, Any]], wrong: dict[str, Any]) -> Violation | None:
    """The engine's own verdict on `wrong` after `plays`, or None if it takes it."""
    try:
        LIVE.derive(TABLE, OPTIONS, {"dealer": DEALER}, [*plays, wrong])
    except PlayRefused as refusal:
        return refusal.violation
    except InvalidInput:
        return None  # a third copy (F3): not a play the page offers
    return None


def a_revoke(plays: list[dict[str, Any]]) -> tuple[int, dict[str, Any], Violation]:
    """The first card play the engine refuses as a revoke (F12): its index, the play, why."""
    codes = sorted({str(c) for c in deck(4)})
    for k in range(len(CALLS), len(plays)):
        for code in codes:
            violation = refused(plays[:k], {"seat": plays[k]["seat"], "card": code})
            if violation is not None and violation.rule == "F12":
                return k, {"seat": plays[k]["seat"], "card": code}, violation
    raise AssertionError("no revoke can show in this deal")


def enter_call(page: Page, call: dict[str, Any]) -> None:
    """Tap the call on the pad: the bid stepped up from 28 and its trump, or the word."""
    if call["call"] != "bid":
        page.locator(f"#{call['call']}-button").click()
        return
    while int(page.locator("#bid-value").inner_text()) < call["value"]:
        page.locator("[data-step='1']").click()
    page.locator(f".fs-trumps [data-trump='{call['trump']}']").click()
    page.locator("#bid-button").click()


def refusal_shown(page: Page, violation: Violation) -> None:
    refusal = page.get_by_test_id("refusal")
    expect(refusal).to_contain_text(f"{violation.rule} {violation.code}")
    expect(refusal).to_contain_text(violation.reason)


def test_a_whole_fifty_six_deal_played_live_is_recorded_as_the_engine_records_it(
    live_server: str, phones: Phones
) -> None:
    plays = the_plays()
    expected = LIVE.derive(TABLE, OPTIONS, {"dealer": DEALER}, plays).record()
    keeper = phones()
    started = seep.start(keeper.context, live_server, SIDES, game="fifty-six", teams="sides")
    seep.join(keeper, started.keeper_link)
    keeper.goto(f"{started.board}/live")
    watcher = phones()
    watcher.goto(f"{started.board}/live")
    expect(watcher.get_by_test_id("live-status")).to_contain_text("No deal is being played live")

    expect(keeper.locator("[data-testid=dealer] [aria-pressed=true]")).to_have_text("Asha")
    keeper.locator("#start-button").click()
    status = keeper.get_by_test_id("live-status")
    expect(status).to_contain_text("Meena to call")

    # An illegal call: doubling with no bid standing is refused with its rule.
    violation = refused([], {"seat": 1, "call": "double"})
    assert violation is not None
    keeper.locator("#double-button").click()
    refusal_shown(keeper, violation)
    expect(status).to_contain_text("Meena to call")
    seep.fits(keeper)
    keeper.screenshot(path=str(artifact("live-fifty-six-auction-360.png")), full_page=True)
    for call in CALLS:
        enter_call(keeper, call)
        expect(keeper.locator("[data-testid=calls] li")).to_have_count(CALLS.index(call) + 1)
    expect(keeper.get_by_test_id("contract")).to_contain_text("29♥ doubled")
    expect(watcher.get_by_test_id("contract")).to_contain_text("29♥ doubled", timeout=3000)

    k, revoke, why = a_revoke(plays)
    for n in range(len(CALLS), len(plays)):
        play = plays[n]
        if n == k:
            keeper.locator(f"#play-panel .pick[data-card='{revoke['card']}']").click()
            refusal_shown(keeper, why)
            assert why.rule == "F12"
        if n == 30:
            keeper.reload()
            expect(status).to_contain_text(f"{keeper_name(play['seat'])} to play")
            played = keeper.locator("[data-testid=trick] .tile").count()
            assert played == (n - len(CALLS)) % 4
        if n == 25:
            # Undo takes back the last card in one tap; it is played again.
            keeper.locator("#undo-button").click()
            expect(status).to_contain_text(f"{keeper_name(plays[n - 1]['seat'])} to play")
            keeper.locator(f"#play-panel .pick[data-card='{plays[n - 1]['card']}']").click()
        if n == 20:
            seep.fits(keeper)
            keeper.screenshot(path=str(artifact("live-fifty-six-tricks-360.png")), full_page=True)
        expect(status).to_contain_text(f"{keeper_name(play['seat'])} to play")
        keeper.locator(f"#play-panel .pick[data-card='{play['card']}']").click()
        if (n - len(CALLS)) % 4 == 3:
            expect(keeper.get_by_test_id("last-trick")).to_contain_text(
                f"Trick {(n - len(CALLS)) // 4 + 1} to"
            )

    expect(keeper.get_by_test_id("recorded")).to_have_text("Deal 1 recorded")
    took = expected["points"]
    expect(keeper.get_by_test_id("result")).to_have_text(
        f"Nines bid 29 and took {took}: {'made' if took >= 29 else 'lost'}."
    )
    stored = seep.stored_deals(keeper.context, started)
    assert len(stored) == 1
    assert {k: stored[0][k] for k in expected} == expected
    expect(watcher.get_by_test_id("recorded")).to_have_text("Deal 1 recorded", timeout=3000)
    # The next poll finds no live deal (404): the page keeps the recorded deal's result.
    with keeper.expect_response(lambda r: r.url.endswith("/live") and r.status == 404):
        pass
    expect(keeper.get_by_test_id("result")).to_be_visible()
    keeper.screenshot(path=str(artifact("live-fifty-six-recorded-360.png")), full_page=True)


def keeper_name(seat: int) -> str:
    """The name in a seat: sides sit alternately (F2)."""
    return ["Asha", "Meena", "Ravi", "Dev"][seat]


def test_a_call_another_phone_entered_first_shows_the_deal_as_it_stands(
    live_server: str, phones: Phones
) -> None:
    first, second = phones(), phones()
    started = seep.start(first.context, live_server, SIDES, game="fifty-six", teams="sides")
    seep.join(first, started.keeper_link)
    seep.join(second, started.keeper_link)
    first.goto(f"{started.board}/live")
    first.locator("#start-button").click()
    second.goto(f"{started.board}/live")
    expect(second.get_by_test_id("live-status")).to_contain_text("Meena to call")
    # The second phone hears nothing of the first's bid of 29♥ (its polls fail) until it
    # sends its own call 1, a pass for Meena.
    stale = [True]

    def hold_polls(route: Route) -> None:
        if route.request.method == "GET" and stale[0]:
            route.abort()
            return
        stale[0] = stale[0] and route.request.method != "POST"
        route.continue_()

    second.route(re.compile(r"/api/v1/sessions/[^/]+/live(/plays)?$"), hold_polls)
    enter_call(first, CALLS[0])
    expect(first.get_by_test_id("live-status")).to_contain_text("Ravi to call")
    second.locator("#pass-button").click()
    expect(second.locator("#live-note")).to_contain_text("Another phone entered this play first")
    expect(second.get_by_test_id("live-status")).to_contain_text("Ravi to call")
    expect(second.locator("[data-testid=calls] li")).to_have_text(["Meena 29♥"])
