"""Casino's pages (rules/casino.md): its entry in the registry, `CASINO_PAGES`, built from its
rooms.

options.py (the new-session form's options), form.py (a deal in a few taps), page.py (each
side's score before the deal, the offline figures), scoreboard.py (how the game was won, the
race to 21 as a chart), words.py (a refused deal naming the side, how the game was won, a deal
and the standing in a line), figures.py (the CSV export, the club's figures).
"""

from __future__ import annotations

from ....rules import GAMES
from ....rules.casino.record import CasinoRecord
from ....rules.casino.score import CasinoStanding
from ....words import lazy_gettext
from ...setup import session_form
from ..pages import GamePages
from . import figures, form, options, page, scoreboard, words

GAME = "casino"
CASINO_PAGES = GamePages[CasinoStanding, CasinoRecord](
    game=GAME,
    # The game's name as its players say it; the engine's `title` stays English.
    title=lazy_gettext("Casino"),
    session_form=session_form(GAMES[GAME], options.SETUP),
    deal_form=form.CasinoDealForm,
    deal_page=page.deal_page,
    scoreboard=scoreboard.scoreboard,
    summary=words.summary,
    standing_line=words.standing_line,
    csv_columns=figures.csv_columns,
    figures=figures.FIGURES,
    key_figure=figures.KEY_FIGURE,
    live="sessions/casino/live.html",  # a deal followed play by play
    problem=words.problem,
)
