"""A club's tournaments in its exports and in `flask export` / `flask import` (format 6): each
restored exactly, its entrants, rounds, tables, adjustments, notes and confirmations, so that
the API answers the same tournament, results and standings after; a file from before
tournaments still imports; a damaged tournament is refused whole."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.data.extensions import db
from scorekeeper.data.models import Club
from scorekeeper.data.tournaments import Tournament, TournamentTable
from tests.helpers.api import CLUBS, FOUR, new_club, new_session
from tests.helpers.backup import counts, empty_app, export, import_into
from tests.helpers.seep import deal as seep_deal
from tests.helpers.tournament_api import TOURNAMENTS, keeper, play, read_tournament
from tests.helpers.tournament_evening import Evening, evening, first_round_played, next_round

NOTE = "Table 2 stopped early: 1–1 by the keeper"


def busy_evening(client: FlaskClient) -> Evening:
    """Round 1 played (table 1 confirmed, table 2 adjusted with a note), a late entrant, a
    withdrawal, round 2 paired (two tables, a bye) with a deal at its first table."""
    night = evening(client)
    first_round_played(client, night)
    adjusted = client.put(
        f"{TOURNAMENTS}/{night.id}/rounds/1/tables/2",
        json={"result": {"match_points": [1, 1], "game_points": [3, -3]}, "note": NOTE},
        headers=keeper(night.club),
    )
    assert adjusted.status_code == 200
    late = {"name": "Owls", "players": ["Uma", "Om"]}
    added = client.post(f"{TOURNAMENTS}/{night.id}/entrants", json=late, headers=keeper(night.club))
    assert added.status_code == 201
    gone = night.tables[0]["entrants"][1]
    withdrawn = client.delete(
        f"{TOURNAMENTS}/{night.id}/entrants/{gone}", headers=keeper(night.club)
    )
    assert withdrawn.status_code == 200
    next_round(client, night)
    play(client, night.tables[0], seep_deal(80))
    return night


def seen(client: FlaskClient, night: Evening) -> dict[str, Any]:
    """What readers see of the tournament: the API's tournament, the club's list, its pages."""
    return {
        "tournament": read_tournament(client, night.tournament),
        "list": client.get(f"{CLUBS}/{night.club['id']}/tournaments").get_json(),
        "wall": client.get(f"/t/{night.id}/tv").get_data(as_text=True),
        "csv": client.get(f"/t/{night.id}/export.csv").get_data(as_text=True),
    }


def test_a_tournament_comes_back_exactly(app: Flask, client: FlaskClient, tmp_path: Path) -> None:
    night = busy_evening(client)
    before = seen(client, night)
    shown = before["tournament"]
    assert shown["rounds"][0]["tables"][1]["result"]["note"] == NOTE
    assert shown["rounds"][0]["tables"][0]["confirmed"] is True
    assert any(e["withdrawn"] for e in shown["entrants"])
    assert any(e["joins_from"] == 2 for e in shown["entrants"])
    document = export(app, tmp_path / "backup.json")
    (stored,) = document["tournaments"]
    assert stored["id"] == night.id and len(stored["rounds"]) == 2
    assert stored["rounds"][0]["tables"][1]["note"] == NOTE
    assert stored["rounds"][0]["tables"][0]["confirmed_version"] is not None
    restored = empty_app(tmp_path / "restored.sqlite")
    result = import_into(restored, tmp_path / "backup.json")
    assert result.exit_code == 0, result.output
    assert "1 tournaments" in result.output
    other = restored.test_client()
    assert seen(other, night) == before
    # The keeper's token still directs it, and a table's edit token still scores there.
    version = read_tournament(other, night.tournament)["version"]
    play(other, night.tables[1], seep_deal(40))
    assert read_tournament(other, night.tournament)["version"] > version  # the wall moves
    ended = other.post(f"{TOURNAMENTS}/{night.id}/end", headers=keeper(night.club))
    assert ended.status_code == 200 and ended.get_json()["ended"] is True


def test_importing_twice_adds_no_tournament(
    app: Flask, client: FlaskClient, tmp_path: Path
) -> None:
    night = busy_evening(client)
    export(app, tmp_path / "backup.json")
    restored = empty_app(tmp_path / "restored.sqlite")
    assert import_into(restored, tmp_path / "backup.json").exit_code == 0
    again = import_into(restored, tmp_path / "backup.json")
    assert again.exit_code == 0, again.output
    assert "0 live deals, 0 tournaments; already there:" in again.output
    assert again.output.rstrip().endswith("1 tournaments.")
    with restored.app_context():
        assert (
            Tournament.find(night.id).version
            == read_tournament(client, night.tournament)["version"]
        )
        assert len(db.session.execute(db.select(TournamentTable)).all()) == 4


def test_the_clubs_export_holds_its_tournaments(client: FlaskClient) -> None:
    night = busy_evening(client)
    other = new_club(client, "Sunday")
    body = client.get(f"/c/{night.club['id']}/export.json").get_json()
    (stored,) = body["tournaments"]
    assert stored["name"] == "Diwali cup" and stored["club"] == night.club["id"]
    assert [len(r["tables"]) for r in stored["rounds"]] == [2, 2]
    assert client.get(f"/c/{other['id']}/export.json").get_json()["tournaments"] == []


def test_a_file_from_before_tournaments_still_imports(
    app: Flask, client: FlaskClient, tmp_path: Path
) -> None:
    busy_evening(client)
    document = export(app, tmp_path / "backup.json")
    del document["tournaments"]
    document["format_version"] = 5
    (tmp_path / "old.json").write_text(json.dumps(document), encoding="utf-8")
    older = empty_app(tmp_path / "older.sqlite")
    result = import_into(older, tmp_path / "old.json")
    assert result.exit_code == 0, result.output
    assert "0 tournaments" in result.output
    assert counts(older)["GameSession"] == counts(app)["GameSession"]


def first_table(doc: dict[str, Any]) -> dict[str, Any]:
    table: dict[str, Any] = doc["tournaments"][0]["rounds"][0]["tables"][0]
    return table


def session_of_another_club(doc: dict[str, Any]) -> None:
    tournament = doc["tournaments"][0]
    club = next(c for c in doc["clubs"] if c["id"] != tournament["club"])
    first_table(doc)["session"] = next(s["id"] for s in doc["sessions"] if s["club"] == club["id"])


DAMAGED: dict[str, tuple[Callable[[dict[str, Any]], Any], str]] = {
    "listed twice": (
        lambda d: d["tournaments"].append(d["tournaments"][0]),
        "is listed twice",
    ),
    "no tournaments": (lambda d: d.pop("tournaments"), "has no 'tournaments'"),
    "a table's session missing": (
        lambda d: first_table(d).update(session="nosuchsession"),
        "which is not a session of the tournament's club",
    ),
    "a table's session of another club": (
        session_of_another_club,
        "which is not a session of the tournament's club",
    ),
    "two tables one session": (
        lambda d: first_table(d).update(
            session=d["tournaments"][0]["rounds"][0]["tables"][1]["session"]
        ),
        "which is not a session of the tournament's club",
    ),
    "an unknown entrant": (
        lambda d: first_table(d)["entrants"].append(99),
        "names entrant 99",
    ),
    "a bad adjustment": (
        lambda d: first_table(d).update(adjustment={"match_points": [3, 0], "game_points": [0, 0]}),
        "'adjustment' is not what it should be",
    ),
    "a bad game": (
        lambda d: d["tournaments"][0].update(game="bridge"),
        "'game' is not what it should be",
    ),
    "rounds out of order": (
        lambda d: d["tournaments"][0]["rounds"].reverse(),
        "not numbered 1, 2, 3",
    ),
}


@pytest.mark.parametrize("damage", DAMAGED)
def test_a_damaged_tournament_is_refused_and_nothing_is_stored(
    app: Flask, client: FlaskClient, tmp_path: Path, damage: str
) -> None:
    busy_evening(client)
    elsewhere = new_club(client, "Sunday")
    new_session(client, "seep", FOUR, elsewhere["id"])
    document = export(app, tmp_path / "backup.json")
    change, message = DAMAGED[damage]
    change(document)
    (tmp_path / "broken.json").write_text(json.dumps(document), encoding="utf-8")
    restored = empty_app(tmp_path / "restored.sqlite")
    result = import_into(restored, tmp_path / "broken.json")
    assert result.exit_code != 0
    assert message in result.output and "Nothing was imported" in result.output
    with restored.app_context():
        assert db.session.execute(db.select(Club)).first() is None
