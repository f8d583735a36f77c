"""The move checker's API: /check (is this move legal?) and /moves (every legal move)."""

from __future__ import annotations

from typing import Any

from ..rules import get_game
from ..rules.fields import integer, required
from ..words.verdicts import worded
from .http import bp, json_body

MOVES_PAGE = 100  # moves listed unless the request asks for more (its "limit")
MOVES_MOST = 10_000


@bp.post("/check")
def check_move() -> dict[str, Any]:
    """Is this move legal in this position? Names the rule, or shows the position after."""
    body = json_body()
    game = get_game(required(body, "game", "A check"))
    answer = game.check_move(
        required(body, "position", "A check"), required(body, "move", "A check")
    )
    return worded(answer)  # the verdict in the reader's words


@bp.post("/moves")
def list_moves() -> dict[str, Any]:
    """The legal moves of a position: a page of them, and the exact count."""
    body = json_body()
    game = get_game(required(body, "game", "A request for moves"))
    limit = integer(body.get("limit", MOVES_PAGE), "limit", 0, MOVES_MOST)
    return game.list_moves(required(body, "position", "A request for moves"), limit)
