"""The move checker page over HTTP: served, linked from home, holding what its script needs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.rules import GAMES
from scorekeeper.rules.cards import full_deck
from tests.helpers.pages import unhashed


def test_home_links_to_the_checker(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    assert re.search(r'<a [^>]*href="/check"[^>]*>Check a move</a>', page)


@pytest.mark.parametrize("path", ["/check", "/check/seep"])
def test_the_checker_page_is_served(client: FlaskClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 200
    page = unhashed(response.get_data(as_text=True))
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
        "raise_own": ["off", "on"],  # R3
        "raise_partner": ["on", "off"],  # R3
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
    class Whist:
        name, title, pack = "whist", "Whist", None

    monkeypatch.setitem(GAMES, "whist", Whist())
    response = client.get("/check/whist")
    assert response.status_code == 404
    assert "Whist has no move checker yet" in response.get_data(as_text=True)
    assert "/check/whist" not in client.get("/check").get_data(as_text=True)  # no tab for it


@pytest.mark.parametrize(
    ("path", "script"),
    [("/check", "seep"), ("/check/fifty-six", "fifty-six"), ("/check/casino", "casino")],
)
def test_the_scripts_and_styles_it_names_are_served(
    app: Flask, client: FlaskClient, path: str, script: str
) -> None:
    page = client.get(path).get_data(as_text=True)
    named = re.findall(r'(?:src|href)="/static/([\w./-]+)"', unhashed(page))
    assert {f"js/{script}-checker.js", "checker.css", "js/app.js", "app.css", "favicon.svg"} <= set(
        named
    )
    kinds = {"js": "text/javascript", "css": "text/css", "svg": "image/svg+xml", "png": "image/png"}
    static = Path(app.root_path) / "static"
    named += imported_modules(static, f"js/{script}-checker.js")
    for name in named:
        response = client.get(f"/static/{name}")
        assert response.status_code == 200, name
        assert response.mimetype == kinds[name.rsplit(".", 1)[1]], name
        body = response.get_data()
        if name.endswith(".js"):  # the file as it is, but for the hashed names of its imports
            body = unhashed(body.decode()).encode()
        assert body == (static / name).read_bytes(), name
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


# -- Fifty-six's and Casino's checkers, and the switch between the games' checkers -----------
@pytest.mark.parametrize(
    ("path", "current"),
    [("/check", "/check/seep"), ("/check/fifty-six", None), ("/check/casino", None)],
)
def test_the_switch_lists_every_game_and_marks_this_one(
    client: FlaskClient, path: str, current: str | None
) -> None:
    page = client.get(path).get_data(as_text=True)
    tabs = re.findall(
        r'<a class="game-tab" href="([^"]+)"\s*(aria-current="page")?>([^<]+)</a>', page
    )
    assert [(href, title) for href, _, title in tabs] == [
        ("/check/seep", "Seep"),
        ("/check/fifty-six", "Fifty-six"),
        ("/check/casino", "Casino"),
    ]
    assert [href for href, mark, _ in tabs if mark] == [current or path]


def served(client: FlaskClient, game: str, title: str, copies: int) -> str:
    """The checker page of `game`, checked to be that game's: its title, pack and script."""
    response = client.get(f"/check/{game}")
    assert response.status_code == 200
    page = unhashed(response.get_data(as_text=True))
    assert f"<h1>Check a {title} move</h1>" in page
    assert f'data-game="{game}" data-copies="{copies}"' in page
    assert f"/static/js/{game}-checker.js" in page and "seep-checker.js" not in page
    return page


def test_the_fifty_six_checker_is_served(client: FlaskClient) -> None:
    page = served(client, "fifty-six", "Fifty-six", copies=2)
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


@pytest.mark.parametrize(
    ("link", "hostile"),
    [
        (
            "/check/fifty-six?mode=trick&players=4&trump=S&trick=KH&hand=QH.JS&play=JS",
            "/check/fifty-six?calls=%3Cscript%3E&next=%22%3E",
        ),
        (
            "/check/casino?players=2&hand=3S.8H&loose=5D.6C.2H&build=7:4C.3D:1&move=trail:3S",
            "/check/casino?build=%3Cscript%3E&move=%22%3E",
        ),
    ],
)
def test_a_link_to_another_game_opens_the_same_page(
    client: FlaskClient, link: str, hostile: str
) -> None:
    plain = client.get(link.split("?")[0]).get_data(as_text=True)
    assert client.get(link).get_data(as_text=True) == plain
    assert client.get(hostile).get_data(as_text=True) == plain  # nothing of the query is echoed


def test_the_casino_checker_is_served(client: FlaskClient) -> None:
    page = served(client, "casino", "Casino", copies=1)
    for name, values in {
        "players": ["2", "3", "4"],  # K1
        "seat": ["0", "1", "2", "3"],
        "variant": ["classic", "royal"],  # K3
    }.items():
        assert re.findall(rf'name="{name}" value="([^"]*)"', page) == values, name
    actions = re.findall(r'class="action" data-action="(\w+)"', page)
    assert actions == ["capture", "build", "raise", "trail"]  # K4-K8: trail, not Seep's throw
    builds = re.search(r'id="build-values".*?</div>\s*</div>', page, flags=re.S)
    # K5: builds of 2-10, in Royal 2-14 (the script hides 11-14 in classic)
    values = [str(v) for v in range(2, 15)]
    assert builds and re.findall(r'data-value="(\d+)"', builds.group()) == values
    ace = re.search(r'id="ace-choice".*?</div>\s*</div>', page, flags=re.S)
    assert ace and re.findall(r'data-value="(\d+)"', ace.group()) == ["1", "14"]  # K3
    for label in ("What can I play?", "Copy link", "+ Add a build"):
        assert label in page
    picks = re.findall(r'class="pick suit-\w" data-card="(\w+)"', page)
    assert picks == [str(card) for card in full_deck()]  # one 52-card pack
