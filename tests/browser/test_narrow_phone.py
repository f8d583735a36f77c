"""A 360-px phone with long names: the scoreboard and the deal form fit, nothing is off-screen."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.helpers.casino import SEVEN_FOUR

from .helpers import names, seep
from .helpers.artifacts import artifact
from .helpers.phones import Phones
from .helpers.seep import LONGEST
from .helpers.taps import Taps

pytestmark = pytest.mark.browser


NAMES = {"realistic": seep.PLAIN, "longest": LONGEST}
# Scroll an element to just below the deal form's sticky totals bar.
BELOW_THE_TOTALS = "e => window.scrollTo(0, e.getBoundingClientRect().top + window.scrollY - 90)"


def evening(page: Page, base: str, teams: list[dict[str, Any]]) -> seep.Started:
    """A session with sweeps, an under-9 baazi and a deleted deal, opened by its keeper."""
    started = seep.start(page.context, base, teams)
    for team_a, sweeps in ((3, (1, 0)), (10, (0, 0)), (1, (0, 0)), (5, (0, 2)), (12, (1, 1))):
        seep.add_deal(page.context, started, seep.record(team_a, sweeps))
    gone = seep.add_deal(page.context, started, seep.record(8))
    answer = page.context.request.delete(
        f"{base}/api/v1/sessions/{started.id}/deals/{gone['id']}",
        headers={"Authorization": f"Bearer {started.token}"},
    )
    assert answer.ok
    seep.join(page, started.keeper_link)
    return started


@pytest.mark.parametrize("names", NAMES)
def test_the_scoreboard_fits_360_px_with_long_names(
    live_server: str, phones: Phones, names: str
) -> None:
    page = phones(permissions=["clipboard-read", "clipboard-write"])
    teams = NAMES[names]
    evening(page, live_server, teams)
    page.locator("details.deleted-deals summary").click()
    page.locator("details.share summary").click()
    page.locator("details.pen summary").click()
    seep.fits(page)
    assert seep.inside(page, "a[aria-label^='Edit deal']") == 5
    seep.inside(page, ".deals th, .deals td")
    seep.inside(page, ".side, .lead-line, .banner, .actions .button, [data-testid='flash']")
    assert seep.inside(page, ".deleted-deals button") == 1
    seep.inside(page, ".share input, .share button:visible, .pen input, .pen button:visible")
    # Deal 3's under-9 baazi names both teams, on a row of its own, cut nowhere.
    baazi = page.get_by_test_id("baazi-3")
    winner, loser = teams[1]["name"], teams[0]["name"]
    expect(baazi).to_have_text(f"★ {winner} — {loser} under 9")
    seep.inside(page, "[data-testid='baazi-3']")
    # A cut name keeps its whole text for a screen reader; the sides show up to three lines.
    assert teams[0]["name"] in page.locator(".side").first.aria_snapshot()
    page.screenshot(path=str(artifact(f"scoreboard-360-{names}.png")), full_page=True)
    page.goto(base_of(page) + "/")  # the home page lists the session by its teams' names
    expect(page.locator(".session-list li")).to_have_count(1)
    seep.fits(page)


def base_of(page: Page) -> str:
    """The app's address, from the page's."""
    return page.url.split("/s/", 1)[0]


@pytest.mark.parametrize("names", NAMES)
def test_the_deal_form_fits_360_px_with_long_names(
    live_server: str, phone: Page, names: str
) -> None:
    started = seep.start(phone.context, live_server, NAMES[names])
    seep.join(phone, started.keeper_link)
    phone.get_by_role("link", name="Enter deal 1").click()
    sweep_options = phone.locator(".sweeps details")
    sweep_options.locator("summary").click()
    expect(sweep_options.locator(".segment")).to_have_count(6)
    phone.locator(".card-pick[data-card='KS'] .card-face").click()
    phone.locator("#rest-to-other").click()
    phone.locator(".stepper.team-1 [data-step='1']").click()
    expect(phone.locator("[data-total='1']")).to_have_text("137")  # 87 in cards, a sweep
    seep.fits(phone)
    seep.inside(phone, ".total, .pick-team, #rest-to-other, .submit-bar .button")
    assert seep.inside(phone, ".step") == 4
    seep.inside(phone, ".segment span")
    assert seep.inside(phone, "input[name=dealer] + span") == 4
    for part, where in (("top", "h1"), ("sweeps", ".sweeps"), ("dealer", "#dealer-group")):
        phone.locator(where).evaluate(BELOW_THE_TOTALS)
        phone.screenshot(path=str(artifact(f"deal-form-360-{names}-{part}.png")))


def test_the_new_session_form_fits_360_px_with_the_longest_names(
    live_server: str, phone: Page
) -> None:
    phone.goto(live_server + "/new/seep")
    for side, team in zip("ab", LONGEST, strict=True):
        phone.fill(f"input[name=team_{side}]", team["name"])
        for box, name in zip((f"{side}1", f"{side}2"), team["players"], strict=True):
            phone.fill(f"input[name={box}]", name)
    seep.fits(phone)
    phone.get_by_role("button", name="Start session").click()
    assert "W" * 60 in phone.locator(".side").last.aria_snapshot()  # read out whole
    seep.fits(phone)


# Issue 21, every seat at the table: long names in three scripts, in every game's line-up.
# Where a name is written on a page (and the sentences and labels that hold one).
NAME_TEXT = (
    ".side, .banner, .lead-line, .next-dealer, .deals td, .deals th, .total, .stepper-name,"
    " .segment, legend, summary, .flash, .problem, .session-list a"
)
FIRST_DEAL = {
    "seep": seep.record(5),
    "fifty-six": {"contract": {"seat": 1, "value": 40, "trump": "S"}, "points": 44},
    "casino": SEVEN_FOUR,
}


def longest(teams: int, players: int) -> list[dict[str, Any]]:
    """`teams` teams of `players` names at the forms' limits (seep.LONGEST's, and more)."""
    people = [name for team in LONGEST for name in team["players"]] + ["X" * 40, "Y" * 40]
    titles = [team["name"] for team in LONGEST] + ["Z" * 60]
    return [
        {
            "name": None if players == 1 else titles[team],
            "players": people[team * players : (team + 1) * players],
        }
        for team in range(teams)
    ]


def lineup(script: str, name: str) -> tuple[str, dict[str, Any], list[dict[str, Any]]]:
    """A line-up's game, options and teams, in `script` or at the forms' limits."""
    game, options, teams, players = names.LINEUPS[name]
    sides = longest(teams, players) if script == "longest" else names.sides(script, teams, players)
    return game, options, sides


def session_of(page: Page, base: str, script: str, name: str) -> list[dict[str, Any]]:
    """A session of the line-up with one deal, opened by its keeper; its teams."""
    game, options, teams = lineup(script, name)
    started = seep.start(page.context, base, teams, game=game, **options)
    seep.add_deal(page.context, started, FIRST_DEAL[game])
    seep.join(page, started.keeper_link)
    return teams


def whole_name_in_one_tap(page: Page, card: Locator, team: dict[str, Any]) -> int:
    """The team's whole name (and its players') shows on its card at most one tap away, and a
    screen reader reads it whole from the start; the taps it took."""
    whole = [team["name"] or team["players"][0], *team["players"]]
    for name in whole:
        assert name in card.aria_snapshot(), f"{name} is not read out"
    fold = card.locator("details.whole-names")
    # Nothing shortened (no fold, or one offering nothing more): the card shows it all.
    if not fold.locator("summary [data-short]").count():
        assert names.cut(card, ".side-name, .side-players") == []
        return 0
    taps = Taps(page)
    taps.tap(card.locator("details.whole-names > summary"))
    shown = fold.locator(".whole")
    expect(shown).to_be_visible()
    for name in whole:
        expect(shown).to_contain_text(name)
    if not any(len(word) > 30 for name in whole for word in name.split()):
        assert names.broken_words(page, ".whole") == []  # only 40 letters with no space break
    return taps.count


@pytest.mark.parametrize("script", [*names.SCRIPTS, "longest"])
@pytest.mark.parametrize("name", names.LINEUPS)
def test_every_team_is_recognisable_on_a_360_px_scoreboard(
    live_server: str, phones: Phones, name: str, script: str
) -> None:
    """Seen: names cut mid-word ("The Magnificen t…") and a card showing one partner only
    ("Bartholomew-Alexander &…"). Both partners now show, shortened where room is short."""
    page = phones(color_scheme="dark" if script == "arabic" else "light")
    teams = session_of(page, live_server, script, name)
    page.screenshot(path=str(artifact(f"names-{name}-{script}.png")), full_page=True)
    seep.fits(page)
    assert names.broken_words(page, NAME_TEXT) == []
    # Every partner, in the longest form the card's lines hold (issue 33); a team's name may end
    # in "…" (a word longer than the card's line), whole a tap away.
    assert names.cut(page, ".side-players") == []
    shown = {
        name["forms"][0]: name["seen"] for name in names.longest_that_fits(page, ".side [data-fit]")
    }
    for index, team in enumerate(teams):
        card = page.locator(".side").nth(index)
        if team["name"] is not None and len(team["players"]) > 1:
            partners = shown[" & ".join(team["players"])]
            assert partners.count(" & ") == len(team["players"]) - 1, partners
        assert whole_name_in_one_tap(page, card, team) <= 1
    seep.fits(page)
    page.screenshot(path=str(artifact(f"names-{name}-{script}-open.png")), full_page=True)


@pytest.mark.parametrize("script", ["latin", "devanagari", "longest"])
@pytest.mark.parametrize("name", names.LINEUPS)
def test_every_deal_form_keeps_names_and_labels_whole_at_360_px(
    live_server: str, phones: Phones, name: str, script: str
) -> None:
    """Seen: the Fifty-six form's "De / ale / r:". Labels stay on one line, names unbroken."""
    page = phones()
    session_of(page, live_server, script, name)
    page.get_by_role("link", name="Enter deal 2").click()
    folds = page.locator("main details:not([open]) > summary:visible")
    for _ in range(folds.count()):
        folds.first.click()  # every fold open: the dealer's chooser too
    seep.fits(page)
    assert names.broken_words(page, NAME_TEXT) == []
    assert set(names.lines(page, ".label")) <= {1}
    page.screenshot(path=str(artifact(f"names-form-{name}-{script}.png")), full_page=True)


def test_the_offline_clash_banner_keeps_its_words_whole(live_server: str, phones: Phones) -> None:
    """Seen: the banner of a deal entered offline that clashes, one letter a line beside its
    button. Its words stay whole, the button below them when they need the room."""
    a = phones()
    started = seep.start(a.context, live_server, LONGEST)
    seep.join(a, started.keeper_link)
    expect(a.locator("html[data-offline-ready]")).to_have_count(1)
    seep.add_deal(a.context, started, seep.record(3))
    a.reload()
    a.get_by_role("link", name="Edit deal 1").click()  # opened online
    a.context.set_offline(True)
    a.locator(".card-pick[data-card='KS'] .card-face").click()
    a.get_by_role("button", name="Save deal 1").click()
    expect(a.get_by_test_id("waiting")).to_have_text("1 deal waiting to be sent")
    b = phones()  # another scorer corrects deal 1 meanwhile
    seep.join(b, started.keeper_link)
    b.get_by_role("link", name="Edit deal 1").click()
    b.locator(".card-pick[data-card='AH'] .card-face").click()
    b.get_by_role("button", name="Save deal 1").click()
    expect(b.get_by_test_id("flash")).to_have_text("Deal 1 corrected.")
    a.context.set_offline(False)
    asked = a.get_by_test_id("offline-refused")
    expect(asked).to_contain_text("clashes with another scorer's")
    a.screenshot(path=str(artifact("names-offline-clash.png")))
    assert names.broken_words(a, "[data-testid=offline-refused]") == []
    assert max(names.lines(a, "[data-testid=offline-refused] > span")) <= 3
    seep.inside(a, "[data-testid=offline-refused], [data-testid=offline-refused] .button")


# A phone set to larger text (125 %): the statistics' narrow columns hold less.
LARGE_TEXT = "document.documentElement.style.fontSize = '22.5px'"


def test_a_win_rate_of_100_percent_stays_on_one_line(live_server: str, phone: Page) -> None:
    """Seen: "100 %" wrapped on the club's statistics, the longest names beside it, on a phone
    with larger text."""
    request = phone.context.request
    club = request.post(f"{live_server}/api/v1/clubs", data={"name": "C" * 60}).json()["id"]
    started = seep.start(phone.context, live_server, LONGEST, club=club, baazis=1)
    seep.add_deal(phone.context, started, seep.record(1))  # under 9: the session to team B
    phone.goto(f"{live_server}/c/{club}")  # the club's page: its name, its history
    expect(phone.get_by_test_id("club-session")).to_have_count(1)
    seep.fits(phone)
    assert names.broken_words(phone, "main") == []
    phone.goto(f"{live_server}/c/{club}/players")
    expect(phone.get_by_test_id("player-row").first).to_contain_text("100%")
    phone.evaluate(LARGE_TEXT)
    phone.screenshot(path=str(artifact("names-club-players.png")), full_page=True)
    assert set(names.lines(phone, ".deals td:not(:first-child), .deals th")) == {1}
    seep.fits(phone)
    assert names.broken_words(phone, "main") == []
    phone.get_by_test_id("player-row").filter(has_text="100%").first.locator("a").click()
    expect(phone.get_by_test_id("record")).to_contain_text("100%")
    phone.evaluate(LARGE_TEXT)
    seep.fits(phone)
    assert names.broken_words(phone, "main") == []
    assert set(names.lines(phone, ".deals td:not(:first-child)")) == {1}  # the figures


@pytest.mark.parametrize("name", ["seep", "fifty-six-pairs", "casino-players"])
def test_the_tv_shows_the_next_dealer_on_one_line_at_1280x720(
    live_server: str, phones: Phones, name: str
) -> None:
    """Seen: the TV cut its next-dealer line at 1280x720, under the longest names."""
    tv = phones()
    game, options, teams = lineup("longest", name)
    started = seep.start(tv.context, live_server, teams, game=game, **options)
    seep.add_deal(tv.context, started, FIRST_DEAL[game])
    tv.set_viewport_size({"width": 1280, "height": 720})
    tv.goto(f"{started.board}/tv")
    dealer = tv.locator(".next-dealer")
    tv.screenshot(path=str(artifact(f"names-tv-{name}.png")))
    expect(dealer).to_be_visible()
    assert names.lines(tv, ".next-dealer") == [1]
    assert names.cut(tv, ".next-dealer") == []
    assert dealer.evaluate("e => e.getBoundingClientRect().bottom") <= 720
    assert names.broken_words(tv, NAME_TEXT) == []


@pytest.mark.parametrize("script", ["latin", "longest"])
@pytest.mark.parametrize("name", ["seep", "fifty-six-sides", "casino-teams"])
def test_the_live_page_shows_every_partner_at_360_px(
    live_server: str, phones: Phones, name: str, script: str
) -> None:
    """The live page's teams as the scoreboard's: words whole, every partner shown."""
    page = phones()
    session_of(page, live_server, script, name)
    page.get_by_role("link", name="Play live").click()
    expect(page.get_by_test_id("live-status")).not_to_have_text("Loading the deal…")
    page.screenshot(path=str(artifact(f"names-live-{name}-{script}.png")), full_page=True)
    seep.fits(page)
    assert names.broken_words(page, "#live-deal") == []  # the dealer chooser too
    assert names.cut(page, ".live-team-players") == []
