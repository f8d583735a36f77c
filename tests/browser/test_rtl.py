"""Right to left: Urdu pages (<html lang="ur" dir="rtl">) mirror at 360 px, in both themes.

The scoreboard, the deal form, Fifty-six's live page and the checker's floor in Urdu: nothing
sticks out sideways, the first team stands on the right (where an Urdu reader starts), a stepper
reads − then + from the right, and a card keeps its rank before its suit. The words are still
English until the catalogs come, which does not change the layout. Screenshots of each page in
light and dark go to test-artifacts/rtl-*.png for people to look at; the header's language menu
fits beside the brand in both directions.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .helpers import seep
from .helpers.artifacts import artifact
from .helpers.phones import Phones

pytestmark = pytest.mark.browser

SCHEMES = ["light", "dark"]
# The checker's example (shared/API.md): seat 1 holds K♠ 4♥ 9♣, 9♦ 5♣ loose, a house of 13.
CHECKER = "/check?players=4&seat=1&hand=KS.4H.9C&loose=9D.5C&house=13:10C.3H:3&move=capture:KS::h"
# A table in Lahore names one team in Urdu (Nastaliq's tall lines in clamped boxes), one in English.
SEEP = [
    {"name": "لاہور کے شاہین اور ان کے دوست", "players": ["عائشہ صدیقی", "رضا"]},
    {"name": "Old Delhi Seep Club", "players": ["Meena", "Dev"]},
]
FIFTY_SIX = [
    {"name": "چاندنی چوک کے غلام", "players": ["عائشہ", "روی"]},
    {"name": "Nines", "players": ["Meena", "Dev"]},
]
# Where each box's left and right edges are, for the selector's elements.
EDGES = "els => els.map(e => { const r = e.getBoundingClientRect(); return [r.left, r.right]; })"
# Where an element's text ends on the right (its first line's letters, not its box).
TEXT_RIGHT = """e => { const r = document.createRange(); r.selectNodeContents(e);
  return r.getClientRects()[0].right; }"""


def urdu(phones: Phones, scheme: str = "light", lang: str = "ur") -> Page:
    """A 360x740 phone that asks for `lang` (Urdu unless told), in `scheme`."""
    return phones(color_scheme=scheme, extra_http_headers={"Accept-Language": lang})


def right_to_left(page: Page) -> None:
    """The page is Urdu's, laid out right to left, and nothing is wider than the phone."""
    assert page.evaluate("document.documentElement.lang") == "ur"
    assert page.evaluate("getComputedStyle(document.documentElement).direction") == "rtl"
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= 360, f"{page.url} is {width} px wide: {page.evaluate(seep.WIDEST, 360)}"


def edges(page: Page, selector: str) -> list[tuple[float, float]]:
    """[left, right] of each element matching `selector`, in the page's order (once there)."""
    expect(page.locator(selector).first).to_be_attached()
    return [tuple(box) for box in page.locator(selector).evaluate_all(EDGES)]


def right_of(page: Page, first: str, second: str) -> None:
    """`first` stands wholly to the right of `second` (the one an Urdu reader meets first)."""
    (one,), (two,) = edges(page, first), edges(page, second)
    assert one[0] >= two[1] - 1, f"{first} at {one}, {second} at {two}"


def shot(page: Page, name: str, scheme: str, **options: Any) -> None:
    """A screenshot for people to look at: test-artifacts/rtl-<name>-<scheme>.png."""
    page.screenshot(path=str(artifact(f"rtl-{name}-{scheme}.png")), **options)


@pytest.mark.parametrize("scheme", SCHEMES)
def test_the_seep_scoreboard_and_deal_form_mirror(
    live_server: str, phones: Phones, scheme: str
) -> None:
    page = urdu(phones, scheme)
    started = seep.start(page.context, live_server, SEEP)
    for team_a, sweeps in ((3, (1, 0)), (10, (0, 1))):
        seep.add_deal(page.context, started, seep.record(team_a, sweeps))
    seep.join(page, started.keeper_link)
    right_to_left(page)
    right_of(page, ".sides > .side:nth-child(1)", ".sides > .side:nth-child(2)")
    # Each card's players start at its right, the English ones too (their letters left to right).
    for side in page.locator(".sides .side-players").all():
        text = side.evaluate(TEXT_RIGHT)
        assert abs(text - side.evaluate("e => e.getBoundingClientRect().right")) < 2
    # The deals' table: the deal's number in the rightmost column, Edit in the leftmost.
    right_of(page, ".deals thead th:first-child", ".deals thead th:last-child")
    # The Urdu name is drawn in the phone's Nastaliq (fonts-noto-core's Noto Nastaliq Urdu).
    nastaliq = "document.fonts.ready.then(() => [...document.fonts].some(f => f.family.includes("
    nastaliq += "'Urdu Nastaliq') && f.status === 'loaded'))"
    assert page.evaluate(nastaliq)
    shot(page, "scoreboard", scheme, full_page=True)

    page.locator("a[data-deal-number='3']").click()  # Enter deal 3, in Urdu
    right_to_left(page)
    right_of(page, ".totals .total.team-0", ".totals .total.team-1")
    # A stepper from the right: the team's name, −, the count, +.
    stepper = ".stepper.team-0"
    right_of(page, f"{stepper} .stepper-name", f"{stepper} [data-step='-1']")
    right_of(page, f"{stepper} [data-step='-1']", f"{stepper} input")
    right_of(page, f"{stepper} input", f"{stepper} [data-step='1']")
    # A card face reads rank then suit, left to right, as printed (its corners as in English).
    face = page.locator(".card-pick[data-card='10D'] .card-face")
    assert face.evaluate("e => getComputedStyle(e).direction") == "ltr"
    seep.tap(page, "KS", "10D")
    expect(page.locator("[data-total='0']")).not_to_have_text("0")
    right_to_left(page)
    shot(page, "deal-form", scheme)
    page.locator(".sweeps").scroll_into_view_if_needed()
    shot(page, "deal-form-sweeps", scheme)


@pytest.mark.parametrize("scheme", SCHEMES)
def test_fifty_six_live_page_mirrors(live_server: str, phones: Phones, scheme: str) -> None:
    page = urdu(phones, scheme)
    started = seep.start(page.context, live_server, FIFTY_SIX, game="fifty-six", teams="sides")
    seep.join(page, started.keeper_link)
    page.goto(f"{started.board}/live")
    expect(page.locator("#start-button")).to_be_visible()
    right_to_left(page)
    right_of(page, ".live-teams > :nth-child(1)", ".live-teams > :nth-child(2)")
    # "← Scoreboard": back points right, where an Urdu reader came from.
    turned = page.locator(".back-link .arrow-back").evaluate("e => getComputedStyle(e).transform")
    assert turned == "matrix(-1, 0, 0, 1, 0, 0)"
    shot(page, "fifty-six-live", scheme, full_page=True)
    # The auction's pad, then the table in play: 29 hearts by the first to call, three passes.
    page.locator("#start-button").click()
    expect(page.locator(".bid-pad")).to_be_visible()  # the first to call has the pad
    right_to_left(page)
    shot(page, "fifty-six-auction", scheme, full_page=True)
    page.locator(".bid-pad [data-bid='29']").click()
    page.locator(".fs-trumps [data-trump='H']").click()
    page.locator("#bid-button").click()
    for passes in range(1, 4):
        expect(page.locator("[data-testid=calls] li")).to_have_count(passes)
        page.locator("#pass-button").click()
    expect(page.locator("#play-panel .pick").first).to_be_visible()  # a card to play
    right_to_left(page)
    # The card pad's suits run from the right; each card reads rank then suit.
    assert (
        page.locator("#play-panel .pick").first.evaluate("e => getComputedStyle(e).direction")
        == "ltr"
    )
    shot(page, "fifty-six-play", scheme, full_page=True)


@pytest.mark.parametrize("scheme", SCHEMES)
def test_the_seep_checker_mirrors(live_server: str, phones: Phones, scheme: str) -> None:
    page = urdu(phones, scheme)
    page.goto(live_server + CHECKER)
    expect(page.locator("#verdict")).not_to_be_empty()
    right_to_left(page)
    # The seats from the right: seat 1 first; the hand's cards from the right, each read K♠.
    right_of(page, ".seats .segment[data-value='0']", ".seats .segment[data-value='1']")
    hand = "[data-tiles='hand'] .tile"
    right_of(page, f"{hand}[data-card='KS']", f"{hand}[data-card='4H']")
    tile = page.locator(f"{hand}[data-card='KS']")
    assert tile.evaluate("e => getComputedStyle(e).direction") == "ltr"
    page.locator("#list-moves").click()  # What can I play?
    page.locator(".card-group[data-card='4H'] summary").click()
    expect(page.locator(".card-group[data-card='4H'] .listed-move").first).to_be_visible()
    right_to_left(page)
    # The link to share is read left to right, its start in view.
    assert page.locator("#share-url").evaluate("e => getComputedStyle(e).direction") == "ltr"
    shot(page, "checker", scheme, full_page=True)


@pytest.mark.parametrize("lang", ["en", "ur"])
def test_the_language_menu_fits_beside_the_brand(
    live_server: str, phones: Phones, lang: str
) -> None:
    page = urdu(phones, lang=lang)
    started = seep.start(page.context, live_server, seep.LONGEST)
    for where in ("/", "/check", f"/s/{started.id}", "/new/seep"):
        page.goto(live_server + where)
        assert page.evaluate("document.documentElement.lang") == lang
        boxes = edges(page, "header.top > *")
        assert all(left >= 0 and right <= 360 for left, right in boxes), (where, boxes)
        brand, menu = edges(page, "header.top .brand")[0], edges(page, "header.top .language")[0]
        # The brand at the line's start (left in English, right in Urdu), the menu apart from it.
        assert (menu[0] >= brand[1]) if lang == "en" else (menu[1] <= brand[0]), (brand, menu)
        seep.fits(page)
    page.locator("header.top").screenshot(path=str(artifact(f"rtl-header-{lang}.png")))


@pytest.mark.parametrize("scheme", SCHEMES)
def test_the_new_session_form_and_the_clubs_players_mirror(
    live_server: str, phones: Phones, scheme: str
) -> None:
    page = urdu(phones, scheme)
    club = page.context.request.post(f"{live_server}/api/v1/clubs", data={"name": "لاہور کلب"})
    assert club.status == 201, club.text()
    started = seep.start(page.context, live_server, SEEP, club=club.json()["id"])
    seep.add_deal(page.context, started, seep.record(3, (1, 0)))
    seep.join(page, started.keeper_link)  # the phone keeps score: its names are offered
    page.goto(live_server + "/new/seep")
    expect(page.locator(".recent-names .chip")).to_have_count(4)
    right_to_left(page)
    # The chips from the right, in Urdu's order: the Urdu names first, then the Latin ones.
    chips = page.locator(".recent-names .chip")
    assert chips.evaluate_all("cs => cs.map(c => c.dataset.name)")[:2] == ["رضا", "عائشہ صدیقی"]
    right_of(page, ".recent-names .chip:nth-of-type(1)", ".recent-names .chip:nth-of-type(2)")
    shot(page, "new-session", scheme, full_page=True)
    page.goto(f"{live_server}/c/{club.json()['id']}/players")
    right_to_left(page)
    # "← the club": the arrow, turned, stands first: on the right.
    arrow, link = edges(page, ".back .arrow-back")[0], edges(page, ".back a")[0]
    assert arrow[1] >= link[1] - 1, (arrow, link)
    shot(page, "club-players", scheme, full_page=True)


def test_the_tv_view_mirrors(live_server: str, phones: Phones) -> None:
    tv = phones(
        viewport={"width": 1280, "height": 720}, extra_http_headers={"Accept-Language": "ur"}
    )
    started = seep.start(tv.context, live_server, SEEP)
    for team_a, sweeps in ((3, (1, 0)), (10, (0, 1)), (7, (0, 0))):
        seep.add_deal(tv.context, started, seep.record(team_a, sweeps))
    tv.goto(f"{started.board}/tv")
    assert tv.evaluate("getComputedStyle(document.documentElement).direction") == "rtl"
    # The standing on the right (where an Urdu reader starts), the chart and deals on the left.
    ((standing_left, _),) = edges(tv, ".tv-board > .scoreboard")
    others = edges(tv, ".tv-board > section:not(.scoreboard)")
    assert others and all(right <= standing_left for _, right in others), (standing_left, others)
    assert tv.evaluate("document.scrollingElement.scrollWidth") <= 1280
    tv.screenshot(path=str(artifact("rtl-tv.png")))
