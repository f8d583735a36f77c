"""A tournament as its pages draw it (the phone's page, the wall, the report, the exports): each
round's tables with their sides, seats, state and result, the byes, the standings with names, and
where each player sits in the current round. Read once per drawing from table_states (one query
for all the tables' sessions)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..data import tournaments
from ..data.models import GameSession
from ..data.tournaments import TableState, Tournament, TournamentEntrant
from ..sessions.games import PAGES
from ..tournament.rounds import Format
from ..web.held import held_clubs

PLAYING, OVER, CONFIRMED = "playing", "over", "confirmed"


def keeps(tournament: Tournament) -> bool:
    """Whether this browser holds the keeper's token of the tournament's club."""
    return tournaments.keeps(tournament, held_clubs().get(tournament.club_id))


@dataclass(frozen=True)
class Side:
    """One side of a table: its entrants (a partnership, a side, or rotating players)."""

    entrants: tuple[TournamentEntrant, ...]

    @property
    def name(self) -> str:
        """The side's name: its entrant's, or its players' joined (rotating)."""
        return " & ".join(e.name for e in self.entrants)

    @property
    def players(self) -> list[str]:
        """Every player of the side."""
        return [p for e in self.entrants for p in e.players]

    @property
    def named_by_players(self) -> bool:
        """Whether the side's name is only its players' (nothing more to say under it)."""
        return self.name == " & ".join(self.players)


@dataclass(frozen=True)
class TableView:
    """A table of a round as the pages show it; `line` and `deals`, its running standing, only
    for the wall's current round."""

    number: int
    round_number: int
    session_id: str
    sides: tuple[Side, Side]
    seats: list[str]
    state: TableState
    line: str = ""
    deals: int = 0

    @property
    def result(self) -> dict[str, Any] | None:
        """The table's result ({match_points, game_points}) once its round is over."""
        return self.state.result

    @property
    def winner(self) -> Side | None:
        """The side that won, None for a draw or no result."""
        index = self.state.winner
        return None if index is None else self.sides[index]

    @property
    def condition(self) -> str:
        """Still playing, over but not yet confirmed, or confirmed (an adjusted result is)."""
        if self.state.confirmed:
            return CONFIRMED
        return OVER if self.state.over else PLAYING

    @property
    def ended(self) -> bool:
        """Whether the table was ended where it stood (and not adjusted since): it may play on."""
        return self.state.played.ended and not self.adjusted

    @property
    def adjusted(self) -> bool:
        """Whether the keeper adjusted the result."""
        return self.state.adjusted

    @property
    def note(self) -> str | None:
        """The keeper's note on an adjusted result."""
        return self.state.table.note if self.adjusted else None

    def side_of(self, player: str) -> int | None:
        """Which side `player` sits on, None if not at this table."""
        for index, side in enumerate(self.sides):
            if player in side.players:
                return index
        return None


@dataclass(frozen=True)
class RoundView:
    """A round: its tables and the entrants with a bye."""

    number: int
    tables: list[TableView]
    byes: list[TournamentEntrant]

    @property
    def playing(self) -> int:
        """How many of its tables are still playing (no result yet)."""
        return sum(1 for t in self.tables if t.condition == PLAYING)


@dataclass(frozen=True)
class Where:
    """Where a player is in the current round."""

    player: str
    round: int | None = None
    table: TableView | None = None
    partners: list[str] = field(default_factory=list)
    opponents: list[str] = field(default_factory=list)
    bye: bool = False
    withdrawn: bool = False
    joins_from: int | None = None  # a late entrant not paired yet


@dataclass(frozen=True)
class Line:
    """A line of the standings, with its entrant."""

    rank: int
    entrant: TournamentEntrant
    match_points: int
    tiebreaks: dict[str, int | None]


@dataclass(frozen=True)
class TournamentView:
    """Everything the tournament's page shows."""

    tournament: Tournament
    rounds: list[RoundView]
    standings: list[Line]
    players: list[str]
    where: list[Where]
    finished: bool
    round_open: bool

    @property
    def current(self) -> RoundView | None:
        """The last round paired, if any."""
        return self.rounds[-1] if self.rounds else None

    @property
    def can_pair(self) -> bool:
        """Whether a next round may be paired (its tables' results all confirmed)."""
        t = self.tournament
        return t.ended_at is None and len(t.rounds) < t.rounds_planned and not self.round_open

    @property
    def tiebreaks(self) -> list[str]:
        """The tie-breaks the standings show, in order (shared/API.md)."""
        if self.tournament.format == Format.SWISS:
            return ["buchholz", "difference", "head_to_head"]
        return ["difference", "head_to_head"]

    def active(self) -> list[TournamentEntrant]:
        """The entrants not withdrawn."""
        return [e for e in self.tournament.entrants if not e.withdrawn]

    @property
    def withdrawn(self) -> list[TournamentEntrant]:
        """The entrants withdrawn."""
        return [e for e in self.tournament.entrants if e.withdrawn]


def view(tournament: Tournament, running: bool = False) -> TournamentView:
    """The tournament as its pages show it; `running`: each table of the last round with its
    running standing in a line (the wall)."""
    states = tournaments.table_states(tournament)
    by_id = {e.number: e for e in tournament.entrants}
    last = tournament.rounds[-1].number if tournament.rounds else None
    # The last round's sessions, for their running standings: loaded only for the wall.
    ids = [s.table.session_id for s in states if s.table.round_number == last]
    sessions = tournaments.sessions_of(ids) if running else {}
    rounds = []
    for one in tournament.rounds:
        tables = [
            _table(state, by_id, sessions.get(state.table.session_id))
            for state in states
            if state.table.round_number == one.number
        ]
        rounds.append(RoundView(one.number, tables, [by_id[i] for i in one.byes if i in by_id]))
    lines = [
        Line(line["rank"], by_id[line["entrant"]], line["match_points"], line["tiebreaks"])
        for line in tournaments.standings_of(tournament, states)
    ]
    players = [p for e in tournament.entrants for p in e.players]
    current = rounds[-1] if rounds else None
    where = [_where(player, tournament, current) for player in players]
    return TournamentView(
        tournament,
        rounds,
        lines,
        players,
        where,
        tournaments.finished(tournament, states),
        tournaments.round_open(tournament, states),
    )


def _table(
    state: TableState, by_id: dict[int, TournamentEntrant], session: GameSession | None
) -> TableView:
    """The table with its sides; with its `session`, its running standing in a line."""
    table = state.table
    # Two entrants face each other; a rotating table's four players sit partners first and
    # third, second and fourth.
    ids = list(table.entrants)
    sides = (Side(tuple(by_id[i] for i in ids[0::2])), Side(tuple(by_id[i] for i in ids[1::2])))
    line, deals = "", 0
    if session is not None and not state.adjusted:
        standing = session.standing()
        deals = len(standing["deals"])
        if deals:
            line = PAGES[session.game_name].standing_line(session, standing)
    return TableView(
        table.number,
        table.round_number,
        table.session_id,
        sides,
        list(table.seats),
        state,
        line,
        deals,
    )


def _where(player: str, tournament: Tournament, current: RoundView | None) -> Where:
    entrant = next(e for e in tournament.entrants if player in e.players)
    if current is None:
        return Where(player, withdrawn=entrant.withdrawn)
    for table in current.tables:
        side = table.side_of(player)
        if side is not None:
            partners = [p for p in table.sides[side].players if p != player]
            opponents = table.sides[1 - side].players
            return Where(player, current.number, table, partners, opponents)
    if entrant in current.byes:
        return Where(player, current.number, bye=True)
    if entrant.withdrawn:
        return Where(player, current.number, withdrawn=True)
    return Where(player, current.number, joins_from=entrant.joins_from)
