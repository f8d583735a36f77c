"""Seep's figures: the CSV export's columns and the club statistics' figures."""

from __future__ import annotations

from ....data.models import GameSession
from ....rules.seep.score import SeepStanding
from ....words import lazy_gettext
from ..pages import Columns


def csv_columns(game_session: GameSession, standing: SeepStanding) -> Columns:
    """The CSV export: each deal's points per team, then the lead and baazis as they ran."""
    names, seats = [t.name for t in game_session.teams], game_session.seat_names()
    header = ["Deal", "Dealer", *(f"{n} points" for n in names), "Lead", "Lead points", "Baazi"]
    header += [f"{n} baazis" for n in names]
    baazis, rows = [0] * len(names), []
    for number, row in enumerate(standing["deals"], 1):
        won = row["baazi"]["winner"] if row["baazi"] else None
        if won is not None:
            baazis[won] += 1
        leader = row["lead"]["team"]
        lead = [names[leader] if leader is not None else "level", row["lead"]["points"]]
        baazi = names[won] if won is not None else ""
        rows.append([number, seats[row["dealer"]], *row["points"], *lead, baazi, *baazis])
    return header, rows


# What the club's player pages show of Seep's figures: (label, figure, as a percentage).
FIGURES = (
    (lazy_gettext("Baazis won"), "baazis_won", False),
    (lazy_gettext("Baazis lost"), "baazis_lost", False),
    (lazy_gettext("Under-9 losses"), "under9_losses", False),
    (lazy_gettext("Average deal"), "average_points", False),
    (lazy_gettext("Sweeps per deal"), "sweeps_per_deal", False),
    (lazy_gettext("Best deal"), "best_deal", False),
)
KEY_FIGURE = "average_points"  # beside the win rate in the players' table
