"""A table's evening through `make serve` itself (nginx, gunicorn, memcached), not the test server:
two phones on one session, a deal kept offline and sent when the network is back, the watcher
following, and every script and style from hashed names with nothing refused by the page's CSP."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.serve.conftest import Served, served  # noqa: F401  # make serve, started for these

from .helpers import seep
from .helpers.phones import Phones
from .helpers.seep import offline_ready

pytestmark = [pytest.mark.browser, pytest.mark.serve]


def test_two_phones_keep_score_through_make_serve_offline_and_back(
    served: Served,  # noqa: F811
    phones: Phones,
) -> None:
    base = f"http://127.0.0.1:{served.port}"
    keeper, watcher = phones(), phones()
    started = seep.start(keeper.context, base)
    statics: list[str] = []
    keeper.on("request", lambda r: statics.append(r.url) if "/static/" in r.url else None)
    offline_ready(keeper, started)
    watcher.goto(started.board)
    expect(watcher.get_by_test_id("lead")).to_contain_text("Level")

    keeper.context.set_offline(True)
    keeper.get_by_role("link", name="Enter deal 1").click()
    seep.tap(keeper, "KS", "QS", "JS", "10S", "9S")  # 55 to 45
    keeper.get_by_role("button", name="Save deal 1").click()
    expect(keeper.get_by_test_id("waiting")).to_have_text("1 deal waiting to be sent")
    keeper.context.set_offline(False)
    expect(keeper.get_by_test_id("waiting")).to_have_count(0)

    expect(watcher.get_by_test_id("lead")).to_contain_text("+10")  # the watcher follows
    assert len(seep.stored_deals(watcher.context, started)) == 1
    unhashed = [url for url in statics if not re.search(r"\.[0-9a-f]{12}\.\w+$", url)]
    assert statics and unhashed == [], unhashed
