"""Driving a live-deal page (/s/<id>/live) as a scorer at the table does: open it from the
scoreboard, start the deal, tap each play, and read back what the page shows and what it stored.

Shared by the live-deal browser tests. A play is the API's play body ({"seat", "card",
"action", …}); `choose` taps what its fields name, so one driver serves Seep (a house: H1, C1, R1)
and Casino (builds: K5, an ace as 14: K3).
"""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import Page, expect

from scorekeeper.rules import GAMES
from scorekeeper.rules.cards import Card
from scorekeeper.rules.cards import names as card_names
from scorekeeper.rules.violation import Violation
from scorekeeper.words.verdicts import RULE_NAMES, reason

from . import seep
from .phones import Phones

Json = dict[str, Any]
PLAYS = 48  # S4, K2: every card but the four dealt face up is played
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def open_live(
    live_server: str, phones: Phones, sides: list[Json], game: str, **options: Any
) -> tuple[Page, seep.Started]:
    """A new session; its scorer's phone joins, taps 'Play live' on the scoreboard and finds
    the start form, which fits the phone."""
    keeper = phones()
    started = seep.start(keeper.context, live_server, sides, game=game, **options)
    seep.join(keeper, started.keeper_link)
    keeper.get_by_role("link", name="Play live").click()
    expect(keeper.locator("#start-button")).to_be_visible()
    seep.fits(keeper)
    return keeper, started


def watch(phones: Phones, started: seep.Started) -> Page:
    """A watcher's phone on the live page before any deal: it says so and offers nothing."""
    watcher = phones()
    watcher.goto(f"{started.board}/live")
    expect(watcher.get_by_test_id("live-status")).to_contain_text("No deal is being played live")
    assert watcher.locator("[data-token]").count() == 0
    return watcher


def follows(watcher: Page, test_id: str, text: str) -> None:
    """The watcher's phone shows `text` within 3 s: its poll, not a reload, brings it."""
    expect(watcher.get_by_test_id(test_id)).to_contain_text(text, timeout=3000)


def follows_to_the_end(watcher: Page, keeper: Page) -> None:
    """The watcher's phone sees the deal recorded and keeps it on show as the scorer's does,
    though another phone sent its last play: the same teams' counts and the same floor."""
    follows(watcher, "recorded", "Deal 1 recorded")
    for shown in (".live-teams", "#floor-panel"):
        expect(watcher.locator(shown)).to_have_text(keeper.locator(shown).text_content() or "")


def pressed(page: Page, selector: str) -> bool:
    """Whether the toggle is pressed (aria-pressed)."""
    return page.locator(selector).get_attribute("aria-pressed") == "true"


def loose_shown(page: Page) -> list[str]:
    """The loose cards the page shows on the table, sorted."""
    cards = page.locator("[data-testid=loose] .tile").evaluate_all(
        "els => els.map(e => e.dataset.card)"
    )
    return sorted(cards)


def start_deal(page: Page, start: Json, watcher: Page | None = None) -> None:
    """The start form: another dealer tapped, then the right one; Seep's bid; the four cards
    face up (Seep's floor, Casino's table) typed. A `watcher` follows to play 1."""
    page.locator("[data-testid=dealer] .value").last.click()
    page.locator(f"[data-testid=dealer] .value[data-choice='{start['dealer']}']").click()
    if "bid" in start:
        page.locator(f"[data-testid=bid] .value[data-choice='{start['bid']['value']}']").click()
    cards = start.get("floor") or start["table"]
    page.locator("#floor-search").fill(" ".join(c.lower() for c in cards))
    page.locator("#floor-search").press("Enter")
    expect(page.locator(".live-start-floor .tile")).to_have_count(4)
    drawn_well(page)
    page.locator("#start-button").click()
    expect(page.get_by_test_id("live-status")).to_contain_text(f"Play 1 of {PLAYS}")
    if watcher:
        follows(watcher, "live-status", f"Play 1 of {PLAYS}")


def choose(page: Page, play: Json) -> None:
    """Tap the card, what it does, the loose cards, and the house or builds it takes, builds on
    or raises (whatever is already chosen is left as it is)."""
    tap_once(page, f"#play-panel .pick[data-card='{play['card']}']")
    if play.get("ace") == 14:
        tap_once(page, "#ace-14")  # K3, Royal Casino
    tap_once(page, f"#play-panel .action[data-action='{play['action']}']")
    for loose in play.get("loose", []):
        page.locator(f"#move-floor > .tiles button[data-card='{loose}']").click()
    for pile in piles(play):
        page.locator(f"#move-floor .pile-pick{pile}").click()
    if play["action"] == "build":
        page.locator(f"#build-values .value[data-choice='{play['value']}']").click()


def tap_once(page: Page, selector: str) -> None:
    """Tap a toggle unless it is pressed already."""
    if not pressed(page, selector):
        page.locator(selector).click()


def piles(play: Json) -> list[str]:
    """The piles a play names, as selectors: Seep's house (a capture's is its card's value),
    Casino's builds taken or raised."""
    action, house = play["action"], play.get("house")
    if action == "capture" and house is True:
        return [f"[data-house='{RANKS.index(play['card'][:-1]) + 1}']"]
    if action == "raise" and house is not None:
        return [f"[data-house='{house}']"]
    builds = [*play.get("builds", []), *([play["build"]] if action == "raise" else [])]
    return [f"[data-build='{value}']" for value in builds]


def play(page: Page, number: int, move: Json, chosen: bool = False) -> None:
    """Enter play `number` (its move `chosen` already) and wait for the page to show the next."""
    if not chosen:
        choose(page, move)
    page.locator("#play-button").click()
    if number < PLAYS:
        expect(page.get_by_test_id("live-status")).to_contain_text(f"Play {number + 1} of {PLAYS}")
    else:
        expect(page.get_by_test_id("recorded")).to_have_text("Deal 1 recorded")


def play_out(page: Page, plays: list[Json], seats: list[str], first: int = 1) -> None:
    """The plays in turn from number `first`, each checked to be asked of the seat whose name
    the page shows."""
    status = page.get_by_test_id("live-status")
    for number, move in enumerate(plays, start=first):
        expect(status).to_contain_text(f"Play {number} of {PLAYS} · {seats[move['seat']]} to play")
        play(page, number, move)


def reloaded(page: Page, number: int) -> None:
    """A reload in the middle of the deal loses nothing: play `number` awaited, the same loose
    cards on the table, drawn whole."""
    before = loose_shown(page)
    page.reload()
    expect(page.get_by_test_id("live-status")).to_contain_text(f"Play {number} of {PLAYS}")
    assert loose_shown(page) == before
    drawn_well(page)


def drawn_well(page: Page) -> None:
    """The page fits a 360-px phone, no text on it reads 'null' or 'undefined' (a value the
    script lacked, drawn as a word), and no id stands twice (a panel put away kept its own)."""
    seep.fits(page)
    text = page.locator("#live-deal").inner_text()
    assert not re.search(r"\b(null|undefined|NaN)\b", text), text
    ids = page.locator("[id]").evaluate_all("els => els.map(e => e.id)")
    assert len(ids) == len(set(ids)), sorted(i for i in ids if ids.count(i) > 1)


def refusal_shown(page: Page, violation: Violation) -> None:
    """The page shows the engine's verdict: its rule's id and name (never the API's code) and its
    sentence, each seat in it named as the page names its players ('Seat 1 cannot double' reads
    'Meena cannot double')."""
    refusal = page.get_by_test_id("refusal")
    name = str(RULE_NAMES[violation.code])  # in English, as the page
    expect(refusal).to_contain_text(f"{violation.rule} · {name}" if violation.rule else name)
    expect(refusal).to_contain_text(named(page, reason(violation)))  # in English, as the page


def named(page: Page, sentence: str) -> str:
    """The engine's `sentence` with each 'seat N' the name of that seat's player."""
    seats = json.loads(page.locator("#live-deal").get_attribute("data-seats") or "[]")
    return re.sub(r"\b[Ss]eat (\d+)\b", lambda m: seats[int(m.group(1))], sentence)


def refused(page: Page, number: int, wrong: Json, violation: Violation) -> None:
    """An illegal play `number` is refused with its rule and changes nothing; the move being
    entered is cleared (its action tapped off) to be chosen again."""
    before = loose_shown(page)
    choose(page, {k: v for k, v in wrong.items() if k != "seat"})
    page.locator("#play-button").click()
    refusal_shown(page, violation)
    expect(page.get_by_test_id("live-status")).to_contain_text(f"Play {number} of {PLAYS}")
    assert loose_shown(page) == before
    page.locator("#play-panel .action[aria-pressed=true]").click()


def engine_record(game: str, players: int, options: Json, start: Json, plays: list[Json]) -> Json:
    """The record the game's live engine makes of these plays: what the page must store."""
    rules = GAMES[game]
    chosen = rules.parse_options(options)
    table = rules.table_for(players, chosen)
    return rules.live.derive(table, chosen, start, plays).record()


def first_deal_row(game: str, sides: list[Json], options: Json, record: Json) -> Json:
    """The engine's standing row of a session's first deal: `record` scored alone, at the table
    `sides` make with these session `options` (a Fifty-six deal's tables, a Casino deal's
    points)."""
    rules = GAMES[game]
    chosen = rules.parse_options(options)
    table = rules.table_for(sum(len(side["players"]) for side in sides), chosen)
    row: Json = rules.standing(table, chosen, [rules.parse_deal(record, table, chosen)])["deals"][0]
    return row


def recorded(page: Page, started: seep.Started, expected: Json) -> None:
    """One deal stored, as `expected` has it, and the live deal gone with it."""
    deals = seep.stored_deals(page.context, started)
    assert len(deals) == 1
    assert {k: deals[0][k] for k in expected} == expected
    live = page.context.request.get(f"{started.base}/api/v1/sessions/{started.id}/live")
    assert live.status == 404  # the live deal ended with its record


def two_scorers(
    live_server: str, phones: Phones, sides: list[Json], game: str, start: Json, **options: Any
) -> tuple[Page, Page, seep.Started]:
    """Two phones keeping score of one session: the first starts the deal, both show play 1."""
    first, second = phones(), phones()
    started = seep.start(first.context, live_server, sides, game=game, **options)
    for phone in (first, second):
        seep.join(phone, started.keeper_link)
    first.goto(f"{started.board}/live")
    start_deal(first, start)
    second.goto(f"{started.board}/live")
    expect(second.get_by_test_id("live-status")).to_contain_text(f"Play 1 of {PLAYS}")
    return first, second, started


def second_to_play(page: Page, started: seep.Started, first: Json) -> None:
    """The page sends its play 1 after another phone's `first`: no error, nothing stored twice,
    the deal shown as it stands."""
    page.locator("#play-button").click()
    expect(page.get_by_test_id("live-status")).to_contain_text(f"Play 2 of {PLAYS}")
    expect(page.locator("#live-note")).to_contain_text("Another phone entered this play first")
    expect(page.get_by_test_id("last-play")).to_contain_text("Play 1:")
    answer = page.context.request.get(f"{started.base}/api/v1/sessions/{started.id}/live")
    assert answer.json()["plays"] == [first]


def deal_points(
    sides: list[dict[str, Any]], options: dict[str, Any], record: dict[str, Any]
) -> list[int]:
    """Each side's points for a session's first deal: the engine's standing of its record."""
    points: list[int] = first_deal_row("casino", sides, options, record)["points"]
    return points


def deal_end_shown(
    page: Page,
    sides: list[dict[str, Any]],
    options: dict[str, Any],
    final: dict[str, Any],
    record: dict[str, Any],
) -> None:
    """The finished page: each side's points as the standing scores the record (K11, K12),
    and the cards left on the table still shown, as its K10 line names them."""
    points = deal_points(sides, options, record)
    assert final["points"] == points
    for side, scored in enumerate(points):
        expect(page.locator(f"[data-deal-points='{side}'] strong")).to_have_text(str(scored))
    left = final["residue"]["cards"]
    assert final["position"]["builds"] == []  # an honest deal leaves no build (K9)
    assert loose_shown(page) == sorted(left)
    if left:
        expect(page.get_by_test_id("loose")).not_to_contain_text("No loose cards")
        expect(page.get_by_test_id("residue")).to_contain_text(f"Left on the table: {names(left)}")


def tables_moved(
    sides: list[dict[str, Any]], options: dict[str, Any], record: dict[str, Any]
) -> str:
    """The line a finished deal's page shows of the tables it moved, a session's first deal:
    the engine's standing of that record alone (F15–F17)."""
    row = first_deal_row("fifty-six", sides, options, record)
    paid = [
        f"{sides[a]['name']} → {sides[b]['name']}: {n} table{'s' if n > 1 else ''}"
        for a, b, n in row["transfers"]
    ]
    assert paid, "a contract made or lost moves tables"
    return f"Tables moved (F15–F17): {' · '.join(paid)}."


def names(cards: list[str]) -> str:
    """Cards in words, as the page lists them: "K♠, 4♥ and 9♣" (the engine's own words)."""
    return card_names([Card.parse(c) for c in cards])
