"""A Casino deal played live through its page (/s/<id>/live), play by play, from a fixed shuffle.

The test knows every hand (selfplay.play_deal), but taps only what the table sees: the card
played, what it does, the loose cards and builds it takes, builds on or raises. The deal
recorded at the 48th play is the engine's own record; an illegal play shows its rule and changes
nothing; a reload in the middle loses nothing; a watcher's phone follows.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.rules import GAMES
from scorekeeper.rules.cards import full_deck
from scorekeeper.rules.casino.selfplay import play_deal
from scorekeeper.rules.live import PlayRefused

from . import seep
from .conftest import Phones
from .test_checker import artifact
from .test_live_deal import loose_shown, pressed

pytestmark = pytest.mark.browser

# Two players. Classic, seed 32: builds, a raise that takes in a loose set, builds captured;
# Royal, seed 0: an ace played as 14 (K3) and a raise.
DEALS = [("classic", 32), ("royal", 0)]
SIDES = [
    {"name": "The Very Long Named Casino Sharks Of Chandni Chowk", "players": ["Asha"]},
    {"players": ["Ravi"]},
]


def the_deal(
    variant: str = "classic", seed: int = 32
) -> tuple[dict[str, Any], list[dict[str, Any]], dict[str, Any]]:
    """The start as the page sends it, each play as the API takes it, and the engine's record."""
    played = play_deal(random.Random(seed), 2, variant=variant)
    start = {"dealer": 1, "table": [str(c) for c in played.plays[0][0].loose]}
    plays = [{"seat": p.seat} | m.to_json() for p, m in played.plays]
    casino = GAMES["casino"]
    options = casino.parse_options({"variant": variant})
    state = casino.live.derive(played.table, options, start, plays)
    return start, plays, state.record()


def start_deal(page: Page, start: dict[str, Any]) -> None:
    """The start form: the dealer tapped, the table's four cards typed."""
    page.locator(f"[data-testid=dealer] .value[data-choice='{start['dealer']}']").click()
    page.locator("#floor-search").fill(" ".join(c.lower() for c in start["table"]))
    page.locator("#floor-search").press("Enter")
    expect(page.locator(".live-start-floor .tile")).to_have_count(4)
    page.locator("#start-button").click()
    expect(page.get_by_test_id("live-status")).to_contain_text("Play 1 of 48")


def choose(page: Page, play: dict[str, Any]) -> None:
    """Tap the card, what it does, the loose cards and the builds it takes, adds to or raises."""
    panel = "#play-panel"
    card = f"{panel} .pick[data-card='{play['card']}']"
    if not pressed(page, card):
        page.locator(card).click()
    if play.get("ace") == 14 and not pressed(page, "#ace-14"):
        page.locator("#ace-14").click()
    action = f"{panel} .action[data-action='{play['action']}']"
    if not pressed(page, action):
        page.locator(action).click()
    for loose in play.get("loose", []):
        page.locator(f"#move-floor > .tiles button[data-card='{loose}']").click()
    for value in play.get("builds", []):
        page.locator(f"#move-floor .pile-pick[data-build='{value}']").click()
    if play["action"] == "raise":
        page.locator(f"#move-floor .pile-pick[data-build='{play['build']}']").click()
    if play["action"] == "build":
        page.locator(f"#build-values .value[data-choice='{play['value']}']").click()


def play(page: Page, number: int, move: dict[str, Any], chosen: bool = False) -> None:
    """Enter play `number` (its move `chosen` already) and wait for the page to show the next."""
    if not chosen:
        choose(page, move)
    page.locator("#play-button").click()
    if number < 48:
        expect(page.get_by_test_id("live-status")).to_contain_text(f"Play {number + 1} of 48")
    else:
        expect(page.get_by_test_id("recorded")).to_have_text("Deal 1 recorded")


def an_illegal_capture(
    start: dict[str, Any], plays: list[dict[str, Any]], k: int, variant: str
) -> Any:
    """An unseen card capturing the first loose card, refused by the engine with a rule."""
    casino = GAMES["casino"]
    options = casino.parse_options({"variant": variant})
    table = casino.table_for(2, options)
    before = casino.live.derive(table, options, start, plays[:k]).to_json()
    seen = set(start["table"]) | {p["card"] for p in plays[:k]}
    target = before["position"]["loose"][0]
    for card in (str(c) for c in full_deck()):
        if card in seen:
            continue
        wrong = {"seat": plays[k]["seat"], "card": card, "action": "capture", "loose": [target]}
        try:
            casino.live.derive(table, options, start, [*plays[:k], wrong])
        except PlayRefused as refused:
            if refused.violation.rule:
                return wrong, refused.violation
    raise AssertionError("no illegal capture at this play")


@pytest.mark.parametrize(("variant", "seed"), DEALS)
def test_a_whole_casino_deal_played_live_is_recorded_as_the_engine_records_it(
    live_server: str, phones: Phones, variant: str, seed: int
) -> None:
    start, plays, record = the_deal(variant, seed)
    keeper = phones()
    started = seep.start(keeper.context, live_server, SIDES, game="casino", variant=variant)
    seep.join(keeper, started.keeper_link)
    keeper.goto(f"{started.board}/live")
    watcher = phones()
    watcher.goto(f"{started.board}/live")
    expect(watcher.get_by_test_id("live-status")).to_contain_text("No deal is being played live")
    assert watcher.locator("[data-token]").count() == 0

    expect(keeper.locator("#start-button")).to_be_visible()
    seep.fits(keeper)
    start_deal(keeper, start)
    expect(watcher.get_by_test_id("live-status")).to_contain_text("Play 1 of 48", timeout=3000)

    for number, move in enumerate(plays, start=1):
        if number == 6:
            expect(watcher.get_by_test_id("last-play")).to_contain_text("Play 5:", timeout=3000)
        if number == 20:
            wrong, violation = an_illegal_capture(start, plays, number - 1, variant)
            before = loose_shown(keeper)
            choose(keeper, {k: v for k, v in wrong.items() if k != "seat"})
            keeper.locator("#play-button").click()
            refusal = keeper.get_by_test_id("refusal")
            expect(refusal).to_contain_text(f"{violation.rule} {violation.code}")
            expect(refusal).to_contain_text(violation.reason)
            expect(keeper.get_by_test_id("live-status")).to_contain_text("Play 20 of 48")
            assert loose_shown(keeper) == before
            keeper.locator("#play-panel .action[aria-pressed=true]").click()  # start the move again
        if number == 30:
            before = loose_shown(keeper)
            keeper.reload()
            expect(keeper.get_by_test_id("live-status")).to_contain_text("Play 30 of 48")
            assert loose_shown(keeper) == before
            seep.fits(keeper)
        if move["action"] == "raise":
            # The raise chosen, beside the builds on the table: it all fits a 360-px phone.
            choose(keeper, move)
            raised = f"The build of {move['build']} becomes"
            expect(keeper.locator("#raise-to")).to_contain_text(raised)
            seep.fits(keeper)
            shot = f"live-casino-{variant}"
            keeper.screenshot(path=str(artifact(f"{shot}-360.png")), full_page=True)
            watcher.screenshot(path=str(artifact(f"{shot}-watcher.png")), full_page=True)
        play(keeper, number, move, chosen=move["action"] == "raise")
        if number == 10:
            # Undo takes back the last play in one tap; it is entered again.
            keeper.locator("#undo-button").click()
            expect(keeper.get_by_test_id("live-status")).to_contain_text("Play 10 of 48")
            play(keeper, number, move)

    deals = seep.stored_deals(keeper.context, started)
    assert len(deals) == 1
    assert {k: deals[0][k] for k in record} == record
    stored = keeper.context.request.get(f"{live_server}/api/v1/sessions/{started.id}/live")
    assert stored.status == 404  # the live deal ended with its record
    expect(watcher.get_by_test_id("recorded")).to_have_text("Deal 1 recorded", timeout=3000)


def test_a_play_another_phone_entered_first_shows_the_deal_as_it_stands(
    live_server: str, phones: Phones
) -> None:
    start, plays, _ = the_deal()
    first, second = phones(), phones()
    started = seep.start(first.context, live_server, SIDES, game="casino")
    for phone in (first, second):
        seep.join(phone, started.keeper_link)
    first.goto(f"{started.board}/live")
    start_deal(first, start)
    second.goto(f"{started.board}/live")
    expect(second.get_by_test_id("live-status")).to_contain_text("Play 1 of 48")
    # Another play 1 (the same play again would be answered as the first time, not 409).
    taken = {*start["table"], plays[0]["card"]}
    other = next(c for c in ("2C", "3C", "4C", "5C") if c not in taken)
    choose(second, {"card": other, "action": "trail"})
    play(first, 1, plays[0])
    second.locator("#play-button").click()
    # No error and nothing stored twice: the second phone shows the first phone's play 1.
    expect(second.get_by_test_id("live-status")).to_contain_text("Play 2 of 48")
    expect(second.locator("#live-note")).to_contain_text("Another phone entered this play first")
    expect(second.get_by_test_id("last-play")).to_contain_text("Play 1:")
    answer = second.context.request.get(f"{live_server}/api/v1/sessions/{started.id}/live")
    assert answer.json()["plays"] == [plays[0]]
