"""Fifty-six's figures: the CSV export's columns and the club statistics' figures."""

from __future__ import annotations

from ....data.models import GameSession
from ....rules.fifty_six.auction import bid_text
from ....rules.fifty_six.score import (
    FiftySixStanding,
)
from ....words import lazy_gettext
from ..pages import Columns


def csv_columns(game_session: GameSession, standing: FiftySixStanding) -> Columns:
    """The CSV export: each deal's contract, its points and whether it was made, then every
    team's tables after it."""
    names, seats = [t.name for t in game_session.teams], game_session.seat_names()
    header = ["Deal", "Game", "Dealer", "Contract", "Bidder", "Team", "Doubled", "Points"]
    header += ["Made", *(f"{n} tables" for n in names)]
    rows = []
    deals = zip(game_session.deals, standing["deals"], strict=True)
    for number, (deal, row) in enumerate(deals, 1):
        contract = row["contract"]
        passed = " (all passed)" if deal.record["contract"] is None else ""
        bid = bid_text(contract["value"], contract["trump"]) + passed
        doubled = ("", "doubled", "redoubled")[contract["double"]]
        made = "yes" if row["made"] else "no"
        bidder, team = seats[contract["seat"]], names[contract["team"]]
        played = [number, row["game"], seats[row["dealer"]], bid, bidder, team, doubled]
        rows.append([*played, deal.record["points"], made, *row["tables"]])
    return header, rows


# What the club's player pages show of Fifty-six's figures: (label, figure, as a percentage).
FIGURES = (
    (lazy_gettext("Contracts made"), "made", False),
    (lazy_gettext("Contracts lost"), "lost", False),
    (lazy_gettext("Made"), "made_rate", True),
    (lazy_gettext("Tables won"), "tables_won", False),
    (lazy_gettext("Tables lost"), "tables_lost", False),
    (lazy_gettext("Games won"), "games_won", False),
)
KEY_FIGURE = "made_rate"  # beside the win rate in the players' table
