"""A long session's scoreboard lists its latest deals and pages the earlier ones (?before=N):
every deal reachable, every row's Edit link at work, a bad page a 400, each page its own tag,
each page following the table."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from scorekeeper.sessions.paging import PAGE, RECENT
from tests.helpers.api import SESSIONS, bearer
from tests.helpers.pages import start
from tests.helpers.seep import deal

EDIT = re.compile(r'href="(/s/[^"]+/deals/(\d+)/edit)" aria-label="Edit deal (\d+)"')
EARLIER = re.compile(r'href="([^"]+)" data-testid="earlier-deals">Earlier deals \(1–(\d+)\)')


def keeper_with_deals(client: FlaskClient, count: int) -> str:
    """A Seep session this client keeps, started on the web, with `count` deals through the
    API; its scoreboard path."""
    board = start(client)
    session_id = board.rsplit("/", 1)[1]
    with client.session_transaction() as cookie:
        token = cookie["tokens"][session_id]
    for n in range(count):
        record = deal(60 if n % 2 else 45)
        answer = client.post(f"{SESSIONS}/{session_id}/deals", json=record, headers=bearer(token))
        assert answer.status_code == 201, answer.get_json()
    return board


def listed(page: str) -> list[int]:
    """The deal numbers whose Edit links the page offers, in its order."""
    return [int(number) for _, _, number in EDIT.findall(page)]


def test_a_short_session_lists_every_deal_and_no_pages(client: FlaskClient) -> None:
    board = keeper_with_deals(client, 10)
    page = client.get(board).get_data(as_text=True)
    assert listed(page) == list(range(10, 0, -1))
    assert 'data-testid="deal-pages"' not in page


def test_a_long_session_lists_its_latest_deals_and_links_to_the_earlier_ones(
    client: FlaskClient,
) -> None:
    board = keeper_with_deals(client, 60)
    page = client.get(board).get_data(as_text=True)
    assert listed(page) == list(range(60, 60 - RECENT, -1))
    link = EARLIER.search(page)
    assert link and link.group(2) == str(60 - RECENT)
    assert link.group(1) == f"{board}?before={60 - RECENT + 1}#deals"
    assert "Enter deal 61" in page and "Undo deal 60" in page  # the standing's buttons stay


def test_following_the_earlier_links_reaches_every_deal_once(client: FlaskClient) -> None:
    board = keeper_with_deals(client, 60)
    seen, page, pages = [], client.get(board).get_data(as_text=True), 1
    while True:
        seen += listed(page)
        for _, serial, number in EDIT.findall(page):  # each row's Edit opens its own deal
            assert serial == number  # no deal deleted: ids are the numbers
        link = EARLIER.search(page)
        if not link:
            break
        response = client.get(link.group(1).replace("&amp;", "&"))
        assert response.status_code == 200
        page, pages = response.get_data(as_text=True), pages + 1
        assert 'data-testid="latest-deals"' in page
        assert len(listed(page)) <= PAGE
    assert seen == list(range(60, 0, -1))
    assert pages == 2  # 20 latest, then 40 on one earlier page
    edit = client.get(EDIT.findall(page)[-1][0])  # deal 1's Edit, from the earlier page
    assert edit.status_code == 200 and "<h1>Edit deal 1</h1>" in edit.get_data(as_text=True)


def test_an_earlier_page_links_to_later_pages_and_the_latest(client: FlaskClient) -> None:
    board = keeper_with_deals(client, 130)
    page = client.get(f"{board}?before=31").get_data(as_text=True)
    assert listed(page) == list(range(30, 0, -1))
    assert "Deals 1–30 of 130" in page
    assert f'href="{board}?before=81#deals" data-testid="later-deals">Later deals (31–80)' in page
    assert f'href="{board}#deals" data-testid="latest-deals">Latest deals (111–130)' in page
    assert 'data-testid="earlier-deals"' not in page


@pytest.mark.parametrize("before", ["0", "1", "-3", "abc", "1.5", "", "9" * 30, "02"])
def test_a_bad_page_is_a_400_that_says_why(client: FlaskClient, before: str) -> None:
    board = keeper_with_deals(client, 3)
    response = client.get(board, query_string={"before": before})
    assert response.status_code == 400
    assert "deal number of 2 or more" in response.get_data(as_text=True)


def test_a_page_past_the_last_deal_lists_the_last_ones(client: FlaskClient) -> None:
    board = keeper_with_deals(client, 3)
    page = client.get(f"{board}?before=999999999").get_data(as_text=True)
    assert listed(page) == [3, 2, 1]


def test_each_page_has_its_own_tag_and_follows_the_table(client: FlaskClient) -> None:
    board = keeper_with_deals(client, 30)
    latest, earlier = client.get(board), client.get(f"{board}?before=11")
    assert latest.headers["ETag"] != earlier.headers["ETag"]
    tag = earlier.headers["ETag"]
    unchanged = client.get(f"{board}?before=11", headers={"If-None-Match": tag})
    assert unchanged.status_code == 304
    # The latest page's tag is not the earlier page's: it is drawn, not a 304.
    assert client.get(board, headers={"If-None-Match": tag}).status_code == 200
    # Deal 10 is changed on another phone: the earlier page a poll asks for is drawn anew.
    session_id = board.rsplit("/", 1)[1]
    with client.session_transaction() as cookie:
        token = cookie["tokens"][session_id]
    url = f"{SESSIONS}/{session_id}/deals/10"
    changed = client.put(url, json=deal(100), headers=bearer(token))
    assert changed.status_code == 200, changed.get_json()
    polled = client.get(f"{board}?before=11", headers={"If-None-Match": tag})
    assert polled.status_code == 200 and polled.headers["ETag"] != tag
    assert listed(polled.text) == list(range(10, 0, -1))
    row = re.search(r"<tr[^>]*>\s*<td>10<.*?</tr>", polled.text, re.S)
    assert row and ">100<" in row.group(0)
