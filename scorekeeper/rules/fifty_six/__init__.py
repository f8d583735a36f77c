"""Fifty-six (rules/fifty-six.md): its entry in the registry, `FIFTY_SIX`, built from its rooms.

cards.py (the pack: F1, F3–F5), options.py (F2, F6, F7's first dealer, F16; the seating),
record.py (a deal's record: F8–F10, F14), score.py (the tables and the standing: F6,
F14–F17), stats.py, auction.py (F6–F11) and trick.py (F12, F13) with answers.py (the move
checker for both phases of a deal), live.py (play by play); selfplay.py plays whole games.
"""

from __future__ import annotations

from ..game import Game
from . import answers, live, options, record, score, stats
from .cards import PACK

FIFTY_SIX = Game.of_rooms(
    "fifty-six", "Fifty-six", options, record, score, stats, answers, live, PACK
)
