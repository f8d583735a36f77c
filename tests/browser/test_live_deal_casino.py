"""A Casino deal played live through its page (/s/<id>/live), play by play, from a fixed shuffle.

The test knows every hand (selfplay.play_deal), but taps only what the table sees: the card
played, what it does, the loose cards and builds it takes, builds on or raises. The deal
recorded at the 48th play is the engine's own record, at every table of K1: two players
(classic and Royal), three alone, four in two partnerships, and the finished page shows what
the deal scored and the cards left on the table. An illegal play shows its rule and changes
nothing; a reload in the middle loses nothing; a watcher's phone follows. A build's value is
asked for unless the cards allow only one; each play reads as it was made.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from scorekeeper.rules import GAMES
from scorekeeper.rules.cards import Card, full_deck
from scorekeeper.rules.live import PlayRefused
from tests.helpers import live_deals

from .helpers import live_table as live
from .helpers.artifacts import artifact
from .helpers.live_table import deal_end_shown, names
from .helpers.phones import Phones

pytestmark = pytest.mark.browser

# Two players. Classic, seed 32: builds, a raise that takes in a loose set, builds captured;
# Royal, seed 0: an ace played as 14 (K3) and a raise.
DEALS = [("classic", 32), ("royal", 0)]
SIDES = [
    {"name": "The Very Long Named Casino Sharks Of Chandni Chowk", "players": ["Asha"]},
    {"players": ["Ravi"]},
]
# K1's other tables, each a whole deal with builds and builds captured: three players alone,
# sweeps scored (K12; seed 31: two sweeps), and four in two partnerships, partners opposite
# (seed 26: a raise).
SHAPES = [
    pytest.param(
        [{"players": [name]} for name in ("Asha", "Ravi", "Meena")],
        {"sweeps": "on"},
        31,
        ["Asha", "Ravi", "Meena"],
        id="three alone",
    ),
    pytest.param(
        [
            {"name": "Lions", "players": ["Asha", "Ravi"]},
            {"name": "Tigers", "players": ["Meena", "Dev"]},
        ],
        {"partnerships": "on"},
        26,
        ["Asha", "Meena", "Ravi", "Dev"],  # seat k is player k // 2 of side k mod 2
        id="two partnerships",
    ),
]


def the_deal(
    variant: str = "classic", seed: int = 32
) -> tuple[dict[str, Any], list[dict[str, Any]], dict[str, Any]]:
    """The start as the page sends it, each play as the API takes it, and the engine's record."""
    options = {"variant": variant}
    start, plays = live_deals.casino(seed, 2, options)
    return start, plays, live.engine_record("casino", 2, options, start, plays)


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
    keeper, started = live.open_live(live_server, phones, SIDES, "casino", variant=variant)
    watcher = live.watch(phones, started)

    live.start_deal(keeper, start, watcher)

    for number, move in enumerate(plays, start=1):
        if number == 6:
            live.follows(watcher, "last-play", "Play 5:")
        if number == 20:
            wrong, violation = an_illegal_capture(start, plays, number - 1, variant)
            live.refused(keeper, number, wrong, violation)
        if number == 30:
            live.reloaded(keeper, number)
        if move["action"] == "raise":
            # The raise chosen, beside the builds on the table: it all fits a 360-px phone.
            live.choose(keeper, move)
            raised = f"The build of {move['build']} becomes"
            expect(keeper.locator("#raise-to")).to_contain_text(raised)
            live.drawn_well(keeper)
            shot = f"live-casino-{variant}"
            keeper.screenshot(path=str(artifact(f"{shot}-360.png")), full_page=True)
            watcher.screenshot(path=str(artifact(f"{shot}-watcher.png")), full_page=True)
        live.play(keeper, number, move, chosen=move["action"] == "raise")
        if move["action"] == "raise":
            # The raise says the value it made (the engine's build now holding the card) and
            # the loose cards it took in (K6).
            expect(keeper.get_by_test_id("last-play")).to_contain_text(
                raise_said(variant, start, plays[:number])
            )
        if number == 10:
            # Undo takes back the last play in one tap; it is entered again.
            keeper.locator("#undo-button").click()
            expect(keeper.get_by_test_id("live-status")).to_contain_text("Play 10 of 48")
            live.play(keeper, number, move)

    live.recorded(keeper, started, record)
    final = engine_state(2, {"variant": variant}, start, plays)
    deal_end_shown(keeper, SIDES, {"variant": variant}, final, record)
    live.follows_to_the_end(watcher, keeper)
    deal_end_shown(watcher, SIDES, {"variant": variant}, final, record)


@pytest.mark.parametrize(("sides", "options", "seed", "seats"), SHAPES)
def test_a_whole_deal_at_three_or_in_partnerships_is_recorded_as_the_engine_records_it(
    live_server: str,
    phones: Phones,
    sides: list[dict[str, Any]],
    options: dict[str, str],
    seed: int,
    seats: list[str],
) -> None:
    """K1, K2: the turn goes round every seat, 4 cards a round (4 rounds of 12 plays for three,
    3 of 16 for four); what a seat takes counts for its side."""
    players = len(seats)
    start, plays = live_deals.casino(seed, players, options)
    record = live.engine_record("casino", players, options, start, plays)
    keeper, started = live.open_live(live_server, phones, sides, "casino", **options)
    expect(keeper.locator(".live-team")).to_have_count(len(sides))
    live.start_deal(keeper, start)
    expect(keeper.get_by_test_id("live-status")).to_contain_text(f"Round 1 of {48 // players // 4}")

    live.play_out(keeper, plays[:24], seats)
    # Halfway: every side's box, the table and the play panel, drawn whole on a 360-px phone.
    live.drawn_well(keeper)
    keeper.screenshot(path=str(artifact(f"live-casino-{players}-seats-360.png")), full_page=True)
    live.play_out(keeper, plays[24:-1], seats, first=25)
    # Before the last play each side's box shows the cards and sweeps it has taken so far.
    taken = engine_taken(players, options, start, plays[:-1])
    for side, cards in enumerate(taken["cards"]):
        expect(keeper.locator(f"[data-points='{side}']")).to_have_text(str(cards))
        sweeps = taken["sweeps"][side]
        if sweeps:
            swept = f"{sweeps} sweep{'s' if sweeps > 1 else ''}"
            expect(keeper.locator(f"[data-taken='{side}']")).to_contain_text(swept)
    live.play(keeper, 48, plays[-1])
    live.recorded(keeper, started, record)
    assert sum(record["cards"]) == 52 and len(record["cards"]) == len(sides)
    deal_end_shown(keeper, sides, options, engine_state(players, options, start, plays), record)
    keeper.screenshot(path=str(artifact(f"live-casino-{players}-seats-end.png")), full_page=True)


def engine_taken(
    players: int, options: dict[str, str], start: dict[str, Any], plays: list[dict[str, Any]]
) -> dict[str, Any]:
    """What each side has taken after these plays (cards, sweeps …), by the live engine."""
    taken: dict[str, Any] = engine_state(players, options, start, plays)["taken"]
    return taken


def engine_state(
    players: int, options: dict[str, str], start: dict[str, Any], plays: list[dict[str, Any]]
) -> dict[str, Any]:
    """The live engine's state after these plays, as GET …/live answers it."""
    casino = GAMES["casino"]
    chosen = casino.parse_options(options)
    state: dict[str, Any] = casino.live.derive(
        casino.table_for(players, chosen), chosen, start, plays
    ).to_json()
    return state


def raise_said(variant: str, start: dict[str, Any], plays: list[dict[str, Any]]) -> str:
    """What the page says of the last play, a raise: the build's old value and the engine's
    new one, the card, and the loose cards taken in."""
    move = plays[-1]
    after = engine_state(2, {"variant": variant}, start, plays)
    new = next(b["value"] for b in after["position"]["builds"] if move["card"] in b["cards"])
    said = f"raised the build of {move['build']} to {new} with {pretty(move['card'])}"
    loose = move.get("loose") or []
    return said + (f", taking in {names(loose)}" if loose else "")


def pretty(card: str) -> str:
    """A card as the page writes it: 10D → 10♦ (the engine's own words)."""
    return Card.parse(card).pretty


def test_a_play_another_phone_entered_first_shows_the_deal_as_it_stands(
    live_server: str, phones: Phones
) -> None:
    start, plays, _ = the_deal()
    first, second, started = live.two_scorers(live_server, phones, SIDES, "casino", start)
    # Another play 1 (the same play again would be answered as the first time, not 409).
    taken = {*start["table"], plays[0]["card"]}
    other = next(c for c in ("2C", "3C", "4C", "5C") if c not in taken)
    live.choose(second, {"card": other, "action": "trail"})
    live.play(first, 1, plays[0])
    live.second_to_play(second, started, plays[0])


def test_a_build_asks_its_value_unless_one_fits_and_each_play_reads_as_made(
    live_server: str, phones: Phones
) -> None:
    """K5: 4♠ with a loose 4♥ builds 4 (two sets) or 8, so the page asks, and Play waits;
    6♦ with 4♥ and 10♥ can only be a multiple build of 10 (20 is no build), so it is chosen.
    Each play then reads as made: a build joined (K7), a raise taking in a loose set (K6)."""
    keeper, started = live.open_live(live_server, phones, SIDES, "casino")
    start = {"dealer": 1, "table": ["4H", "10H", "3H", "6C"]}
    live.start_deal(keeper, start)
    panel = keeper.locator("#play-panel")
    keeper.locator("#play-panel .pick[data-card='4S']").click()
    keeper.locator("#play-panel .action[data-action='build']").click()
    expect(panel.locator(".live-hint")).to_have_text(
        "Tap the loose cards it builds with, and the build's value."
    )
    expect(keeper.locator("#play-button")).to_be_disabled()
    keeper.locator("#move-floor > .tiles button[data-card='4H']").click()
    expect(panel.locator("#build-values .value[aria-pressed=true]")).to_have_count(0)
    expect(panel.locator(".live-hint")).to_have_text("Tap the build's value, 2 to 10.")
    expect(keeper.locator("#play-button")).to_be_disabled()
    expect(panel.locator("#build-values .value[data-choice='11']")).to_have_count(0)  # K5
    keeper.locator("#build-values .value[data-choice='8']").click()
    expect(keeper.locator("#play-button")).to_be_enabled()
    keeper.screenshot(path=str(artifact("live-casino-build-value-asked.png")), full_page=True)

    keeper.locator("#play-panel .action[data-action='build']").click()  # the move starts again
    keeper.locator("#play-panel .pick[data-card='6D']").click()
    keeper.locator("#play-panel .action[data-action='build']").click()
    for card in ("4H", "10H"):
        keeper.locator(f"#move-floor > .tiles button[data-card='{card}']").click()
    expect(panel.locator("#build-values .value[aria-pressed=true]")).to_have_text("10")
    expect(keeper.locator("#play-button")).to_be_enabled()
    keeper.locator("#play-button").click()
    expect(keeper.get_by_test_id("live-status")).to_contain_text("Play 2 of 48")

    plays = [
        {"seat": 0, "card": "6D", "action": "build", "value": 10, "loose": ["4H", "10H"]},
        {"seat": 1, "card": "10S", "action": "build", "value": 10, "loose": []},
        {"seat": 0, "card": "AS", "action": "build", "value": 4, "loose": ["3H"]},
        {"seat": 1, "card": "2D", "action": "raise", "build": 4, "loose": ["6C"]},
    ]
    said = [
        "Asha built 6♦ with 4♥ and 10♥ into a multiple build of 10.",
        "Ravi added 10♠ to the build of 10.",
        "Asha built A♠ with 3♥ into a build of 4.",
        "Ravi raised the build of 4 to 6 with 2♦, taking in 6♣.",
    ]
    for number, (move, sentence) in enumerate(zip(plays, said, strict=True), start=1):
        if number > 1:
            live.play(keeper, number, move)
        expect(keeper.get_by_test_id("last-play")).to_have_text(f"Play {number}: {sentence}")
        stored = keeper.context.request.get(f"{started.base}/api/v1/sessions/{started.id}/live")
        assert stored.json()["plays"] == plays[:number]  # the page sent the play it tells
    assert raise_said("classic", start, plays) in said[-1]
    keeper.screenshot(path=str(artifact("live-casino-raise-said.png")), full_page=True)


@pytest.mark.parametrize(("aces", "offered"), [("capturing", True), ("one", False)])
def test_the_ace_is_offered_as_14_only_where_the_aces_option_lets_it(
    live_server: str, phones: Phones, aces: str, offered: bool
) -> None:
    """K3: with "14 only when capturing" the ace's 14 goes when the play is a build; with
    "Always 1" it is never offered. Pagat's example is then played: the ace as 14 captures
    A + K, the captured ace counting 1."""
    keeper, _ = live.open_live(live_server, phones, SIDES, "casino", variant="royal", aces=aces)
    live.start_deal(keeper, {"dealer": 1, "table": ["AD", "KC", "5S", "9H"]})
    keeper.locator("#play-panel .pick[data-card='AH']").click()
    ace = keeper.locator("#ace-14")
    expect(ace).to_have_count(int(offered))
    if not offered:
        return
    keeper.locator("#play-panel .action[data-action='build']").click()
    expect(ace).to_have_count(0)  # a build counts the played ace 1
    keeper.locator("#play-panel .action[data-action='capture']").click()
    live.choose(keeper, {"card": "AH", "action": "capture", "loose": ["AD", "KC"], "ace": 14})
    live.play(keeper, 1, {}, chosen=True)
    expect(keeper.get_by_test_id("last-play")).to_contain_text("K♣")
    expect(keeper.get_by_test_id("live-status")).to_contain_text("Play 2 of 48")
