"""A Seep deal played live through its page (/s/<id>/live), play by play, from a fixed shuffle.

The test knows every hand (selfplay.play_deal), but taps only what the table sees: the card
played, what it does, the loose cards and houses it takes or builds on. The deal recorded at
the 48th play is the engine's own scoring of that deal. A reload loses nothing, a watcher's
phone follows within 3 s, an illegal play shows its rule and changes nothing, and a play sent
by two phones is stored once.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.rules import GAMES
from scorekeeper.rules.cards import full_deck
from scorekeeper.rules.live import PlayRefused
from scorekeeper.rules.seep.selfplay import SelfPlayDeal, play_deal

from . import seep
from .conftest import Phones
from .test_checker import artifact

pytestmark = pytest.mark.browser

SEED, DEALER = 27, 0  # a deal with captures of houses, builds, raises and a sweep


def the_deal() -> tuple[SelfPlayDeal, dict[str, Any], list[dict[str, Any]]]:
    """The deal played out, its start as the page sends it, and each play as the API takes it."""
    played = play_deal(random.Random(SEED), DEALER)
    bid = played.record.bid
    start = {
        "dealer": DEALER,
        "bid": {"seat": bid.seat, "value": bid.value},
        "floor": [str(c) for c in played.plays[0].board.loose],
    }
    plays = [{"seat": p.seat, **p.move.to_json()} for p in played.plays]
    return played, start, plays


def pressed(page: Page, selector: str) -> bool:
    return page.locator(selector).get_attribute("aria-pressed") == "true"


def start_deal(page: Page, start: dict[str, Any]) -> None:
    """The start form: the dealer (another seat first, then the right one), bid, floor typed."""
    page.locator("[data-testid=dealer] .value[data-choice='3']").click()
    page.locator(f"[data-testid=dealer] .value[data-choice='{start['dealer']}']").click()
    page.locator(f"[data-testid=bid] .value[data-choice='{start['bid']['value']}']").click()
    page.locator("#floor-search").fill(" ".join(c.lower() for c in start["floor"]))
    page.locator("#floor-search").press("Enter")
    expect(page.locator(".live-start-floor .tile")).to_have_count(4)
    page.locator("#start-button").click()
    expect(page.get_by_test_id("live-status")).to_contain_text("Play 1 of 48")


def choose(page: Page, play: dict[str, Any]) -> None:
    """Tap the card, what it does, and the loose cards and house it takes, builds or raises."""
    panel = "#play-panel"
    card = f"{panel} .pick[data-card='{play['card']}']"
    if not pressed(page, card):
        page.locator(card).click()
    action = f"{panel} .action[data-action='{play['action']}']"
    if not pressed(page, action):
        page.locator(action).click()
    for loose in play.get("loose", []):
        page.locator(f"#move-floor > .tiles button[data-card='{loose}']").click()
    if play["action"] == "capture" and play["house"]:
        page.locator(f"#move-floor .pile-pick[data-house='{_value(play['card'])}']").click()
    if play["action"] == "raise":
        page.locator(f"#move-floor .pile-pick[data-house='{play['house']}']").click()
    if play["action"] == "build":
        page.locator(f"#build-values .value[data-choice='{play['value']}']").click()


def _value(card: str) -> int:
    return ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"].index(card[:-1]) + 1


def play(page: Page, number: int, move: dict[str, Any], chosen: bool = False) -> None:
    """Enter play `number` (its move `chosen` already) and wait for the page to show the next."""
    if not chosen:
        choose(page, move)
    page.locator("#play-button").click()
    if number < 48:
        expect(page.get_by_test_id("live-status")).to_contain_text(f"Play {number + 1} of 48")
    else:
        expect(page.get_by_test_id("recorded")).to_have_text("Deal 1 recorded")


def loose_shown(page: Page) -> list[str]:
    cards = page.locator("[data-testid=loose] .tile").evaluate_all(
        "els => els.map(e => e.dataset.card)"
    )
    return sorted(cards)


def an_illegal_throw(start: dict[str, Any], plays: list[dict[str, Any]], k: int) -> Any:
    """A card nobody has seen whose throw at play k+1 the engine refuses; the play and the
    violation (the engine's own verdict, which the page must show)."""
    seep_game = GAMES["seep"]
    options = seep_game.parse_options({})
    table = seep_game.table_for(4, options)
    seen = set(start["floor"]) | {p["card"] for p in plays[:k]}
    for card in (str(c) for c in full_deck()):
        if card in seen:
            continue
        wrong = {"seat": plays[k]["seat"], "card": card, "action": "throw"}
        try:
            seep_game.live.derive(table, options, start, [*plays[:k], wrong])
        except PlayRefused as refused:
            return wrong, refused.violation
    raise AssertionError("no illegal throw at this play")


def test_a_whole_deal_played_live_is_recorded_as_the_engine_scores_it(
    live_server: str, phones: Phones
) -> None:
    played, start, plays = the_deal()
    keeper = phones()
    started = seep.start(keeper.context, live_server)
    seep.join(keeper, started.keeper_link)
    expect(keeper.get_by_role("link", name="Play live")).to_be_visible()
    keeper.get_by_role("link", name="Play live").click()
    watcher = phones()
    watcher.goto(f"{started.board}/live")
    expect(watcher.get_by_test_id("live-status")).to_contain_text("No deal is being played live")
    assert watcher.locator("[data-token]").count() == 0

    expect(keeper.locator("#start-button")).to_be_visible()
    seep.fits(keeper)
    keeper.screenshot(path=str(artifact("live-deal-start-360.png")), full_page=True)
    start_deal(keeper, start)
    expect(watcher.get_by_test_id("live-status")).to_contain_text("Play 1 of 48", timeout=3000)

    for number, move in enumerate(plays, start=1):
        if number == 6:
            # The watcher's phone shows the play just made within 3 s, without a reload.
            expect(watcher.get_by_test_id("last-play")).to_contain_text("Play 5:", timeout=3000)
        if number == 20:
            # An illegal play: the rule and its sentence, and nothing changes.
            wrong, violation = an_illegal_throw(start, plays, number - 1)
            before = loose_shown(keeper)
            choose(keeper, {k: v for k, v in wrong.items() if k != "seat"})
            keeper.locator("#play-button").click()
            refusal = keeper.get_by_test_id("refusal")
            expect(refusal).to_contain_text(f"{violation.rule} {violation.code}")
            expect(refusal).to_contain_text(violation.reason)
            expect(keeper.get_by_test_id("live-status")).to_contain_text("Play 20 of 48")
            assert loose_shown(keeper) == before
            refusal.screenshot(path=str(artifact("live-deal-refusal.png")))
        if number == 30:
            # A reload in the middle of the deal loses nothing.
            keeper.reload()
            expect(keeper.get_by_test_id("live-status")).to_contain_text("Play 30 of 48")
            assert loose_shown(keeper) == sorted(str(c) for c in played.plays[29].board.loose)
        if number == 11:
            # A build with two loose cards beside two houses: it all fits a 360-px phone.
            choose(keeper, move)
            seep.fits(keeper)
            keeper.screenshot(path=str(artifact("live-deal-360.png")), full_page=True)
            watcher.screenshot(path=str(artifact("live-deal-watcher-360.png")), full_page=True)
        play(keeper, number, move, chosen=number == 11)

    stored = seep.stored_deals(keeper.context, started)
    assert len(stored) == 1
    record = played.record.to_json()
    assert [sorted(pile) for pile in stored[0]["captured"]] == [
        sorted(pile) for pile in record["captured"]
    ]
    assert stored[0]["sweeps"] == record["sweeps"]
    assert stored[0]["bid"] == record["bid"] and stored[0]["dealer"] == record["dealer"]
    expect(watcher.get_by_test_id("recorded")).to_have_text("Deal 1 recorded", timeout=3000)
    keeper.get_by_role("link", name="Back to the scoreboard").click()
    expect(keeper.get_by_test_id("deals")).to_be_visible()


def test_two_phones_sending_the_same_play_store_it_once(live_server: str, phones: Phones) -> None:
    _, start, plays = the_deal()
    first, second = phones(), phones()
    started = seep.start(first.context, live_server)
    seep.join(first, started.keeper_link)
    seep.join(second, started.keeper_link)
    first.goto(f"{started.board}/live")
    start_deal(first, start)
    second.goto(f"{started.board}/live")
    expect(second.get_by_test_id("live-status")).to_contain_text("Play 1 of 48")
    # Both phones choose play 1; the first sends it, then the second sends another play 1.
    choose(first, plays[0])
    other = next(c for c in ("2C", "3C", "4C", "5C") if c not in start["floor"])
    choose(second, {"card": other, "action": "throw"})
    first.locator("#play-button").click()
    expect(first.get_by_test_id("live-status")).to_contain_text("Play 2 of 48")
    second.locator("#play-button").click()
    # No error: the second phone shows the deal as it stands, with the first phone's play.
    expect(second.get_by_test_id("live-status")).to_contain_text("Play 2 of 48")
    expect(second.locator("#live-note")).to_contain_text("Another phone entered this play first")
    expect(second.get_by_test_id("last-play")).to_contain_text("Play 1:")
    answer = second.context.request.get(f"{live_server}/api/v1/sessions/{started.id}/live")
    assert len(answer.json()["plays"]) == 1
    # Undo the last play in one tap.
    second.locator("#undo-button").click()
    expect(second.get_by_test_id("live-status")).to_contain_text("Play 1 of 48")
