"""Each game's pages, looked up by the game's name as its rules are."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..rules import GAMES
from . import casino, fifty_six, seep
from .setup import SetupForm, session_form


@dataclass(frozen=True)
class GamePages:
    """A game's new-session form, its deal form and what its page adds, what its scoreboard
    adds, a deal in a line, the standing in a line, its CSV export's columns, its live page."""

    session_form: type[SetupForm]
    deal_form: Any  # a DealForm with for_next, for_record and to_record
    deal_page: Callable[[Any, int], dict[str, Any]]
    scoreboard: Callable[[Any, dict[str, Any]], dict[str, Any]]
    summary: Callable[[Any, dict[str, Any]], str]
    standing_line: Callable[[Any, dict[str, Any]], str]
    csv_columns: Callable[[Any, dict[str, Any]], tuple[list[str], list[list[Any]]]]
    live: str | None = None  # the template of its live deal page (/s/<id>/live), if it has one


# The games whose deals can be followed play by play on a page (the API takes every game's).
LIVE_PAGES = {
    seep.GAME: "sessions/seep/live.html",
    fifty_six.GAME: "sessions/fifty-six/live.html",
    casino.GAME: "sessions/casino/live.html",
}


PAGES: dict[str, GamePages] = {
    module.GAME: GamePages(
        session_form(GAMES[module.GAME], module.SETUP),
        module.DEAL_FORM,
        module.deal_page,
        module.scoreboard,
        module.summary,
        module.standing_line,
        module.csv_columns,
        LIVE_PAGES.get(module.GAME),
    )
    for module in (seep, fifty_six, casino)
}
