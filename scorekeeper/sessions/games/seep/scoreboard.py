"""What Seep's scoreboard shows beyond the standing: the chart of the running lead."""

from __future__ import annotations

from typing import Any

from ....data.models import GameSession
from ....rules.seep.score import SeepStanding
from ...charts import lead_chart
from .form import SeepDealForm
from .page import derive


def scoreboard(game_session: GameSession, standing: SeepStanding) -> dict[str, Any]:
    """What Seep's scoreboard shows beyond the standing: the chart of the running lead."""
    return {
        "chart": lead_chart(standing["deals"], game_session.options["target"]),
        # For its next dealer with deals kept offline (offline-board.js), as the deal form has it.
        "offline": {
            "derive": derive(game_session, standing),
            "page": {"points": SeepDealForm.points, "sweepPoints": SeepDealForm.sweep_points},
        },
    }
