"""Each game's pages, looked up by the game's name as its rules are."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask_wtf import FlaskForm

from . import seep


@dataclass(frozen=True)
class GamePages:
    """A game's new-session form, its deal form, what its scoreboard adds, a deal in a line."""

    session_form: type[FlaskForm]
    deal_form: Any  # a DealForm with for_next, for_record and to_record
    scoreboard: Callable[[Any, dict[str, Any]], dict[str, Any]]
    summary: Callable[[Any, dict[str, Any]], str]


PAGES: dict[str, GamePages] = {
    "seep": GamePages(seep.SeepSessionForm, seep.SeepDealForm, seep.scoreboard, seep.summary),
}
