"""A tournament evening in the browser: the keeper's phone starts a tournament and pairs its
rounds, each table's scorer opens the scorer link from its table card, enters the round's deal
through the deal form and hands the phone to the opponents, who confirm; players' phones open
the tournament's link and tap their name."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from .phones import Phones
from .seep_form import enter_deal, start_session


def keeper_with_club(page: Page, base: str) -> None:
    """The keeper's phone keeps a club (made with its first session) and is on its page."""
    start_session(page, base)
    page.get_by_test_id("in-club").get_by_role("link").click()
    expect(page.get_by_test_id("new-tournament-link")).to_be_visible()


def create(
    page: Page,
    entrants: list[str],
    name: str = "Diwali cup",
    format_: str = "swiss",
    rounds: int = 3,
    deals: int = 1,
) -> str:
    """A tournament started through the keeper's form; the tournament's address."""
    page.get_by_test_id("new-tournament-link").click()
    page.fill("#t-name", name)
    page.select_option("#t-game", "seep")
    page.select_option("#t-format", format_)
    page.fill("#t-rounds", str(rounds))
    page.fill("#t-deals", str(deals))
    page.fill("#t-entrants", "\n".join(entrants))
    page.get_by_test_id("create-tournament").click()
    expect(page.get_by_test_id("flash")).to_contain_text("The tournament is ready")
    return page.url


def pair(page: Page, url: str, number: int) -> list[str]:
    """Pair round `number` with the keeper's button; each table's scorer link from its card."""
    page.goto(url)
    page.get_by_role("button", name=f"Pair round {number}").click()
    expect(page.get_by_test_id("flash")).to_contain_text(f"Round {number} is paired.")
    page.get_by_test_id("cards-link").click()
    cards = page.get_by_test_id("table-card")
    expect(cards.first).to_be_visible()
    links = [link.get_attribute("href") or "" for link in page.get_by_test_id("scorer-link").all()]
    assert links and all("#key=" in link for link in links)
    page.goto(url)
    return links


def score_table(phones: Phones, link: str, team: int) -> Page:
    """A scorer's phone opens its table card's link, enters the round's deal (`team` takes a few
    point cards, the other the rest), and the opponents confirm on it."""
    scorer = phones()
    scorer.goto(link)
    expect(scorer.get_by_test_id("flash")).to_contain_text("keeps score")
    expect(scorer.get_by_test_id("tournament-back")).to_contain_text("Diwali cup")
    enter_deal(scorer, team=team, cards=("AS", "KS", "QS", "10D", "AH"))
    confirm = scorer.get_by_test_id("confirm")
    expect(confirm).to_be_visible()
    expect(scorer.get_by_test_id("table-result")).to_contain_text("The table's result")
    confirm.click()
    expect(scorer.get_by_test_id("flash")).to_contain_text("The opponents confirmed the result.")
    expect(scorer.get_by_test_id("confirmed")).to_be_visible()
    return scorer


def player(phones: Phones, url: str, name: str) -> Page:
    """A player's phone on the tournament's link, their name tapped once."""
    page = phones()
    page.goto(url)
    page.get_by_test_id("names").get_by_role("button", name=name, exact=True).click()
    return page


def where(page: Page) -> str:
    """The player's own line, as shown."""
    line = page.locator("[data-me]:not([hidden]) [data-testid=where]")
    expect(line).to_have_count(1)
    return re.sub(r"\s+", " ", line.inner_text()).strip()


def seat_line(round_: int, table: int, seats: list[str], name: str) -> str:
    """What a seated player's phone says: "Round 1 · Table 2 · partner … · against … & …"."""
    i = seats.index(name)
    side = i % 2
    partner, opponents = seats[i ^ 2], (seats[1 - side], seats[3 - side])
    return (
        f"Round {round_} · Table {table} · partner {partner} · "
        f"against {opponents[0]} & {opponents[1]}"
    )
