"""Each game's pages, looked up by the game's name as its rules are: one package per game
(seep/, fifty_six/, casino/), with the rooms pages.py names, as the engine's rules/<game>/."""

from __future__ import annotations

from typing import Any

from ...rules import GAMES
from ...rules.game import Game
from ..setup import rules_said
from .casino import CASINO_PAGES
from .fifty_six import FIFTY_SIX_PAGES
from .pages import GamePages
from .seep import SEEP_PAGES

# Each game's pages by the engine's name for it; each entry is typed by its game's own standing
# and record (GamePages[SeepStanding, SeepRecord] …), which no one type here covers.
PAGES: dict[str, GamePages[Any, Any]] = {
    pages.game: pages for pages in (SEEP_PAGES, FIFTY_SIX_PAGES, CASINO_PAGES)
}


def game_title(game: Game | str) -> str:
    """A game's name as its players say it, in the reader's language: `game` is the game or its
    name (the registry's `title` is the engine's English)."""
    name = game if isinstance(game, str) else game.name
    return str(PAGES[name].title) if name in PAGES else str(GAMES[name].title)


def rules_played(game_name: str, options: Any) -> list[str]:
    """The rules of these options that are not the game's usual ones, each as the new-session
    form names it ("Sweeps score 1 (K12): Yes")."""
    setup = PAGES[game_name].session_form.setup
    return rules_said(setup, dict(options), GAMES[game_name].parse_options(None))
