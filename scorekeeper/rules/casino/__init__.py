"""Casino (rules/casino.md): its entry in the registry, `CASINO`, built from its rooms.

options.py (K1, K3, K12, K13; the seating), record.py (a deal's record: K2, K11, K12),
score.py (the race to 21: K11–K13), stats.py, answers.py (the move checker, over values.py,
position.py, moves.py, play.py and generate.py: K3–K9), live.py (play by play); selfplay.py
plays whole deals (K1, K2, K10, K12).
"""

from __future__ import annotations

from ..game import Game
from ..pack import FULL_PACK
from . import answers, live, options, record, score, stats

CASINO = Game.of_rooms("casino", "Casino", options, record, score, stats, answers, live, FULL_PACK)
