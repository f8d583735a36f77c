"""A Seep evening on a phone: start a session, tap in deals, correct one, watch the standing."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from .helpers import seep
from .helpers.artifacts import ARTIFACTS
from .helpers.seep_form import enter_deal, start_session

pytestmark = pytest.mark.browser


def chart_points(page: Page) -> str:
    return page.get_by_test_id("lead-chart").locator("polyline").get_attribute("points") or ""


def test_three_deals_an_edit_and_the_standing(live_server: str, phone: Page) -> None:
    start_session(phone, live_server)
    efforts = []

    # Deal 1 (E2, C4): Asha & Ravi take A♠ K♠ Q♠ 10♦ A♥ = 33 and one sweep (50): 83 v 67.
    phone.locator("a:has-text('Enter deal 1')").click()
    for card in ("AS", "KS", "QS", "10D", "AH"):
        phone.locator(f".card-pick[data-card='{card}'] .card-face").click()
    phone.locator("#rest-to-other").click()
    phone.locator(".stepper.team-0 [data-step='1']").click()
    expect(phone.locator("[data-total='0']")).to_have_text("83")
    expect(phone.locator("[data-total='1']")).to_have_text("67")
    phone.get_by_role("button", name="Save deal 1").click()
    expect(phone.get_by_test_id("lead")).to_contain_text("+16")  # M1: 83 - 67
    expect(phone.get_by_text("Next dealer: Meena")).to_be_visible()  # M5: dealer's team leads

    # Deal 2: Meena & Dev take K♠ Q♠ J♠ = 36; the rest, 64, to Asha & Ravi: lead 16 + 28.
    efforts.append(enter_deal(phone, team=1, cards=("KS", "QS", "JS")))
    expect(phone.get_by_test_id("lead")).to_contain_text("+44")
    chart_before = chart_points(phone)

    # Deal 3 (M3): Asha & Ravi take only A♥ — under 9 — and lose the baazi at once.
    efforts.append(enter_deal(phone, team=0, cards=("AH",)))
    expect(phone.locator(".banner")).to_contain_text("Baazi to Meena & Dev")
    expect(phone.get_by_test_id("baazis-1")).to_contain_text("1")
    expect(phone.get_by_test_id("lead")).to_contain_text("Level")
    chart_after_baazi = chart_points(phone)
    assert chart_after_baazi != chart_before

    # Correct deal 3: Asha & Ravi also took K♠ (14 v 86): no baazi; lead 44 - 72, Meena & Dev +28.
    phone.get_by_role("link", name="Edit deal 3").click()
    expect(phone.locator(".card-pick[data-card='AH']")).to_have_attribute("data-team", "0")
    phone.locator(".pick-team[data-team='0']").click()
    phone.locator(".card-pick[data-card='KS'] .card-face").click()
    expect(phone.locator("[data-total='0']")).to_have_text("14")
    phone.get_by_role("button", name="Save deal 3").click()
    expect(phone.get_by_test_id("lead")).to_contain_text("Meena & Dev")
    expect(phone.get_by_test_id("lead")).to_contain_text("+28")
    expect(phone.get_by_test_id("baazis-1")).to_contain_text("0")
    expect(phone.locator(".banner")).to_have_count(0)
    assert chart_points(phone) != chart_after_baazi

    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "seep-deal-entry.json").write_text(json.dumps(efforts, indent=2))
    assert all(effort["taps"] <= 10 for effort in efforts)


def test_undo_and_restore_are_one_tap_each(live_server: str, phone: Page) -> None:
    start_session(phone, live_server)
    enter_deal(phone, team=0, cards=("AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S"))
    expect(phone.get_by_test_id("lead")).to_contain_text("Meena & Dev")
    phone.locator(".flash").get_by_role("button", name="Undo").click()
    expect(phone.get_by_test_id("lead")).to_contain_text("Level")
    expect(phone.get_by_test_id("deals")).to_have_count(0)
    phone.locator(".flash").get_by_role("button", name="Restore").click()
    expect(phone.get_by_test_id("deals")).to_contain_text("Asha")
    expect(phone.get_by_test_id("lead")).to_contain_text("Meena & Dev")


def test_a_point_card_left_out_is_refused_and_nothing_is_lost(
    live_server: str, phone: Page
) -> None:
    start_session(phone, live_server)
    phone.locator("a:has-text('Enter deal 1')").click()
    phone.locator(".card-pick[data-card='KS'] .card-face").click()
    phone.get_by_role("button", name="Save deal 1").click()
    expect(phone.locator(".problem")).to_contain_text("every point card")
    expect(phone.locator(".card-pick[data-card='KS']")).to_have_attribute("data-team", "0")
    phone.locator("#rest-to-other").click()
    phone.get_by_role("button", name="Save deal 1").click()
    expect(phone.get_by_test_id("lead")).to_contain_text("Meena & Dev")


@pytest.mark.parametrize("path", ["/", "/new/seep"])
def test_pages_fit_a_360_pixel_phone(live_server: str, phone: Page, path: str) -> None:
    phone.goto(live_server + path)
    width = phone.evaluate("document.scrollingElement.scrollWidth")
    assert width <= 360


def test_two_deleted_deals_are_each_restored_with_a_tap(live_server: str, phone: Page) -> None:
    started = seep.start(phone.context, live_server)
    for team_a in (3, 13, 5):  # A: 6 v 94 (under 9: a baazi), 91 v 9, 15 v 85
        seep.add_deal(phone.context, started, seep.record(team_a))
    seep.join(phone, started.keeper_link)
    for _ in range(2):  # delete deal 1 twice: first #1, then #2, which had become deal 1
        phone.get_by_role("link", name="Edit deal 1").click()
        phone.get_by_test_id("delete-deal").locator("summary").click()
        phone.get_by_role("button", name="Delete deal 1").click()
        expect(phone.get_by_test_id("flash")).to_contain_text("Deal 1 deleted.")
    deleted = phone.get_by_test_id("deleted-deals")
    expect(deleted.locator("summary")).to_have_text("Deleted deals (2)")
    deleted.locator("summary").click()
    expect(deleted.locator("li")).to_have_count(2)
    expect(deleted.get_by_role("button", name="Restore")).to_have_count(2)

    deleted.locator("li", has_text="Deal #1:").get_by_role("button", name="Restore").click()
    expect(phone.get_by_test_id("flash")).to_have_text("Deal 1 restored.")
    expect(phone.get_by_test_id("baazi-1")).to_contain_text("under 9")  # #1 is deal 1 again
    expect(phone.get_by_test_id("lead")).to_contain_text("Old Delhi Seep Club +70")  # 85 v 15
    expect(deleted.locator("summary")).to_have_text("Deleted deals (1)")
    deleted.locator("summary").click()
    expect(deleted.locator("li")).to_have_text(
        "Deal #2: Chandni Chowk Champions 91 · Old Delhi Seep Club 9 Restore"
    )
    deleted.get_by_role("button", name="Restore").click()
    expect(phone.get_by_test_id("flash")).to_have_text("Deal 2 restored.")
    expect(deleted).to_have_count(0)
    assert [d["id"] for d in seep.stored_deals(phone.context, started)] == [1, 2, 3]
