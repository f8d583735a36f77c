"""What every game offers the session pages: one `GamePages` entry per game, looked up by name
in PAGES as the engine's `Game` is in GAMES.

Every game's package has the same rooms for the same roles, and its __init__.py builds its
one entry from them:

- options.py: the new-session form's options (`SETUP`);
- form.py: the deal form (`DealForms`);
- page.py: what the deal form's page shows beyond its fields (`DealPage`), and what a phone
  needs to deal the next deals offline (`derive`);
- scoreboard.py: what the scoreboard shows beyond the standing (`Scoreboard`);
- words.py: a deal and the standing in a line (`Summary`, `StandingLine`), and a refused deal
  in the table's words (`Problem`), where the game names seats or sides;
- figures.py: the CSV export's columns (`CsvColumns`) and the club statistics' figures.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from ...data.models import GameSession
from ...rules import InvalidInput
from ...words.inputs import in_words
from ..setup import SetupForm
from .deal_form import DealForm

Standing = TypeVar("Standing")  # a game's standing: SeepStanding …
Record = TypeVar("Record")  # a game's deal record: SeepRecord …
Standing_contra = TypeVar("Standing_contra", contravariant=True)
Record_contra = TypeVar("Record_contra", contravariant=True)

# What a template is given beside the session, under each game's own names ("chart" …): the
# template reads it, so the values are any object.
Context = dict[str, object]
# The CSV export's header and rows: each cell a name or a number, as the csv module writes it.
Columns = tuple[list[str], list[list[object]]]
# A figure the club statistics show: its label (a lazy message), the figure's name in the
# game's statistics, and whether it reads as a percentage.
Figure = tuple[str, str, bool]

DealPage = Callable[[GameSession, int], Context]  # (session, deal number)
Scoreboard = Callable[[GameSession, Standing], Context]
Summary = Callable[[GameSession, Record], str]  # a deal in a line
StandingLine = Callable[[GameSession, Standing], str]  # the standing in a line
CsvColumns = Callable[[GameSession, Standing], Columns]
Problem = Callable[[GameSession, InvalidInput], str]  # a refused deal in the table's words


class DealForms(Protocol[Standing_contra, Record_contra]):
    """A game's deal form class (SeepDealForm …): sent, empty for the next deal, or filled in
    from a stored one."""

    def __call__(self, seats: int, *, teams: Sequence[str]) -> DealForm:
        """The form as sent, told the teams' names for its messages."""
        ...

    def for_next(self, seats: int, standing: Standing_contra, next_id: int) -> DealForm:
        """An empty form for the next deal (to get id `next_id`)."""
        ...

    def for_record(self, seats: int, record: Record_contra, version: int) -> DealForm:
        """A form filled in from a stored deal, for editing that version of it."""
        ...


def as_said(_session: GameSession, error: InvalidInput) -> str:
    """The engine's refusal in the reader's words, for a game whose refusals name no seat or
    side."""
    return in_words(error)


@dataclass(frozen=True)
class GamePages(Generic[Standing, Record]):
    """A game's new-session form, its deal form and what its page adds, what its scoreboard
    adds, a deal in a line, the standing in a line, its CSV export's columns, its figures in the
    club statistics, its live page, its words for a refused deal."""

    game: str  # the engine's name for it, as GAMES has it
    title: object  # the game's name in the reader's language: a lazy message, said by str()
    session_form: type[SetupForm]
    deal_form: DealForms[Standing, Record]
    deal_page: DealPage
    scoreboard: Scoreboard[Standing]
    summary: Summary[Record]
    standing_line: StandingLine[Standing]
    csv_columns: CsvColumns[Standing]
    figures: tuple[Figure, ...]
    key_figure: str  # the one figure beside the win rate in the club's players' table
    live: str | None = None  # the template of its live deal page (/s/<id>/live), if it has one
    problem: Problem = as_said  # a refused deal, with the players' names for the engine's seats
