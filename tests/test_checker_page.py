"""The move checker page over HTTP: served, linked from home, holding what its script needs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.rules.cards import full_deck


def test_home_links_to_the_checker(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    assert re.search(r'<a [^>]*href="/check"[^>]*>Check a move</a>', page)


@pytest.mark.parametrize("path", ["/check", "/check/seep"])
def test_the_checker_page_is_served(client: FlaskClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "<h1>Check a Seep move</h1>" in page
    assert 'data-game="seep"' in page
    assert 'data-check-url="/api/v1/check"' in page and 'data-moves-url="/api/v1/moves"' in page
    assert "/static/js/seep-checker.js" in page and "/static/checker.css" in page
    assert "/static/app.css" in page  # it extends base.html


def test_the_picker_offers_all_52_cards_once(client: FlaskClient) -> None:
    page = client.get("/check").get_data(as_text=True)
    picks = re.findall(r'class="pick suit-\w" data-card="(\w+)"', page)
    assert picks == [str(card) for card in full_deck()]


def test_the_page_offers_every_setting_of_a_position(client: FlaskClient) -> None:
    page = client.get("/check").get_data(as_text=True)
    for name, values in {
        "players": ["4", "2"],
        "seat": ["0", "1", "2", "3"],
        "bid": ["", "9", "10", "11", "12", "13"],
        "last": ["0", "1"],
        "capture": ["maximal", "free"],
        "throw": ["strict", "matching"],
    }.items():
        found = re.findall(rf'name="{name}" value="([^"]*)"', page)
        assert found == values, name
    for action in ("capture", "build", "raise", "throw"):
        assert f'data-action="{action}"' in page
    for label in ("What can I play?", "Copy link", "+ Add a house"):
        assert label in page


def test_an_unknown_game_is_a_friendly_404(client: FlaskClient) -> None:
    response = client.get("/check/chess")
    assert response.status_code == 404
    page = response.get_data(as_text=True)
    assert "There is no game" in page and "<html" in page


def test_the_scripts_and_styles_it_names_are_served(app: Flask, client: FlaskClient) -> None:
    page = client.get("/check").get_data(as_text=True)
    named = re.findall(r'(?:src|href)="/static/([\w./-]+)"', page)
    assert {"js/seep-checker.js", "checker.css", "app.js", "app.css", "favicon.svg"} <= set(named)
    kinds = {"js": "text/javascript", "css": "text/css", "svg": "image/svg+xml"}
    static = Path(app.root_path).parent / "static"
    for name in named:
        response = client.get(f"/static/{name}")
        assert response.status_code == 200, name
        assert response.mimetype == kinds[name.rsplit(".", 1)[1]], name
        assert response.get_data() == (static / name).read_bytes(), name
        response.close()


def test_a_shared_link_opens_the_same_page(client: FlaskClient) -> None:
    """The question lives in the query string; the server ignores it and the script reads it."""
    plain = client.get("/check").get_data(as_text=True)
    link = "/check?players=4&seat=1&hand=KS.4H.9C&loose=9D.5C&house=13:10C.3H:3&move=throw:9C"
    assert client.get(link).get_data(as_text=True) == plain
    hostile = client.get("/check?hand=%3Cscript%3Ealert(1)%3C/script%3E&house=zz")
    assert hostile.status_code == 200
    assert hostile.get_data(as_text=True) == plain  # nothing of the query is echoed
