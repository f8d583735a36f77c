"""Score keeping in the browser: the home page, starting a session, the scoreboard, entering
deals whole or play by play, ending a session, the TV, exports, the move checker's pages, and
the lessons in the rules (learn.py).

Each module adds its routes to the one blueprint of blueprint.py; each game's own parts are in
its package in games/ (seep/, fifty_six/, casino/), found through the registry in games/.
"""

from . import (  # noqa: F401  (their routes join the blueprint)
    checker,
    deals,
    ending,
    export,
    handover,
    home,
    learn,
    live_page,
    move,
    scoreboard,
    start,
    tournament_table,
    tv,
)
from .blueprint import bp

__all__ = ["bp"]
