"""Casino's live deal page (/s/<id>/live): Seep's shell with Casino's script; a scorer gets the
token, a watcher none; the scoreboard offers it to a scorer."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.helpers.api import FOUR
from tests.helpers.casino import THREE, casino_session
from tests.helpers.live_page import offers_play_live, scorer_page, seats_of, watcher_page
from tests.helpers.pages import unhashed


@pytest.mark.parametrize(
    ("lineup", "options", "seats", "sides"),
    [
        (THREE, {}, ["Asha", "Ravi", "Meena"], 3),
        # K1: two partnerships, partners opposite: seat k is player k // 2 of side k mod 2.
        (FOUR, {"partnerships": "on"}, ["Asha", "Meena", "Ravi", "Dev"], 2),
    ],
    ids=["three alone", "two partnerships"],
)
def test_a_scorer_gets_the_casino_page_with_seats_and_token(
    client: FlaskClient,
    lineup: list[dict[str, Any]],
    options: dict[str, str],
    seats: list[str],
    sides: int,
) -> None:
    session = casino_session(client, lineup, **options)
    page, root = scorer_page(client, session)
    assert seats_of(root) == seats
    assert page.count('class="live-team ') == sides  # a box for each side's takings
    # K1: before any deal the last seat deals first.
    assert f'data-next-dealer="{len(seats) - 1}"' in root
    assert "js/casino-live.js" in unhashed(page) and "js/seep-live.js" not in unhashed(page)


def test_a_casino_watcher_gets_no_token(client: FlaskClient, app: Flask) -> None:
    watcher_page(app, casino_session(client))


def test_the_casino_scoreboard_offers_play_live_to_a_scorer(client: FlaskClient) -> None:
    offers_play_live(client, casino_session(client))


def test_only_a_royal_casino_page_offers_an_ace_as_14(client: FlaskClient) -> None:
    """K3: the script is told the variant, and offers an ace as 14 only in Royal Casino."""
    for variant, offered in (("royal", "true"), ("classic", "false")):
        session = casino_session(client, variant=variant)
        page = client.get(f"/s/{session['id']}/live").get_data(as_text=True)
        assert f'data-royal="{offered}"' in page
