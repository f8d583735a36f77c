"""A drawn scoreboard is kept and served again (web/drawn.py), but only to a viewer who would see
the same page: same version, language, rights and site; never with another viewer's CSRF token
or one-time message (issue 34)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask, template_rendered
from flask.testing import FlaskClient

from scorekeeper.web import drawn
from tests.helpers.pages import deal_form, flash_texts, start

WATCHING = "You are watching this session"
REVOKE = "/revoke"


@pytest.fixture
def draws(app: Flask) -> Iterator[list[str]]:
    """The scoreboards drawn (not served from the kept pages) while the test runs."""
    drawn_pages: list[str] = []

    def note(_app: Flask, template: Any, context: dict[str, Any], **_: Any) -> None:
        if template.name == "sessions/show.html":
            drawn_pages.append(template.name)

    with template_rendered.connected_to(note, app):
        yield drawn_pages


def scorer(app: Flask, client: FlaskClient, board: str) -> FlaskClient:
    """Another phone that joined by the keeper's scorer link, its welcome message read."""
    key = re.search(r"#key=([^\"]+)\"", client.get(board).get_data(as_text=True))
    assert key
    other = app.test_client()
    assert other.post(board + "/join", data={"key": key.group(1)}).status_code == 302
    assert flash_texts(other.get(board).get_data(as_text=True))
    return other


def tokens(page: str) -> set[str]:
    """The CSRF tokens in a page's forms."""
    return set(re.findall(r'name="csrf_token" value="([^"]+)"', page))


def test_a_second_watcher_is_served_the_kept_page(app: Flask, draws: list[str]) -> None:
    board = start(app.test_client())
    first = app.test_client().get(board).get_data(as_text=True)
    second = app.test_client().get(board).get_data(as_text=True)
    assert len(draws) == 1  # drawn for the first watcher only
    assert WATCHING in first and WATCHING in second


def test_a_kept_page_never_crosses_languages(app: Flask, draws: list[str]) -> None:
    board = start(app.test_client())
    english = app.test_client().get(board, headers={"Accept-Language": "en"})
    portuguese = app.test_client().get(board, headers={"Accept-Language": "pt-BR"})
    assert '<html lang="en"' in english.get_data(as_text=True)
    assert '<html lang="pt"' in portuguese.get_data(as_text=True)
    assert len(draws) == 2


@pytest.mark.parametrize("keeper_first", [True, False])
def test_a_kept_page_never_crosses_rights(
    app: Flask, client: FlaskClient, draws: list[str], keeper_first: bool
) -> None:
    board = start(client)
    readers = [client, app.test_client()] if keeper_first else [app.test_client(), client]
    pages = [reader.get(board).get_data(as_text=True) for reader in readers]
    keeper, watcher = pages if keeper_first else pages[::-1]
    assert "Enter deal" in keeper and WATCHING not in keeper
    assert "Enter deal" not in watcher and WATCHING in watcher


def test_a_scorer_is_not_served_the_keepers_page(app: Flask, client: FlaskClient) -> None:
    board = start(client)
    other = scorer(app, client, board)
    assert REVOKE in client.get(board).get_data(as_text=True)
    page = other.get(board).get_data(as_text=True)
    assert "Enter deal" in page and REVOKE not in page


def test_a_kept_page_never_outlives_its_version(app: Flask, client: FlaskClient) -> None:
    board = start(client)
    watcher = app.test_client()
    assert "Deal 1" not in watcher.get(board).get_data(as_text=True)
    assert client.post(board + "/deals/new", data=deal_form(("AS",))).status_code == 302
    assert "Deal 1" in watcher.get(board).get_data(as_text=True)


def test_a_kept_page_never_crosses_sites(app: Flask, client: FlaskClient) -> None:
    board = start(client)  # the keeper's page links to itself by the site's full address
    here = client.get(board).get_data(as_text=True)
    cookie = client.get_cookie(app.config["SESSION_COOKIE_NAME"])
    assert cookie
    client.set_cookie(cookie.key, cookie.value, domain="cards.example")  # the same keeper
    there = client.get(board, base_url="http://cards.example").get_data(as_text=True)
    assert "http://localhost/s/" in here and "http://cards.example/s/" in there
    assert "http://localhost/s/" not in there


def test_each_viewer_gets_its_own_csrf_token(
    app: Flask, client: FlaskClient, draws: list[str]
) -> None:
    board = start(client)
    first, second = scorer(app, client, board), scorer(app, client, board)
    app.config["WTF_CSRF_ENABLED"] = True
    before = len(draws)
    mine, theirs = (tokens(s.get(board).get_data(as_text=True)) for s in (first, second))
    assert len(draws) == before + 1  # the second scorer was served the first one's page …
    assert mine and theirs and not mine & theirs  # … with its own token in every form
    assert not any(drawn.PLACEHOLDER in t for t in mine | theirs)
    key = re.search(r"#key=([^\"]+)\"", client.get(board).get_data(as_text=True))
    assert key
    join = {"key": key.group(1)}
    assert second.post(board + "/join", data=join | {"csrf_token": mine.pop()}).status_code == 400
    assert second.post(board + "/join", data=join | {"csrf_token": theirs.pop()}).status_code == 302


def test_a_one_time_message_is_never_kept(app: Flask, client: FlaskClient) -> None:
    board = start(client)
    first, second = scorer(app, client, board), scorer(app, client, board)
    assert first.post(board + "/deals/new", data=deal_form(("AS",))).status_code == 302
    assert flash_texts(first.get(board).get_data(as_text=True))  # "Deal 1 saved. Undo"
    assert flash_texts(second.get(board).get_data(as_text=True)) == []
