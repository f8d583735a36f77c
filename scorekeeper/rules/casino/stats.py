"""One Casino session's facts for the club statistics (rules/stats.py): points (K11) and
sweeps (K12), and the winner (K13)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..stats import FinishedGame, deal_figures, ranked
from ..table import Table


def summarize(
    table: Table,
    options: Mapping[str, Any],
    records: Sequence[Mapping[str, Any]],
    standing: Mapping[str, Any],
) -> dict[str, Any]:
    """Per side: points per deal and sweeps; per deal: its points and sweeps; whether the game is
    finished (won, or ended by the table) and the side it went to; the game, once won, as
    rated."""
    sides = table.teams
    points = [row["points"] for row in standing["deals"]]
    # K12: sweeps are recorded only when the option counts them.
    sweeps = [list(record.get("sweeps", [0] * sides)) for record in records]
    return {
        "teams": [deal_figures(points, sweeps, side) for side in range(sides)],
        "deals": [{"points": p, "sweeps": s} for p, s in zip(points, sweeps, strict=True)],
        "finished": standing["finished"],
        "winner": standing["session_winner"],
        "games": finished_games(table, options, standing),
    }


def finished_games(
    table: Table, options: Mapping[str, Any], standing: Mapping[str, Any]
) -> list[FinishedGame]:
    """The session's game once won (K13): the winner first, the other sides by their final
    score, equal scores equal. The winner comes first even when counting out let it win with
    less than another side's final total."""
    winner = standing["winner"]
    if winner is None:
        return []
    scores = [float(score) for score in standing["scores"]]
    scores[winner] = float("inf")
    return [{"ranks": ranked(scores), "deal": len(standing["deals"])}]
