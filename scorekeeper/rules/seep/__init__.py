"""Seep (rules/seep.md): its entry in the registry, `SEEP`, built from its rooms.

options.py (C2, T3, M2–M4; the seating), record.py (a deal's record: S1–S3, C4, E2), score.py
(the standing: M1–M5), stats.py, answers.py (the move checker, over position.py, moves.py,
play.py and generate.py), live.py (play by play); selfplay.py plays whole deals (S1–S4, E1).
"""

from __future__ import annotations

from ..game import Game
from ..pack import FULL_PACK
from . import answers, live, options, record, score, stats

SEEP = Game.of_rooms("seep", "Seep", options, record, score, stats, answers, live, FULL_PACK)
