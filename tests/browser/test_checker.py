"""The move checker on a phone: lay out a position, try moves, list them, share the question."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, Route, expect

from .helpers.artifacts import artifact
from .helpers.checker import fits, type_cards, zone_cards
from .helpers.phones import Phones

pytestmark = pytest.mark.browser
# shared/API.md's example: seat 1 holds K♠ 4♥ 9♣; 9♦ 5♣ loose; a 13-house of 10♣ 3♥ owned by seat 3.
EXAMPLE = "/check?players=4&seat=1&hand=KS.4H.9C&loose=9D.5C&house=13:10C.3H:3"


def zone(page: Page, name: str, card: str) -> str:
    return f"[data-tiles='{name}'] .tile[data-card='{card}']"


def house_cards(page: Page) -> list[str]:
    return page.locator(".house .tile[data-card]").evaluate_all(
        "tiles => tiles.map(t => t.dataset.card)"
    )


def lay_out_the_example(page: Page) -> None:
    """The API.md position, by tapping and typing as a player would."""
    # Typing waits for the page's script: Enter pressed before it runs adds nothing (the
    # typed text stays, and the page says to press Enter).
    expect(page.locator("#share-url")).not_to_have_value("")
    page.locator(".seats .segment[data-value='1']").click()
    # The hand by typing (with the picker's usual spellings), the loose cards by tapping.
    type_cards(page, "ks 4h 9C")
    page.locator("#targets [data-target='loose']").click()
    page.locator("#deck .pick[data-card='9D']").click()
    page.locator("#card-search").fill("5")
    expect(page.locator("#deck .pick:not([hidden])")).to_have_count(4)  # the four fives
    page.locator("#deck .pick[data-card='5C']").click()
    # A house of 13 made by seat 3: typed with T and a suit symbol.
    page.get_by_role("button", name="+ Add a house").click()
    expect(page.locator(".house")).to_have_count(1)
    type_cards(page, "t♣ 3h")
    page.get_by_label("Seat 3 owns the house of 13").click()
    page.get_by_label("Seat 2 owns the house of 13").click()  # an opponent was the default
    page.locator("#picker-done").click()


def test_lay_out_check_list_and_share_a_move(live_server: str, phones: Phones) -> None:
    phone = phones()
    phone.goto(live_server + "/")
    phone.get_by_role("link", name="Check a move").click()
    expect(phone.locator("h1")).to_have_text("Check a Seep move")
    lay_out_the_example(phone)

    assert zone_cards(phone, "hand") == ["KS", "4H", "9C"]
    assert zone_cards(phone, "loose") == ["9D", "5C"]
    assert house_cards(phone) == ["10C", "3H"]
    expect(phone.locator(".house .value[aria-pressed='true']")).to_have_text("13")
    expect(phone.locator(".house-note")).to_contain_text("ordinary")
    expect(phone.locator("#layout-problem")).to_be_hidden()
    # Cards in use are shown as taken in the picker.
    phone.locator("#picker-open").click()
    expect(phone.locator("#deck .pick[data-card='9D']")).to_have_class("pick suit-D taken")
    phone.locator("#picker-done").click()
    assert fits(phone)

    # An illegal move: throwing 9♣, which could take 9♦ (T3).
    phone.locator("#move-hand .tile[data-card='9C']").click()
    phone.locator("#actions [data-action='throw']").click()
    verdict = phone.locator("#verdict")
    expect(verdict).to_contain_text("Not allowed")
    expect(verdict.locator(".rule-id")).to_have_text("T3")
    expect(verdict.locator(".rule-name")).to_have_text("A card that could capture")
    expect(verdict.locator(".reason")).to_contain_text("9♣ can capture")

    # A legal capture: K♠ takes the house of 13; 9♦ and 5♣ stay on the floor.
    phone.locator("#move-hand .tile[data-card='KS']").click()
    phone.locator("#actions [data-action='capture']").click()
    expect(verdict).to_contain_text("must take something")  # nothing chosen yet (C1)
    phone.locator("#move-floor .house-pick[data-house='13']").click()
    expect(verdict).to_contain_text("Legal")
    expect(verdict.locator(".description")).to_have_text("K♠ captures the house of 13")
    taken = verdict.locator(".after-row").first.locator(".tile")
    expect(taken).to_have_count(3)
    expect(verdict).to_contain_text("No sweep")
    after_loose = verdict.locator(".after-row", has_text="Loose").locator(".tile")
    assert after_loose.evaluate_all("ts => ts.map(t => t.dataset.card)") == ["9D", "5C"]
    after_hand = verdict.locator(".after-row", has_text="Your hand").locator(".tile")
    assert after_hand.evaluate_all("ts => ts.map(t => t.dataset.card)") == ["4H", "9C"]
    assert fits(phone)
    screenshots(phone, "checker-verdict")

    # What can I play? Six moves, grouped by card, each group opening to its moves in words.
    # (4♥ building 9 with 5♣ is one move: 9♦ joins that house by H2 however it is written.)
    phone.get_by_role("button", name="What can I play?").click()
    moves = phone.locator("#move-list")
    expect(moves.locator(".list-head")).to_have_text("6 legal moves")
    expect(moves.locator(".card-group")).to_have_count(3)
    king = moves.locator(".card-group[data-card='KS'] summary")
    expect(king).to_contain_text("K♠: capture the house of 13")
    four = moves.locator(".card-group[data-card='4H']")
    expect(four.locator("summary")).to_contain_text("2 builds · throw it")
    four.locator("summary").click()
    expect(four.locator(".listed-move")).to_have_count(3)
    expect(four.locator(".listed-move").first).to_have_text("Build a house of 9 with 5♣")
    assert fits(phone)
    screenshots(phone, "checker-moves", element="#moves-panel")

    # Tapping a listed move chooses it: 4♥ builds onto the house of 13 with 9♦ (B3).
    four.get_by_role("button", name="Add to the house of 13 with nine of diamonds").click()
    expect(phone.locator("#move-hand .tile[data-card='4H']")).to_have_attribute(
        "aria-pressed", "true"
    )
    expect(phone.locator("#actions [data-action='build']")).to_have_attribute(
        "aria-pressed", "true"
    )
    expect(phone.locator("#move-floor .tile[data-card='9D']")).to_have_attribute(
        "aria-pressed", "true"
    )
    expect(verdict.locator(".description")).to_have_text("Build 4♥ and 9♦ into a house of 13")
    expect(verdict).to_contain_text("cemented")

    # Share: the link restores the layout and the move in a fresh phone.
    link = phone.locator("#share-url").input_value()
    assert "hand=KS.4H.9C" in link and "loose=9D.5C" in link and "house=13:10C.3H:3" in link
    assert "move=build:4H:9D:13" in link
    phone.get_by_role("button", name="Copy link").click()
    expect(phone.locator("#copy-status")).to_contain_text("copied")
    other = phones()
    other.goto(link)
    assert zone_cards(other, "hand") == ["KS", "4H", "9C"]
    assert zone_cards(other, "loose") == ["9D", "5C"]
    assert house_cards(other) == ["10C", "3H"]
    expect(other.get_by_label("Seat 3 owns the house of 13")).to_have_attribute(
        "aria-pressed", "true"
    )
    expect(other.locator(".seats input[value='1']")).to_be_checked()
    expect(other.locator("#verdict .description")).to_have_text(
        "Build 4♥ and 9♦ into a house of 13"
    )
    expect(other.locator("#picker")).to_be_hidden()  # the layout is done: no picker in the way
    assert fits(other)


def test_r3_house_rules_decide_a_raise_and_travel_in_the_link(
    live_server: str, phones: Phones
) -> None:
    """Seat 0 raises its own ordinary 11-house (5♥+6♥) with 2♣, holding K♦ and its J♣ (H5):
    R1 refuses it until the table's house rule lets a player raise their own house (R3)."""
    phone = phones()
    phone.goto(
        live_server + "/check?players=4&seat=0&hand=2C.KD.JC&house=11:5H.6H:0&move=raise:2C::11"
    )
    verdict = phone.locator("#verdict")
    expect(verdict).to_contain_text("Not allowed")
    expect(verdict.locator(".rule-id")).to_have_text("R1")
    phone.locator(".house-rules summary").click()
    phone.get_by_role("group", name="We may raise our own house (R3)").get_by_text("Yes").click()
    expect(verdict).to_contain_text("Legal")
    expect(phone.locator("#rules-summary")).to_contain_text("own house may be raised")
    link = phone.locator("#share-url").input_value()
    assert "raise_own=on" in link and "raise_partner" not in link  # only what differs
    # The partner's house (seat 2's) may not be raised once the table says so.
    other = phones()
    other.goto(link.replace("11:5H.6H:0", "11:5H.6H:2") + "&raise_partner=off")
    expect(other.locator("#verdict .rule-id")).to_have_text("R3")
    expect(other.locator("#verdict .reason")).to_contain_text("your partner's house of 11")
    expect(other.locator("input[name='raise_partner'][value='off']")).to_be_checked()
    assert fits(other)


def test_an_impossible_layout_shows_the_servers_message(live_server: str, phone: Page) -> None:
    phone.goto(live_server + "/check?players=4&seat=0&hand=KS&house=13:10C.2H:1")
    problem = phone.locator("#layout-problem")
    expect(problem).to_be_visible()
    expect(problem).to_contain_text("10♣ and 2♥ cannot make a house of 13")
    # Fixing the house clears the message.
    phone.locator("#picker-open").click()
    phone.locator(".house .tile[data-card='2H']").click()
    phone.locator("#targets").get_by_role("button", name="House 13").click()
    type_cards(phone, "3h")
    expect(problem).to_be_hidden()
    assert fits(phone)


def test_owning_a_house_without_its_card_is_named_with_h5(live_server: str, phone: Page) -> None:
    """H5: the mover (seat 0) owns the house of 11 and holds no jack: the layout cannot occur,
    and the page says so instead of listing no move; a jack in hand clears it."""
    phone.goto(live_server + "/check?players=4&seat=0&hand=KS.4H&house=11:5D.6D:0")
    problem = phone.locator("#layout-problem")
    expect(problem).to_have_text("You own the house of 11 but hold no card of 11 (H5).")
    phone.locator("#picker-open").click()
    phone.locator("#targets [data-target='hand']").click()
    type_cards(phone, "jc")
    expect(problem).to_be_hidden()


def test_a_link_that_cannot_be_read_says_so_and_keeps_the_rest(
    live_server: str, phone: Page
) -> None:
    phone.goto(live_server + "/check?hand=KS.ZZ.KS&loose=9D")
    expect(phone.locator("#link-notes")).to_contain_text("“ZZ” is not a card")
    expect(phone.locator("#link-notes")).to_contain_text("K♠ was given twice")
    assert zone_cards(phone, "hand") == ["KS"]
    assert zone_cards(phone, "loose") == ["9D"]


def test_a_crowded_floor_lists_a_few_moves_and_counts_the_rest(
    live_server: str, phone: Page
) -> None:
    floor = "AH.2H.3H.4H.5H.6H.AD.2D.3D.4D.5D.6D"
    phone.goto(live_server + f"/check?players=4&seat=0&hand=KS.QS.9S&loose={floor}")
    phone.get_by_role("button", name="What can I play?").click()
    moves = phone.locator("#move-list")
    expect(moves.locator(".list-head")).to_have_text("918 legal moves")
    nine = moves.locator(".card-group[data-card='9S']")
    expect(nine.locator("summary")).to_contain_text("30 captures · 594 builds")
    nine.locator("summary").click()
    expect(nine.locator(".more").last).to_have_text("and 569 more")
    assert moves.locator(".listed-move").count() <= 25 * 5
    assert fits(phone)


def test_the_search_understands_the_usual_spellings(live_server: str, phone: Page) -> None:
    phone.goto(live_server + "/check")
    shown = phone.locator("#deck .pick:not([hidden])")
    for typed, cards in {
        "10d": ["10D"],
        "td": ["10D"],
        "t♦": ["10D"],
        "ks": ["KS"],
        "K♠": ["KS"],
        "q": ["QS", "QH", "QD", "QC"],
        "♥ 1": None,
    }.items():
        phone.locator("#card-search").fill(typed)
        if cards is not None:
            assert shown.evaluate_all("ps => ps.map(p => p.dataset.card)") == cards, typed
    expect(shown).to_have_count(13 + 3)  # every heart, and the other tens
    type_cards(phone, "q")  # four queens: nothing is added until one is tapped
    assert zone_cards(phone, "hand") == []
    expect(phone.locator("#search-hint")).to_contain_text("matches 4 cards")
    phone.locator("#deck .pick[data-card='QD']").click()
    assert zone_cards(phone, "hand") == ["QD"]
    expect(phone.locator("#card-search")).to_have_value("")
    phone.locator(zone(phone, "hand", "QD")).click()  # a tap on a laid-out card takes it back
    assert zone_cards(phone, "hand") == []


@pytest.mark.parametrize("path", ["/check", EXAMPLE + "&move=capture:KS::h"])
def test_the_checker_fits_a_360_pixel_phone(live_server: str, phone: Page, path: str) -> None:
    phone.goto(live_server + path)
    phone.get_by_role("button", name="What can I play?").click()
    phone.wait_for_timeout(300)
    assert fits(phone)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_screenshots_light_and_dark(live_server: str, phones: Phones, scheme: str) -> None:
    page = phones(color_scheme=scheme)
    page.goto(live_server + EXAMPLE + "&move=throw:9C")
    expect(page.locator("#verdict .rule-id")).to_have_text("T3")
    page.locator("#picker-open").click()
    page.get_by_role("button", name="What can I play?").click()
    page.locator(".card-group[data-card='4H'] summary").click()
    expect(page.locator(".card-group[data-card='4H'] .listed-move")).to_have_count(3)
    page.screenshot(path=str(artifact(f"checker-{scheme}.png")), full_page=True)
    assert fits(page)


def screenshots(page: Page, name: str, element: str = "#move-panel") -> None:
    """The part of the page being tested, as a player would see it."""
    page.locator(element).screenshot(path=str(artifact(f"{name}.png")))


@pytest.mark.parametrize(
    ("game", "radio", "kept"),
    [
        ("seep", ".seats .segment[data-value='1']", "seat=1"),
        ("fifty-six", "#table-form label:has(input[name=players][value='6'])", "players=6"),
        ("casino", "#table-form label:has(input[name=variant][value='royal'])", "variant=royal"),
    ],
)
def test_a_tap_made_before_the_script_runs_is_kept(
    live_server: str, phone: Page, game: str, radio: str, kept: str
) -> None:
    script = f"{game}-checker.*.js"  # by its content hash
    held: list[Route] = []
    phone.route(f"**/js/{script}", lambda route: held.append(route))  # a slow phone: it waits
    phone.goto(f"{live_server}/check/{game}", wait_until="commit")
    phone.locator(radio).click()
    phone.wait_for_timeout(100)
    assert held, "the script was not asked for"
    held[0].continue_()
    expect(phone.locator("#share-url")).to_have_value(re.compile(kept))
