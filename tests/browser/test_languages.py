"""The table in its own language, on a 360-px phone: a whole Seep deal entered in Urdu (right to
left), a Fifty-six deal in Malayalam, a Casino deal in Portuguese, and the checker's verdict in
Hindi and in Esperanto. The words expected are read from the compiled catalogs
(tests.helpers.said), and each page is kept as a screenshot in test-artifacts/ to be looked at.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.words.languages import COOKIE
from tests.helpers.said import said, scripted

from .helpers.artifacts import ARTIFACTS
from .helpers.phones import Phones
from .helpers.seep import fits

pytestmark = pytest.mark.browser

# Checker questions: T3 (9♣ can take 9♦, so it may not be thrown), Q♠ taking a house of 12, and
# K9 (the owner of a build of 6 may not trail).
SEEP_T3 = "/check/seep?players=4&seat=1&hand=KS.4H.9C&loose=9D.5C&house=13:10C.3H:3&move=throw:9C"
SEEP_LEGAL = "/check/seep?players=4&seat=0&hand=QS&house=12:10C.2H:1&move=capture:QS::h"
CASINO_K9 = "/check/casino?players=2&seat=0&hand=6S.9H&loose=4D&build=6:4C.2D:0&move=trail:9H"


def phone_in(phones: Phones, base: str, code: str, scheme: str = "light") -> Page:
    """A 360-px phone whose menu chose `code`."""
    page = phones(base_url=base, color_scheme=scheme)
    page.context.add_cookies([{"name": COOKIE, "value": code, "url": base}])
    return page


def keep(page: Page, name: str) -> None:
    """The page as it looks, for a person to look at."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"language-{name}.png"), full_page=True)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_checkers_verdict_in_hindi(live_server: str, phones: Phones, scheme: str) -> None:
    phone = phone_in(phones, live_server, "hi", scheme)
    phone.goto(SEEP_T3)
    verdict = phone.locator("#verdict")
    expect(verdict.locator(".verdict-title")).to_contain_text(scripted("hi", "Not allowed"))
    # The rule by its id and its name in Hindi, never the API's code (throw-can-capture).
    expect(verdict.locator(".rule-id")).to_have_text("T3")
    named = said("hi", "rule\x04A card that could capture")
    expect(verdict.locator(".rule-name")).to_have_text(named)
    expect(verdict).not_to_contain_text("throw-can-capture")
    reason = said("hi", "%(card)s can capture, so it cannot be thrown.", card="9♣")
    expect(verdict.locator(".reason")).to_have_text(reason)
    fits(phone)
    keep(phone, f"checker-hi-{scheme}")

    phone.goto(SEEP_LEGAL)
    expect(verdict.locator(".verdict-title")).to_contain_text(scripted("hi", "Legal"))
    took = said("hi", "%(card)s captures the house of %(value)d", card="Q♠", value=12)
    expect(verdict.locator(".description")).to_have_text(took)
    keep(phone, f"checker-hi-legal-{scheme}")


def test_the_checkers_verdict_in_esperanto(live_server: str, phones: Phones) -> None:
    phone = phone_in(phones, live_server, "eo")
    phone.goto(CASINO_K9)
    verdict = phone.locator("#verdict")
    expect(verdict.locator(".verdict-title")).to_contain_text(scripted("eo", "Not allowed"))
    expect(verdict.locator(".rule-id")).to_have_text("K9")
    expect(verdict.locator(".rule-name")).to_have_text(
        said("eo", "rule\x04A build's owner cannot trail")
    )
    expect(verdict).not_to_contain_text("owner-cannot-trail")
    reason = said("eo", "You own the build of %(value)d: you may not trail.", value=6)
    expect(verdict.locator(".reason")).to_have_text(reason)
    fits(phone)
    keep(phone, "checker-eo")


def test_a_list_in_urdu_takes_urdu_s_comma(live_server: str, phones: Phones) -> None:
    """The calls legal now, listed by the page's script: «،» and «یا», the patterns the server
    lists with too (words.js's `listed`), never a Latin comma."""
    phone = phone_in(phones, live_server, "ur")
    phone.goto("/check/fifty-six?calls=28D.x.p.p")
    legal = phone.locator("#legal-calls")
    for word in ("pass", "redouble"):
        expect(legal).to_contain_text(scripted("ur", word))
    comma = scripted("ur", "{list}, {item}", list="", item="").strip()
    either = scripted("ur", "{list} or {item}", list="", item="").strip()
    assert (comma, either) == ("،", "یا")
    expect(legal).to_contain_text(comma)
    expect(legal).to_contain_text(either)
    expect(legal).not_to_contain_text(",")
    keep(phone, "checker-ur-legal-calls")


def start(phone: Page, game: str, names: dict[str, str], players: str | None = None) -> None:
    """A new session of `game` from its form, as the phone's language shows it."""
    phone.goto(f"/new/{game}")
    if players:
        phone.locator(f"#players-group label:has-text('{players}')").click()
    for box, name in names.items():
        phone.fill(f"input[name={box}]", name)
    fits(phone)
    phone.locator("form button.big[type=submit]").click()
    phone.locator("a[data-keep-offline]").click()  # Enter deal 1


def save(phone: Page, code: str) -> None:
    """Save the deal form; the scoreboard says so in the phone's language."""
    phone.locator(".submit-bar button[type=submit]").click()
    expect(phone.get_by_test_id("flash")).to_contain_text(said(code, "Deal %(num)d saved.", num=1))
    fits(phone)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_whole_seep_deal_in_urdu(live_server: str, phones: Phones, scheme: str) -> None:
    phone = phone_in(phones, live_server, "ur", scheme)
    # Names in three scripts, as a table in Lahore or Delhi writes them.
    start(phone, "seep", {"a1": "آصف", "a2": "Ravi", "b1": "मीना", "b2": "Dev"})
    expect(phone.locator("html")).to_have_attribute("dir", "rtl")
    # E2, C4: آصف & Ravi take A♠ K♠ Q♠ 10♦ A♥ = 33 and one sweep (50): 83 v 67.
    phone.locator(".pick-team[data-team='0']").click()
    for card in ("AS", "KS", "QS", "10D", "AH"):
        phone.locator(f".card-pick[data-card='{card}'] .card-face").click()
    phone.locator("#rest-to-other").click()
    phone.locator(".stepper.team-0 [data-step='1']").click()
    expect(phone.locator("[data-total='0']")).to_have_text("83")
    expect(phone.locator("[data-total='1']")).to_have_text("67")
    fits(phone)
    keep(phone, f"seep-ur-deal-{scheme}")
    save(phone, "ur")
    lead = phone.get_by_test_id("lead")
    # M1: 83 - 67. In Urdu each name and number filled into the sentence is isolated (FSI…PDI).
    assert "+16" in lead.inner_text().replace("\u2068", "").replace("\u2069", "")
    label = lead.locator(".label").inner_text()
    assert label and "Lead" not in label, label
    keep(phone, f"seep-ur-board-{scheme}")


def test_a_fifty_six_deal_in_malayalam(live_server: str, phones: Phones) -> None:
    phone = phone_in(phones, live_server, "ml")
    start(phone, "fifty-six", {"a1": "അനു", "b1": "Meena", "a2": "രവി", "b2": "Dev"})
    phone.locator("#seat-group label:has-text('Meena')").click()
    phone.locator("[data-bid-pad] [data-tens='30']").click()
    phone.locator(".trumps label.trump-D").click()
    for digit in "31":
        phone.locator(f"[data-key='{digit}']").click()
    made = scripted("ml", "Made: {points} of {bid}", points=31, bid="30♦")
    expect(phone.get_by_test_id("verdict")).to_have_text(made)
    fits(phone)
    keep(phone, "fifty-six-ml-deal")
    save(phone, "ml")
    tables = phone.get_by_test_id("tables-1").inner_text()
    assert "table" not in tables and tables.strip()[0].isdigit(), tables
    keep(phone, "fifty-six-ml-board")


def test_a_casino_deal_in_portuguese(live_server: str, phones: Phones) -> None:
    phone = phone_in(phones, live_server, "pt")
    start(phone, "casino", {"a1": "João", "b1": "Conceição"}, players="2")
    # Thirty cards (+3) and nine spades (+1) to João, every scoring card too: 11 points (K11).
    for name, wanted, shared in (("cards", 30, 26), ("spades", 9, 6)):
        for _ in range(wanted - shared):
            phone.locator(f".stepper[data-count='{name}'].team-0 [data-step='1']").click()
    phone.locator("[data-rest-to='0']").click()
    expect(phone.get_by_test_id("points-0")).to_have_text("11")
    fits(phone)
    keep(phone, "casino-pt-deal")
    save(phone, "pt")
    expect(phone.get_by_test_id("score-0")).to_contain_text("11")
    keep(phone, "casino-pt-board")


def test_each_phone_at_the_table_reads_its_own_language(live_server: str, phones: Phones) -> None:
    """The scorer's phone in Urdu enters a deal; a watcher's in Hindi follows it, in Hindi."""
    scorer = phone_in(phones, live_server, "ur")
    start(scorer, "seep", {"a1": "آصف", "a2": "Ravi", "b1": "मीना", "b2": "Dev"})
    watcher = phone_in(phones, live_server, "hi")
    watcher.goto(scorer.url.removesuffix("/deals/new"))
    expect(watcher.locator(".next-dealer .label")).to_have_text(said("hi", "Next dealer:"))
    scorer.locator(".pick-team[data-team='0']").click()
    for card in ("AS", "KS", "QS", "10D", "AH"):
        scorer.locator(f".card-pick[data-card='{card}'] .card-face").click()
    scorer.locator("#rest-to-other").click()
    scorer.locator(".stepper.team-0 [data-step='1']").click()
    save(scorer, "ur")
    expect(watcher.get_by_test_id("lead")).to_contain_text("+16")  # followed, not reloaded
    expect(watcher.locator("html")).to_have_attribute("lang", "hi")
    expect(watcher.locator(".next-dealer .label")).to_have_text(said("hi", "Next dealer:"))
    keep(watcher, "seep-hi-watcher")


def test_the_menu_steps_by_keyboard_and_changes_at_once_by_tap(
    live_server: str, phones: Phones
) -> None:
    """Arrows step through the languages without leaving the page; Enter chooses. A tap (a
    choice made with the pointer) takes effect at once."""
    phone = phones(base_url=live_server)
    phone.goto("/check")
    menu = phone.locator("select[name=lang]")
    menu.focus()
    phone.keyboard.press("ArrowDown")
    phone.keyboard.press("ArrowDown")
    expect(menu).to_have_value("eo")
    expect(phone.locator("html")).to_have_attribute("lang", "en")  # still stepping
    phone.keyboard.press("Enter")
    expect(phone.locator("html")).to_have_attribute("lang", "eo")
    assert "/check?" in phone.url  # the same page (its script writes the question in the link)
    phone.locator("select[name=lang]").select_option("ml")
    expect(phone.locator("html")).to_have_attribute("lang", "ml")
