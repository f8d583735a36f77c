"""The share panels' QR codes, photographed off the page and decoded: they hold the links."""

from __future__ import annotations

import io

import pytest
import zxingcpp
from PIL import Image
from playwright.sync_api import Locator

from . import seep
from .conftest import Phones

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
    scorer = keeper.locator("#scorer-link").input_value()
    assert "#key=" in scorer and decoded(keeper.get_by_test_id("qr-scorer")) == scorer
    keeper.goto(f"{live_server}/c/{club.json()['id']}")
    keeper.get_by_text("Share this club").click()
    assert decoded(keeper.get_by_test_id("qr-club")) == keeper.locator("#club-link").input_value()
