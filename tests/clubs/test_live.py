"""A club page follows the club live: a weak ETag made of the club's version, the filters and
what this browser holds; 304 while nothing changed; every deal, session and keeper's change in
the club moves it, even when two sessions of the club change at once."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import create_app
from scorekeeper.data.extensions import db
from tests.helpers.api import CLUBS, SESSIONS, add_deals, alone, bearer, new_club, new_session
from tests.helpers.pages import keeper_link, unhashed
from tests.helpers.seep import deal
from tests.helpers.servers import at_once, call, serving, tagged_deal


def tagged(client: FlaskClient, url: str) -> str:
    """The page's ETag, read with a plain GET that must be answered 200."""
    response = client.get(url)
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.headers["Cache-Control"] == "private, no-cache"
    etag = response.headers["ETag"]
    assert etag.startswith('W/"c')
    return etag


def asked(client: FlaskClient, url: str, etag: str) -> Any:
    """The page asked for again with the ETag the browser holds."""
    return client.get(url, headers={"If-None-Match": etag})


@pytest.fixture
def club(client: FlaskClient) -> dict[str, Any]:
    """A club with one Seep session in it (both started through the API)."""
    made = new_club(client)
    return made | {"session": new_session(client, "seep", alone("Asha", "Ravi"), made["id"])}


def test_an_unchanged_club_page_is_a_304(client: FlaskClient, club: dict[str, Any]) -> None:
    url = f"/c/{club['id']}"
    etag = tagged(client, url)
    again = asked(client, url, etag)
    assert again.status_code == 304 and again.get_data() == b""
    assert again.headers["ETag"] == etag


def test_a_deal_in_a_club_session_changes_the_page(
    client: FlaskClient, club: dict[str, Any]
) -> None:
    url = f"/c/{club['id']}"
    etag = tagged(client, url)
    assert "No deals yet" in client.get(url).get_data(as_text=True)
    add_deals(client, club["session"], deal(60))
    changed = asked(client, url, etag)
    assert changed.status_code == 200 and changed.headers["ETag"] != etag
    assert "Asha lead by 20 · 1 deal" in changed.get_data(as_text=True)
    assert asked(client, url, changed.headers["ETag"]).status_code == 304


def test_a_new_session_in_the_club_changes_the_page(
    client: FlaskClient, club: dict[str, Any]
) -> None:
    url = f"/c/{club['id']}"
    etag = tagged(client, url)
    other = new_session(client, "casino", alone("Meena", "Dev"), club["id"])
    changed = asked(client, url, etag)
    assert changed.status_code == 200
    assert f'href="/s/{other["id"]}"' in changed.get_data(as_text=True)


def test_a_session_elsewhere_does_not_change_the_page(
    client: FlaskClient, club: dict[str, Any]
) -> None:
    url = f"/c/{club['id']}"
    etag = tagged(client, url)
    elsewhere = new_session(
        client, "seep", alone("Meena", "Dev"), new_club(client, "Elsewhere")["id"]
    )
    add_deals(client, elsewhere, deal(60))
    assert asked(client, url, etag).status_code == 304


def test_the_filters_are_part_of_the_tag(client: FlaskClient, club: dict[str, Any]) -> None:
    url = f"/c/{club['id']}"
    etag = tagged(client, url)
    filtered = asked(client, f"{url}?game=casino", etag)
    assert filtered.status_code == 200 and filtered.headers["ETag"] != etag
    assert 'data-testid="history-empty"' in filtered.get_data(as_text=True)


def test_a_page_of_refused_filters_is_never_kept(client: FlaskClient, club: dict[str, Any]) -> None:
    response = client.get(f"/c/{club['id']}?from=yesterday")
    assert response.status_code == 400
    assert "ETag" not in response.headers


def test_the_keepers_key_changes_the_tag(
    app: Flask,
    client: FlaskClient,
    evening: dict[str, Any],
) -> None:
    url = f"/c/{evening['club']}"
    visitor = app.test_client()
    etag = tagged(visitor, url)
    key = keeper_link(client, evening["club"])
    visitor.post(f"{url}/key", data={"key": key})
    visitor.get(url)  # the page that says so, once
    kept = asked(visitor, url, etag)
    assert kept.status_code == 200  # the same club, now with the keeper's tools
    assert 'data-testid="keeper-tools"' in kept.get_data(as_text=True)


def test_the_page_follows_live(client: FlaskClient, club: dict[str, Any]) -> None:
    page = client.get(f"/c/{club['id']}").get_data(as_text=True)
    assert 'data-live="history"' in page and 'data-live="deleted"' in page
    assert "/static/js/follow.js" in unhashed(page)


# -- two sessions of one club changing at once ----------------------------------------------

SESSIONS_AT_ONCE, DEALS_EACH = 8, 4


@pytest.fixture
def served(database: str) -> Iterator[str]:
    """The app on this test's own database (SQLite or PostgreSQL), served over real HTTP."""
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": database})
    with serving(app) as url:
        yield url
    with app.app_context():
        db.engine.dispose()


@pytest.mark.parametrize("database", ["sqlite", "postgresql"], indirect=True)
def test_deals_in_many_sessions_of_a_club_at_once_each_move_its_version(served: str) -> None:
    # Each deal counts one in the club's version; counted from a value read before another
    # session's deal committed, two would count one, and a watcher would miss the second.
    status, _, made = call(f"{served}{CLUBS}", "POST", {"name": "Busy table"})
    assert status == 201, made
    body = {"game": "seep", "club": made["id"]}
    started = [
        call(
            f"{served}{SESSIONS}",
            "POST",
            body | {"teams": [{"players": [f"P{i}"]}, {"players": [f"Q{i}"]}]},
        )[2]
        for i in range(SESSIONS_AT_ONCE)
    ]
    before = call(f"{served}{CLUBS}/{made['id']}", "GET")[2]["version"]

    def scorer(i: int) -> list[Any]:
        url, auth = f"{served}{SESSIONS}/{started[i]['id']}/deals", bearer(started[i]["edit_token"])
        return [call(url, "POST", tagged_deal(n), auth) for n in range(DEALS_EACH)]

    answers = at_once(SESSIONS_AT_ONCE, scorer)
    assert [status for status, _, _ in answers] == [201] * SESSIONS_AT_ONCE * DEALS_EACH
    after = call(f"{served}{CLUBS}/{made['id']}", "GET")[2]["version"]
    assert after - before == SESSIONS_AT_ONCE * DEALS_EACH
