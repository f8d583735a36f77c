"""The tables each Fifty-six team holds as a deal starts (F15, F16): for the deal page and for a
deal form that follows another scorer's deal."""

from __future__ import annotations

from typing import cast

from ....data.models import GameSession
from ....rules.fifty_six.score import FiftySixStanding


def tables_before(game_session: GameSession, number: int) -> list[int]:
    """The tables each team holds as deal `number` (1-based) starts: a new game starts full."""
    standing = cast(FiftySixStanding, game_session.standing())  # a Fifty-six session's
    rows = standing["deals"]
    start = [game_session.options["tables"]] * len(game_session.teams)
    if number > len(rows):  # the deal to come
        return start if not rows or standing["winner"] is not None else list(standing["tables"])
    if number == 1 or rows[number - 1]["game"] != rows[number - 2]["game"]:
        return start
    return list(rows[number - 2]["tables"])
