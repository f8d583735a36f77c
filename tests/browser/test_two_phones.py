"""Two phones on one session, the Back button and a dropped connection: nothing lost or doubled."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, Route, expect

from .helpers import seep
from .helpers.phones import Phones
from .helpers.seep import given, tap

pytestmark = pytest.mark.browser


@pytest.fixture
def keeper(live_server: str, phones: Phones) -> Iterator[tuple[Page, seep.Started]]:
    """The keeper's phone on a new session's scoreboard."""
    page = phones()
    started = seep.start(page.context, live_server)
    seep.join(page, started.keeper_link)
    yield page, started


def scorer(phones: Phones, keeper_page: Page) -> Page:
    """A second phone that opened the scorer link the keeper shared."""
    keeper_page.locator("details.share summary").click()
    link = keeper_page.locator("#scorer-link").input_value()
    assert "#key=" in link and "?" not in link  # the key travels in the fragment only
    page = phones()
    seep.join(page, link)
    return page


def test_a_stale_edit_of_a_deal_deleted_on_another_phone_changes_nothing(
    keeper: tuple[Page, seep.Started], phones: Phones
) -> None:
    a, started = keeper
    for team_a in (3, 5, 7):
        seep.add_deal(a.context, started, seep.record(team_a))
    before = seep.stored_deals(a.context, started)
    b = scorer(phones, a)
    a.reload()
    a.get_by_role("link", name="Edit deal 2").click()

    b.get_by_role("link", name="Edit deal 2").click()
    b.get_by_test_id("delete-deal").locator("summary").click()
    b.get_by_role("button", name="Delete deal 2").click()
    expect(b.get_by_test_id("flash")).to_contain_text("Deal 2 deleted.")

    a.locator(".card-pick[data-card='KS'] .card-face").click()  # A's correction, too late
    corrected = given(a, 0)
    a.get_by_role("button", name="Save deal 2").click()
    conflict = a.locator(".problem.conflict")
    expect(conflict).to_contain_text("Another scorer deleted deal 2 while you were editing it")
    after = seep.stored_deals(a.context, started)
    assert after == [before[0], {**before[2], "number": 2}]  # deal 3 is whole, only renumbered
    assert given(a, 0) == corrected  # A's correction is still on the page

    a.get_by_role("button", name="Restore with my correction").click()
    expect(a.get_by_test_id("flash")).to_have_text("Deal 2 corrected.")
    restored = seep.stored_deals(a.context, started)
    assert sorted(restored[1]["captured"][0]) == sorted(corrected)  # back, with A's change
    assert [restored[0], restored[2]] == [before[0], before[2]]


def test_two_phones_entering_deal_1_store_it_once_and_keep_the_second_entry(
    keeper: tuple[Page, seep.Started], phones: Phones
) -> None:
    a, started = keeper
    b = scorer(phones, a)
    a.get_by_role("link", name="Enter deal 1").click()
    b.get_by_role("link", name="Enter deal 1").click()
    tap(a, "KS", "QS", "JS")
    tap(b, "AH", team=1)
    a.get_by_role("button", name="Save deal 1").click()
    expect(a.get_by_test_id("flash")).to_contain_text("Deal 1 saved.")

    b.get_by_role("button", name="Save deal 1").click()
    conflict = b.locator(".problem.conflict")
    expect(conflict).to_contain_text("Deal 1 was already entered by another scorer")
    expect(conflict).to_contain_text("Chandni Chowk Champions 36 · Old Delhi Seep Club 64")
    assert given(b, 1) == ["AH"]  # B's entry is kept as B entered it
    assert len(seep.stored_deals(b.context, started)) == 1
    b.get_by_role("button", name="Save deal 2").click()
    expect(b.get_by_test_id("flash")).to_contain_text("Deal 2 saved.")

    deals = seep.stored_deals(b.context, started)
    assert [(d["number"], sorted(d["captured"][1])) for d in deals] == [
        (1, sorted(set(seep.POINTS) - {"KS", "QS", "JS"})),
        (2, ["AH"]),
    ]


def test_back_after_save_and_save_again_stores_nothing_twice(
    keeper: tuple[Page, seep.Started],
) -> None:
    page, started = keeper
    page.get_by_role("link", name="Enter deal 1").click()
    tap(page, "KS", "QS", "JS")
    page.get_by_role("button", name="Save deal 1").click()
    expect(page.get_by_test_id("flash")).to_contain_text("Deal 1 saved.")

    page.go_back()
    expect(page.locator("h1")).to_have_text("Enter deal 2")  # no-store: drawn anew, not kept
    page.get_by_role("button", name="Save deal 2").click()
    expect(page.locator(".problem")).to_be_visible()
    assert len(seep.stored_deals(page.context, started)) == 1


def test_revoked_scorer_links_leave_the_other_phone_watching(
    keeper: tuple[Page, seep.Started], phones: Phones
) -> None:
    a, started = keeper
    b = scorer(phones, a)
    old_link = a.locator("#scorer-link").input_value()
    b.get_by_role("link", name="Enter deal 1").click()
    tap(b, "KS", "QS", "JS")
    b.get_by_role("button", name="Save deal 1").click()
    expect(b.get_by_test_id("lead")).to_contain_text("Old Delhi Seep Club")
    b.get_by_role("link", name="Enter deal 2").click()  # B starts another deal …

    a.locator("details.pen > summary").click()
    a.get_by_role("button", name="Stop old scorer links").click()  # … and the keeper revokes
    expect(a.get_by_test_id("flash")).to_contain_text("Old scorer links stopped working")

    tap(b, "AH")
    b.get_by_role("button", name="Save deal 2").click()
    expect(b.locator("h1")).to_have_text("View only")
    b.goto(started.board)
    expect(b.get_by_text("You are watching this session")).to_be_visible()
    expect(b.get_by_role("link", name="Enter deal 2")).to_have_count(0)
    assert len(seep.stored_deals(b.context, started)) == 1
    b.goto(started.base + "/")
    b.goto(old_link)  # the old link itself no longer lets a phone keep score
    expect(b.locator(".lead-text")).to_have_text(
        "That scorer link is wrong or was revoked: ask the keeper anew."
    )


def test_a_second_tap_on_save_sends_nothing(keeper: tuple[Page, seep.Started]) -> None:
    page, started = keeper
    page.get_by_role("link", name="Enter deal 1").click()
    tap(page, "KS", "QS", "JS")
    held: list[Route] = []  # the POST is held on its way, as on a slow network
    # On the context: the service worker sends the form, and the page's routes do not see it.
    page.context.route("**/deals/new", lambda route: hold_posts(route, held))
    page.evaluate(TAP_TWICE)
    page.wait_for_timeout(400)
    assert len(held) == 1  # the second tap sent nothing
    held[0].continue_()
    expect(page.get_by_test_id("flash")).to_contain_text("Deal 1 saved.")
    assert len(seep.stored_deals(page.context, started)) == 1


# Tap Save, and again 100 ms later while the first is still on its way.
TAP_TWICE = """() => { const save = document.querySelector(".submit-bar [type=submit]");
  save.click(); setTimeout(() => save.click(), 100); }"""


def test_saving_without_a_connection_keeps_the_deal_and_sends_it_once_online(
    keeper: tuple[Page, seep.Started],
) -> None:
    page, started = keeper
    page.get_by_role("link", name="Enter deal 1").click()
    tap(page, "KS", "QS", "JS")
    page.locator(".stepper.team-0 [data-step='1']").click()

    page.context.set_offline(True)
    page.get_by_role("button", name="Save deal 1").click()
    # Kept on the phone (the offline queue, tests/browser/test_offline.py), not lost.
    expect(page.get_by_test_id("waiting")).to_have_text("1 deal waiting to be sent")
    page.context.set_offline(False)
    expect(page.get_by_test_id("waiting")).to_have_count(0)
    expect(page.get_by_role("link", name="Enter deal 2")).to_be_visible()
    deals = seep.stored_deals(page.context, started)
    assert [(sorted(d["captured"][0]), len(d["sweeps"])) for d in deals] == [
        (["JS", "KS", "QS"], 1)
    ]


def hold_posts(route: Route, held: list[Route]) -> None:
    """Hold a form sent, let the rest through."""
    if route.request.method == "POST":
        held.append(route)
    else:
        route.continue_()


def test_a_connection_dropped_while_saving_loses_nothing_and_stores_once(
    keeper: tuple[Page, seep.Started],
) -> None:
    page, started = keeper
    page.get_by_role("link", name="Enter deal 1").click()
    tap(page, "KS", "QS", "JS")
    page.locator(".stepper.team-1 [data-step='1']").click()
    sent: list[Route] = []

    def lose_the_first_answer(route: Route) -> None:
        hold_posts(route, sent)
        if sent == [route]:  # stored, but the phone never hears it
            route.fetch()
            route.abort("connectionreset")

    # On the context: the service worker sends the form, and the page's routes do not see it.
    page.context.route("**/deals/new", lose_the_first_answer)
    page.get_by_role("button", name="Save deal 1").click()
    # The service worker kept it in the offline queue, with the key the page gave the form.
    expect(page.get_by_test_id("waiting")).to_have_text("1 deal waiting to be sent")
    assert len(seep.stored_deals(page.context, started)) == 1
    for _ in range(50):  # the queue sends it again at once: held, then let through
        if len(sent) == 2:
            break
        page.wait_for_timeout(100)
    sent[1].continue_()
    expect(page.get_by_test_id("waiting")).to_have_count(0)
    expect(page.get_by_test_id("offline-refused")).to_have_count(0)  # known, not a clash
    deals = seep.stored_deals(page.context, started)
    assert [(sorted(d["captured"][0]), len(d["sweeps"])) for d in deals] == [
        (["JS", "KS", "QS"], 1)  # sent twice, stored once: the second send had the same key
    ]

    page.get_by_role("link", name="Enter deal 2").click()  # the next deal starts blank
    expect(page.locator("[data-left]")).to_have_text("17 cards")


def test_cancel_drops_what_was_entered(keeper: tuple[Page, seep.Started]) -> None:
    page, started = keeper
    page.get_by_role("link", name="Enter deal 1").click()
    tap(page, "KS", "QS", "JS")
    page.get_by_role("link", name="Cancel").click()
    page.get_by_role("link", name="Enter deal 1").click()
    expect(page.locator("[data-left]")).to_have_text("17 cards")
    assert seep.stored_deals(page.context, started) == []
