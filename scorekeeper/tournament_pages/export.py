"""A tournament's exports: /t/<id>/export.json (the tournament as the API answers it, each
entrant's name beside its id) and /t/<id>/export.csv (its tables, a row per table per round:
the round, the table, each side's entrants and players, the result and its state; then a bye a
row). The standings are in the JSON and on the report; the CSV keeps what happened, one line
each, for a spreadsheet to sum. Cells a spreadsheet would run as a formula are quoted, as a
session's CSV's are (sessions/export.py)."""

from __future__ import annotations

import csv
import io
from typing import Any

from flask import Response

from ..api.tournaments import tournament_json
from ..data.tournaments import Tournament
from ..sessions.export import as_json, download, inert
from ..web.read_limits import expensive_read
from .blueprint import bp
from .view import view


@bp.get("/t/<tournament_id>/export.json")
def tournament_export_json(tournament_id: str) -> Response:
    """The tournament as GET /api/v1/tournaments/<id> answers it, with names beside the ids."""
    with expensive_read():
        tournament = Tournament.find(tournament_id)
        body = as_json(named(tournament_json(tournament)))
        return download(body, "application/json", f"tournament-{tournament.id}.json")


def named(found: dict[str, Any]) -> dict[str, Any]:
    """The API's tournament with each entrant's name beside its id: in the tables (`sides`,
    each a list of names), the byes (`bye_names`) and the standings (`name`, `players`)."""
    names = {e["id"]: e for e in found["entrants"]}
    rounds = []
    for one in found["rounds"]:
        tables = []
        for table in one["tables"]:
            if found["format"] == "rotating":
                ids = table["entrants"]
                sides = [
                    [names[e]["name"] for e in ids[0::2]],
                    [names[e]["name"] for e in ids[1::2]],
                ]
            else:
                sides = [[names[e]["name"]] for e in table["entrants"]]
            tables.append({**table, "sides": sides})
        rounds.append(
            {**one, "tables": tables, "bye_names": [names[e]["name"] for e in one["byes"]]}
        )
    standings = [
        {
            **line,
            "name": names[line["entrant"]]["name"],
            "players": names[line["entrant"]]["players"],
        }
        for line in found["standings"]
    ]
    return {**found, "rounds": rounds, "standings": standings}


COLUMNS = (
    "round",
    "table",
    "side_1",
    "players_1",
    "side_2",
    "players_2",
    "match_points_1",
    "match_points_2",
    "game_points_1",
    "game_points_2",
    "state",
    "adjusted",
    "note",
    "session",
)


@bp.get("/t/<tournament_id>/export.csv")
def tournament_export_csv(tournament_id: str) -> Response:
    """A header row, then a row per table per round (its sides, result and state), then a row
    per bye (the entrant in side 1, 2 match points)."""
    with expensive_read():
        tournament = Tournament.find(tournament_id)
        shown = view(tournament)
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(COLUMNS)
        for one in shown.rounds:
            for table in one.tables:
                first, second = table.sides
                result = table.result or {}
                points = result.get("match_points", ["", ""])
                game = result.get("game_points", ["", ""])
                row = [
                    one.number,
                    table.number,
                    first.name,
                    " & ".join(first.players),
                    second.name,
                    " & ".join(second.players),
                    points[0],
                    points[1],
                    game[0],
                    game[1],
                    table.condition,
                    "yes" if table.adjusted else "",
                    table.note or "",
                    table.session_id,
                ]
                writer.writerow([inert(cell) for cell in row])
            for entrant in one.byes:
                row = [one.number, "", entrant.name, "", "", "", 2, "", "", "", "bye", "", "", ""]
                writer.writerow([inert(cell) for cell in row])
        return download(out.getvalue(), "text/csv", f"tournament-{tournament.id}.csv")
