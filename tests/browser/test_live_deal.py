"""A Seep deal played live through its page (/s/<id>/live), play by play, from a fixed shuffle.

The test knows every hand (selfplay.play_deal), but taps only what the table sees: the card
played, what it does, the loose cards and houses it takes or builds on. The deal recorded at
the 48th play is the engine's own scoring of that deal, with four players and with two (S1,
S4: 24 cards each). A reload loses nothing, a watcher's phone follows within 3 s, an illegal
play shows its rule and changes nothing, a play sent by two phones is stored once, and one
tapped while offline is sent once the connection is back.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from scorekeeper.rules import GAMES
from scorekeeper.rules.cards import full_deck
from scorekeeper.rules.live import PlayRefused
from tests.helpers import live_deals

from .helpers import live_table as live
from .helpers import seep
from .helpers.artifacts import artifact
from .helpers.phones import Phones

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
    live.follows_to_the_end(watcher, keeper)
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


def test_a_play_sent_while_offline_is_kept_chosen_and_sent_once_back_online(
    live_server: str, phones: Phones
) -> None:
    """A dropped connection: the play tapped is not lost (still chosen, the page says so) and,
    once the connection is back, the page says it can be sent; one tap stores it once."""
    start, plays = live_deals.seep(SEED, DEALER)
    keeper, started = live.open_live(live_server, phones, seep.PLAIN, "seep")
    live.start_deal(keeper, start)
    live.choose(keeper, plays[0])
    keeper.context.set_offline(True)
    keeper.locator("#play-button").click()
    live.drawn_well(keeper)  # one note: the start panel put away holds none
    note = keeper.locator("#live-note")
    expect(note).to_contain_text("Could not reach the server")
    expect(keeper.locator(f"#play-panel .pick[data-card='{plays[0]['card']}']")).to_have_attribute(
        "aria-pressed", "true"
    )
    keeper.context.set_offline(False)
    expect(note).to_contain_text("The connection is back", timeout=5000)
    live.play(keeper, 1, plays[0], chosen=True)
    answer = keeper.context.request.get(f"{started.base}/api/v1/sessions/{started.id}/live")
    assert answer.json()["plays"] == [plays[0]]


def test_a_deal_stopped_mid_way_is_entered_whole_instead(live_server: str, phones: Phones) -> None:
    """Stopping asks first, naming the plays it discards; once stopped, the deal form opens and
    the scoreboard offers the next deal again, entered whole or live."""
    start, plays = live_deals.seep(SEED, DEALER)
    keeper, started = live.open_live(live_server, phones, seep.PLAIN, "seep")
    live.start_deal(keeper, start)
    live.play(keeper, 1, plays[0])
    keeper.locator("#stop-button").click()
    # One play is "its play", never "its 1 play are" (words.js's plural forms).
    expect(keeper.locator("#stop-q")).to_have_text(
        "Stop playing deal 1 live? Its play is discarded and you enter the deal whole."
    )
    expect(keeper.get_by_role("button", name="Discard the play", exact=True)).to_be_visible()
    keeper.get_by_role("button", name="Keep playing live").click()
    live.play(keeper, 2, plays[1])
    keeper.locator("#stop-button").click()
    expect(keeper.locator("#stop-q")).to_have_text(
        "Stop playing deal 1 live? Its 2 plays are discarded and you enter the deal whole."
    )
    expect(keeper.get_by_role("button", name="Discard the 2 plays")).to_be_visible()
    keeper.get_by_role("button", name="Keep playing live").click()
    expect(keeper.locator("#stop-q")).to_have_count(0)
    live.play(keeper, 3, plays[2])

    keeper.locator("#stop-button").click()
    live.drawn_well(keeper)
    keeper.screenshot(path=str(artifact("live-deal-stop-360.png")), full_page=True)
    keeper.get_by_role("button", name="Discard the 3 plays").click()

    expect(keeper).to_have_url(f"{started.board}/deals/new")
    expect(keeper.get_by_role("button", name="Save deal 1")).to_be_visible()
    answer = keeper.context.request.get(f"{started.base}/api/v1/sessions/{started.id}/live")
    assert answer.status == 404


def test_a_wrong_floor_card_is_put_right_by_taking_the_start_back(
    live_server: str, phones: Phones
) -> None:
    """A card turned up wrong at the start: one tap takes the start back (no play yet), the
    start panel comes back as it was sent, and a watcher is not told a deal was recorded."""
    start, plays = live_deals.seep(SEED, DEALER)
    keeper, started = live.open_live(live_server, phones, seep.PLAIN, "seep")
    watcher = live.watch(phones, started)
    right = start["floor"][-1]
    wrong = next(str(c) for c in full_deck() if str(c) not in start["floor"])
    sent = [*start["floor"][:3], wrong]
    live.start_deal(keeper, {**start, "floor": sent}, watcher)

    keeper.get_by_role("button", name="Undo the start").click()

    expect(keeper.get_by_test_id("live-status")).to_contain_text("Start the deal")
    tiles = keeper.locator(".live-start-floor .tile")
    expect(tiles).to_have_count(4)
    assert sorted(tiles.evaluate_all("els => els.map(e => e.dataset.card)")) == sorted(sent)
    bid = keeper.locator(f"[data-testid=bid] .value[data-choice='{start['bid']['value']}']")
    expect(bid).to_have_attribute("aria-pressed", "true")
    live.follows(watcher, "live-status", "No deal is being played live")
    expect(watcher.get_by_test_id("recorded")).to_have_count(0)
    keeper.locator(f".live-start-floor .tile[data-card='{wrong}']").click()
    keeper.locator(f"#start-panel .pick[data-card='{right}']").click()
    keeper.locator("#start-button").click()
    expect(keeper.get_by_test_id("live-status")).to_contain_text("Play 1 of 48")
    live.play(keeper, 1, plays[0])
    live.follows(watcher, "last-play", "Play 1:")


def test_another_phones_undo_and_stop_are_said_on_this_phone(
    live_server: str, phones: Phones
) -> None:
    """A play taken back, or the deal stopped, on another phone changes this phone's page with a
    word of why, not silently (a half-chosen play vanished, a deal became a blank start)."""
    start, plays = live_deals.seep(SEED, DEALER)
    first, second, _started = live.two_scorers(live_server, phones, seep.PLAIN, "seep", start)
    for number, move in enumerate(plays[:2], start=1):
        live.play(first, number, move)
    live.follows(second, "live-status", "Play 3 of 48")
    second.locator("#undo-button").click()
    note = first.locator("#live-note")
    expect(note).to_have_text("Another phone took back play 2.", timeout=3000)
    live.follows(first, "live-status", "Play 2 of 48")
    second.locator("#stop-button").click()
    second.locator("#stop-confirm").click()
    expect(note).to_have_text(
        "Another phone stopped playing deal 1 live, to enter it whole: its plays were discarded.",
        timeout=3000,
    )
    expect(first.locator("#start-button")).to_be_visible()


def test_a_live_page_answers_typing_and_keeps_a_keyboard_s_place(
    live_server: str, phones: Phones
) -> None:
    """What cannot be typed into a card box stays there with the reason (it was wiped, or left
    without a word); a button pressed from the keyboard keeps the focus as the panel is drawn
    again, and a card typed moves it on to what the card does."""
    start, plays = live_deals.seep(SEED, DEALER)
    keeper, _started = live.open_live(live_server, phones, seep.PLAIN, "seep")
    dealer = keeper.locator(f"[data-testid=dealer] .value[data-choice='{start['dealer']}']")
    dealer.focus()
    keeper.keyboard.press("Enter")
    expect(dealer).to_be_focused()

    floor = start["floor"]
    box = keeper.locator("#floor-search")
    fifth = next(str(c) for c in full_deck() if str(c) not in floor).lower()
    box.fill(" ".join(["zz", floor[0], floor[0], "q", *floor[1:], fifth]))
    box.press("Enter")
    expect(keeper.locator(".live-start-floor .tile")).to_have_count(4)
    note = keeper.locator("#floor-search-note")
    expect(note).to_contain_text("“zz” is not a card.")
    expect(note).to_contain_text(f"“{floor[0]}” is on the floor already.")
    expect(note).to_contain_text("“q” matches 4 cards")
    expect(note).to_contain_text("would be a fifth card")
    expect(keeper.locator("#floor-search")).to_have_value(re.compile(r"^zz \S+ q \S+$"))

    keeper.locator(f"[data-testid=bid] .value[data-choice='{start['bid']['value']}']").click()
    keeper.locator("#start-button").click()
    expect(keeper.get_by_test_id("live-status")).to_contain_text("Play 1 of 48")
    card = keeper.locator("#card-search")
    card.fill(floor[0].lower())
    card.press("Enter")
    expect(keeper.locator("#card-search-note")).to_have_text(
        f"“{floor[0].lower()}” is seen already: on the table or played."
    )
    keeper.locator("#card-search").fill(plays[0]["card"].lower())
    keeper.locator("#card-search").press("Enter")
    expect(keeper.locator(f"#play-panel .pick[data-card='{plays[0]['card']}']")).to_have_attribute(
        "aria-pressed", "true"
    )
    expect(keeper.locator("#play-panel .action").first).to_be_focused()
    live.drawn_well(keeper)
