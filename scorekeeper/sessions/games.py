"""Each game's pages, looked up by the game's name as its rules are."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask_wtf import FlaskForm

from . import seep


@dataclass(frozen=True)
class GamePages:
    """A game's new-session form, its deal form, and what its scoreboard adds."""

    session_form: type[FlaskForm]
    deal_form: Any  # a FlaskForm with for_next, for_record and to_record
    scoreboard: Callable[[Any, dict[str, Any]], dict[str, Any]]


PAGES: dict[str, GamePages] = {
    "seep": GamePages(seep.SeepSessionForm, seep.SeepDealForm, seep.scoreboard),
}
