"""The move checker's answers for Seep: /api/v1/check and /api/v1/moves (API.md).

Every rule the floor decides is play.py's `check` (C1, C2, B1, B2, H1–H3, H5, R1, R3, T2, T3, S3);
the legal moves are generate.py's, which agree with it.
"""

from __future__ import annotations

from typing import Any

from ..violation import answer, floor_answer
from .generate import survey
from .moves import Capture, Move, parse_move
from .play import apply, check
from .position import Position, parse_position


def check_move(raw_position: object, raw_move: object) -> dict[str, Any]:
    """Whether a move is legal, naming the rule it breaks or showing the floor after it."""
    return answer(parse_position(raw_position), parse_move(raw_move), check, _legal)


def _legal(position: Position, move: Move) -> dict[str, Any]:
    """A legal move's answer: the floor after it and, for a capture, what it took (C4)."""
    outcome = apply(position, move)
    after = floor_answer(outcome, move, isinstance(move, Capture))
    if isinstance(move, Capture):
        after["sweep_points"] = outcome.sweep_points
    return after


def list_moves(raw_position: object, limit: int) -> dict[str, Any]:
    """Up to `limit` legal moves, the exact count, and a summary by card."""
    return survey(parse_position(raw_position)).listing(limit, lambda move: move.to_json())
