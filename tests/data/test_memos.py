"""The memos each process keeps (data/memo.py), all listed by the app factory in
`app.extensions["scorekeeper.memos"]` (data/setup.py): the LRU's bound and order, every memo
listed and emptied by `forget`, and the memos a write leaves behind not served after it."""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

import scorekeeper
from scorekeeper.clubs.stats import FIGURES
from scorekeeper.data import setup
from scorekeeper.data.memo import Memo, Recent
from scorekeeper.data.standings import STANDINGS, Standings
from scorekeeper.data.tournaments import PLAYED
from scorekeeper.web.drawn import kept_pages
from tests.helpers import live_deals
from tests.helpers.api import SESSIONS, add_deals, bearer, new_club, played
from tests.helpers.pages import start
from tests.helpers.seep import deal
from tests.helpers.tournament_api import create, pair, play, read_tournament

MEMO_KINDS = (Memo, Recent, Standings)


def test_a_recent_memo_keeps_the_most_recently_used_up_to_its_size() -> None:
    kept: Recent[str, int] = Recent(2)
    kept.put("a", 1)
    kept.put("b", 2)
    assert kept.get("a") == 1  # "a" is now the most recently used: "b" goes first
    kept.put("c", 3)
    assert kept.keys() == ["a", "c"] and kept.held() == len(kept) == 2
    assert kept.get("b") is None and "b" not in kept
    kept.put("a", 4)  # kept again: the newest, with its new value
    kept.put("d", 5)
    assert kept.keys() == ["a", "d"] and kept.get("a") == 4
    kept.clear()
    assert kept.held() == 0 and kept.get("a") is None


def test_every_memo_at_module_level_is_listed_by_the_app(app: Flask) -> None:
    listed = setup.memos(app)
    found = {}
    for module in pkgutil.walk_packages(scorekeeper.__path__, "scorekeeper."):
        if module.name.startswith("scorekeeper.migrations"):
            continue  # alembic's scripts, run by alembic alone
        for name, value in vars(importlib.import_module(module.name)).items():
            if isinstance(value, MEMO_KINDS):
                found[f"{module.name}.{name}"] = value
    assert found  # the walk saw the memos
    unlisted = [name for name, memo in found.items() if all(memo is not m for m in listed.values())]
    assert unlisted == []
    assert listed["pages"] is kept_pages(app)  # the app's own drawn pages, not at module level


def test_forgetting_empties_every_memo_the_app_lists(app: Flask, client: FlaskClient) -> None:
    listed = setup.memos(app)
    setup.forget(app)
    assert {name: memo.held() for name, memo in listed.items()} == dict.fromkeys(listed, 0)
    fill_every_memo(client)
    assert [name for name, memo in listed.items() if memo.held() == 0] == []
    setup.forget(app)
    assert {name: memo.held() for name, memo in listed.items()} == dict.fromkeys(listed, 0)


def fill_every_memo(client: FlaskClient) -> None:
    """Reads that keep something in each memo: a club session's scoreboard (the page, its board
    and chart), its API read (the standing) and what changed since a version, the club's
    statistics (figures, summaries), a live deal's read (its snapshot) and a page read with the
    browser's cookie (the cookie opened)."""
    club = new_club(client)["id"]
    session = played(client, "seep", deal(60), deal(45), club=club)
    assert client.get(f"/s/{session['id']}").status_code == 200
    assert client.get(f"{SESSIONS}/{session['id']}").status_code == 200
    assert client.get(f"{SESSIONS}/{session['id']}?since=1").status_code == 200
    assert client.get(f"/api/v1/clubs/{club}/stats").status_code == 200
    live = f"{SESSIONS}/{session['id']}/live"
    begun, plays = live_deals.seep(3)
    assert client.post(live, json=begun, headers=bearer(session["edit_token"])).status_code == 201
    first = {"number": 1, **plays[0]}
    auth = bearer(session["edit_token"])
    assert client.post(f"{live}/plays", json=first, headers=auth).status_code == 201
    assert client.get(live).status_code == 200
    board = start(client)  # the form's answer sets the browser's cookie; the board opens it
    assert client.get(board).status_code == 200
    tournament_club, tournament = create(client)  # a tournament's read keeps its tables' results
    pair(client, tournament_club, tournament)
    read_tournament(client, tournament)


def test_a_write_moves_the_keys_of_the_memos_it_changes(client: FlaskClient) -> None:
    club = new_club(client)["id"]
    session = played(client, "seep", deal(60), club=club)

    def read() -> tuple[int, Any]:
        figures = client.get(f"/api/v1/clubs/{club}/stats").get_json()
        asha = next(p for p in figures["games"]["seep"]["players"] if p["name"] == "Asha")
        page = client.get(f"/s/{session['id']}").get_data(as_text=True)
        return asha["figures"]["deals"], page

    deals, page = read()
    kept = FIGURES.keys()[-1]  # the club's figures at its version, as the read left them
    boards = set(STANDINGS.boards)
    add_deals(client, session, deal(45))
    deals_after, page_after = read()
    assert (deals, deals_after) == (1, 2)  # the figures kept before the deal are not served
    assert FIGURES.keys()[-1] != kept and FIGURES.keys()[-1][0] == kept[0]
    assert set(STANDINGS.boards) - boards  # the scoreboard's board kept anew, at its version
    assert page_after != page


def of_table(session_id: str) -> list[tuple[str, int]]:
    """The keys PLAYED holds for one table's session."""
    keys = PLAYED.keys()  # a list, not a dict's view (Recent holds an OrderedDict behind a lock)
    return [key for key in keys if key[0] == session_id]


def test_a_tables_result_is_kept_by_its_sessions_version(client: FlaskClient) -> None:
    """A tournament's read keeps each table's result at its session's version; a deal moves the
    version, so the next read works the table out anew, and the write itself keeps nothing."""
    club, tournament = create(client)
    table = pair(client, club, tournament)["tables"][0]
    before = read_tournament(client, tournament)["rounds"][0]["tables"][0]
    assert before["result"] is None  # a two-deal round, nothing played
    kept = of_table(table["session"])
    assert len(kept) == 1
    play(client, table, deal(70), deal(40))
    assert of_table(table["session"]) == kept
    after = read_tournament(client, tournament)["rounds"][0]["tables"][0]
    assert after["result"] is not None and after["result"]["match_points"] == [2, 0]
    versions = sorted(version for _, version in of_table(table["session"]))
    assert len(versions) == 2 and versions[0] == kept[0][1]
