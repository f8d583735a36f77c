"""A Fifty-six deal played live through its page (/s/<id>/live), call by call and card by card.

The deal comes from self-play with a fixed shuffle (the test knows every hand) but the test taps
only what the table sees: each call on the pad, then each card played. The deal recorded with
the last card is the engine's own record of those plays, at four players in two sides, six in
three pairs and eight in two sides (F1, F2); an illegal call and a revoke are refused with
their rules and change nothing; a reload in the middle loses nothing; a deal everyone passes is
played at 28 no-trumps by the first bidder's team (F10); after a deal that wins the game, the
next live deal starts a new one (F6).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, Route, expect

from scorekeeper.rules.errors import InvalidInput
from scorekeeper.rules.fifty_six.cards import deck
from scorekeeper.rules.fifty_six.live import LIVE
from scorekeeper.rules.fifty_six.options import parse_options, table_for
from scorekeeper.rules.live import PlayRefused
from scorekeeper.rules.violation import Violation
from tests.helpers import live_deals

from .helpers import seep
from .helpers.artifacts import artifact
from .helpers.live_table import (
    drawn_well,
    follows,
    follows_to_the_end,
    open_live,
    recorded,
    refusal_shown,
    tables_moved,
    watch,
)
from .helpers.phones import Phones

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


# Six players in three pairs, partners opposite (F2: team = seat mod 3): seat 1 bids 28♠, seat
# 2 outbids with 30♦, seat 4 (seat 1's partner) doubles it and seat 5 redoubles, which ends the
# auction at once (F8, F9).
PAIRS = [
    {"name": "Jacks", "players": ["Asha", "Ravi"]},
    {"name": "Nines", "players": ["Meena", "Dev"]},
    {"name": "Aces", "players": ["Kiran", "Tara"]},
]
PAIRS_SEED = 6
PAIRS_CALLS = [
    {"seat": 1, "call": "bid", "value": 28, "trump": "S"},
    {"seat": 2, "call": "bid", "value": 30, "trump": "D"},
    {"seat": 3, "call": "pass"},
    {"seat": 4, "call": "double"},
    {"seat": 5, "call": "redouble"},
]
# Eight players in two sides, one table each (F6): everyone passes, so the deal is played at 28
# no-trumps by the first bidder's team (F10), and whichever team pays is out: the game is won.
EIGHT = [
    {"name": "Jacks", "players": ["Asha", "Ravi", "Kiran", "Uma"]},
    {"name": "Nines", "players": ["Meena", "Dev", "Tara", "Vik"]},
]
EIGHT_SEED = 5


def the_plays() -> list[dict[str, Any]]:
    """The calls, then self-play's cards with hearts trumps, led by seat 1 (F12)."""
    return live_deals.fifty_six(SEED, DEALER, calls=CALLS)[1]


def seat_names(sides: list[dict[str, Any]]) -> list[str]:
    """The player in each seat: seat k is player k // T of team k mod T (F2)."""
    teams = len(sides)
    return [
        sides[k % teams]["players"][k // teams] for k in range(teams * len(sides[0]["players"]))
    ]


NAMES = seat_names(SIDES)  # Asha, Meena, Ravi, Dev: sides sit alternately


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


def enter(page: Page, play: dict[str, Any], names: list[str]) -> None:
    """One play, once the page asks it of its seat: the call on the pad, or the card tapped."""
    status = page.get_by_test_id("live-status")
    if "call" in play:
        expect(status).to_contain_text(f"{names[play['seat']]} to call")
        enter_call(page, play)
        return
    expect(status).to_contain_text(f"{names[play['seat']]} to play")
    page.locator(f"#play-panel .pick[data-card='{play['card']}']").click()


def enter_call(page: Page, call: dict[str, Any]) -> None:
    """Tap the call on the pad: the bid (its tens, then itself) and its trump, or the word."""
    if call["call"] != "bid":
        page.locator(f"#{call['call']}-button").click()
        return
    value = call["value"]
    if page.locator(f".bid-pad [data-bid='{value}']").is_hidden():
        page.locator(f".bid-pad [data-tens='{value // 10 * 10}']").click()
    page.locator(f".bid-pad [data-bid='{value}']").click()
    expect(page.locator("#bid-value")).to_have_text(str(value))
    page.locator(f".fs-trumps [data-trump='{call['trump']}']").click()
    page.locator("#bid-button").click()


def test_a_whole_fifty_six_deal_played_live_is_recorded_as_the_engine_records_it(
    live_server: str, phones: Phones
) -> None:
    plays = the_plays()
    expected = LIVE.derive(TABLE, OPTIONS, {"dealer": DEALER}, plays).record()
    keeper, started = open_live(live_server, phones, SIDES, "fifty-six", teams="sides")
    watcher = watch(phones, started)

    expect(keeper.locator("[data-testid=dealer] [aria-pressed=true]")).to_have_text("Asha")
    drawn_well(keeper)
    keeper.locator("#start-button").click()
    status = keeper.get_by_test_id("live-status")
    expect(status).to_contain_text("Meena to call")

    # An illegal call: doubling with no bid standing is refused with its rule.
    violation = refused([], {"seat": 1, "call": "double"})
    assert violation is not None
    keeper.locator("#double-button").click()
    refusal_shown(keeper, violation)
    expect(status).to_contain_text("Meena to call")
    drawn_well(keeper)
    keeper.screenshot(path=str(artifact("live-fifty-six-auction-360.png")), full_page=True)
    for call in CALLS:
        enter(keeper, call, NAMES)
        expect(keeper.locator("[data-testid=calls] li")).to_have_count(CALLS.index(call) + 1)
        if call is CALLS[0]:  # F8: after 29 the pad starts at 30 and goes no lower
            expect(keeper.locator("#bid-value")).to_have_text("30")
            expect(keeper.locator(".bid-pad [data-bid='29']")).to_have_count(0)
            expect(keeper.locator(".bid-pad .bid-tens")).to_have_text(["30–39", "40–49", "50–56"])
    expect(keeper.get_by_test_id("contract")).to_contain_text("29♥ doubled")
    follows(watcher, "contract", "29♥ doubled")

    k, revoke, why = a_revoke(plays)
    for n in range(len(CALLS), len(plays)):
        play = plays[n]
        if n == k:
            keeper.locator(f"#play-panel .pick[data-card='{revoke['card']}']").click()
            refusal_shown(keeper, why)
            assert why.rule == "F12"
        if n == 30:
            keeper.reload()
            expect(status).to_contain_text(f"{NAMES[play['seat']]} to play")
            played = keeper.locator("[data-testid=trick] .tile").count()
            assert played == (n - len(CALLS)) % 4
        if n == 25:
            # Undo takes back the last card in one tap; it is played again.
            keeper.locator("#undo-button").click()
            expect(status).to_contain_text(f"{NAMES[plays[n - 1]['seat']]} to play")
            keeper.locator(f"#play-panel .pick[data-card='{plays[n - 1]['card']}']").click()
        if n == 20:
            drawn_well(keeper)
            keeper.screenshot(path=str(artifact("live-fifty-six-tricks-360.png")), full_page=True)
        enter(keeper, play, NAMES)
        if (n - len(CALLS)) % 4 == 3:
            expect(keeper.get_by_test_id("last-trick")).to_contain_text(
                f"Trick {(n - len(CALLS)) // 4 + 1} to"
            )

    expect(keeper.get_by_test_id("recorded")).to_have_text("Deal 1 recorded")
    took = expected["points"]
    expect(keeper.get_by_test_id("result")).to_have_text(
        f"Nines bid 29 and took {took}: {'made' if took >= 29 else 'lost'}."
    )
    moved = tables_moved(SIDES, {"teams": "sides"}, expected)
    expect(keeper.get_by_test_id("tables-moved")).to_have_text(moved)
    recorded(keeper, started, expected)
    follows_to_the_end(watcher, keeper)
    expect(watcher.get_by_test_id("tables-moved")).to_have_text(moved)
    # The page never asks the live API now (no deal is under way: a 404 there), whatever its
    # stream tells it (its page part it may ask), and it keeps the recorded deal's result.
    asked: list[str] = []
    keeper.on("request", lambda r: asked.append(r.url))
    keeper.wait_for_timeout(4000)  # as long as two polls
    assert [url for url in asked if url.endswith(f"/api/v1/sessions/{started.id}/live")] == []
    expect(keeper.get_by_test_id("result")).to_be_visible()
    keeper.screenshot(path=str(artifact("live-fifty-six-recorded-360.png")), full_page=True)


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
    # F8: once 56 is bid nothing is higher: the pad says so rather than offer a bid refused.
    enter_call(second, {"call": "bid", "value": 56, "trump": "S"})
    expect(second.get_by_test_id("live-status")).to_contain_text("Dev to call")
    expect(second.locator("#bid-button")).to_be_disabled()
    expect(second.locator("#bid-button")).to_have_text("No bid above 56 (F8)")


def play_whole_deal(
    page: Page,
    started: seep.Started,
    sides: list[dict[str, Any]],
    options: dict[str, Any],
    deal: live_deals.LiveDeal,
    contract: str,
) -> dict[str, Any]:
    """Start the deal and enter every play. The page shows each team's card points and tricks,
    the `contract` and whether it was made (F14), as the engine has them; the deal stored is
    the engine's record of the plays, which is returned."""
    start, plays = deal
    chosen = parse_options(options)
    table = table_for(sum(len(side["players"]) for side in sides), chosen)
    state = LIVE.derive(table, chosen, start, plays)
    page.locator(f"[data-testid=dealer] .value[data-choice='{start['dealer']}']").click()
    drawn_well(page)
    page.locator("#start-button").click()
    names = seat_names(sides)
    calls = sum("call" in play for play in plays)
    for play in plays[:calls]:
        enter(page, play, names)
    # The pack of this table to tap (F3: 8s and 7s too with eight players) fits the phone.
    expect(page.get_by_test_id("live-status")).to_contain_text("Trick 1 ·")
    drawn_well(page)
    page.screenshot(
        path=str(artifact(f"live-fifty-six-{len(names)}-cards-360.png")), full_page=True
    )
    for play in plays[calls:]:
        enter(page, play, names)
    expect(page.get_by_test_id("recorded")).to_have_text("Deal 1 recorded")
    shown = state.to_json()
    for team in range(table.teams):
        expect(page.locator(f"[data-points='{team}']")).to_have_text(str(shown["points"][team]))
        expect(page.locator(f"[data-tricks='{team}']")).to_contain_text(
            f"{shown['tricks_won'][team]} trick"
        )
    expect(page.get_by_test_id("contract")).to_contain_text(f"Contract: {contract}")
    value, took = shown["contract"]["value"], shown["points"][shown["contract"]["team"]]
    expect(page.get_by_test_id("result")).to_have_text(
        f"{sides[shown['contract']['team']]['name']} bid {value} and took {took}: "
        f"{'made' if took >= value else 'lost'}."
    )
    record = state.record()
    recorded(page, started, record)
    return record


def test_six_players_in_three_pairs_play_a_deal_recorded_as_the_engine_records_it(
    live_server: str, phones: Phones
) -> None:
    options = {"teams": "pairs"}
    deal = live_deals.fifty_six(PAIRS_SEED, 0, players=6, options=options, calls=PAIRS_CALLS)
    keeper, started = open_live(live_server, phones, PAIRS, "fifty-six", **options)
    # Three teams' boxes, and six dealers to choose from, each in its team's colour (F2).
    expect(keeper.locator("[data-points]")).to_have_count(3)
    expect(keeper.locator("[data-testid=dealer] .value.team-2")).to_have_text(["Kiran", "Tara"])
    # F9: a redouble ends the auction; the contract is the bid of seat 2 (Kiran, Aces).
    play_whole_deal(keeper, started, PAIRS, options, deal, "30♦ redoubled by Kiran (Aces)")
    drawn_well(keeper)
    keeper.screenshot(path=str(artifact("live-fifty-six-pairs-360.png")), full_page=True)


def test_a_deal_everyone_passes_is_played_at_28_and_winning_the_game_leads_to_a_new_one(
    live_server: str, phones: Phones
) -> None:
    options = {"tables": 1}
    deal = live_deals.fifty_six(EIGHT_SEED, 0, players=8, options=options)
    keeper, started = open_live(live_server, phones, EIGHT, "fifty-six", **options)
    watcher = watch(phones, started)
    passes = len(EIGHT) * len(EIGHT[0]["players"])
    assert [play["call"] for play in deal[1][:passes]] == ["pass"] * passes
    # F10: nobody bid: the first bidder's team (seat 1, Meena's Nines) plays 28 no-trumps; the
    # record keeps no contract, only the points of that team.
    record = play_whole_deal(keeper, started, EIGHT, options, deal, "28 NT by Meena (Nines)")
    assert record["contract"] is None
    follows(watcher, "recorded", "Deal 1 recorded")
    # With one table each, the team that pays is out: the game is won (F6, F15, F17). The next
    # live deal starts the next game, the deal passing on to seat 1 (F7).
    keeper.get_by_role("link", name="Play the next deal live").click()
    expect(keeper.get_by_test_id("new-game")).to_contain_text("starts a new one")
    expect(keeper.locator("[data-testid=dealer] [aria-pressed=true]")).to_have_text("Meena")
    drawn_well(keeper)
    keeper.locator("#start-button").click()
    expect(keeper.get_by_test_id("live-status")).to_contain_text("Auction · Ravi to call")
    live = keeper.context.request.get(f"{started.base}/api/v1/sessions/{started.id}/live").json()
    assert (live["new_game"], live["dealer"], live["out"]) == (True, 1, [])
    # The watcher's page follows the new deal as deal 2, deal 1's result gone from it.
    follows(watcher, "live-status", "Ravi to call")
    expect(watcher.locator("[data-deal-number]")).to_have_text("2")
    expect(watcher.locator("#done-panel")).to_be_hidden()
    expect(watcher.locator("[data-points='1']")).to_have_text("0")


def test_the_seats_of_a_team_out_of_tables_sit_out_of_the_auction(
    live_server: str, phones: Phones
) -> None:
    # Three pairs with one table each: Jacks (seats 0 and 3) lose a contract and are out (F6).
    keeper, started = open_live(live_server, phones, PAIRS, "fifty-six", teams="pairs", tables=1)
    lost = {"contract": {"seat": 0, "value": 28, "trump": "S"}, "points": 0, "dealer": 1}
    seep.add_deal(keeper.context, started, lost)
    keeper.reload()
    expect(keeper.locator("[data-out]")).to_contain_text("out of tables (F6)")
    expect(keeper.locator("[data-team='0'] [data-out]")).to_have_count(1)
    # F7: the deal passes to Kiran; Ravi (seat 3) sits out, so Dev calls first, then Tara, and
    # after her Meena, past Asha.
    expect(keeper.locator("[data-testid=dealer] [aria-pressed=true]")).to_have_text("Kiran")
    expect(keeper.locator("#start-panel")).to_contain_text("Dev calls first (F7).")
    keeper.locator("#start-button").click()
    names = seat_names(PAIRS)
    for seat in (4, 5):
        enter(keeper, {"seat": seat, "call": "pass"}, names)
    expect(keeper.get_by_test_id("live-status")).to_contain_text("Auction · Meena to call")
