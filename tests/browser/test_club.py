"""A club on a 360-px phone: a Seep and a Casino session in one club, the history's filters,
the keeper link on a second phone, and a merge of two players that the statistics follow."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .helpers import seep
from .helpers.phones import Phones
from .helpers.seep import LONGEST

pytestmark = pytest.mark.browser
SCORING = ("ace_S", "ace_C", "ace_H", "ace_D", "big_casino", "little_casino")


def start(page: Page, base: str, game: str, names: dict[str, str], players: str = "") -> None:
    """Start a session from the home page, in the club the form offers first."""
    page.goto(base + "/")
    page.get_by_role("link", name=f"New {game} session").click()
    if players:
        page.locator(f"#players-group label:has-text('{players}')").click()
    for field, name in names.items():
        page.fill(f"input[name={field}]", name)
    page.get_by_role("button", name="Start session").click()
    expect(page.locator(".scoreboard")).to_be_visible()


def lists(page: Page, games: list[str]) -> None:
    """The history lists sessions of these games, newest first (waiting for the page)."""
    rows = page.get_by_test_id("club-session")
    expect(rows).to_have_count(len(games))
    for n, game in enumerate(games):
        expect(rows.nth(n)).to_have_attribute("data-game", game)


def show(page: Page) -> None:
    """Send the filters, and wait for the page they bring."""
    with page.expect_navigation():
        page.get_by_role("button", name="Show", exact=True).click()


def casino_rows(page: Page) -> list[str]:
    """The players' names in the Casino table of the statistics page."""
    section = page.get_by_test_id("stats-casino")
    expect(section).to_be_visible()  # the statistics page has come
    return section.get_by_test_id("player-row").locator("td:first-child").all_inner_texts()


def test_two_games_in_one_club_filters_and_a_merge(live_server: str, phones: Phones) -> None:
    phone = phones()
    # The first session quietly makes a club; the second joins it.
    start(phone, live_server, "Seep", {"a1": "Asha", "a2": "Ravi", "b1": "Meena", "b2": "Dev"})
    start(phone, live_server, "Casino", {"a1": "Asha", "b1": "raj"}, players="2")
    phone.get_by_role("link", name="Enter deal").click()
    for name in SCORING:  # Asha takes the aces and both casinos: 7; raj most spades: 1
        phone.locator(f"#{name}-group label.team-0").click()
    phone.get_by_role("button", name="Save deal").click()
    expect(phone.get_by_test_id("flash")).to_contain_text("saved")

    phone.get_by_test_id("in-club").get_by_role("link").click()
    expect(phone.get_by_test_id("club-name")).to_have_text("Asha's table")
    lists(phone, ["casino", "seep"])
    expect(phone.get_by_test_id("standing-line").first).to_have_text(
        "Asha 7 · raj 1 of 21 · 1 deal"
    )
    seep.fits(phone)

    # Filters: a plain GET form, each narrowing the list.
    phone.select_option("select[name=game]", "seep")
    show(phone)
    lists(phone, ["seep"])
    phone.select_option("select[name=game]", "")
    phone.select_option("select[name=player]", label="raj")
    show(phone)
    lists(phone, ["casino"])
    phone.fill("input[name=to]", "2000-01-01")
    show(phone)
    expect(phone.get_by_test_id("history-empty")).to_be_visible()
    phone.get_by_role("link", name="Show all").click()
    lists(phone, ["casino", "seep"])
    seep.fits(phone)

    # The keeper link makes a second phone the club's keeper.
    phone.get_by_text("Share this club").click()
    keeper_link = phone.get_by_test_id("keeper-link").input_value()
    other = phones()
    other.goto(keeper_link)
    expect(other.get_by_test_id("flash")).to_contain_text("keeps the club")
    assert "#key" not in other.url
    expect(other.get_by_test_id("keeper-tools")).to_be_visible()
    seep.fits(other)

    # raj is Ravi: the statistics follow the merge.
    other.get_by_test_id("players-link").click()
    assert sorted(casino_rows(other)) == ["Asha", "raj"]
    other.go_back()
    other.get_by_text("Keeper: names and players").click()
    form = other.get_by_test_id("merge-form")
    form.locator("select[name=other]").select_option(label="raj")
    form.locator("select[name=keep]").select_option(label="Ravi")
    seep.fits(other)
    form.get_by_role("button", name="Merge").click()
    expect(other.get_by_test_id("flash")).to_contain_text("raj and Ravi are one player now")
    other.get_by_test_id("players-link").click()
    assert sorted(casino_rows(other)) == ["Asha", "Ravi"]
    seep.fits(other)
    # Ravi's own page: the Casino session merged in, its points per deal drawn on the server
    # (the win-rate chart waits for a session with a result).
    other.get_by_test_id("stats-casino").get_by_role("link", name="Ravi").click()
    casino = other.get_by_test_id("player-casino")
    expect(casino.get_by_test_id("record")).to_contain_text("Played 1")
    expect(casino.get_by_test_id("points-chart").locator("rect")).not_to_have_count(0)
    expect(casino.get_by_test_id("form-chart")).to_have_count(0)
    seep.fits(other)


def test_the_club_page_fits_360_px_with_the_longest_names(live_server: str, phone: Page) -> None:
    """A club of the longest name and players of the longest names, seen by its keeper (the
    keeper link opened on this phone) with every panel open."""
    request = phone.context.request
    club = request.post(f"{live_server}/api/v1/clubs", data={"name": "C" * 60}).json()
    body = {"game": "seep", "teams": LONGEST, "club": club["id"]}
    assert request.post(f"{live_server}/api/v1/sessions", data=body).ok
    phone.goto(f"{live_server}/c/{club['id']}#key={club['keeper_token']}")
    expect(phone.get_by_test_id("flash")).to_contain_text("keeps the club")
    for panel in ("Keeper: names and players", "Share this club"):
        phone.get_by_text(panel).click()
    expect(phone.get_by_test_id("player-name")).to_have_count(4)
    seep.fits(phone)
    seep.inside(phone, "[data-testid=club-session] .button")
