"""Casino's deal form on a 360-px phone with the longest names: a typical deal in 8 taps or
fewer, opening and saving included, the deal's points in view after every tap, one tap to undo."""

from __future__ import annotations

from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from .helpers import names, seep, taps
from .helpers.artifacts import artifact
from .helpers.phones import PHONE, Phones

pytestmark = pytest.mark.browser
MOST_TAPS = 8  # issue 21: a typical deal, opening the form and saving included
# Players' names at the 40-character limit, Latin and Devanagari; teams' at 60 and Arabic.
WAJID = seep.LONGEST[0]["players"][0]
VENKAT = "वेंकटराघवन सुब्रमण्यम अय्यंगार राजगोपालन"
TWO = [{"players": [WAJID]}, {"players": [VENKAT]}]
ARABIC = "فريق عبد الرحمن الهاشمي وأصدقائه للعب الورق في القاهرة"
TEAMS = [
    {"name": ARABIC, "players": [WAJID, "عبد الرحمن بن محمد الهاشمي القرشي"]},
    {"name": seep.LONGEST[0]["name"], "players": [VENKAT, "M" * 40]},
]


class Watched(taps.Taps):
    """Counts taps, and after each one checks the deal's points are on screen."""

    def tap(self, selector: str) -> None:
        super().tap(selector)
        if "Save deal" not in selector:
            in_view(self.page)


def in_view(page: Page) -> None:
    """The summary of the deal's points lies wholly inside the phone's screen."""
    box = page.get_by_test_id("deal-summary").bounding_box()
    assert box is not None, "no deal summary"
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], box
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box


def open_form(page: Phones, live_server: str, teams: list[dict[str, Any]], **options: Any) -> Page:
    """A keeper's phone on a new Casino session's scoreboard."""
    phone = page()
    started = seep.start(phone.context, live_server, teams, game="casino", **options)
    seep.join(phone, started.keeper_link)
    return phone


def step(counter: Watched, name: str, side: int, by: int) -> None:
    """Tap side `side`'s + (or −) for `name` `by` times."""
    sign = "1" if by > 0 else "-1"
    for _ in range(abs(by)):
        counter.tap(f".stepper[data-count='{name}'].team-{side} [data-step='{sign}']")


def test_a_typical_two_player_deal_takes_eight_taps(phones: Phones, live_server: str) -> None:
    page = open_form(phones, live_server, TWO)
    counter = Watched(page)
    counter.tap("a:has-text('Enter deal')")
    # Each card's chooser shows both players side by side, each in the longest form that fits
    # (static/js/names.js), read out whole.
    chooser = names.longest_that_fits(page, "#ace_S-group [data-fit]")
    assert [name["forms"][0] for name in chooser] == [WAJID, VENKAT]
    page.screenshot(path=artifact("casino-deal-opened.png"))  # what the phone shows first
    step(counter, "cards", 0, 2)  # Wajid took 28 cards: most cards is his (K11)
    step(counter, "spades", 0, 1)  # and 7 spades
    counter.tap("#ace_C-group label.team-1")
    counter.tap("#little_casino-group label.team-1")
    counter.tap("[data-rest-to='0']")  # the other aces and big casino to Wajid
    expect(page.get_by_test_id("points-0")).to_have_text("9")  # 3 + 1 + 3 aces + 2
    expect(page.get_by_test_id("points-1")).to_have_text("2")
    seep.fits(page)
    page.screenshot(path=artifact("casino-deal-two-players.png"), full_page=True)
    counter.tap("button:has-text('Save deal')")
    expect(page.get_by_test_id("flash")).to_contain_text("saved")
    expect(page.get_by_test_id("score-0")).to_contain_text("9")
    assert counter.count <= MOST_TAPS, counter.count
    artifact("casino-taps.txt").write_text(f"two players: {counter.count} taps\n")


def test_a_typical_partnership_deal_takes_eight_taps(phones: Phones, live_server: str) -> None:
    page = open_form(phones, live_server, TEAMS, partnerships="on")
    counter = Watched(page)
    counter.tap("a:has-text('Enter deal')")
    chooser = names.longest_that_fits(page, "#big_casino-group [data-fit]")
    assert [name["forms"][0] for name in chooser] == [team["name"] for team in TEAMS]
    step(counter, "cards", 0, -2)  # the Arabic-named team took 24 cards, the other 28
    step(counter, "spades", 0, -1)  # and 5 spades to 8
    counter.tap("#ace_S-group label.team-0")
    counter.tap("#ace_D-group label.team-0")
    counter.tap("[data-rest-to='1']")
    expect(page.get_by_test_id("points-0")).to_have_text("2")
    expect(page.get_by_test_id("points-1")).to_have_text("9")  # 3 + 1 + 2 aces + 2 + 1
    seep.fits(page)
    page.screenshot(path=artifact("casino-deal-partnerships.png"), full_page=True)
    counter.tap("button:has-text('Save deal')")
    expect(page.get_by_test_id("flash")).to_contain_text("saved")
    assert counter.count <= MOST_TAPS, counter.count
    with artifact("casino-taps.txt").open("a") as out:
        out.write(f"two partnerships: {counter.count} taps\n")


def test_one_tap_undoes_a_wrong_tap(phones: Phones, live_server: str) -> None:
    page = open_form(phones, live_server, TWO, sweeps="on")
    page.get_by_role("link", name="Enter deal").click()
    undo = page.get_by_role("button", name="Undo the last tap")
    expect(undo).to_be_disabled()  # nothing to undo yet
    page.locator("#big_casino-group label.team-1").click()
    page.locator("#big_casino-group label.team-0").click()
    undo.click()  # back to Venkat's
    expect(page.locator("#big_casino-group input[value='1']")).to_be_checked()
    page.locator("[data-rest-to='0']").click()  # five cards at once …
    undo.click()  # … and back in one tap
    expect(page.locator("#ace_S-group input:checked")).to_have_count(0)
    page.locator(".stepper[data-count='cards'].team-0 [data-step='1']").click()
    expect(page.get_by_test_id("cards1")).to_have_value("25")
    undo.click()
    expect(page.get_by_test_id("cards0")).to_have_value("26")
    expect(page.get_by_test_id("cards1")).to_have_value("26")
    expect(page.get_by_test_id("points-1")).to_have_text("3")  # big casino, 7 spades of 13
    undo.click()  # the first tap, undone too
    expect(undo).to_be_disabled()
    expect(page.locator("#big_casino-group input:checked")).to_have_count(0)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_four_players_alone_fit_and_keep_the_summary_in_view(
    phones: Phones, live_server: str, scheme: str
) -> None:
    names = [WAJID, VENKAT, "عبد الرحمن بن محمد الهاشمي القرشي", "M" * 40]
    page = phones(color_scheme=scheme)
    started = seep.start(page.context, live_server, [{"players": [n]} for n in names], "casino")
    seep.join(page, started.keeper_link)
    page.get_by_role("link", name="Enter deal").click()
    for side in range(4):
        button = page.locator(f"#little_casino-group label.team-{side}")
        box = button.bounding_box()
        assert box and box["width"] >= 44 and box["height"] >= 44, box  # a finger's target
    page.locator("#little_casino-group label.team-3").click()
    in_view(page)
    expect(page.get_by_test_id("points-3")).to_have_text("2")  # the 2♠, and 4 spades of 13
    seep.fits(page)
    page.screenshot(path=artifact(f"casino-deal-four-{scheme}.png"), full_page=True)
    found = Axe().run(page, context="#deal-form").response["violations"]
    assert found == [], [(v["id"], [n["target"] for n in v["nodes"]]) for v in found]


def test_a_refused_deal_names_the_player_not_team_a(phones: Phones, live_server: str) -> None:
    page = open_form(phones, live_server, TWO)
    page.get_by_role("link", name="Enter deal").click()
    expect(page.locator("html[data-ready]")).to_have_count(1)  # typing waits for the script
    page.get_by_test_id("cards0").fill("3")  # Wajid took 3 cards …
    page.get_by_test_id("spades0").fill("10")  # … and 10 spades: cannot be
    expect(page.get_by_test_id("cards1")).to_have_value("49")
    page.locator("[data-rest-to='1']").click()
    page.get_by_role("button", name="Save deal 1").click()
    problem = page.get_by_role("alert")
    expect(problem).to_contain_text(
        f"{WAJID} took 10 spades but only 3 cards: a side's spades are among its cards."
    )
    expect(problem).not_to_contain_text("Team A")
    seep.fits(page)


# A deal through the API: side 0 takes 30 cards, 7 spades, A♠ A♣ and the 2♠ (7 points, K11),
# side 1 the rest (4); MIRROR the other way round.
SEVEN_FOUR = {"cards": [30, 22], "spades": [7, 6], "aces": [0, 0, 1, 1]}
SEVEN_FOUR |= {"big_casino": 1, "little_casino": 0}
MIRROR = {"cards": [22, 30], "spades": [6, 7], "aces": [1, 1, 0, 0]}
MIRROR |= {"big_casino": 0, "little_casino": 1}


def test_the_banner_tells_the_race_to_21_as_it_went(phones: Phones, live_server: str) -> None:
    page = phones()
    started = seep.start(page.context, live_server, TWO, game="casino")
    for deal in (SEVEN_FOUR, MIRROR, SEVEN_FOUR, MIRROR):  # 22-22 after deal 4 (K13)
        seep.add_deal(page.context, started, deal)
    page.goto(started.board)
    expect(page.get_by_test_id("tied")).to_contain_text(
        f"{WAJID} and {VENKAT} are level on 22, past 21: another deal decides (K13)."
    )
    expect(page.get_by_test_id("score-0")).to_have_text("22 past 21")  # never "22 of 21"
    seep.add_deal(page.context, started, SEVEN_FOUR)
    page.reload()
    expect(page.get_by_test_id("winner")).to_have_text(
        f"Won by {WAJID}: level with {VENKAT} on 22 past 21 in deal 4, so play went on; "
        "deal 5 decided it, 29 to 26 (K13)."
    )
    expect(page.get_by_test_id("score-0")).to_have_text("29 won")
    expect(page.get_by_test_id("score-1")).to_have_text("26 past 21")
    seep.fits(page)
    page.screenshot(path=artifact("casino-banner.png"), full_page=True)


def test_the_counts_give_the_spade_cards_to_the_only_side_with_spades(
    phones: Phones, live_server: str
) -> None:
    page = open_form(phones, live_server, TWO)
    page.get_by_role("link", name="Enter deal").click()
    page.locator("#little_casino-group label.team-1").click()  # tapped: left as it is
    page.get_by_test_id("spades0").fill("13")  # Wajid took every spade (K11) …
    expect(page.get_by_test_id("spades1")).to_have_value("0")
    # … so the A♠ is his; the 2♠ stays as tapped, for the engine to refuse if it is saved.
    expect(page.locator("#ace_S-group input[value='0']")).to_be_checked()
    expect(page.locator("#little_casino-group input[value='1']")).to_be_checked()
    expect(page.locator("#ace_C-group input:checked")).to_have_count(0)  # any side's
    page.get_by_role("button", name="Undo the last tap").click()  # the fill, undone whole
    expect(page.get_by_test_id("spades0")).to_have_value("6")
    expect(page.locator("#ace_S-group input:checked")).to_have_count(0)
