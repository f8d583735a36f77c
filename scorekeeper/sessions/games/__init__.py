"""Each game's pages, looked up by the game's name as its rules are."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...rules import GAMES, InvalidInput
from ...words.inputs import in_words
from ..setup import SetupForm, rules_said, session_form
from . import casino, fifty_six, seep


def _as_said(_session: Any, error: InvalidInput) -> str:
    """The engine's refusal in the reader's words, for a game whose refusals name no seat or
    side."""
    return in_words(error)


@dataclass(frozen=True)
class GamePages:
    """A game's new-session form, its deal form and what its page adds, what its scoreboard
    adds, a deal in a line, the standing in a line, its CSV export's columns, its figures in the
    club statistics, its live page, its words for a refused deal."""

    session_form: type[SetupForm]
    # Each game's functions take its own standing and record (SeepStanding, SeepRecord …),
    # which no one type here covers: Any.
    deal_form: Any  # a DealForm with for_next, for_record and to_record
    deal_page: Callable[[Any, int], dict[str, Any]]
    scoreboard: Callable[[Any, Any], dict[str, Any]]
    summary: Callable[[Any, Any], str]
    standing_line: Callable[[Any, Any], str]
    csv_columns: Callable[[Any, Any], tuple[list[str], list[list[Any]]]]
    figures: tuple[tuple[str, str, bool], ...]  # the club statistics' (label, figure, as %)
    key_figure: str  # the one figure beside the win rate in the club's players' table
    live: str | None = None  # the template of its live deal page (/s/<id>/live), if it has one
    # A refused deal in the table's words (players' names for the engine's seats).
    problem: Callable[[Any, InvalidInput], str] = _as_said
    title: Any = ""  # the game's name in the reader's language (a lazy message)


PAGES: dict[str, GamePages] = {
    module.GAME: GamePages(
        session_form(GAMES[module.GAME], module.SETUP),
        module.DEAL_FORM,
        module.deal_page,
        module.scoreboard,
        module.summary,
        module.standing_line,
        module.csv_columns,
        module.FIGURES,
        module.KEY_FIGURE,
        module.LIVE_PAGE,
        getattr(module, "problem", _as_said),
        module.TITLE,
    )
    for module in (seep, fifty_six, casino)
}


def game_title(game: Any) -> str:
    """A game's name as its players say it, in the reader's language: `game` is the game or its
    name (the registry's `title` is the engine's English)."""
    name = game if isinstance(game, str) else game.name
    return str(PAGES[name].title) if name in PAGES else str(GAMES[name].title)


def rules_played(game_name: str, options: Any) -> list[str]:
    """The rules of these options that are not the game's usual ones, each as the new-session
    form names it ("Sweeps score 1 (K12): Yes")."""
    setup = PAGES[game_name].session_form.setup
    return rules_said(setup, dict(options), GAMES[game_name].parse_options(None))
