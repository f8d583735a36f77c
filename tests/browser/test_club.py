"""A club on a 360-px phone: a Seep and a Casino session in one club, the history's filters,
the keeper link on a second phone, a merge of two players that the statistics follow, and its
split much later."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .helpers import seep, taps
from .helpers.artifacts import artifact
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
    names = section.get_by_test_id("player-row").locator("td:first-child .name-cell")
    return names.all_inner_texts()


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
    form.get_by_role("button", name="Merge…").click()
    other.get_by_role("button", name="Merge raj into Ravi").click()
    expect(other.get_by_test_id("flash")).to_contain_text("raj and Ravi are one player now")
    other.get_by_test_id("players-link").click()
    assert sorted(casino_rows(other)) == ["Asha", "Ravi"]
    seep.fits(other)
    # Ravi's own page: the Casino session merged in, not finished (played once it is, and
    # nobody's win till then), its points per deal drawn on the server (the win-rate chart
    # waits for a session with a result).
    other.get_by_test_id("stats-casino").get_by_role("link", name="Ravi").click()
    casino = other.get_by_test_id("player-casino")
    expect(casino.get_by_test_id("record")).to_contain_text("Played 0")
    expect(casino.get_by_test_id("apart")).to_have_text("1 not finished")
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


def keeper_club(page: Page, base: str, casino_names: tuple[str, str]) -> dict[str, str]:
    """A club with a Seep session of the longest names and a Casino session of one deal, kept
    by this phone (the keeper link opened on it)."""
    request = page.context.request
    club = request.post(f"{base}/api/v1/clubs", data={"name": "Thursday table"}).json()
    seep_body = {"game": "seep", "teams": LONGEST, "club": club["id"]}
    assert request.post(f"{base}/api/v1/sessions", data=seep_body).ok
    sides = [{"players": [name]} for name in casino_names]
    casino = request.post(
        f"{base}/api/v1/sessions", data={"game": "casino", "teams": sides, "club": club["id"]}
    ).json()
    record = {"cards": [30, 22], "spades": [7, 6], "aces": [0, 1, 0, 1], "big_casino": 1}
    deal = request.post(
        f"{base}/api/v1/sessions/{casino['id']}/deals",
        data=record | {"little_casino": 0},
        headers={"Authorization": f"Bearer {casino['edit_token']}"},
    )
    assert deal.ok, deal.text()
    page.goto(f"{base}/c/{club['id']}#key={club['keeper_token']}")
    expect(page.get_by_test_id("flash")).to_contain_text("keeps the club")
    return {"club": club["id"], "casino": casino["id"]}


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_merge_chooses_nobody_and_asks_before_it_merges(
    live_server: str, phones: Phones, scheme: str
) -> None:
    phone = phones(color_scheme=scheme)
    long_raj = LONGEST[1]["players"][1]  # Venkataraghavan … Raj, 40 characters
    keeper_club(phone, live_server, ("Asha", "Raj"))
    counter = taps.Taps(phone)
    counter.tap("text=Keeper: names and players")
    form = phone.get_by_test_id("merge-form")
    # Nothing is chosen: one tap on Merge… cannot merge a pair the keeper did not choose.
    for name in ("other", "keep"):
        expect(form.locator(f"select[name={name}]")).to_have_value("")
    form.get_by_role("button", name="Merge…").click()
    expect(phone.get_by_test_id("merge-question")).to_have_count(0)  # the browser asks first
    form.locator("select[name=other]").select_option(label="Raj")
    form.locator("select[name=keep]").select_option(label=long_raj)
    counter.count += 4  # each list opened and a name chosen in it
    seep.fits(phone)
    phone.screenshot(path=str(artifact(f"club-merge-form-{scheme}.png")), full_page=True)
    counter.tap("button:has-text('Merge…')")
    # The confirm step names both and what happens; nothing is merged yet.
    expect(phone.get_by_test_id("merge-question")).to_have_text(f"Merge Raj into {long_raj}?")
    expect(phone.get_by_test_id("merge-what")).to_contain_text(
        f"Raj's 1 session becomes {long_raj}'s, and the name Raj leaves the club's lists."
    )
    seep.fits(phone)
    phone.screenshot(path=str(artifact(f"club-merge-confirm-{scheme}.png")), full_page=True)
    counter.tap(f"button:has-text('Merge Raj into {long_raj}')")
    expect(phone.get_by_test_id("flash")).to_contain_text(f"Raj and {long_raj} are one player")
    assert counter.count == 7  # the tools opened, two names chosen, Merge…, then the confirm
    expect(phone.get_by_test_id("history")).not_to_contain_text("Raj v")  # the label follows
    expect(phone.get_by_test_id("history")).to_contain_text(f"Asha v {long_raj}")
    # The keeper's tools keep the merge, to split it at any time.
    phone.get_by_text("Keeper: names and players").click()
    merged = phone.get_by_test_id("merged-names")
    expect(merged).to_contain_text(f"Raj, merged into {long_raj}")
    expect(merged.get_by_role("button", name="Split Raj off")).to_be_visible()
    seep.fits(phone)
    merged.screenshot(path=str(artifact(f"club-merged-names-{scheme}.png")))


def test_a_merge_is_split_later_from_the_players_page(live_server: str, phone: Page) -> None:
    made = keeper_club(phone, live_server, ("Asha", "raj"))
    phone.get_by_text("Keeper: names and players").click()
    form = phone.get_by_test_id("merge-form")
    form.locator("select[name=other]").select_option(label="raj")
    form.locator("select[name=keep]").select_option(label="M" * 40)
    form.get_by_role("button", name="Merge…").click()
    phone.get_by_role("button", name=f"Merge raj into {'M' * 40}").click()
    expect(phone.get_by_test_id("flash")).to_contain_text("one player now")
    # Much later (the message long gone): a page or two on, the player's page splits them.
    phone.get_by_test_id("players-link").click()
    phone.reload()
    assert sorted(casino_rows(phone)) == ["Asha", "M" * 40]
    phone.get_by_test_id("stats-casino").get_by_role("link", name="M" * 40).click()
    expect(phone.get_by_test_id("merged-names")).to_contain_text("Also played as: raj")
    seep.fits(phone)
    phone.screenshot(path=str(artifact("club-player-split-light.png")), full_page=True)
    counter = taps.Taps(phone)
    counter.tap("[data-testid=split]")
    expect(phone.get_by_test_id("flash")).to_contain_text(f"{'M' * 40} and raj are two players")
    assert counter.count == 1
    expect(phone.get_by_test_id("history")).to_contain_text("Asha v raj")
    phone.get_by_test_id("players-link").click()
    assert sorted(casino_rows(phone)) == ["Asha", "raj"]
    phone.goto(f"{live_server}/s/{made['casino']}")
    expect(phone.locator("body")).to_contain_text("raj")
    expect(phone.locator("body")).not_to_contain_text("M" * 40)
