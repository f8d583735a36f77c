"""One Fifty-six session's facts for the club statistics (rules/stats.py): contracts by bid
range (F15), doubles (F16), tables won and lost, games won (F6)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..stats import FinishedGame, ranked
from ..table import Table
from .score import SCHEDULE

DOUBLES = ("doubled", "redoubled")  # F9: double levels 1 and 2


def band(value: int) -> str:
    """The F15 range a bid falls in, as "28-39" (or "56").

    >>> band(40), band(56)
    ('40-47', '56')
    """
    low, high = next((lo, hi) for lo, hi, _, _ in SCHEDULE if lo <= value <= hi)
    return str(low) if low == high else f"{low}-{high}"


def _empty() -> dict[str, Any]:
    """A team's figures before any deal."""
    return {
        "deals": 0,
        "contracts": 0,
        "made": 0,
        "lost": 0,
        "by_bid": {band(low): {"made": 0, "lost": 0} for low, _, _, _ in SCHEDULE},
        "doubled": {"made": 0, "lost": 0},
        "redoubled": {"made": 0, "lost": 0},
        "tables_won": 0,
        "tables_lost": 0,
        "games": 0,
        "games_won": 0,
    }


def summarize(
    table: Table,
    options: Mapping[str, Any],
    records: Sequence[Mapping[str, Any]],
    standing: Mapping[str, Any],
) -> dict[str, Any]:
    """Per team: contracts made and lost by bid range, doubles, tables and games won; per
    deal: the contract and whether it was made; whether the session is finished (a game won, or
    ended by the table) and the team it went to; the games won, as rated."""
    teams = [_empty() for _ in range(table.teams)]
    deals = []
    for row, record in zip(standing["deals"], records, strict=True):
        contract, outcome = row["contract"], "made" if row["made"] else "lost"
        bidder = teams[contract["team"]]
        bidder["contracts"] += 1
        bidder[outcome] += 1
        bidder["by_bid"][band(contract["value"])][outcome] += 1
        if contract["double"]:
            bidder[DOUBLES[contract["double"] - 1]][outcome] += 1
        for payer, payee, tables in row["transfers"]:
            teams[payer]["tables_lost"] += tables
            teams[payee]["tables_won"] += tables
        for figures in teams:
            figures["deals"] += 1
        deals.append(
            {
                "team": contract["team"],
                "value": contract["value"],
                "double": contract["double"],
                "made": row["made"],
                "points": record["points"],
            }
        )
    won = list(standing["games"]) + ([standing["winner"]] if standing["winner"] is not None else [])
    for team, figures in enumerate(teams):
        figures["games"] = standing["game"] if deals else 0
        figures["games_won"] = won.count(team)
    return {
        "teams": teams,
        "deals": deals,
        "finished": standing["finished"],
        "winner": standing["session_winner"],
        "games": finished_games(table, options, standing),
    }


def finished_games(
    table: Table, options: Mapping[str, Any], standing: Mapping[str, Any]
) -> list[FinishedGame]:
    """Each game won (F6): the teams by when they ran out of tables, the last one holding
    tables first; teams that ran out in the same deal come equal. A game on counts nothing."""
    games: list[FinishedGame] = []
    out: dict[int, int] = {}  # team: the deal it ran out in, in the game on
    game = 1
    for n, row in enumerate(standing["deals"], 1):
        if row["game"] != game:
            game, out = row["game"], {}
        for team, tables in enumerate(row["tables"]):
            if tables == 0:
                out.setdefault(team, n)
        if len(out) == table.teams - 1:  # F6: one team holds tables, and has won
            last = [float(out.get(team, n + 1)) for team in range(table.teams)]
            games.append({"ranks": ranked(last), "deal": n})  # the next deal starts a game
    return games
