"""The tournament as the wall, the report and the exports read it: every table with its sides'
names, its state and result, the byes by name, and the standings with each entrant's name.
Read once per drawing from table_states (one query for all the tables' sessions)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..data.tournaments import (
    TableState,
    Tournament,
    TournamentEntrant,
    finished,
    standings_of,
    table_states,
)
from ..sessions.games import PAGES
from ..tournament.rounds import Format

PLAYING, OVER, CONFIRMED = "playing", "over", "confirmed"


@dataclass
class TableView:
    """A table as a page shows it: its sides (each a name and its players), its seats, whether
    it is still playing, over (not yet confirmed) or confirmed, and its result."""

    round: int
    number: int
    session_id: str
    sides: list[tuple[str, list[str]]]
    seats: list[str]
    state: str
    deals: int
    line: str  # the running standing in a line, while the table plays or once it is over
    result: dict[str, Any] | None
    adjusted: bool
    note: str | None


@dataclass
class RoundView:
    """A round: its tables and the names of those who sit it out."""

    number: int
    tables: list[TableView]
    byes: list[str]

    @property
    def playing(self) -> int:
        """How many of its tables are still playing."""
        return sum(t.state == PLAYING for t in self.tables)


@dataclass
class Line:
    """An entrant's line of the standings."""

    rank: int
    entrant: TournamentEntrant
    match_points: int
    tiebreaks: dict[str, int | None]


@dataclass
class TournamentView:
    """The whole tournament, read once."""

    tournament: Tournament
    rounds: list[RoundView]
    standings: list[Line]
    finished: bool
    tiebreaks: list[str] = field(default_factory=list)

    @property
    def current(self) -> RoundView | None:
        """The last round paired, if any."""
        return self.rounds[-1] if self.rounds else None

    @property
    def withdrawn(self) -> list[TournamentEntrant]:
        """The entrants withdrawn."""
        return [e for e in self.tournament.entrants if e.withdrawn]


def tiebreak_names(format_: str) -> list[str]:
    """The tie-breaks the format's standings show, in order (shared/API.md)."""
    return (
        ["buchholz", "difference", "head_to_head"]
        if format_ == Format.SWISS
        else [
            "difference",
            "head_to_head",
        ]
    )


def read(tournament: Tournament, running: bool = True) -> TournamentView:
    """The tournament as the pages show it; `running`: each table of the last round with its
    running standing in a line (its session's standing, worked out already for its result)."""
    states = table_states(tournament)
    names = {e.number: e for e in tournament.entrants}
    last = tournament.rounds[-1].number if tournament.rounds else None
    rounds = [
        RoundView(
            one.number,
            [
                _table(tournament, s, names, running and one.number == last)
                for s in states
                if s.table.round_number == one.number
            ],
            [names[e].name for e in one.byes if e in names],
        )
        for one in tournament.rounds
    ]
    lines = [
        Line(line["rank"], names[line["entrant"]], line["match_points"], line["tiebreaks"])
        for line in standings_of(tournament, states)
    ]
    return TournamentView(
        tournament,
        rounds,
        lines,
        finished(tournament, states),
        tiebreak_names(tournament.format),
    )


def _table(
    tournament: Tournament,
    state: TableState,
    names: dict[int, TournamentEntrant],
    running: bool,
) -> TableView:
    table, session = state.table, state.session
    if tournament.format == Format.ROTATING:
        # The players in seat order: partners the first and third, the second and fourth.
        sides = [
            [names[p].name for p in table.entrants[0::2]],
            [names[p].name for p in table.entrants[1::2]],
        ]
        shown = [(" & ".join(side), side) for side in sides]
    else:
        shown = [(names[e].name, list(names[e].players)) for e in table.entrants]
    if state.confirmed:
        condition = CONFIRMED
    elif state.over:
        condition = OVER
    else:
        condition = PLAYING
    line, deals = "", 0
    if running and not state.adjusted:
        standing = session.standing()
        deals = len(standing["deals"])
        if deals:
            line = PAGES[session.game_name].standing_line(session, standing)
    return TableView(
        round=table.round_number,
        number=table.number,
        session_id=table.session_id,
        sides=shown,
        seats=list(table.seats),
        state=condition,
        deals=deals,
        line=line,
        result=state.result,
        adjusted=state.adjusted,
        note=table.note if state.adjusted else None,
    )
