"""A tournament's exports: /t/<id>/export.json (the API's tournament with names beside the
ids) and /t/<id>/export.csv (a row per table per round, then a row per bye), downloaded as
files; a name a spreadsheet would run as a formula is quoted."""

from __future__ import annotations

import csv
import io
import json

from flask.testing import FlaskClient

from scorekeeper.tournament_pages.export import COLUMNS
from tests.helpers.api import new_club
from tests.helpers.tournament_api import (
    PAIRS,
    TOURNAMENTS,
    create,
    keeper,
    pair,
    read_tournament,
)
from tests.helpers.tournament_evening import evening, first_round_played, next_round


def test_the_json_export_is_the_apis_tournament_with_names(client: FlaskClient) -> None:
    night = evening(client)
    first_round_played(client, night)
    response = client.get(f"/t/{night.id}/export.json")
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    assert (
        response.headers["Content-Disposition"]
        == f'attachment; filename="tournament-{night.id}.json"'
    )
    found = json.loads(response.get_data(as_text=True))
    api = read_tournament(client, night.tournament)
    for key in ("id", "name", "game", "format", "version", "entrants", "finished"):
        assert found[key] == api[key]
    # The standings as the API's, each with its entrant's name and players.
    assert [
        {k: v for k, v in line.items() if k not in ("name", "players")}
        for line in found["standings"]
    ] == api["standings"]
    names = {e["id"]: e for e in api["entrants"]}
    for line in found["standings"]:
        assert line["name"] == names[line["entrant"]]["name"]
        assert line["players"] == names[line["entrant"]]["players"]
    (one,) = found["rounds"]
    assert one["bye_names"] == [night.name(night.byes[0])]
    for table, shown in zip(one["tables"], api["rounds"][0]["tables"], strict=True):
        assert {k: v for k, v in table.items() if k != "sides"} == shown
        assert table["sides"] == [[night.name(e)] for e in shown["entrants"]]


def test_the_csv_export_has_a_row_per_table_per_round_and_per_bye(client: FlaskClient) -> None:
    night = evening(client)
    first_round_played(client, night)
    first_tables, first_byes = list(night.tables), list(night.byes)
    next_round(client, night)
    response = client.get(f"/t/{night.id}/export.csv")
    assert response.status_code == 200
    assert response.mimetype == "text/csv"
    assert (
        response.headers["Content-Disposition"]
        == f'attachment; filename="tournament-{night.id}.csv"'
    )
    rows = list(csv.reader(io.StringIO(response.get_data(as_text=True))))
    assert tuple(rows[0]) == COLUMNS
    lines = [dict(zip(COLUMNS, row, strict=True)) for row in rows[1:]]
    assert [(r["round"], r["table"], r["state"]) for r in lines] == [
        ("1", "1", "confirmed"),
        ("1", "2", "confirmed"),
        ("1", "", "bye"),
        ("2", "1", "playing"),
        ("2", "2", "playing"),
        ("2", "", "bye"),
    ]
    first = lines[0]
    a, b = first_tables[0]["entrants"]
    players = {p["name"]: " & ".join(p["players"]) for p in PAIRS}
    assert (first["side_1"], first["side_2"]) == (night.name(a), night.name(b))
    assert first["players_1"] == players[night.name(a)]
    assert (first["match_points_1"], first["match_points_2"]) == ("2", "0")
    assert (first["game_points_1"], first["game_points_2"]) == ("20", "-20")
    assert first["session"] == first_tables[0]["session"]
    # Table 2, one deal in and then played level to the end: 40 and 0, a win by 40.
    assert (lines[1]["match_points_1"], lines[1]["game_points_1"]) == ("2", "40")
    assert lines[2]["side_1"] == night.name(first_byes[0]) and lines[2]["match_points_1"] == "2"
    assert lines[3]["match_points_1"] == ""  # still playing: no result yet


def test_an_adjusted_table_in_the_csv_with_its_note(client: FlaskClient) -> None:
    night = evening(client)
    note = "Scored by hand: the phone ran flat"
    response = client.put(
        f"{TOURNAMENTS}/{night.id}/rounds/1/tables/1",
        json={"result": {"match_points": [0, 2], "game_points": [-5, 5]}, "note": note},
        headers=keeper(night.club),
    )
    assert response.status_code == 200
    rows = list(csv.DictReader(io.StringIO(client.get(f"/t/{night.id}/export.csv").text)))
    assert rows[0]["adjusted"] == "yes" and rows[0]["note"] == note
    assert (rows[0]["match_points_1"], rows[0]["game_points_2"]) == ("0", "5")
    assert rows[0]["state"] == "confirmed" and rows[1]["adjusted"] == ""


def test_a_name_that_looks_like_a_formula_is_quoted(client: FlaskClient) -> None:
    entrants = [
        {"name": "=HYPERLINK(1)", "players": ["+Asha", "Ravi"]},
        {"name": "Tigers", "players": ["@Meena", "-Dev"]},
    ]
    club, tournament = create(client, new_club(client), entrants=entrants, rounds=1)
    pair(client, club, tournament)
    rows = list(csv.DictReader(io.StringIO(client.get(f"/t/{tournament['id']}/export.csv").text)))
    (row,) = rows
    sides = {row["side_1"]: row["players_1"], row["side_2"]: row["players_2"]}
    assert sides == {"'=HYPERLINK(1)": "'+Asha & Ravi", "Tigers": "'@Meena & -Dev"}


def test_no_export_of_an_unknown_tournament(client: FlaskClient) -> None:
    assert client.get("/t/nosuchtournament0/export.json").status_code == 404
    assert client.get("/t/nosuchtournament0/export.csv").status_code == 404
