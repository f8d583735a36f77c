"""The move checker's answers for Casino: /api/v1/check and /api/v1/moves (API.md)."""

from __future__ import annotations

from typing import Any

from ..violation import legal
from .generate import survey
from .moves import Capture, parse_move
from .play import apply, check
from .position import parse_position


def check_move(raw_position: object, raw_move: object) -> dict[str, Any]:
    """Whether a move is legal, naming the rule it breaks or showing the table after it."""
    position, move = parse_position(raw_position), parse_move(raw_move)
    violation = check(position, move)
    if violation is not None:
        return violation.to_json()
    outcome = apply(position, move)
    answer = legal(outcome.position.to_json(), move.to_json(), move.describe())
    if isinstance(move, Capture):
        answer |= {"captured": [str(c) for c in outcome.captured], "sweep": outcome.sweep}
    return answer


def list_moves(raw_position: object, limit: int) -> dict[str, Any]:
    """Up to `limit` legal moves, the exact count, and a summary by card."""
    return survey(parse_position(raw_position)).listing(limit, lambda move: move.to_json())
