"""What Casino's scoreboard shows beyond the standing: how the game was won, the race to 21
as a chart."""

from __future__ import annotations

from typing import Any

from ....data.models import GameSession
from ....rules.casino import score
from ....rules.casino.score import CasinoRow, CasinoStanding
from ....web.names import whole_name
from ...charts import drawn_once, polyline
from .page import derive
from .words import how_won, level


def scoreboard(game_session: GameSession, standing: CasinoStanding) -> dict[str, Any]:
    """What the scoreboard shows beyond the standing: how the game was won, and a chart."""
    names = [whole_name(team) for team in game_session.teams]
    won = standing["won"]
    return {
        "how_won": won and how_won(won, standing, names),
        "level": level(standing, names) if standing["tied"] else None,
        "chart": scores_chart(standing["deals"], len(game_session.teams)),
        # For its next dealer with deals kept offline (offline-board.js), as the deal form has it.
        "offline": {"derive": derive(game_session, standing)},
    }


@drawn_once
def scores_chart(rows: list[CasinoRow], sides: int) -> dict[str, Any] | None:
    """Each side's score after every deal as SVG polylines, with the line of 21."""
    if not rows:
        return None
    series = [[0] * sides] + [row["scores"] for row in rows]
    top = max(score.TARGET, *(max(s) for s in series))
    width, height, pad = 320, 150, 8
    step = (width - 2 * pad) / (len(series) - 1)

    def y(n: int) -> float:
        return round(height - pad - (height - 2 * pad) * n / top, 1)

    def x(i: int) -> float:
        return round(pad + i * step, 1)

    lines = [polyline([s[side] for s in series], x, y) for side in range(sides)]
    return {"width": width, "height": height, "lines": lines, "target": y(score.TARGET)}
