"""What Fifty-six's deal form page shows beyond its fields: the tables now, what each result
moves, and how to deal the next deals offline."""

from __future__ import annotations

from typing import Any, cast

from ....data.models import GameSession
from ....rules.fifty_six.score import (
    SCHEDULE,
    FiftySixStanding,
    next_seat_in,
    settle,
    tables_moved,
)
from ....rules.table import Table
from .form import DOUBLES, TRUMP_NAMES, TRUMPS
from .tables import tables_before


def outcomes(table: Table, options: dict[str, Any], tables: list[int]) -> dict[str, Any]:
    """Every transfer a deal could make from these tables, for the form's preview: by the
    contracting team, the lowest bid of the F15 band, the double level and made or lost."""
    preview = {}
    for team in range(table.teams):
        for low, *_ in SCHEDULE:
            for double in (0, 1, 2):
                for made in (True, False):
                    amount = tables_moved(low, made, double, options["doubling"])
                    after, moved = settle(tables, team, amount, made, table)
                    key = f"{team}|{low}|{double}|{int(made)}"
                    preview[key] = {"transfers": moved, "tables": list(after)}
    return {"bands": [low for low, *_ in SCHEDULE], "outcomes": preview}


def deal_page(game_session: GameSession, number: int) -> dict[str, Any]:
    """What the deal form shows beyond its fields: the tables now and what each result moves."""
    tables = tables_before(game_session, number)
    table = game_session.table
    return {
        "tables_now": tables,
        "out": [team for team, n in enumerate(tables) if n == 0],
        "preview": outcomes(table, game_session.options, tables),
        "passed_seat": {d: next_seat_in(table, d, tables) for d in range(table.seats)},
        "trumps": TRUMPS,
        "trump_names": TRUMP_NAMES,
        "doubles": DOUBLES,
        "derive": derive(game_session, cast(FiftySixStanding, game_session.standing())),
    }


def derive(game_session: GameSession, standing: FiftySixStanding) -> dict[str, Any]:
    """What a phone needs to deal the next deals as if the ones it keeps offline were stored
    (offline-form.js): the dealer and each team's tables now, the starting tables, and the
    tables each result moves (F15, F16) as the engine counts them."""
    doubling = game_session.options["doubling"]
    amounts = {
        f"{low}|{double}|{int(made)}": tables_moved(low, made, double, doubling)
        for low, *_ in SCHEDULE
        for double in (0, 1, 2)
        for made in (True, False)
    }
    table = game_session.table
    return {
        "seats": table.seats,
        "teams": table.teams,
        "dealer": standing["next_dealer"],
        "tables": standing["tables"],
        "start": game_session.options["tables"],
        "bands": [low for low, *_ in SCHEDULE],
        "amounts": amounts,
    }
