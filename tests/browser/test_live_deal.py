"""A Seep deal played live through its page (/s/<id>/live), play by play, from a fixed shuffle.

The test knows every hand (selfplay.play_deal), but taps only what the table sees: the card
played, what it does, the loose cards and houses it takes or builds on. The deal recorded at
the 48th play is the engine's own scoring of that deal, with four players and with two (S1,
S4: 24 cards each). A reload loses nothing, a watcher's phone follows within 3 s, an illegal
play shows its rule and changes nothing, and a play sent by two phones is stored once.
"""

from __future__ import annotations

from typing import Any

import live_deals
import pytest
from playwright.sync_api import expect

from scorekeeper.rules import GAMES
from scorekeeper.rules.cards import full_deck
from scorekeeper.rules.live import PlayRefused

from . import live_table as live
from . import seep
from .conftest import Phones
from .test_checker import artifact

pytestmark = pytest.mark.browser

SEED, DEALER = 27, 0  # a deal with captures of houses, builds, raises and a sweep
# Two players (S1, S4): builds, three raises, houses captured and a sweep.
TWO_SEED, TWO = 2, [{"players": ["Asha"]}, {"players": ["Meena"]}]


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
    start, plays = live_deals.seep(SEED, DEALER)
    keeper, started = live.open_live(live_server, phones, seep.PLAIN, "seep")
    watcher = live.watch(phones, started)

    keeper.screenshot(path=str(artifact("live-deal-start-360.png")), full_page=True)
    live.start_deal(keeper, start, watcher)

    for number, move in enumerate(plays, start=1):
        if number == 6:
            live.follows(watcher, "last-play", "Play 5:")
        if number == 20:
            # An illegal play: the rule and its sentence, and nothing changes.
            wrong, violation = an_illegal_throw(start, plays, number - 1)
            live.refused(keeper, number, wrong, violation)
            keeper.get_by_test_id("refusal").screenshot(path=str(artifact("live-deal-refusal.png")))
        if number == 30:
            live.reloaded(keeper, number)
        if number == 11:
            # A build with two loose cards beside two houses: it all fits a 360-px phone.
            live.choose(keeper, move)
            live.drawn_well(keeper)
            keeper.screenshot(path=str(artifact("live-deal-360.png")), full_page=True)
            watcher.screenshot(path=str(artifact("live-deal-watcher-360.png")), full_page=True)
        live.play(keeper, number, move, chosen=number == 11)

    live.recorded(keeper, started, live.engine_record("seep", 4, {}, start, plays))
    live.follows(watcher, "recorded", "Deal 1 recorded")
    keeper.get_by_role("link", name="Back to the scoreboard").click()
    expect(keeper.get_by_test_id("deals")).to_be_visible()


def test_a_two_player_deal_played_live_is_recorded_as_the_engine_scores_it(
    live_server: str, phones: Phones
) -> None:
    """S1, S4: the bidder and the dealer each hold 24 cards, dealt 4, 8 then 12; the turn
    passes between them for all 48 plays."""
    start, plays = live_deals.seep(TWO_SEED, DEALER, players=2)
    assert start["bid"]["seat"] == 1  # S1: with two players the other seat bids
    keeper, started = live.open_live(live_server, phones, TWO, "seep")
    expect(keeper.locator("#start-panel h3").nth(1)).to_have_text("Bid by Meena")
    live.start_deal(keeper, start)
    live.play_out(keeper, plays[:24], ["Asha", "Meena"])
    # Both hands are empty: 12 more cards each, and the turn goes on (S4).
    live.drawn_well(keeper)
    keeper.screenshot(path=str(artifact("live-deal-two-players-360.png")), full_page=True)
    live.play_out(keeper, plays[24:], ["Asha", "Meena"], first=25)
    live.recorded(keeper, started, live.engine_record("seep", 2, {}, start, plays))


def test_two_phones_sending_the_same_play_store_it_once(live_server: str, phones: Phones) -> None:
    start, plays = live_deals.seep(SEED, DEALER)
    first, second, started = live.two_scorers(live_server, phones, seep.PLAIN, "seep", start)
    # Both phones choose play 1; the first sends it, then the second sends another play 1.
    live.choose(first, plays[0])
    other = next(c for c in ("2C", "3C", "4C", "5C") if c not in start["floor"])
    live.choose(second, {"card": other, "action": "throw"})
    live.play(first, 1, plays[0], chosen=True)
    live.second_to_play(second, started, plays[0])
    # Undo the last play in one tap.
    second.locator("#undo-button").click()
    expect(second.get_by_test_id("live-status")).to_contain_text("Play 1 of 48")
