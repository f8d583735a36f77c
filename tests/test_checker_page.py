"""The move checker page over HTTP: served, linked from home, holding what its script needs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.rules import GAMES
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


@pytest.mark.parametrize("path", ["/check/chess", "/check/fifty-seven", "/check/_parts"])
def test_an_unknown_game_is_a_friendly_404(client: FlaskClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 404
    page = response.get_data(as_text=True)
    assert "There is no game" in page and "<html" in page


def test_a_game_without_a_checker_says_so(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    class Casino:
        name, title = "casino", "Casino"

    monkeypatch.setitem(GAMES, "casino", Casino())
    response = client.get("/check/casino")
    assert response.status_code == 404
    assert "Casino has no move checker yet" in response.get_data(as_text=True)
    assert "/check/casino" not in client.get("/check").get_data(as_text=True)  # no tab for it


@pytest.mark.parametrize(
    ("path", "script"), [("/check", "seep"), ("/check/fifty-six", "fifty-six")]
)
def test_the_scripts_and_styles_it_names_are_served(
    app: Flask, client: FlaskClient, path: str, script: str
) -> None:
    page = client.get(path).get_data(as_text=True)
    named = re.findall(r'(?:src|href)="/static/([\w./-]+)"', page)
    assert {f"js/{script}-checker.js", "checker.css", "app.js", "app.css", "favicon.svg"} <= set(
        named
    )
    kinds = {"js": "text/javascript", "css": "text/css", "svg": "image/svg+xml"}
    static = Path(app.root_path).parent / "static"
    named += imported_modules(static, f"js/{script}-checker.js")
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


def imported_modules(static: Path, module: str) -> list[str]:
    """Every ES module that `module` imports, directly or not, as static paths ("js/dom.js")."""
    found: list[str] = []
    todo = [module]
    while todo:
        source = (static / todo.pop()).read_text(encoding="utf-8")
        for name in re.findall(r'^import .* from "\./([\w.-]+)";$', source, flags=re.M):
            if f"js/{name}" not in found:
                found.append(f"js/{name}")
                todo.append(f"js/{name}")
    return found


# -- Fifty-six's checker, and the switch between the games' checkers -------------------------
@pytest.mark.parametrize(
    ("path", "other"), [("/check", "/check/fifty-six"), ("/check/fifty-six", "/check/seep")]
)
def test_each_checker_links_to_the_other_game(client: FlaskClient, path: str, other: str) -> None:
    page = client.get(path).get_data(as_text=True)
    tabs = re.findall(
        r'<a class="game-tab" href="([^"]+)"\s*(aria-current="page")?>([^<]+)</a>', page
    )
    assert [(href, title) for href, _, title in tabs] == [
        ("/check/seep", "Seep"),
        ("/check/fifty-six", "Fifty-six"),
    ]
    current = [href for href, mark, _ in tabs if mark]
    assert current == [href for href, _, _ in tabs if href != other]
    followed = client.get(other).get_data(as_text=True)
    assert re.search(r'href="[^"]+"\s*aria-current="page">', followed)


def test_the_fifty_six_checker_is_served(client: FlaskClient) -> None:
    response = client.get("/check/fifty-six")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "<h1>Check a Fifty-six move</h1>" in page
    assert 'data-game="fifty-six" data-copies="2"' in page
    assert "/static/js/fifty-six-checker.js" in page and "seep-checker.js" not in page
    for name, values in {
        "mode": ["auction", "trick"],
        "players": ["4", "6", "8"],
        "teams": ["sides", "pairs"],
        "dealer": [str(seat) for seat in range(8)],
        "trump": ["S", "H", "D", "C", "NT"],
    }.items():
        assert re.findall(rf'name="{name}" value="([^"]*)"', page) == values, name
    calls = re.findall(r'class="call-button[^"]*" data-call="(\w+)"(?: data-trump="(\w+)")?', page)
    assert calls == [("bid", t) for t in ("S", "H", "D", "C", "NT")] + [
        ("pass", ""),
        ("double", ""),
        ("redouble", ""),
    ]


def test_the_fifty_six_picker_offers_the_double_pack_once_each(client: FlaskClient) -> None:
    """F3, F5: J 9 A 10 K Q of each suit, high to low; 8 and 7 only in the pack for 8 players."""
    page = client.get("/check/fifty-six").get_data(as_text=True)
    picks = re.findall(r'class="pick suit-(\w)" data-card="(\w+)"( data-players="8")?', page)
    order = ["J", "9", "A", "10", "K", "Q", "8", "7"]
    assert [card for _, card, _ in picks] == [rank + suit for suit in "SHDC" for rank in order]
    assert {card for _, card, eight in picks if eight} == {r + s for s in "SHDC" for r in "87"}


@pytest.mark.parametrize(
    ("teams", "players", "team_of", "shown"),
    [
        ("sides", 4, "0 1 0 1", ["Team 0: seats 0 & 2", "Team 1: seats 1 & 3"]),
        ("sides", 6, "0 1 0 1 0 1", ["Team 0: seats 0, 2 & 4", "Team 1: seats 1, 3 & 5"]),
        (
            "pairs",
            6,
            "0 1 2 0 1 2",
            ["Team 0: seats 0 & 3", "Team 1: seats 1 & 4", "Team 2: seats 2 & 5"],
        ),
        ("pairs", 8, "0 1 2 3 0 1 2 3", [f"Team {t}: seats {t} & {t + 4}" for t in range(4)]),
    ],
    ids=["F2-sides-4", "F2-sides-6", "F2-pairs-6", "F2-pairs-8"],
)
def test_the_page_shows_who_partners_whom(
    client: FlaskClient, teams: str, players: int, team_of: str, shown: list[str]
) -> None:
    page = client.get("/check/fifty-six").get_data(as_text=True)
    note = re.search(
        rf'<p class="partners[^"]*" data-teams="{teams}" data-players="{players}"\s+'
        rf'data-team-of="([^"]*)" hidden>(.*?)</p>',
        page,
        flags=re.S,
    )
    assert note, (teams, players)
    assert note.group(1) == team_of
    tags = re.findall(r'<span class="tag team-\d">(.*?)</span>', note.group(2), flags=re.S)
    assert [" ".join(tag.replace("&amp;", "&").split()) for tag in tags] == shown


def test_a_fifty_six_link_opens_the_same_page(client: FlaskClient) -> None:
    plain = client.get("/check/fifty-six").get_data(as_text=True)
    link = "/check/fifty-six?mode=trick&players=4&trump=S&trick=KH&hand=QH.JS&play=JS"
    assert client.get(link).get_data(as_text=True) == plain
    hostile = client.get("/check/fifty-six?calls=%3Cscript%3E&next=%22%3E")
    assert hostile.get_data(as_text=True) == plain  # nothing of the query is echoed
