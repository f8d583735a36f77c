"""The share panels' QR codes, photographed off the page and decoded: they hold the links."""

from __future__ import annotations

import io

import pytest
import zxingcpp
from PIL import Image
from playwright.sync_api import Locator, expect

from .helpers import seep
from .helpers.phones import Phones

pytestmark = pytest.mark.browser


def decoded(code: Locator) -> str:
    """What a phone's camera reads off the code on the screen."""
    picture = Image.open(io.BytesIO(code.screenshot()))
    found = zxingcpp.read_barcodes(picture)
    assert len(found) == 1, "one QR code"
    return found[0].text


def test_the_watch_scorer_and_club_codes_open_their_links(live_server: str, phones: Phones) -> None:
    keeper = phones()
    club = keeper.context.request.post(f"{live_server}/api/v1/clubs", data={"name": "Table"})
    started = seep.start(keeper.context, live_server)
    seep.join(keeper, started.keeper_link)
    keeper.locator("details.share summary").click()
    assert decoded(keeper.get_by_test_id("qr-watch")) == keeper.locator("#watch-link").input_value()
    keeper.get_by_text("Pass the pen").click()
    scorer = keeper.locator("#scorer-link").input_value()
    assert "#key=" in scorer and decoded(keeper.get_by_test_id("qr-scorer")) == scorer
    keeper.goto(f"{live_server}/c/{club.json()['id']}")
    keeper.get_by_text("Share this club").click()
    assert decoded(keeper.get_by_test_id("qr-club")) == keeper.locator("#club-link").input_value()


def test_the_pen_passes_by_its_code_and_the_old_phone_may_give_it_up(
    live_server: str, phones: Phones
) -> None:
    old = phones()
    started = seep.start(old.context, live_server)
    seep.join(old, started.keeper_link)
    old.get_by_text("Pass the pen").click()
    new = phones()
    seep.join(new, decoded(old.get_by_test_id("qr-scorer")))  # the new scorer's camera
    expect(new.get_by_role("link", name="Enter deal 1")).to_be_visible()

    old.get_by_role("button", name="Stop scoring on this phone").click()
    expect(old.get_by_test_id("flash")).to_contain_text("This phone only watches now.")
    expect(old.get_by_role("link", name="Enter deal 1")).to_have_count(0)
    old.get_by_role("button", name="Keep scoring").click()  # a wrong tap, undone in one
    expect(old.get_by_role("link", name="Enter deal 1")).to_be_visible()
    new.reload()
    expect(new.get_by_role("link", name="Enter deal 1")).to_be_visible()  # both keep score
