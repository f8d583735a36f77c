"""What Seep's deal form page shows beyond its fields: how to deal the next deals offline."""

from __future__ import annotations

from typing import Any, cast

from ....data.models import GameSession
from ....rules.seep.score import UNDER, Baazi, SeepStanding, next_dealer


def deal_page(game_session: GameSession, number: int) -> dict[str, Any]:
    """What Seep's deal form needs beyond its fields: how to deal the deals after it offline."""
    standing = cast(SeepStanding, game_session.standing())  # a Seep session's
    return {"derive": derive(game_session, standing)}


# The outcomes of a deal that decide the next dealer (M5), in the order of `derive`'s table.
OUTCOMES = (("0", 1, None), ("1", -1, None), ("level", 0, None), ("baazi0", 0, 0), ("baazi1", 0, 1))


def derive(game_session: GameSession, standing: SeepStanding) -> dict[str, Any]:
    """What a phone needs to deal the next deals as if the ones it keeps offline were stored
    (offline-form.js): the lead and dealer now, M2's and M3's figures, and M5 as the engine
    answers it for every dealer and every outcome of a deal."""
    table, options, lead = game_session.table, game_session.options, standing["lead"]
    sign = {None: 0, 0: 1, 1: -1}[lead["team"]]
    m5 = [
        {
            name: next_dealer(table, seat, ahead, None if won is None else Baazi(won, "lead"))
            for name, ahead, won in OUTCOMES
        }
        for seat in range(table.seats)
    ]
    return {
        "seats": table.seats,
        "dealer": standing["next_dealer"],
        "lead": sign * lead["points"],
        "target": options["target"],
        "counted": options["under9"],
        "under": UNDER,
        "m5": m5,
    }
