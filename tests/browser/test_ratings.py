"""The players' page shows the club's ratings on a 360-px phone, light and dark: a table per
game (each player's rating, games and a line of it over time; partnerships below), the lines
named for a screen reader, nothing wider than the phone, and no serious axe violation."""

from __future__ import annotations

import re
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from .helpers import seep
from .helpers.artifacts import artifact
from .helpers.phones import Phones

pytestmark = pytest.mark.browser

POINT_CARDS = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS"]
POINT_CARDS += ["AH", "AD", "AC", "10D"]
# M3: Tigers take 2♠ and 3♠ (5 points), under 9: Lions' baazi; then the other way round.
LIONS = [[c for c in POINT_CARDS if c not in ("2S", "3S")], ["2S", "3S"]]
TIGERS = [LIONS[1], LIONS[0]]
TEAMS = [{"players": ["Asha", "Ravi"]}, {"players": ["Meena", "Dev"]}]
AXE_OPTIONS = {
    "runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21aa"]},
    "resultTypes": ["violations"],
}


def rated_club(page: Page, base: str) -> dict[str, str]:
    """A club with a Seep session of three baazis (Lions, Tigers, Lions); its id and keeper's
    token."""
    request = page.context.request
    club = request.post(f"{base}/api/v1/clubs", data={"name": "Thursday table"}).json()
    body = {"game": "seep", "teams": TEAMS, "club": club["id"]}
    session = request.post(f"{base}/api/v1/sessions", data=body).json()
    auth = {"Authorization": f"Bearer {session['edit_token']}"}
    for captured in (LIONS, TIGERS, LIONS):
        posted = request.post(
            f"{base}/api/v1/sessions/{session['id']}/deals",
            data={"captured": captured},
            headers=auth,
        )
        assert posted.ok, posted.text()
    return {"id": club["id"], "token": club["keeper_token"]}


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_players_page_shows_the_ratings(live_server: str, phones: Phones, scheme: str) -> None:
    phone = phones(color_scheme=scheme)
    club = rated_club(phone, live_server)["id"]
    phone.goto(f"{live_server}/c/{club}/players")
    table = phone.get_by_test_id("ratings-seep")
    expect(table).to_be_visible()
    rows = table.get_by_test_id("rating-row")
    expect(rows).to_have_count(4)
    # Lions won two baazis of three: Asha and Ravi first, with 3 games each.
    expect(rows.nth(0)).to_contain_text("3")
    first_two = {rows.nth(0).locator("a").inner_text(), rows.nth(1).locator("a").inner_text()}
    assert first_two == {"Asha", "Ravi"}
    charts = table.get_by_test_id("rating-chart")
    expect(charts).to_have_count(4)
    expect(charts.first).to_have_attribute("role", "img")
    expect(charts.first).to_have_attribute(
        "aria-label", "Asha's rating after each of 3 games: 2.4 at first, 2.9 now"
    )
    assert charts.first.locator("polyline").get_attribute("points").count(",") == 3
    pairs = phone.get_by_test_id("partnership-ratings-seep").get_by_test_id("partnership-row")
    expect(pairs).to_have_count(2)
    expect(pairs.first).to_contain_text("Asha & Ravi")
    seep.fits(phone)
    seep.inside(phone, "[data-testid=rating-chart]")
    phone.screenshot(path=str(artifact(f"ratings-{scheme}.png")), full_page=True)
    found: list[dict[str, Any]] = [
        {"rule": rule["id"], "nodes": [n["target"] for n in rule["nodes"]]}
        for rule in Axe().run(phone, options=AXE_OPTIONS).response["violations"]
        if rule["impact"] in {"serious", "critical"}
    ]
    assert found == []


def test_a_new_session_s_scoreboard_shows_each_side_s_chance(
    live_server: str, phones: Phones
) -> None:
    """Lions won two baazis of three: the same four's next session, before its first deal, says
    how likely each side is to win, on one line that fits the phone; four strangers' says
    nothing."""
    phone = phones(color_scheme="dark")
    club = rated_club(phone, live_server)["id"]
    body = {"game": "seep", "teams": TEAMS, "club": club}
    session = phone.context.request.post(f"{live_server}/api/v1/sessions", data=body).json()
    phone.goto(f"{live_server}/s/{session['id']}")
    chance = phone.get_by_test_id("chance")
    expect(chance).to_have_text(re.compile(r"^Asha & Ravi vs Meena & Dev: (5[1-9]|[6-9][0-9])%$"))
    seep.fits(phone)
    phone.get_by_test_id("chances").screenshot(path=str(artifact("ratings-chances.png")))
    strangers = [{"players": ["Kiran", "Lata"]}, {"players": ["Omar", "Uma"]}]
    body = {"game": "seep", "teams": strangers, "club": club}
    unrated = phone.context.request.post(f"{live_server}/api/v1/sessions", data=body).json()
    with phone.expect_response(re.compile(r"/ratings\?")):
        phone.goto(f"{live_server}/s/{unrated['id']}")
    expect(phone.get_by_test_id("chances")).to_be_hidden()  # nobody at the table rated


def test_the_new_session_form_says_each_side_s_chance(live_server: str, phones: Phones) -> None:
    """The keeper's phone starts a Seep session in the club: once the four boxes name the
    club's players, the form says how likely each side is to win; a stranger's name in a box,
    and it says nothing."""
    phone = phones()
    club = rated_club(phone, live_server)
    phone.goto(f"{live_server}/c/{club['id']}#key={club['token']}")
    expect(phone.get_by_test_id("flash")).to_contain_text("keeps the club")
    phone.goto(f"{live_server}/new/seep")
    phone.locator(f"#club-group input[value='{club['id']}']").check()
    note = phone.get_by_test_id("session-chances")
    for box, name in (("a1", "Asha"), ("a2", "Ravi"), ("b1", "Meena")):
        phone.locator(f"input[name={box}]").fill(name)
    expect(note).to_be_hidden()  # a box still empty
    phone.locator("input[name=b2]").fill("Dev")
    expect(note).to_have_text(
        re.compile(
            r"^The chance of winning, from the club's ratings: "
            r"Asha & Ravi vs Meena & Dev: (5[1-9]|[6-9][0-9])%$"
        )
    )
    seep.fits(phone)
    phone.locator("input[name=b2]").fill("Zed")
    expect(note).to_be_hidden()
