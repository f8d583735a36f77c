"""Seep's pages (rules/seep.md): its entry in the registry, `SEEP_PAGES`, built from its rooms.

options.py (the new-session form's options), form.py (a deal entered by tapping the 17 point
cards), page.py (the deal page's offline figures, M5), scoreboard.py (the lead's chart),
words.py (a deal and the standing in a line), figures.py (the CSV export, the club's figures).
"""

from __future__ import annotations

from ....rules import GAMES
from ....rules.seep.record import SeepRecord
from ....rules.seep.score import SeepStanding
from ....words import lazy_gettext
from ...setup import session_form
from ..pages import GamePages
from . import figures, form, options, page, scoreboard, words

GAME = "seep"
SEEP_PAGES = GamePages[SeepStanding, SeepRecord](
    game=GAME,
    # The game's name as its players say it; the engine's `title` stays English.
    title=lazy_gettext("Seep"),
    session_form=session_form(GAMES[GAME], options.SETUP),
    deal_form=form.SeepDealForm,
    deal_page=page.deal_page,
    scoreboard=scoreboard.scoreboard,
    summary=words.summary,
    standing_line=words.standing_line,
    csv_columns=figures.csv_columns,
    figures=figures.FIGURES,
    key_figure=figures.KEY_FIGURE,
    live="sessions/seep/live.html",  # a deal followed play by play
)
