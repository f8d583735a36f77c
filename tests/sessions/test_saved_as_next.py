"""A deal refused because another scorer stored that deal first is offered as the next one:
what its form drew from the standing is drawn again for that deal, and the page says so."""

from __future__ import annotations

import html
import json
import re

from flask.testing import FlaskClient

from tests.helpers.fifty_six_forms import deal
from tests.helpers.pages import deal_form, start, stored

# Asha (seat 0) bids 28♠ after everyone else passed; three passes end it (F10).
AUCTION = [
    {"seat": 1, "call": "pass"},
    {"seat": 2, "call": "pass"},
    {"seat": 3, "call": "pass"},
    {"seat": 0, "call": "bid", "value": 28, "trump": "S"},
    {"seat": 1, "call": "pass"},
    {"seat": 2, "call": "pass"},
    {"seat": 3, "call": "pass"},
]


def told(page: str) -> list[str]:
    """What the page says it drew again."""
    return [html.unescape(t) for t in re.findall(r'<p data-testid="rederived">(.*?)</p>', page)]


def test_after_a_game_won_it_is_the_new_game_s_first_deal_and_its_auction_goes(
    client: FlaskClient,
) -> None:
    board = start(client, "fifty-six", tables="1")
    client.post(board + "/deals/new", data=deal(1))  # Meena's 28♠ made: game 1 won (F6)
    mine = deal(1, seat="0", auction=json.dumps(AUCTION))
    page = client.post(board + "/deals/new", data=mine).get_data(as_text=True)
    assert told(page) == [
        "Meena deals deal 2, not Asha: the dealer is changed below.",  # F7
        "The auction you recorded followed another deal, so it was cleared: the contract "
        "stays as you entered it.",
        "Deal 2 starts a new game.",
        "Ravi bids first after Meena's deal.",
    ]
    assert re.search(r'name="dealer" value="1"\s*checked', page)
    assert 'name="new_game" type="hidden" value="1"' in page
    assert 'name="auction" type="hidden" value=""' in page
    again = client.post(board + "/deals/new", data=deal(2, seat="0", dealer="1", new_game="1"))
    assert again.status_code == 302
    second = stored(client, board)["deals"][1]
    assert (second["dealer"], second["new_game"]) == (1, True)


def test_nothing_drawn_from_the_standing_changed_nothing_is_said(client: FlaskClient) -> None:
    board = start(client)  # Seep: team B leads after deal 1, so Asha deals again (M5)
    form = deal_form(("KS", "QS"), number="1", next_id="1")  # 25 to 75
    client.post(board + "/deals/new", data=form)
    page = client.post(board + "/deals/new", data=form).get_data(as_text=True)
    assert "save it as deal 2" in page
    assert told(page) == []
