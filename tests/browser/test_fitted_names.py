"""Names cut by the room they really have (issue 33), on a 360x740 phone in light and dark, with
names of 20-31 characters in Malayalam, Urdu, Hindi, Portuguese and Esperanto.

Seen: two 30-character Malayalam names lost the second partner's surname (the page cut every
name at 60 characters, room or not); the Urdu lead line cut away the leader's first partner; the
Seep deals table's sweeps note ran over the lead column, the dealer's initials were cut and
Malayalam's Edit (തിരുത്തുക) broke inside its word. Now each name shows the longest of its forms
(partners whole, first names, initials) that fits its box, every partner in each, measured in the
browser again when the width or the text size changes and when a live page is redrawn.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, Response, expect

from scorekeeper.words.languages import COOKIE
from tests.helpers.casino import SEVEN_FOUR

from .helpers import names, seep
from .helpers.artifacts import artifact
from .helpers.phones import Phones

pytestmark = pytest.mark.browser

# A phone set to larger text (125 %), as test_narrow_phone's.
LARGE_TEXT = "document.documentElement.style.fontSize = '22.5px'"
# Two frames drawn: what a change of width or text size sets off (names.js's ResizeObserver,
# in the frame after it) is done.
FRAMES = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"
# Where names are written on a scoreboard, and on a deal form.
BOARD = ".side-name, .side-players, .lead-team, .deals th, .deals td, .dealt, .next-dealer, .banner"
FORM = ".total-name, .pick-team, #rest-to-other, .stepper-name, #dealer-group .segment > span"
# The evening: sweeps on both sides (Malayalam's "incl. 50 for sweeps" is one long word), an
# under-9 baazi (deal 3: its note names both teams) and a lead.
DEALS = [(3, (1, 0)), (10, (0, 1)), (1, (0, 0)), (12, (1, 1))]


def phone_in(phones: Phones, base: str, language: str, scheme: str = "light") -> Page:
    """A 360x740 phone whose menu chose `language`."""
    page = phones(color_scheme=scheme)
    page.context.add_cookies([{"name": COOKIE, "value": language, "url": base}])
    return page


def evening(page: Page, base: str, teams: list[dict[str, Any]]) -> tuple[seep.Started, str]:
    """A Seep session in a club, with DEALS, opened by its keeper; where it is, and its club."""
    club = page.context.request.post(f"{base}/api/v1/clubs", data={"name": "Club"}).json()["id"]
    started = seep.start(page.context, base, teams, club=club)
    for team_a, sweeps in DEALS:
        seep.add_deal(page.context, started, seep.record(team_a, sweeps))
    seep.join(page, started.keeper_link)
    return started, club


def every_partner(shown: list[dict[str, Any]], teams: list[dict[str, Any]]) -> None:
    """Each team's name on the page has every partner, whatever its form."""
    joined = {" & ".join(team["players"]): len(team["players"]) for team in teams}
    for name in shown:
        if name["forms"][0] in joined:
            assert name["seen"].count(" & ") == joined[name["forms"][0]] - 1, name["seen"]


def nothing_overflows(page: Page, selector: str) -> None:
    """Nothing sticks out sideways, and no name shown runs out of its box."""
    seep.fits(page)
    assert [name["seen"] for name in names.fitted(page) if not name["fits"]] == []
    if (
        page.evaluate("document.documentElement.lang") != "ur"
    ):  # Nastaliq stands taller than its lines
        assert names.cut(page, selector) == []


CASES = [("ml", "light"), ("ml", "dark"), ("ur", "light"), ("ur", "dark"), ("hi", "dark")]
CASES += [("pt", "light"), ("eo", "dark")]


@pytest.mark.parametrize(("language", "scheme"), CASES)
def test_each_name_shows_the_longest_form_its_room_holds(
    live_server: str, phones: Phones, language: str, scheme: str
) -> None:
    page = phone_in(phones, live_server, language, scheme)
    teams = names.long_teams(language)
    started, club = evening(page, live_server, teams)
    page.screenshot(path=str(artifact(f"fit-board-{language}-{scheme}.png")), full_page=True)
    shown = names.longest_that_fits(page)
    every_partner(shown, teams)
    nothing_overflows(page, BOARD)
    # Where a line has room, the name is whole: the baazi note, the dealer's line, the history.
    wholes = [" & ".join(team["players"]) for team in teams]
    note = page.get_by_test_id("baazi-3")
    for whole in wholes:
        expect(note).to_contain_text(whole)
    assert {name["at"] for name in names.fitted(page, "[data-testid=baazi-3] [data-fit]")} == {0}
    page.goto(f"{live_server}/s/{started.id}/deals/new")
    page.screenshot(path=str(artifact(f"fit-form-{language}-{scheme}.png")), full_page=True)
    every_partner(names.longest_that_fits(page), teams)
    nothing_overflows(page, FORM)
    seats = names.fitted(page, "#dealer-group [data-fit]")
    assert len(seats) == 4 and {seat["at"] for seat in seats} == {0}  # a line each: whole
    page.goto(f"{live_server}/c/{club}")  # the club's history
    for whole in wholes:
        expect(page.get_by_test_id("club-session")).to_contain_text(whole)
    seep.fits(page)


# Layout shifts since the page opened (the Layout Instability API): a name drawn short, then
# long, would move what is below it.
SHIFTS = """() => new Promise(done => new PerformanceObserver(list =>
  done(list.getEntries().filter(e => !e.hadRecentInput).map(e => e.value)))
  .observe({ type: "layout-shift", buffered: true }) || setTimeout(() => done([]), 500))"""


def test_names_are_drawn_once_fitted(live_server: str, phones: Phones) -> None:
    """The page is first drawn with every name fitted (names.js runs before the first paint):
    nothing moves once it is on the screen."""
    page = phone_in(phones, live_server, "ml")
    started, _club = evening(page, live_server, names.long_teams("ml"))
    page.goto(started.board)
    names.longest_that_fits(page)
    assert page.evaluate(SHIFTS) == []


@pytest.mark.parametrize("language", ["ur", "hi"])
def test_the_lead_line_shows_the_leader_and_the_points(
    live_server: str, phones: Phones, language: str
) -> None:
    """Seen in Urdu: «آگے: … فاطمہ زہرا چوہدری خان +16», the first partner the part cut away
    (Hindi's page cut the other end). Both partners and the points show, in either direction,
    with large text too (the shortest form then wraps rather than lose a partner)."""
    page = phone_in(phones, live_server, language)
    teams = names.long_teams("ur")  # Urdu names on a right-to-left page and a left-to-right one
    evening(page, live_server, teams)
    lead = page.get_by_test_id("lead")
    first, second = teams[0]["players"]
    for size in ("", LARGE_TEXT):
        if size:
            page.evaluate(size)
            page.evaluate(FRAMES)
        assert names.overflowing(page, ".lead-team, .lead-team > bdi") == []
        (leader,) = names.longest_that_fits(page, ".lead-team [data-fit]")
        at = leader["at"]
        starts = [first, first.split()[0], first[0]]
        assert any(leader["seen"].startswith(start) for start in starts), leader["seen"]
        assert leader["seen"].count(" & ") == 1 and leader["fits"]
        assert (second.split()[0] in leader["seen"]) or at >= 2, leader["seen"]
        expect(lead.locator(".lead-main .big-number")).to_be_visible()
        seep.inside(page, ".lead-main .big-number")
        if language != "ur":
            assert names.cut(page, ".lead-team") == []
        page.screenshot(path=str(artifact(f"fit-lead-{language}{'-large' if size else ''}.png")))


def test_the_deals_table_holds_malayalam_at_360_px(live_server: str, phones: Phones) -> None:
    """Seen: the sweeps note ran over the lead column, the dealer's initials were cut («അ. …»),
    and Edit broke inside its word («തിരു / ത്തുക»); with large text as well."""
    page = phone_in(phones, live_server, "ml")
    evening(page, live_server, names.long_teams("ml"))
    table = page.get_by_test_id("deals")
    for size in ("", LARGE_TEXT):
        if size:
            page.evaluate(size)
            page.evaluate(FRAMES)
        page.screenshot(
            path=str(artifact(f"fit-deals-ml{'-large' if size else ''}.png")), full_page=True
        )
        seep.fits(page)
        assert names.cut(table, "th, td, .dealt, .button") == []  # nothing runs into a neighbour
        assert names.broken_words(table, ".button") == []  # each label's words whole
        assert seep.inside(page, ".deal-links .button") == len(DEALS)  # Edit, each deal
        dealers = names.longest_that_fits(table, ".dealt [data-fit]")
        assert len(dealers) == len(DEALS) and all(dealer["fits"] for dealer in dealers)


def test_names_are_fitted_again_when_the_room_changes(live_server: str, phones: Phones) -> None:
    """Turned on its side the phone has room for longer forms; with larger text, for shorter."""
    page = phone_in(phones, live_server, "pt")
    evening(page, live_server, names.long_teams("pt"))
    upright = [name["at"] for name in names.longest_that_fits(page)]
    assert any(upright)  # some names shortened on the phone held upright
    page.set_viewport_size({"width": 740, "height": 360})
    page.evaluate(FRAMES)
    wide = [name["at"] for name in names.longest_that_fits(page)]
    assert all(w <= u for w, u in zip(wide, upright, strict=True)) and sum(wide) < sum(upright)
    page.set_viewport_size({"width": 360, "height": 740})
    page.evaluate(LARGE_TEXT)
    page.evaluate(FRAMES)
    large = [name["at"] for name in names.longest_that_fits(page)]
    assert all(g >= u for g, u in zip(large, upright, strict=True)) and sum(large) > sum(upright)
    seep.fits(page)


def test_a_followed_page_fits_the_names_it_redraws(live_server: str, phones: Phones) -> None:
    """A watcher's scoreboard is redrawn when another phone adds a deal: the new rows' names are
    fitted as the page's first drawing was."""
    page = phone_in(phones, live_server, "ml", "dark")
    started, _club = evening(page, live_server, names.long_teams("ml"))
    watcher = phone_in(phones, live_server, "ml", "dark")
    watcher.goto(started.board)
    seep.add_deal(page.context, started, seep.record(7, (0, 1)))
    expect(watcher.locator(".deal-more")).to_have_count(len(DEALS) + 1)
    names.longest_that_fits(watcher)
    nothing_overflows(watcher, BOARD)


def test_a_followed_page_leaves_what_did_not_change_alone(live_server: str, phones: Phones) -> None:
    """Seen on review: a poll's new page redrew every part, since the fitted names never
    matched the server's; an open fold of whole names closed under the reader's finger and the
    keyboard's focus was lost. An unchanged part stays. (The keeper's new scorer link moves the
    session's version and nothing a watcher sees: the page is fetched, and nothing differs.)"""
    page = phone_in(phones, live_server, "ml")
    started, _club = evening(page, live_server, names.long_teams("ml"))
    watcher = phone_in(phones, live_server, "ml")

    def polled(response: Response) -> bool:
        return response.url == started.board and response.status == 200

    with watcher.expect_response(polled):  # the page itself
        watcher.goto(started.board)
    shortened = watcher.locator("details.whole-names:has([data-short])").first
    # Opened, its names show whole (no longer short): it is found by its test id from then on.
    fold = watcher.get_by_test_id(str(shortened.get_attribute("data-testid")))
    fold.locator("summary").click()
    fold.locator("summary").focus()
    with watcher.expect_response(polled, timeout=10_000):  # the poll that fetches the page
        revoked = page.context.request.post(
            f"{live_server}/api/v1/sessions/{started.id}/scorer-link",
            headers={"Authorization": f"Bearer {started.token}"},
        )
        assert revoked.ok, revoked.text()
    watcher.evaluate(FRAMES)
    expect(fold).to_have_attribute("open", "")
    assert watcher.evaluate("document.activeElement.tagName") == "SUMMARY"
    assert watcher.locator(".live-changed").count() == 0


@pytest.mark.parametrize(
    ("game", "options", "language", "players"),
    [
        ("fifty-six", {"teams": "sides"}, "hi", 3),
        ("casino", {"partnerships": "on"}, "pt", 2),
        ("casino", {}, "eo", 1),
    ],
)
def test_fifty_six_and_casino_fit_their_names(
    live_server: str,
    phones: Phones,
    game: str,
    options: dict[str, Any],
    language: str,
    players: int,
) -> None:
    page = phone_in(phones, live_server, language, "dark")
    people = names.LONG[language] + names.LONG["ml"] + names.LONG["ur"]
    teams = [{"name": None, "players": people[t * players : (t + 1) * players]} for t in range(2)]
    started = seep.start(page.context, live_server, teams, game=game, **options)
    first = {"contract": {"seat": 1, "value": 40, "trump": "S"}, "points": 44}
    seep.add_deal(page.context, started, first if game == "fifty-six" else SEVEN_FOUR)
    seep.join(page, started.keeper_link)
    every_partner(names.longest_that_fits(page), teams)
    nothing_overflows(page, BOARD)
    page.screenshot(path=str(artifact(f"fit-{game}-{players}-board.png")), full_page=True)
    page.locator("a[data-deal-number]").click()
    folds = page.locator("main details:not([open]) > summary:visible")
    for _ in range(folds.count()):
        folds.first.click()  # the dealer's chooser too: its names are fitted as it opens
    every_partner(names.longest_that_fits(page), teams)
    nothing_overflows(
        page, ".total-name, .stepper-name, .segment > span, .rest-to, .dealer-fold summary"
    )
    page.screenshot(path=str(artifact(f"fit-{game}-{players}-form.png")), full_page=True)


def test_the_tv_fits_its_names_to_a_1280_px_screen(live_server: str, phones: Phones) -> None:
    tv = phone_in(phones, live_server, "ml")
    started = seep.start(tv.context, live_server, names.long_teams("ml"))
    for team_a, sweeps in DEALS:
        seep.add_deal(tv.context, started, seep.record(team_a, sweeps))
    tv.set_viewport_size({"width": 1280, "height": 720})
    tv.goto(f"{started.board}/tv")
    tv.screenshot(path=str(artifact("fit-tv-ml.png")))
    every_partner(names.longest_that_fits(tv), names.long_teams("ml"))
    for whole in (" & ".join(team["players"]) for team in names.long_teams("ml")):
        expect(tv.get_by_test_id("baazi-3")).to_contain_text(whole)  # a line that has room
    assert names.lines(tv, ".next-dealer") == [1]
    seep.fits(tv, 1280)


def test_without_script_the_server_shortens_by_its_count(live_server: str, phones: Phones) -> None:
    """No script: the page shows the form the server chose by counting characters, and CSS cuts
    what is still too long; nothing sticks out."""
    page = phones(java_script_enabled=False)
    page.context.add_cookies([{"name": COOKIE, "value": "ml", "url": live_server}])
    started = seep.start(page.context, live_server, names.long_teams("ml"))
    for team_a, sweeps in DEALS:
        seep.add_deal(page.context, started, seep.record(team_a, sweeps))
    page.goto(started.board)
    page.screenshot(path=str(artifact("fit-no-script-ml.png")), full_page=True)
    shortened = page.locator(".side-name [data-short]")
    expect(shortened.first).to_have_attribute("title", " & ".join(names.LONG["ml"][:2]))
    seep.fits(page)
