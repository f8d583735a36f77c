"""What Casino's deal form page shows beyond its fields: each side's score before the deal,
and how to deal the next deals offline."""

from __future__ import annotations

from typing import Any, cast

from ....data.models import GameSession
from ....rules.casino.score import CasinoStanding
from .form import CasinoDealForm


def deal_page(game_session: GameSession, number: int) -> dict[str, Any]:
    """What the deal form shows beyond its fields: each side's score before this deal."""
    standing = cast(CasinoStanding, game_session.standing())  # a Casino session's
    rows, sides = standing["deals"], len(game_session.teams)
    if number > len(rows):
        before = standing["scores"]
    else:
        before = rows[number - 2]["scores"] if number > 1 else [0] * sides
    return {
        "before": before,
        "derive": derive(game_session, standing),
    }


def derive(game_session: GameSession, standing: CasinoStanding) -> dict[str, Any]:
    """What a phone needs to deal the next deals while it keeps some offline (offline-form.js):
    the dealer now (the deal then passes on round the table), each side's score and the winner
    if any, and K11-K13's figures, for deal-derive.js to carry the race on through kept deals."""
    return {
        "seats": game_session.table.seats,
        "dealer": standing["next_dealer"],
        "sides": len(standing["scores"]),
        "scores": standing["scores"],
        "winner": standing["winner"],
        "target": standing["target"],
        "countOut": game_session.options["count_out"] == "on",
        "values": CasinoDealForm.values,
        "totals": CasinoDealForm.totals,
    }
