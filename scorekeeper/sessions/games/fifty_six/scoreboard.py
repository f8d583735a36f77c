"""What Fifty-six's scoreboard shows beyond the standing: who bids first next, the tables
chart."""

from __future__ import annotations

from typing import Any

from ....data.models import GameSession
from ....rules.fifty_six.score import (
    FiftySixStanding,
    next_seat_in,
)
from ...charts import drawn_once, polyline
from .page import derive


def scoreboard(game_session: GameSession, standing: FiftySixStanding) -> dict[str, Any]:
    """What the scoreboard shows beyond the standing: who bids first next (past the seats of
    teams out, F7), and the tables over the deals as a chart."""
    dealer, table = standing["next_dealer"], game_session.table
    first = table.after(dealer) if standing["winner"] is not None else None
    return {
        "first_bidder": first
        if first is not None
        else next_seat_in(table, dealer, standing["tables"]),
        "chart": tables_chart(game_session, standing),
        # For its next dealer with deals kept offline (offline-board.js), as the deal form has it.
        "offline": {"derive": derive(game_session, standing)},
    }


def tables_chart(game_session: GameSession, standing: FiftySixStanding) -> dict[str, Any] | None:
    """Each team's tables after every deal of the game being played, as SVG polylines."""
    options = game_session.options
    return _tables_chart(
        standing["deals"], standing["game"], options["tables"], len(game_session.teams)
    )


@drawn_once
def _tables_chart(deals: list[Any], game: int, tables: int, teams: int) -> dict[str, Any] | None:
    """tables_chart of the standing's `deals`, drawn once per standing."""
    rows = [r for r in deals if r["game"] == game]
    if not rows:
        return None
    start = [tables] * teams
    series = [start] + [r["tables"] for r in rows]
    top = max(max(s) for s in series)
    width, height, pad = 320, 140, 8
    step = (width - 2 * pad) / max(len(series) - 1, 1)

    def y(n: int) -> float:
        return round(height - pad - (height - 2 * pad) * n / top, 1)

    def x(i: int) -> float:
        return round(pad + i * step, 1)

    lines = [polyline([s[team] for s in series], x, y) for team in range(len(start))]
    return {"width": width, "height": height, "lines": lines, "top": top, "game": game}
