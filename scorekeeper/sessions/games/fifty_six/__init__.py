"""Fifty-six's pages (rules/fifty-six.md): its entry in the registry, `FIFTY_SIX_PAGES`, built
from its rooms.

options.py (the new-session form's options), form.py (a deal in five taps), tables.py (the
tables each team holds as a deal starts), page.py (the tables now and what each result moves,
F15, F16), scoreboard.py (who bids first, the tables' chart), words.py (a refused deal with the
players' names, a deal and the standing in a line), figures.py (the CSV export, the club's
figures).
"""

from __future__ import annotations

from ....rules import GAMES
from ....rules.fifty_six.record import FiftySixRecord
from ....rules.fifty_six.score import FiftySixStanding
from ....words import lazy_gettext
from ...setup import session_form
from ..pages import GamePages
from . import figures, form, options, page, scoreboard, words

GAME = "fifty-six"
FIFTY_SIX_PAGES = GamePages[FiftySixStanding, FiftySixRecord](
    game=GAME,
    # The game's name as its players say it; the engine's `title` stays English.
    title=lazy_gettext("Fifty-six"),
    session_form=session_form(GAMES[GAME], options.SETUP),
    deal_form=form.FiftySixDealForm,
    deal_page=page.deal_page,
    scoreboard=scoreboard.scoreboard,
    summary=words.summary,
    standing_line=words.standing_line,
    csv_columns=figures.csv_columns,
    figures=figures.FIGURES,
    key_figure=figures.KEY_FIGURE,
    live="sessions/fifty-six/live.html",  # a deal followed play by play
    problem=words.problem,
)
