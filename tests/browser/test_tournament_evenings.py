"""Whole small tournament evenings in the browser: the keeper pairs rounds and prints table
cards, each table's scorer enters the round's deal through the deal form from the card's scorer
link and the opponents confirm on that phone, and the players' phones follow the tournament by
its link, each with its player's name tapped once."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .helpers import tournaments as evening
from .helpers.phones import Phones

pytestmark = pytest.mark.browser

PAIRS = [
    "Lions: Asha, Ravi",
    "Tigers: Meena, Dev",
    "Bears: Kiran, Sita",
    "Wolves: Arjun, Lata",
    "Hawks: Vikram, Nila",
]
EIGHT = ["Asha", "Ravi", "Meena", "Dev", "Kiran", "Sita", "Arjun", "Lata"]


def read(page: Page, base: str, url: str) -> dict[str, Any]:
    """The tournament as its API shows it."""
    answer = page.context.request.get(f"{base}/api/v1/tournaments/{url.rsplit('/', 1)[1]}")
    assert answer.ok, answer.text()
    return dict(answer.json())


def names_of(tournament: dict[str, Any]) -> dict[int, list[str]]:
    return {e["id"]: e["players"] for e in tournament["entrants"]}


def play_round(phones: Phones, links: list[str], skip: int | None = None) -> None:
    """Each table's scorer enters the deal and the opponents confirm (but table `skip`)."""
    for number, link in enumerate(links, start=1):
        if number != skip:
            evening.score_table(phones, link, team=number % 2)


def test_a_swiss_of_five_partnerships_with_a_late_entrant_and_an_adjusted_result(
    live_server: str, phones: Phones
) -> None:
    keeper = phones()
    evening.keeper_with_club(keeper, live_server)
    url = evening.create(keeper, PAIRS)

    # Round 1: five partnerships on two tables, one sits out.
    links = evening.pair(keeper, url, 1)
    assert len(links) == 2
    first = read(keeper, live_server, url)
    (round1,) = first["rounds"]
    assert len(round1["byes"]) == 1
    table1 = round1["tables"][0]
    seated = table1["seats"][0]
    asha = evening.player(phones, url, seated)
    assert evening.where(asha) == evening.seat_line(1, 1, table1["seats"], seated)
    expect(asha.locator("[data-me]:not([hidden])").get_by_test_id("my-table")).to_have_attribute(
        "href", f"/s/{table1['session']}"
    )
    resting = names_of(first)[round1["byes"][0]][0]
    bye = evening.player(phones, url, resting)
    assert evening.where(bye) == "Round 1 · sits out this round (bye)"
    expect(asha.get_by_test_id("round-of")).to_have_text("Round 1 of 3")

    play_round(phones, links)
    # The player's phone follows the tournament live: both tables confirmed.
    expect(asha.get_by_test_id("table-state")).to_have_text(["Confirmed", "Confirmed"])

    # A late entrant joins from round 2; Hawks withdraw, so that one still sits out each round.
    keeper.goto(url)
    keeper.fill("#late-entrant", "Owls: Tara, Neel")
    keeper.get_by_role("button", name="Add the entrant").click()
    expect(keeper.get_by_test_id("flash")).to_contain_text("Owls joins from round 2.")
    hawks = next(e["id"] for e in first["entrants"] if e["name"] == "Hawks")
    keeper.select_option("#withdraw-entrant", str(hawks))
    keeper.get_by_role("button", name="Withdraw", exact=True).click()
    expect(keeper.get_by_test_id("flash")).to_contain_text("Hawks has withdrawn.")
    expect(keeper.locator(f"[data-entrant='{hawks}'] [data-testid=withdrawn]")).to_be_visible()

    # Round 2: the late entrant plays; table 1's result is adjusted by the keeper, with a note.
    links = evening.pair(keeper, url, 2)
    tara = evening.player(phones, url, "Tara")
    second = read(keeper, live_server, url)
    round2 = second["rounds"][1]
    assert len(round2["byes"]) == 1 and hawks not in round2["byes"]
    owls = next(e["id"] for e in second["entrants"] if e["name"] == "Owls")
    seated_owls = [t for t in round2["tables"] if owls in t["entrants"]]
    if seated_owls:
        table = seated_owls[0]
        assert evening.where(tara) == evening.seat_line(2, table["table"], table["seats"], "Tara")
    else:
        assert evening.where(tara) == "Round 2 · sits out this round (bye)"
    play_round(phones, links, skip=1)
    keeper.goto(url)
    adjust = keeper.locator("[data-testid=adjust][data-round='2'][data-table='1']")
    adjust.locator("summary").click()
    adjust.locator("select[name=outcome]").select_option("draw")
    adjust.locator("input[name=note]").fill("Table 1 ran out of time")
    adjust.get_by_role("button", name="Adjust the result").click()
    expect(keeper.get_by_test_id("flash")).to_contain_text("the result is adjusted")
    expect(tara.get_by_test_id("adjust-note")).to_contain_text("Table 1 ran out of time")

    # Round 3, and the end: the standings as everyone sees them.
    links = evening.pair(keeper, url, 3)
    expect(tara.get_by_test_id("round-of")).to_have_text("Round 3 of 3")
    last = read(keeper, live_server, url)
    assert len(last["rounds"][2]["byes"]) == 1
    play_round(phones, links)
    expect(tara.get_by_test_id("tournament-state")).to_have_text("Finished")
    expect(tara.get_by_test_id("standing-row")).to_have_count(6)
    done = read(keeper, live_server, url)
    assert done["finished"] and all(t["confirmed"] for r in done["rounds"] for t in r["tables"])
    # Not me: the phone forgets the name and offers the list again (the name set apart from
    # the words as the eye reads them, not only as a reader hears them).
    not_me = tara.get_by_role("button", name="I am not Tara")
    assert not_me.inner_text() == "I am not Tara"
    not_me.click()
    expect(tara.get_by_test_id("names")).to_be_visible()


def test_a_rotating_evening_of_eight_players(live_server: str, phones: Phones) -> None:
    keeper = phones()
    evening.keeper_with_club(keeper, live_server)
    url = evening.create(keeper, EIGHT, name="Diwali cup", format_="rotating", rounds=2)
    partners: dict[str, set[str]] = {name: set() for name in EIGHT}
    meena = None
    for number in (1, 2):
        links = evening.pair(keeper, url, number)
        assert len(links) == 2
        state = read(keeper, live_server, url)["rounds"][number - 1]
        assert state["byes"] == []
        if meena is None:
            meena = evening.player(phones, url, "Meena")
        table = next(t for t in state["tables"] if "Meena" in t["seats"])
        expect(meena.get_by_test_id("round-of")).to_have_text(f"Round {number} of 2")
        assert evening.where(meena) == evening.seat_line(
            number, table["table"], table["seats"], "Meena"
        )
        for t in state["tables"]:
            seats = t["seats"]
            for i, name in enumerate(seats):
                partners[name].add(seats[i ^ 2])
        play_round(phones, links)
    # Nobody partnered the same player twice.
    assert all(len(found) == 2 for found in partners.values())
    assert meena is not None
    expect(meena.get_by_test_id("tournament-state")).to_have_text("Finished")
    expect(meena.get_by_test_id("standing-row")).to_have_count(8)
