"""shared/API.md "Reading what changed, and pages of deals": each deal's "changed", a session's
changes `?since=` a version, pages of its live deals, a deal's slim 201, and a single deal read
at a cost that does not grow with its session."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.data.extensions import db
from scorekeeper.data.models import Deal, GameSession
from scorekeeper.rules.seep.cards import POINT_CARDS
from tests.helpers.api import SESSIONS, add_deals, assert_error, bearer, post_deal
from tests.helpers.backup import send_plays, start_live
from tests.helpers.seep import deal, seep_session

Json = dict[str, Any]
SINCE_FIELDS = {"id", "version", "since", "teams", "options", "finished", "deals", "deleted"}


def url_of(session: Json) -> str:
    return f"{SESSIONS}/{session['id']}"


def since(client: FlaskClient, session: Json, version: int) -> Json:
    response = client.get(f"{url_of(session)}?since={version}")
    assert response.status_code == 200, response.get_json()
    body: Json = response.get_json()
    return body


def ids(deals: list[Json]) -> list[int]:
    return [d["id"] for d in deals]


def random_deal(rng: random.Random) -> Json:
    """A Seep deal with each point card to either team: a long session stays open."""
    piles: list[list[str]] = [[], []]
    for card in POINT_CARDS:
        piles[rng.random() < 0.5].append(str(card))
    return {"captured": piles}


def long_session(app: Flask, client: FlaskClient, deals: int) -> Json:
    """A Seep session given `deals` deals through the model at once (as bench/session_reads.py
    fills one), each changed at the version that wrote them."""
    session = seep_session(client)
    rng = random.Random(deals)
    with app.app_context():
        found = GameSession.find(session["id"], full=True)
        found.touch()
        for serial in range(1, deals + 1):
            record = found.game.parse_deal(random_deal(rng), found.table, found.options)
            found.all_deals.append(Deal(serial=serial, record=record, changed=found.version))
        db.session.commit()
    return session


# -- "changed" and ?since= ------------------------------------------------------------------


def test_every_deal_carries_the_session_s_version_at_its_last_change(client: FlaskClient) -> None:
    session = seep_session(client)  # version 1
    add_deals(client, session, deal(60), deal(55), deal(70))  # versions 2, 3, 4
    auth = bearer(session["edit_token"])
    edited = client.put(f"{url_of(session)}/deals/1", json=deal(45), headers=auth)
    assert edited.status_code == 200
    assert edited.get_json()["deal"]["changed"] == 5
    read = client.get(url_of(session)).get_json()
    assert [(d["id"], d["changed"]) for d in read["deals"]] == [(1, 5), (2, 3), (3, 4)]
    one = client.get(f"{url_of(session)}/deals/2").get_json()
    assert (one["id"], one["number"], one["changed"]) == (2, 2, 3)


def test_since_answers_exactly_the_deals_added_edited_deleted_and_restored_after_it(
    client: FlaskClient,
) -> None:
    session = seep_session(client)
    add_deals(client, session, deal(60), deal(55), deal(70), deal(50))  # versions 2 to 5
    auth, deals = bearer(session["edit_token"]), f"{url_of(session)}/deals"
    nothing = since(client, session, 5)
    assert set(nothing) == SINCE_FIELDS | {"standing"}
    assert (nothing["since"], nothing["version"], nothing["deals"], nothing["deleted"]) == (
        5,
        5,
        [],
        [],
    )
    assert "deals" not in nothing["standing"] and nothing["standing"]["lead"]["team"] == 0
    assert nothing["teams"] == session["teams"] and nothing["options"] == session["options"]
    assert client.put(f"{deals}/3", json=deal(45), headers=auth).status_code == 200  # v6
    assert client.delete(f"{deals}/2", headers=auth).status_code == 200  # v7
    changed = since(client, session, 5)
    assert [(d["id"], d["number"], d["changed"]) for d in changed["deals"]] == [(3, 2, 6)]
    assert changed["deals"][0]["captured"] == deal(45)["captured"]
    assert changed["deleted"] == [2]
    assert since(client, session, 6)["deals"] == [] and since(client, session, 6)["deleted"] == [2]
    add_deals(client, session, deal(65))  # v8, deal 5, number 4
    assert client.post(f"{deals}/2/restore", headers=auth).status_code == 200  # v9
    later = since(client, session, 7)
    assert [(d["id"], d["number"]) for d in later["deals"]] == [(2, 2), (5, 5)]
    assert later["deleted"] == []
    everything = since(client, session, 0)
    assert [(d["id"], d["number"]) for d in everything["deals"]] == [(i, i) for i in range(1, 6)]
    whole = client.get(url_of(session)).get_json()
    assert everything["deals"] == whole["deals"]  # the same deals as the full read shows them
    assert everything["finished"] == whole["standing"]["finished"]


def test_since_sends_the_session_s_tag_and_a_304_for_it_weak_or_strong(
    client: FlaskClient,
) -> None:
    session = seep_session(client)
    add_deals(client, session, deal(60))
    answer = client.get(f"{url_of(session)}?since=1")
    assert answer.headers["ETag"] == '"s2"'
    for tag in ('"s2"', 'W/"s2"'):
        again = client.get(f"{url_of(session)}?since=1", headers={"If-None-Match": tag})
        assert again.status_code == 304 and again.data == b""
    assert (
        client.get(f"{url_of(session)}?since=1", headers={"If-None-Match": '"s1"'}).status_code
        == 200
    )


@pytest.mark.parametrize(
    "value", ["", "x", "-1", "1.5", "+1", "3", "99999999999", "１", "1&since=1"]
)
def test_a_since_that_is_not_a_version_of_the_session_is_refused(
    client: FlaskClient, value: str
) -> None:
    session = seep_session(client)
    add_deals(client, session, deal(60))  # version 2
    response = client.get(f"{url_of(session)}?since={value}")
    assert_error(response, 400, "bad-since")
    assert "since" in response.get_json()["message"] and "(2)" in response.get_json()["message"]


def test_the_full_read_is_as_it_was_without_since(client: FlaskClient) -> None:
    session = seep_session(client)
    add_deals(client, session, deal(60))
    whole = client.get(url_of(session)).get_json()
    assert "since" not in whole and "deleted" not in whole
    assert len(whole["standing"]["deals"]) == 1


# -- pages of deals -------------------------------------------------------------------------


def test_pages_walk_every_live_deal_once_in_order_with_its_number(client: FlaskClient) -> None:
    session = seep_session(client)
    add_deals(client, session, *(deal(40 + n) for n in range(7)))
    auth = bearer(session["edit_token"])
    assert client.delete(f"{url_of(session)}/deals/3", headers=auth).status_code == 200
    seen, after = [], None
    for _ in range(10):
        query = "limit=2" + (f"&after={after}" if after is not None else "")
        page = client.get(f"{url_of(session)}/deals?{query}")
        assert page.status_code == 200, page.get_json()
        body = page.get_json()
        assert len(body["deals"]) <= 2
        seen += body["deals"]
        after = body["next"]
        if after is None:
            break
    assert [(d["id"], d["number"]) for d in seen] == [
        (1, 1),
        (2, 2),
        (4, 3),
        (5, 4),
        (6, 5),
        (7, 6),
    ]
    assert seen == client.get(url_of(session)).get_json()["deals"]
    # After a deleted deal's id, the page starts at the next live one, numbered as it stands.
    page = client.get(f"{url_of(session)}/deals?after=3").get_json()
    assert [(d["id"], d["number"]) for d in page["deals"]][:1] == [(4, 3)]
    assert page["next"] is None  # 100 by default: all four in one page
    assert client.get(f"{url_of(session)}/deals?after=7").get_json() == {"deals": [], "next": None}
    past = client.get(f"{url_of(session)}/deals?after=9999999999")  # past any id the column holds
    assert past.get_json() == {"deals": [], "next": None}


def test_a_page_holds_100_deals_unless_asked_and_at_most_500(
    app: Flask, client: FlaskClient
) -> None:
    session = long_session(app, client, 120)
    first = client.get(f"{url_of(session)}/deals").get_json()
    assert (len(first["deals"]), first["next"]) == (100, 100)
    rest = client.get(f"{url_of(session)}/deals?after=100&limit=500").get_json()
    assert [d["number"] for d in rest["deals"]] == list(range(101, 121))
    assert rest["next"] is None


@pytest.mark.parametrize(
    "query",
    [
        "limit=0",
        "limit=501",
        "limit=x",
        "limit=",
        "limit=-5",
        "after=-1",
        "after=x",
        "after=1e3",
        "limit=2&limit=3",
        "after=1&after=2",
    ],
)
def test_a_bad_limit_or_after_is_refused(client: FlaskClient, query: str) -> None:
    session = seep_session(client)
    response = client.get(f"{url_of(session)}/deals?{query}")
    assert_error(response, 400, "bad-page")
    assert query.split("=")[0] in response.get_json()["message"]


def test_pages_of_an_unknown_session_are_a_404(client: FlaskClient) -> None:
    assert_error(client.get(f"{SESSIONS}/nosuchsession/deals"), 404, "not-found")


# -- the slim 201 and a single deal's read ----------------------------------------------------


def test_a_deal_s_201_does_not_grow_with_the_session(app: Flask, client: FlaskClient) -> None:
    sizes = {}
    for length in (10, 200):
        session = long_session(app, client, length)
        answer = post_deal(client, session, deal(60))
        assert answer.status_code == 201, answer.get_json()
        body = answer.get_json()
        assert body["deal"]["number"] == length + 1 and body["id"] == length + 1
        assert "deals" not in body and "deals" not in body["standing"]
        sizes[length] = len(answer.data)
    assert abs(sizes[200] - sizes[10]) < 40, sizes  # a few more digits, no more


@contextmanager
def statements(app: Flask) -> Iterator[list[str]]:
    """The SQL statements sent while the block runs."""
    sent: list[str] = []

    def count(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        if statement != "BEGIN":  # SQLite's transaction, not a read
            sent.append(statement)

    with app.app_context():
        engine = db.engine
    sa.event.listen(engine, "before_cursor_execute", count)
    try:
        yield sent
    finally:
        sa.event.remove(engine, "before_cursor_execute", count)


def test_a_single_deal_s_read_and_304_send_as_few_statements_at_any_length(
    app: Flask, client: FlaskClient
) -> None:
    counted: dict[int, list[int]] = {}
    for length in (10, 200):
        session = long_session(app, client, length)
        url = f"{url_of(session)}/deals/5"
        assert client.get(url).headers["ETag"] == '"5.1"'
        with statements(app) as read:
            body = client.get(url).get_json()
        assert (body["id"], body["number"]) == (5, 5)
        counted[length] = [len(read)]
        # No statement reads the session's deals as rows: one deal's row, or a count.
        assert all("FROM deals" not in sql or "serial = " in sql or "count(" in sql for sql in read)
        for tag in ('"5.1"', 'W/"5.1"'):
            with statements(app) as unchanged:
                assert client.get(url, headers={"If-None-Match": tag}).status_code == 304
            counted[length].append(len(unchanged))
    assert counted[10] == counted[200], counted
    # The session's row and the deal's, and for a 200 the count that numbers it.
    assert counted[200] == [3, 2, 2], counted


def test_a_deleted_deal_read_alone_has_no_number_and_an_unknown_one_is_a_404(
    client: FlaskClient,
) -> None:
    session = seep_session(client)
    add_deals(client, session, deal(60), deal(55))
    auth = bearer(session["edit_token"])
    assert client.delete(f"{url_of(session)}/deals/1", headers=auth).status_code == 200
    gone = client.get(f"{url_of(session)}/deals/1").get_json()
    assert gone["number"] is None and gone["deleted"] is True
    assert client.get(f"{url_of(session)}/deals/2").get_json()["number"] == 1
    assert_error(client.get(f"{url_of(session)}/deals/9"), 404, "not-found")
    assert_error(client.get(f"{SESSIONS}/nosuchsession/deals/1"), 404, "not-found")
    assert_error(client.get(f"{url_of(session)}/deals/{2**63}"), 404, "not-found")


def test_a_weak_if_match_names_the_same_version(client: FlaskClient) -> None:
    # nginx weakens the tags of the 200s it compresses: a client sends back what it was given.
    session = seep_session(client)
    add_deals(client, session, deal(60))
    auth, url = bearer(session["edit_token"]), f"{url_of(session)}/deals/1"
    stale = client.put(url, json=deal(45), headers=auth | {"If-Match": 'W/"1.2"'})
    assert stale.status_code == 412 and stale.get_json()["error"] == "version-mismatch"
    assert stale.get_json()["deal"]["version"] == 1
    fresh = client.put(url, json=deal(45), headers=auth | {"If-Match": 'W/"1.1"'})
    assert fresh.status_code == 200 and fresh.headers["ETag"] == '"1.2"'


def test_a_deal_recorded_by_its_last_live_play_carries_the_version_that_recorded_it(
    client: FlaskClient,
) -> None:
    session = seep_session(client)
    plays = start_live(client, session, 5)
    before = client.get(url_of(session)).get_json()["version"]
    ended = send_plays(client, session, plays, 1)
    recorded = ended["deal"]
    after = client.get(url_of(session)).get_json()["version"]
    assert before < recorded["changed"] <= after
    changed = since(client, session, before)
    assert [(d["id"], d["number"], d["changed"]) for d in changed["deals"]] == [
        (1, 1, recorded["changed"])
    ]
    assert since(client, session, after)["deals"] == []


def test_what_changed_since_a_version_is_worked_out_once_per_version(
    app: Flask, client: FlaskClient
) -> None:
    session = seep_session(client)
    add_deals(client, session, deal(60), deal(45))
    url = f"{url_of(session)}?since=1"
    with statements(app) as first_read:
        first = client.get(url)
    with statements(app) as later_reads:
        again = [client.get(url) for _ in range(20)]
    assert first.status_code == 200 and {r.status_code for r in again} == {200}
    assert all(r.get_json() == first.get_json() for r in again)
    assert len(first_read) > 1  # the session, its deals changed, its standing
    assert len(later_reads) <= 20  # then each read: at most the version, read alone
    add_deals(client, session, deal(30))
    assert client.get(url).get_json()["version"] == first.get_json()["version"] + 1
