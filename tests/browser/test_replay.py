"""Replaying a deal that was played live (/s/<id>/deals/<n>/replay), on a watcher's phone: the
scoreboard's Replay link, then Previous/Next, the slider and the arrow keys step through it,
and each step shows what the engine's state was after that many plays, in every game. The
step is kept in the address, so a reload stays on it; Back returns to the scoreboard."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.rules import GAMES
from tests.helpers import live_deals

from .helpers import seep
from .helpers.live_table import deal_end_shown, engine_record, loose_shown, tables_moved
from .helpers.phones import Phones

pytestmark = pytest.mark.browser

Json = dict[str, Any]
TWO = [{"players": ["Asha"]}, {"players": ["Meena"]}]
# Each game: the session's sides, and a whole live deal for them from a fixed shuffle.
TABLES: dict[str, tuple[list[Json], Callable[[], tuple[Json, list[Json]]]]] = {
    "seep": (seep.PLAIN, lambda: live_deals.seep(27)),
    "fifty-six": (seep.PLAIN, lambda: live_deals.fifty_six(5)),
    "casino": (TWO, lambda: live_deals.casino(5, players=2)),
}


def played_live(page: Page, started: seep.Started, start: Json, plays: list[Json]) -> None:
    """The deal played live through the API, as another phone at the table would."""
    url = f"{started.base}/api/v1/sessions/{started.id}/live"
    auth = {"Authorization": f"Bearer {started.token}"}
    assert page.context.request.post(url, data=start, headers=auth).status == 201
    for number, play in enumerate(plays, start=1):
        answer = page.context.request.post(
            f"{url}/plays", data={"number": number, **play}, headers=auth
        )
        assert answer.status == 201, answer.text()


def players(sides: list[Json]) -> int:
    return sum(len(side["players"]) for side in sides)


def engine_state(game: str, players: int, start: Json, plays: list[Json]) -> Json:
    """The engine's state after `plays`, as the live API shows it."""
    rules = GAMES[game]
    options = rules.parse_options({})
    table = rules.table_for(players, options)
    stored = rules.live.start(table, options, rules.standing(table, options, []), start)
    state: Json = rules.live.derive(table, options, stored, plays).to_json()
    return state


def open_replay(phones: Phones, live_server: str, game: str) -> tuple[Page, list[Json], Json]:
    """A watcher's phone on the scoreboard of a session whose deal 1 was played live, then
    on its replay; the plays and the stored start."""
    sides, deal = TABLES[game]
    start, plays = deal()
    watcher = phones()
    started = seep.start(watcher.context, live_server, sides, game=game)
    played_live(watcher, started, start, plays)
    watcher.goto(started.board)
    watcher.get_by_test_id("replay-1").click()
    expect(watcher.get_by_test_id("live-status")).to_have_text(
        f"Before the first play · {len(plays)} plays in all"
    )
    return watcher, plays, start


def status_is(page: Page, step: int, plays: list[Json]) -> None:
    expect(page.get_by_test_id("live-status")).to_have_text(f"Play {step} of {len(plays)}")
    assert page.url.endswith(f"#play={step}")


def test_a_seep_deal_is_replayed_with_the_floor_at_each_step(
    live_server: str, phones: Phones
) -> None:
    phone, plays, start = open_replay(phones, live_server, "seep")
    assert loose_shown(phone) == sorted(start["floor"])
    expect(phone.locator("#play-panel")).to_be_hidden()  # nothing is entered on a replay
    expect(phone.locator("#replay-back")).to_be_disabled()

    phone.locator("#replay-next").click()
    status_is(phone, 1, plays)
    expected = engine_state("seep", 4, start, plays[:1])
    assert loose_shown(phone) == sorted(expected["position"]["loose"])
    expect(phone.get_by_test_id("last-play")).to_contain_text("Play 1:")

    # The slider, then the keys, to a step with a house on the floor.
    step = next(
        k
        for k in range(2, len(plays))
        if engine_state("seep", 4, start, plays[:k])["position"]["houses"]
    )
    phone.locator("#replay-slider").fill(str(step))
    status_is(phone, step, plays)
    houses = engine_state("seep", 4, start, plays[:step])["position"]["houses"]
    shown = phone.locator("[data-house]").evaluate_all("els => els.map(e => +e.dataset.house)")
    assert shown == [house["value"] for house in houses]
    for team in (0, 1):
        points = engine_state("seep", 4, start, plays[:step])["captured_points"][team]
        expect(phone.locator(f"[data-points='{team}']")).to_have_text(str(points))

    phone.reload()  # the step is in the address
    status_is(phone, step, plays)
    phone.keyboard.press("ArrowLeft")
    status_is(phone, step - 1, plays)
    phone.keyboard.press("End")
    status_is(phone, len(plays), plays)
    expect(phone.locator("#replay-next")).to_be_disabled()
    seep.fits(phone)
    phone.go_back()
    expect(phone.get_by_test_id("replay-1")).to_be_visible()


def fifty_six_end(page: Page, final: Json, record: Json) -> None:
    """The last trick played: the contract made or lost, each team's card points (F14), and
    the tables the deal moved (F15–F17)."""
    expect(page.get_by_test_id("result")).to_be_visible()
    for team, took in enumerate(final["points"]):
        expect(page.locator(f"[data-points='{team}']")).to_have_text(str(took))
    moved = tables_moved(TABLES["fifty-six"][0], {}, record)
    expect(page.get_by_test_id("tables-moved")).to_have_text(moved)


def casino_end(page: Page, final: Json, record: Json) -> None:
    """The last card played: the cards left on the table still shown, who took them (K10),
    and what the deal scored (K11)."""
    residue = final["residue"]
    assert residue["cards"], "the fixed shuffle leaves cards on the table"
    side = TABLES["casino"][0][residue["side"]]["players"][0]
    expect(page.get_by_test_id("residue")).to_contain_text(f"to {side} (K10)")
    deal_end_shown(page, TABLES["casino"][0], {}, final, record)


@pytest.mark.parametrize(
    ("game", "shows_end"), [("fifty-six", fifty_six_end), ("casino", casino_end)]
)
def test_fifty_six_and_casino_deals_are_replayed_to_their_end(
    live_server: str, phones: Phones, game: str, shows_end: Callable[[Page, Json, Json], None]
) -> None:
    phone, plays, start = open_replay(phones, live_server, game)
    phone.locator("#replay-next").click()
    status_is(phone, 1, plays)
    phone.locator("#replay-slider").press("End")
    status_is(phone, len(plays), plays)
    seated = players(TABLES[game][0])
    record = engine_record(game, seated, {}, start, plays)
    shows_end(phone, engine_state(game, seated, start, plays), record)
    seep.fits(phone)


def test_a_replay_follows_its_address_and_says_when_the_deal_was_corrected(
    live_server: str, phones: Phones
) -> None:
    """A step in the address that is not a whole number opens the step before it (#play=2.5
    drew an empty table and failed); one typed into the open page's address is followed; a
    deal corrected on the scoreboard after it was played says so above its plays."""
    sides, deal = TABLES["casino"]
    start, plays = deal()
    phone = phones()
    started = seep.start(phone.context, live_server, sides, game="casino")
    played_live(phone, started, start, plays)
    replay = f"{started.board}/deals/1/replay"
    phone.goto(f"{replay}#play=2.5")
    status_is(phone, 2, plays)
    expect(phone.get_by_test_id("corrected")).to_have_count(0)
    phone.evaluate("location.hash = '#play=4'")
    status_is(phone, 4, plays)

    deal_url = f"{started.base}/api/v1/sessions/{started.id}/deals/1"
    stored = phone.context.request.get(deal_url)
    record = stored.json()
    fixed = {k: record[k] for k in ("cards", "spades", "aces", "big_casino", "little_casino")}
    fixed["big_casino"] = 1 - fixed["big_casino"]  # the 10♦ was the other side's
    headers = {"Authorization": f"Bearer {started.token}", "If-Match": stored.headers["etag"]}
    assert phone.context.request.put(deal_url, data=fixed, headers=headers).ok
    phone.reload()
    status_is(phone, 4, plays)
    expect(phone.get_by_test_id("corrected")).to_contain_text("corrected on the scoreboard")


COVERED = """() => { const bar = document.getElementById("replay-bar").getBoundingClientRect();
  const end = document.getElementById("floor-panel").lastElementChild.getBoundingClientRect();
  return { end: [end.top, end.bottom], bar: bar.top, height: innerHeight }; }"""


@pytest.mark.parametrize("game", TABLES)
def test_the_bar_never_covers_the_last_line_of_the_floor(
    live_server: str, phones: Phones, game: str
) -> None:
    """A deal of the longest names, its floor taller than the phone: at each step the floor's
    last line (what the step did) shows whole, above the bar stuck to the foot of the screen."""
    sides, deal = TABLES[game]
    start, plays = deal()
    watcher = phones()
    longest = seep.LONGEST if game != "casino" else sides
    started = seep.start(watcher.context, live_server, longest, game=game)
    played_live(watcher, started, start, plays)
    watcher.goto(f"{started.board}/deals/1/replay#play=19")
    expect(watcher.get_by_test_id("live-status")).to_contain_text("Play 19")
    for step in (20, 21):
        watcher.keyboard.press("ArrowRight")
        expect(watcher.get_by_test_id("live-status")).to_contain_text(f"Play {step} of")
        seen = watcher.evaluate(COVERED)
        top, bottom = seen["end"]
        assert top >= 0 and bottom <= seen["bar"] <= seen["height"], seen
