"""One Seep session's facts for the club statistics (rules/stats.py): baazis (M2–M4), deals
(E2), sweeps (C4)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..stats import FinishedGame, deal_figures
from ..table import Table

TEAMS = 2


def summarize(
    table: Table,
    options: Mapping[str, Any],
    records: Sequence[Mapping[str, Any]],
    standing: Mapping[str, Any],
) -> dict[str, Any]:
    """Per team: baazis won and lost, under-9 losses, deal points and sweeps; per deal: its
    points and sweeps; whether the session is finished (M4, or ended by the table) and the team
    it went to; and its baazis, as games rated (finished or not)."""
    points = [row["points"] for row in standing["deals"]]
    sweeps = [_sweeps(record) for record in records]
    baazis = [row["baazi"] for row in standing["deals"] if row["baazi"]]
    teams = []
    for team in range(TEAMS):
        figures = deal_figures(points, sweeps, team)
        figures["baazis_won"] = sum(b["winner"] == team for b in baazis)
        figures["baazis_lost"] = sum(b["winner"] != team for b in baazis)
        # M3: the team that scored under 9 is the one that lost the baazi.
        figures["under9_losses"] = sum(
            b["winner"] != team and b["reason"] == "under-9" for b in baazis
        )
        teams.append(figures)
    return {
        "teams": teams,
        "deals": [{"points": p, "sweeps": s} for p, s in zip(points, sweeps, strict=True)],
        "finished": standing["finished"],
        "winner": standing["session_winner"],
        "games": finished_games(table, options, standing),
    }


def _sweeps(record: Mapping[str, Any]) -> list[int]:
    """How many sweeps each team made in the deal (C4), whatever they scored."""
    made = [0] * TEAMS
    for sweep in record.get("sweeps", ()):
        made[sweep["team"]] += 1
    return made


def finished_games(
    table: Table, options: Mapping[str, Any], standing: Mapping[str, Any]
) -> list[FinishedGame]:
    """Each baazi, a game of its own for the ratings: its winner first, the other team second
    (M2, M3)."""
    return [
        {"ranks": [0 if row["baazi"]["winner"] == team else 1 for team in range(TEAMS)], "deal": n}
        for n, row in enumerate(standing["deals"], 1)
        if row["baazi"]
    ]
