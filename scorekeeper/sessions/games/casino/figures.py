"""Casino's figures: the CSV export's columns and the club statistics' figures."""

from __future__ import annotations

from ....data.models import GameSession
from ....rules.casino.score import CasinoStanding
from ....words import lazy_gettext
from ..pages import Columns


def csv_columns(game_session: GameSession, standing: CasinoStanding) -> Columns:
    """The CSV export: each deal's points per side, then every side's score after it."""
    names, seats = [t.name for t in game_session.teams], game_session.seat_names()
    header = ["Deal", "Dealer", *(f"{n} points" for n in names), *(f"{n} score" for n in names)]
    rows = [
        [number, seats[row["dealer"]], *row["points"], *row["scores"]]
        for number, row in enumerate(standing["deals"], 1)
    ]
    return header, rows


# What the club's player pages show of Casino's figures: (label, figure, as a percentage).
FIGURES = (
    (lazy_gettext("Average deal"), "average_points", False),
    (lazy_gettext("Sweeps"), "sweeps", False),
    (lazy_gettext("Best deal"), "best_deal", False),
)
KEY_FIGURE = "average_points"  # beside the win rate in the players' table
