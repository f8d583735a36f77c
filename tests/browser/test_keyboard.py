"""The table without a touch screen: a deal entered, a move checked and a live play made with
the keyboard alone (Tab, Shift-Tab, Enter, Space), the focus visible at every stop, in light
and dark."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .helpers import every_page, seep
from .helpers import tournaments as evening
from .helpers.keys import Keys
from .helpers.live_table import piles, pressed
from .helpers.phones import Phones

pytestmark = pytest.mark.browser
SCHEMES = ["light", "dark"]


def done(keys: Keys) -> None:
    """Every focus stop showed its outline."""
    assert keys.stops > 0
    assert keys.unseen == [], f"{len(keys.unseen)} of {keys.stops} stops without an outline"


@pytest.mark.parametrize("scheme", SCHEMES)
def test_a_seep_deal_is_entered_with_the_keyboard(
    live_server: str, phones: Phones, scheme: str
) -> None:
    phone = phones(color_scheme=scheme)
    started = seep.start(phone.context, live_server)
    seep.join(phone, started.keeper_link)
    keys = Keys(phone)
    keys.press("a[href$='/deals/new']")
    expect(phone.locator("[data-left]")).to_have_text(f"{len(seep.POINTS)} cards")
    keys.press(f".card-pick[data-card='{seep.POINTS[0]}'] .card-face", "Space")
    for card in seep.POINTS[1:3]:  # the grid is one Tab stop: its arrows move through it
        keys.pick(f".card-pick[data-card='{card}'] .card-face")
    keys.press("#rest-to-other")
    keys.press(".sweeps .stepper.team-1 [data-step='1']")
    assert seep.given(phone, 0) == seep.POINTS[:3]
    keys.press(".submit-bar button[type=submit]")
    expect(phone.get_by_test_id("flash")).to_contain_text("saved")
    assert len(seep.stored_deals(phone.context, started)) == 1
    done(keys)


# A whole Seep deal: the second team took these point cards, and one sweep; Meena dealt.
THEIRS = ["5S", "KS", "AH", "10D"]


def test_a_whole_seep_deal_takes_a_tab_per_part_and_an_arrow_per_card_apart(
    live_server: str, phones: Phones
) -> None:
    """The team chooser and the card grid are one Tab stop each (a roving tabindex): from the top
    of the page, a whole deal is 17 Tab presses (34 when each card and team was one)."""
    phone = phones()
    started = seep.start(phone.context, live_server)
    seep.join(phone, started.keeper_link)
    phone.goto(started.board + "/deals/new")
    expect(phone.locator("[data-left]")).to_have_text(f"{len(seep.POINTS)} cards")
    keys = Keys(phone)
    keys.to(".pick-team[aria-checked=true]")
    keys.key("ArrowRight")  # a radio group: the arrow chooses
    expect(phone.locator(".pick-team[data-team='1']")).to_have_attribute("aria-checked", "true")
    keys.to(".card-pick .card-face[tabindex='0']")
    for card in THEIRS:
        keys.pick(f".card-pick[data-card='{card}'] .card-face")
    keys.press("#rest-to-other")
    keys.press(".sweeps .stepper.team-1 [data-step='1']")
    keys.to("#dealer-group input:checked")
    keys.key("ArrowRight")
    keys.press(".submit-bar button[type=submit]")
    expect(phone.get_by_test_id("flash")).to_contain_text("saved")
    (deal,) = seep.stored_deals(phone.context, started)
    assert deal["captured"][1] == [c for c in seep.POINTS if c in THEIRS]
    assert deal["sweeps"] == [{"team": 1, "when": "play"}] and deal["dealer"] == 1
    # One Tab onto each control of the form and no more: the grid's 17 cards are one stop.
    print(f"a Seep deal by keyboard: {keys.stops} Tab presses, {keys.presses} keys in all")
    assert keys.stops <= 17, keys.stops
    done(keys)


@pytest.mark.parametrize("scheme", SCHEMES)
def test_a_move_is_checked_with_the_keyboard(live_server: str, phones: Phones, scheme: str) -> None:
    phone = phones(color_scheme=scheme)
    phone.goto(live_server + "/check?players=4&seat=1&hand=KS.4H.9C&loose=9D.5C&house=13:10C.3H:3")
    keys = Keys(phone)
    keys.press("#move-hand .tile[data-card='9C']")
    keys.press("#actions [data-action='throw']")
    expect(phone.locator("#verdict .rule-id")).to_have_text("T3")
    done(keys)


def chosen_by_keys(keys: Keys, move: dict[str, Any]) -> None:
    """A Seep or Casino play chosen by keys: its card, what it does, loose cards, piles."""
    page = keys.page
    for toggle in (
        f"#play-panel .pick[data-card='{move['card']}']",
        f"#play-panel .action[data-action='{move['action']}']",
    ):
        if not pressed(page, toggle):
            keys.press(toggle)
    for loose in move.get("loose", []):
        keys.press(f"#move-floor > .tiles button[data-card='{loose}']")
    for pile in piles(move):
        keys.press(f"#move-floor .pile-pick{pile}")
    if move["action"] == "build":
        keys.press(f"#build-values .value[data-choice='{move['value']}']")
    keys.press("#play-button")


@pytest.mark.parametrize("game", every_page.GAMES)
@pytest.mark.parametrize("scheme", SCHEMES)
def test_a_live_play_is_made_with_the_keyboard(
    live_server: str, phones: Phones, game: str, scheme: str
) -> None:
    phone = phones(color_scheme=scheme)
    started = seep.start(phone.context, live_server, every_page.SIDES[game], game=game)
    made = every_page.IN_PROGRESS[game]
    every_page.played_live(phone.context, started, game, plays=made)
    seep.join(phone, started.keeper_link)
    phone.goto(f"{started.board}/live")
    status = phone.get_by_test_id("live-status")
    expect(status).to_contain_text("to play")
    before = status.text_content() or ""
    move = every_page.LIVE[game]()[1][made]
    keys = Keys(phone)
    if game == "fifty-six":  # a card is played as soon as it is pressed
        keys.press(f"#play-panel [data-card='{move['card']}']")
    else:
        chosen_by_keys(keys, move)
    expect(status).not_to_have_text(before)
    assert len(plays_stored(phone, started)) == made + 1
    done(keys)


def plays_stored(page: Page, started: seep.Started) -> list[Any]:
    answer = page.context.request.get(f"{started.base}/api/v1/sessions/{started.id}/live")
    assert answer.ok, answer.text()
    plays: list[Any] = answer.json()["plays"]
    return plays


def test_a_tournament_is_paired_and_a_player_finds_their_table_with_the_keyboard(
    live_server: str, phones: Phones
) -> None:
    """The keeper pairs the round with the keyboard; a player's phone chooses its name with it,
    the focus then on that player's table, whose scoreboard Enter opens."""
    keeper = phones()
    evening.keeper_with_club(keeper, live_server)
    url = evening.create(
        keeper,
        ["Lions: Asha, Ravi", "Tigers: Meena, Dev", "Bears: Kiran, Sita", "Wolves: Arjun, Lata"],
    )
    keeper.goto(url)
    keys = Keys(keeper)
    keys.press("[data-testid=pair]")
    expect(keeper.get_by_test_id("flash")).to_contain_text("Round 1 is paired.")
    done(keys)

    player = phones()
    player.goto(url)
    keys = Keys(player)
    keys.press("[data-name='Meena']")
    where = player.locator("[data-me='Meena']")
    expect(where.get_by_test_id("where")).to_contain_text("Round 1 · Table")
    expect(where.get_by_test_id("my-table")).to_be_focused()
    keys.key("Enter")
    expect(player).to_have_url(re.compile(r"/s/[\w-]+$"))
    done(keys)
