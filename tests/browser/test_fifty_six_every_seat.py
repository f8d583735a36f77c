"""Fifty-six's deal form and live page as the table sees them (issue 21): a team out of tables
is not offered, a bid takes three taps at most, and every sentence names the players.

Six players in three pairs (F2: team = seat mod 3), two tables each: seat 0 Asha, 1 Meena,
2 Kiran, 3 Ravi, 4 Dev, 5 Tara. Meena's 30♦ doubled, lost with 20, puts Nines out (F15–F17).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .helpers import seep
from .helpers.phones import Phones

pytestmark = pytest.mark.browser

PAIRS = [
    {"name": "Jacks", "players": ["Asha", "Ravi"]},
    {"name": "Nines", "players": ["Meena", "Dev"]},
    {"name": "Aces", "players": ["Kiran", "Tara"]},
]
NINES_OUT = {
    "contract": {"seat": 1, "value": 30, "trump": "D", "double": 1},
    "points": 20,
    "dealer": 0,
}


def session(live_server: str, phones: Phones, *deals: dict) -> tuple[Page, seep.Started]:
    """A scorer's phone on a new six-player session with `deals` recorded through the API."""
    phone = phones()
    started = seep.start(
        phone.context, live_server, PAIRS, game="fifty-six", teams="pairs", tables=2
    )
    for deal in deals:
        seep.add_deal(phone.context, started, deal)
    seep.join(phone, started.keeper_link)
    return phone, started


def offered(page: Page, group: str) -> list[str]:
    """The players a seat choice offers, in seat order."""
    return page.locator(f"#{group}-group label:visible").all_inner_texts()


def test_the_players_of_a_team_out_are_not_offered_as_the_bid_winner(
    live_server: str, phones: Phones
) -> None:
    """F6: Nines are out of tables, so neither Meena nor Dev can win the bid."""
    phone, started = session(live_server, phones, NINES_OUT)
    phone.goto(started.board + "/deals/new")
    expect(phone.locator("#seat-group")).to_be_visible()
    assert [name.strip() for name in offered(phone, "seat")] == ["Asha", "Kiran", "Ravi", "Tara"]
    assert phone.locator("#seat-group input[value='1'], #seat-group input[value='4']").count() == 0
    # The auction recorded call by call passes over them too: Kiran deals, Ravi calls first.
    phone.locator("summary:has-text('Record the auction')").click()
    expect(phone.locator("[data-auction-status]")).to_have_text("Ravi to call.")
