"""Casino's move checker on a phone: a multiple build, an owner's refused trail, every move."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .helpers.checker import fits, type_cards, zone_cards
from .helpers.phones import Phones

pytestmark = pytest.mark.browser


def cards_of(page: Page, selector: str) -> list[str]:
    return page.locator(f"{selector} .tile[data-card]").evaluate_all(
        "tiles => tiles.map(t => t.dataset.card)"
    )


def test_a_multiple_build_then_every_legal_move(live_server: str, phones: Phones) -> None:
    """K5: 3♠ on loose 5♦ makes 8 and 6♣ + 2♥ join it, the mover holding 8♥."""
    phone = phones()
    phone.goto(live_server + "/check")
    phone.get_by_role("link", name="Casino").click()
    expect(phone.locator("h1")).to_have_text("Check a Casino move")
    phone.wait_for_load_state()  # the picker's script is running: typed cards are read
    type_cards(phone, "3s 8h")
    phone.locator("#targets [data-target='loose']").click()
    type_cards(phone, "5d 6c 2h")
    phone.locator("#picker-done").click()
    assert zone_cards(phone, "hand") == ["3S", "8H"]
    assert zone_cards(phone, "loose") == ["5D", "6C", "2H"]

    phone.locator("#move-hand .tile[data-card='3S']").click()
    phone.locator("#actions [data-action='build']").click()
    for card in ("5D", "6C", "2H"):
        phone.locator(f"#move-floor .tile[data-card='{card}']").click()
    # The value is worked out (16 is two sets of 8, and 8♥ is held for it) and shown dashed.
    expect(phone.locator("#build-values .value.auto")).to_have_text("8")
    expect(phone.locator("#build-values .value[data-value='11']")).to_be_hidden()  # classic
    verdict = phone.locator("#verdict")
    expect(verdict).to_contain_text("Legal")
    expect(verdict.locator(".description")).to_contain_text("into a build of 8")
    built = verdict.locator(".after-row", has_text="Build of 8")
    expect(built).to_contain_text("multiple build (2 sets)")
    assert sorted(cards_of(phone, "#verdict .after-row:has-text('Build of 8')")) == sorted(
        ["3S", "5D", "6C", "2H"]
    )
    expect(built.locator(".seat-chip")).to_have_text("0")  # the mover owns it now
    assert cards_of(phone, "#verdict .after-row:has-text('Your hand')") == ["8H"]
    assert fits(phone)

    # What can I play? Five moves, by card, the exact count first.
    phone.get_by_role("button", name="What can I play?").click()
    moves = phone.locator("#move-list")
    expect(moves.locator(".list-head")).to_have_text("5 legal moves")
    expect(moves.locator(".card-group")).to_have_count(2)
    three = moves.locator(".card-group[data-card='3S']")
    expect(three.locator("summary")).to_contain_text("3♠: 2 builds · trail it")
    eight = moves.locator(".card-group[data-card='8H'] summary")
    expect(eight).to_contain_text("8♥: capture 2♥ and 6♣ · trail it")
    three.locator("summary").click()
    expect(three.locator(".listed-move")).to_have_text(
        ["Build 8 with 5♦", "Build 8 with 2♥, 5♦ and 6♣", "Trail it"]
    )
    # A listed move is chosen; its button says its cards in words.
    three.get_by_role("button", name="Build 8 with five of diamonds").click()
    expect(phone.locator("#move-floor .tile[aria-pressed='true']")).to_have_count(1)
    expect(verdict.locator(".description")).to_contain_text("into a build of 8")
    assert fits(phone)

    # The link holds the question: another phone sees the same cards and the same move.
    link = phone.locator("#share-url").input_value()
    assert "hand=3S.8H" in link and "loose=5D.6C.2H" in link and "move=build:3S:5D" in link
    other = phones()
    other.goto(link)
    assert zone_cards(other, "loose") == ["5D", "6C", "2H"]
    expect(other.locator("#verdict .description")).to_contain_text("into a build of 8")


def test_the_owner_of_a_build_may_not_trail(live_server: str, phone: Page) -> None:
    """K9: seat 0 made a build of 6 (4♣ 2♦) and holds 6♠; trailing 9♥ is refused."""
    phone.goto(live_server + "/check/casino")
    type_cards(phone, "6s 9h")
    phone.locator("#targets [data-target='loose']").click()
    type_cards(phone, "4d")
    phone.get_by_role("button", name="+ Add a build").click()
    build = phone.locator(".build")
    expect(build).to_have_count(1)
    build.get_by_label("Build of 6", exact=True).click()
    type_cards(phone, "4c 2d")  # cards go to the new build
    assert cards_of(phone, ".build") == ["4C", "2D"]
    expect(build.locator(".build-note")).to_contain_text("a single build")
    expect(phone.get_by_label("Seat 1 owns the build of 6")).to_have_attribute(
        "aria-pressed",
        "true",  # an opponent's by default
    )
    phone.locator("#picker-done").click()

    phone.locator("#move-hand .tile[data-card='9H']").click()
    phone.locator("#actions [data-action='trail']").click()
    verdict = phone.locator("#verdict")
    expect(verdict).to_contain_text("Legal")  # an opponent's build does not stop a trail (K8)

    phone.get_by_label("Seat 0 owns the build of 6").click()
    expect(verdict).to_contain_text("Not allowed")
    expect(verdict.locator(".rule-id")).to_have_text("K9")
    expect(verdict.locator(".rule-name")).to_have_text("A build's owner cannot trail")
    expect(verdict.locator(".reason")).to_contain_text("build of 6")
    assert "build=6:4C.2D:0" in phone.locator("#share-url").input_value()
    assert fits(phone)


def test_a_royal_ace_counts_14_when_the_player_says(live_server: str, phone: Page) -> None:
    """K3: in Royal Casino A♠ as 14 takes 9♣ + 5♦; as 1 it cannot."""
    phone.goto(live_server + "/check/casino?players=2&seat=0&variant=royal&hand=AS.KH&loose=9C.5D")
    choice = phone.locator("#ace-choice")
    expect(choice).to_be_hidden()
    phone.locator("#move-hand .tile[data-card='AS']").click()
    expect(choice).to_be_visible()
    phone.locator("#actions [data-action='capture']").click()
    phone.locator("#move-floor .tile[data-card='9C']").click()
    phone.locator("#move-floor .tile[data-card='5D']").click()
    verdict = phone.locator("#verdict")
    expect(verdict.locator(".rule-id")).to_have_text("K4")
    choice.locator(".value[data-value='14']").click()
    expect(verdict).to_contain_text("Legal")
    expect(verdict).to_contain_text("Sweep")
    assert "ace=14" in phone.locator("#share-url").input_value()
    phone.get_by_role("button", name="What can I play?").click()
    ace = phone.locator(".card-group[data-card='AS'] summary")
    expect(ace).to_contain_text("capture 5♦ and 9♣ (ace as 14) · trail it")
    assert fits(phone)


def test_the_aces_option_says_when_an_ace_may_count_14(live_server: str, phone: Page) -> None:
    """K3: the aces option shows in Royal only; a checked position carries it and the link keeps
    it; with "14 only when capturing" a build offers no 14, with "Always 1" nothing does."""
    phone.goto(live_server + "/check/casino?players=2&seat=0&hand=AS.AH&loose=AD.KC")
    option = phone.locator("#aces-option")
    expect(option).to_be_hidden()  # classic: aces count 1 anyway
    phone.locator("label.segment[data-value='royal']").click()
    expect(option).to_be_visible()
    option.locator("label.segment[data-value='capturing']").click()
    assert "aces=capturing" in phone.locator("#share-url").input_value()
    choice = phone.locator("#ace-choice")
    phone.locator("#move-hand .tile[data-card='AS']").click()
    phone.locator("#actions [data-action='capture']").click()
    phone.locator("#move-floor .tile[data-card='AD']").click()
    phone.locator("#move-floor .tile[data-card='KC']").click()
    choice.locator(".value[data-value='14']").click()  # pagat: the captured ace counts 1
    verdict = phone.locator("#verdict")
    expect(verdict).to_contain_text("Legal")
    phone.locator("#actions [data-action='build']").click()
    expect(choice).to_be_hidden()  # a build counts the played ace 1
    option.locator("label.segment[data-value='one']").click()
    phone.locator("#actions [data-action='capture']").click()
    expect(choice).to_be_hidden()
    phone.locator("#move-floor .tile[data-card='AD']").click()
    phone.locator("#move-floor .tile[data-card='KC']").click()
    expect(verdict.locator(".rule-id")).to_have_text("K4")  # as 1 it cannot take A + K
    link = phone.locator("#share-url").input_value()
    assert "aces=one" in link and "ace=14" not in link
    assert fits(phone)


def test_a_raise_takes_in_loose_sets_of_its_new_value(live_server: str, phone: Page) -> None:
    """K6: 3♠ raises the single build of 5 (4♣ A♦) to 8, and 6♣ + 2♥ may join it."""
    phone.goto(
        live_server + "/check/casino?players=2&seat=0&hand=3S.8H&loose=6C.2H&build=5:4C.AD:1"
    )
    phone.get_by_role("button", name="What can I play?").click()
    three = phone.locator(".card-group[data-card='3S']")
    expect(three.locator("summary")).to_contain_text("3♠: 2 raises · trail it")
    three.locator("summary").click()
    name = "Raise the build of 5 to 8, taking in two of hearts and six of clubs"
    three.get_by_role("button", name=name).click()
    expect(phone.locator("#move-floor .tile[aria-pressed='true']")).to_have_count(2)
    verdict = phone.locator("#verdict")
    expect(verdict).to_contain_text("Legal")
    expect(verdict.locator(".after-row", has_text="Build of 8")).to_contain_text("multiple build")
    assert "move=raise:3S:2H.6C:5" in phone.locator("#share-url").input_value()
    phone.locator("#move-floor .tile[data-card='6C']").click()  # 2♥ alone is no set of 8
    expect(verdict).to_contain_text("Not allowed")
    assert fits(phone)
