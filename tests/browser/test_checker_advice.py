""" "What should I play?" on the checker pages: the legal moves of a position ranked by the
engine's search, best first, each tapped into the move chooser."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask.testing import FlaskClient
from playwright.sync_api import Page, expect

from tests.helpers.advice_bodies import fifty_six_position, seep_position

from .helpers.checker import fits

pytestmark = pytest.mark.browser


def seep_link(position: dict[str, Any]) -> str:
    """The Seep checker's link to a position (seep-checker.js's encode)."""
    parts = [f"players={position['players']}", f"seat={position['seat']}"]
    parts.append("hand=" + ".".join(position["hand"]))
    if position["loose"]:
        parts.append("loose=" + ".".join(position["loose"]))
    for house in position["houses"]:
        cards, owners = ".".join(house["cards"]), ".".join(map(str, sorted(house["owners"])))
        parts.append(f"house={house['value']}:{cards}:{owners}")
    return "/check/seep?" + "&".join(parts)


def margins(page: Page) -> list[float]:
    """The ranked moves' margins as the page writes them ("+12.5", "−3")."""
    texts = page.locator(".advice-move .margin").all_inner_texts()
    return [float(re.sub(r"[^\d.+-]", "", t.replace("−", "-"))) for t in texts]


def test_the_seep_checker_ranks_the_legal_moves(
    live_server: str, phone: Page, client: FlaskClient
) -> None:
    body = seep_position()
    legal = client.post("/api/v1/moves", json={"game": "seep", "position": body["position"]})
    phone.goto(live_server + seep_link(body["position"]))
    phone.locator("#seen").fill(" ".join(c.lower() for c in body["seen"]))
    phone.get_by_role("button", name="What should I play?").click()
    expect(phone.locator(".advice-move").first).to_be_visible(timeout=20_000)
    expect(phone.locator("#advice .list-head")).to_contain_text("of the hidden cards")
    # Every legal move, those that read the same shown once (the best of them).
    shown = phone.locator(".advice-move .listed-move").all_inner_texts()
    assert len(set(shown)) == len(shown) and 2 <= len(shown) <= legal.get_json()["count"]
    found = margins(phone)
    assert found == sorted(found, reverse=True)
    assert fits(phone)
    phone.locator(".advice-move.best .listed-move").click()  # into the move chooser
    expect(phone.locator("#verdict")).to_contain_text("Legal")


def test_a_card_typed_wrong_is_named_and_nothing_is_asked(live_server: str, phone: Page) -> None:
    phone.goto(live_server + seep_link(seep_position()["position"]))
    phone.locator("#seen").fill("ks zz")
    phone.get_by_role("button", name="What should I play?").click()
    expect(phone.locator("#advice .problem")).to_have_text("Not a card: zz.")


def test_the_fifty_six_checker_ranks_a_trick_s_cards(live_server: str, phone: Page) -> None:
    body = fifty_six_position()
    position = body["position"]
    link = f"/check/fifty-six?mode=trick&players=4&trump={position['trump']}"
    link += f"&trick={'.'.join(position['trick'])}&hand={'.'.join(position['hand'])}"
    phone.goto(live_server + link)
    phone.locator("#seen").fill(" ".join(body["seen"]))
    phone.get_by_role("button", name="What should I play?").click()
    expect(phone.locator(".advice-move")).to_have_count(1, timeout=20_000)
    expect(phone.locator(".advice-move .listed-move")).to_have_text("J♥")
