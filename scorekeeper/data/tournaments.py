"""Tournaments (issue 37; shared/API.md "Tournaments"): a club's tournament, its entrants, its
rounds and their tables, each table a session of the club.

Only what happened is stored: the entrants, the pairings (each table's session, its entrants
and seats), a keeper's adjustment and the session version a table's result was confirmed at.
Results and standings are derived: a table's result from its session's standing by the game's
`table_result` (or the adjustment), the standings by scorekeeper/tournament/standings.py, and a
table is confirmed while the version it was confirmed at is its session's version (so an edit
after confirming clears the confirmation without anyone clearing it).

Readings of shared/API.md where it leaves a choice:
- An entrant's `name` may be left out but for `rotating`: it is then its players' names.
  Names and players are told apart case-insensitively; a player in two entrants is refused.
- `rounds`: Swiss from 1 to n−1 (n entrants at the start); round-robin exactly its Berger
  count, which is also what it is when left out; rotating from 1 to n−1 as well.
- A table's result shows once its round is over (or adjusted), confirmed or not; only
  confirmed results (an adjustment stands confirmed) count in the standings.
- A round's tables `has a deal` when its session keeps any deal, a deleted one too: un-pairing
  would otherwise lose a deal that can be restored.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, String, UniqueConstraint, update
from sqlalchemy.orm import Mapped, mapped_column, relationship

from ..rules import GAMES, Game, Table, get_game, limits
from ..rules.errors import InvalidInput
from ..rules.lengths import DEALS
from ..rules.lengths import GAMES as GAMES_OPTION
from ..rules.table import TeamEntry, tidy_name
from ..tournament import rounds as engine
from ..tournament.rotating import next_rotating_round
from ..tournament.round_robin import round_robin_round, rounds_needed
from ..tournament.standings import standings as ranked_standings
from ..tournament.swiss import pair_swiss
from . import starts, tokens
from .errors import Conflict, NotFound
from .extensions import Model, db
from .memo import Recent
from .models import (
    EVERYTHING,
    SESSION_ID,
    Club,
    Deal,
    GameSession,
    LiveDeal,
    SessionSummary,
    utcnow,
)
from .standings import WROTE

MOST_NAME = 60
MOST_NOTE = 200
MOST_ROUNDS = 50
MOST_ENTRANTS = 200
FORMATS = tuple(str(f) for f in engine.Format)
OUTCOMES = ([2, 0], [1, 1], [0, 2])
MOST_GAME_POINTS = 10**6  # an adjusted result's, either way


class Tournament(Model):
    """A club's tournament: its game, format, planned rounds, the round's length and options."""

    __tablename__ = "tournaments"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    club_id: Mapped[str] = mapped_column(ForeignKey("clubs.id"), index=True)
    name: Mapped[str] = mapped_column(String(MOST_NAME))
    game_name: Mapped[str] = mapped_column("game", String(20))
    format: Mapped[str] = mapped_column(String(20))
    rounds_planned: Mapped[int]
    round_length: Mapped[dict[str, Any]] = mapped_column(JSON)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)  # the game's, without the length
    version: Mapped[int] = mapped_column(default=1, server_default="1")
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    ended_at: Mapped[datetime | None]
    club: Mapped[Club] = relationship()
    entrants: Mapped[list[TournamentEntrant]] = relationship(
        order_by="TournamentEntrant.number", cascade="all, delete-orphan"
    )
    rounds: Mapped[list[TournamentRound]] = relationship(
        order_by="TournamentRound.number", cascade="all, delete-orphan"
    )
    tables: Mapped[list[TournamentTable]] = relationship(
        order_by="(TournamentTable.round_number, TournamentTable.number)",
        cascade="all, delete-orphan",
        back_populates="tournament",
    )

    @classmethod
    def find(cls, tournament_id: str, for_update: bool = False) -> Tournament:
        """The tournament with this public id; NotFound otherwise."""
        found = (
            db.session.get(cls, tournament_id, with_for_update=for_update)
            if SESSION_ID.fullmatch(tournament_id)
            else None
        )
        if found is None:
            raise NotFound("no-tournament", id=tournament_id)
        return found

    @classmethod
    def of_club(cls, club: Club) -> list[Tournament]:
        """The club's tournaments, newest first."""
        query = (
            db.select(cls)
            .where(cls.club_id == club.id)
            .order_by(cls.created_at.desc(), cls.id.desc())
        )
        return list(db.session.execute(query).scalars())

    @property
    def game(self) -> Game:
        """The tournament's rules."""
        return get_game(self.game_name)

    @property
    def etag(self) -> str:
        """The tournament's entity tag (unquoted): its version."""
        return f"t{self.version}"

    def touch(self) -> None:
        """Count one more change, and one of its club's (the club's version moves with its
        tournaments)."""
        db.session.info[WROTE] = True
        self.version = type(self).version + 1
        self.club.touch()

    def table_options(self) -> dict[str, Any]:
        """The options each table's session starts with: the tournament's and the round's
        length."""
        return self.game.parse_options({**self.options, **self.round_length})

    def entrant(self, number: int) -> TournamentEntrant:
        """The entrant with this id; NotFound otherwise."""
        for entrant in self.entrants:
            if entrant.number == number:
                return entrant
        raise NotFound("no-entrant", id=number)

    def find_table(self, round_number: int, number: int) -> TournamentTable:
        """Table `number` of round `round_number`; NotFound otherwise."""
        for table in self.tables:
            if table.round_number == round_number and table.number == number:
                return table
        raise NotFound("no-table", round=round_number, table=number)


class TournamentEntrant(Model):
    """An entrant: a player, a partnership or a side; its id is its number in the tournament."""

    __tablename__ = "tournament_entrants"
    tournament_id: Mapped[str] = mapped_column(ForeignKey("tournaments.id"), primary_key=True)
    number: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(MOST_NAME))
    players: Mapped[list[str]] = mapped_column(JSON)
    joins_from: Mapped[int] = mapped_column(default=1)  # the first round it may be paired in
    withdrawn: Mapped[bool] = mapped_column(default=False)


class TournamentRound(Model):
    """A round paired: its number and the entrants who sit it out."""

    __tablename__ = "tournament_rounds"
    tournament_id: Mapped[str] = mapped_column(ForeignKey("tournaments.id"), primary_key=True)
    number: Mapped[int] = mapped_column(primary_key=True)
    byes: Mapped[list[int]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class TournamentTable(Model):
    """A table of a round: the session played at it, its entrants (in the order of the
    session's teams; `rotating`: the players in seat order) and seats, an adjustment and the
    session version its result was confirmed at."""

    __tablename__ = "tournament_tables"
    __table_args__ = (
        UniqueConstraint(
            "tournament_id", "round_number", "number", name="uq_tournament_tables_place"
        ),
    )
    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[str] = mapped_column(ForeignKey("tournaments.id"), index=True)
    round_number: Mapped[int]
    number: Mapped[int]
    session_id: Mapped[str] = mapped_column(ForeignKey("game_sessions.id"), unique=True)
    entrants: Mapped[list[int]] = mapped_column(JSON)
    seats: Mapped[list[str]] = mapped_column(JSON)
    # A keeper's result: {"match_points": [a, b], "game_points": [a, b]}; None: the session's.
    adjustment: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    note: Mapped[str | None] = mapped_column(String(MOST_NOTE))
    confirmed_version: Mapped[int | None]  # the session's version its result was confirmed at
    tournament: Mapped[Tournament] = relationship(back_populates="tables")
    session: Mapped[GameSession] = relationship()

    @classmethod
    def of_session(cls, session_id: str) -> TournamentTable | None:
        """The tournament table this session is, if any."""
        query = db.select(cls).where(cls.session_id == session_id)
        return db.session.execute(query).scalar_one_or_none()


# -- reading results -------------------------------------------------------------------------


@dataclass(frozen=True)
class Played:
    """What a table's session says for its tournament, at one version of it: its result so far
    ({match_points, game_points}), whether its round is over (its length reached, or the table
    ended where it stood: a keeper ends a table that runs long, and its result stands as the
    deals so far), and whether it was ended so."""

    version: int
    result: dict[str, Any]
    over: bool
    ended: bool


# Each table session's Played by (id, version): a session's version moves with every change to
# it, so a tournament's read loads only the sessions changed since (a 50-table round's standings
# after one deal read one session, not 350 with their deals). Kept only from reads of committed
# data (a write's own transaction may yet be rolled back, and its version used again).
PLAYED: Recent[tuple[str, int], Played] = Recent(20_000)


def played(session: GameSession) -> Played:
    """The session's result for its tournament table, worked out from its deals."""
    found = session.game.table_result(session.table, session.options, session.standing())
    winner = found["winner"]
    match_points = [1, 1] if winner is None else [2, 0] if winner == 0 else [0, 2]
    ended = session.ended_at is not None
    result = {"match_points": match_points, "game_points": list(found["game_points"])}
    return Played(session.version, result, found["over"] or ended, ended)


class TableState:
    """A table as the standings and the API read it: its result, adjusted or confirmed."""

    def __init__(self, table: TournamentTable, session: Played) -> None:
        self.table = table
        self.played = session
        self.adjusted = table.adjustment is not None
        if table.adjustment is not None:
            self.result: dict[str, Any] | None = dict(table.adjustment)
            self.over = True
        else:
            self.over = session.over
            self.result = dict(session.result) if session.over else None
        self.confirmed = self.adjusted or (self.over and table.confirmed_version == session.version)

    @classmethod
    def of(cls, table: TournamentTable, session: GameSession) -> TableState:
        """The table's state from its session as loaded."""
        return cls(table, played(session))

    @property
    def winner(self) -> int | None:
        """The side (0 or 1) that won the table, None for a draw or while it plays."""
        if self.result is None:
            return None
        points = self.result["match_points"]
        return None if points[0] == points[1] else 0 if points[0] > points[1] else 1

    def as_engine(self) -> engine.Table:
        """The table as the engine reads it: its result only once confirmed."""
        result = None
        if self.confirmed and self.result is not None:
            mp, gp = self.result["match_points"], self.result["game_points"]
            result = engine.Result((mp[0], mp[1]), (gp[0], gp[1]))
        return engine.Table(tuple(self.table.entrants), result)

    def json(self) -> dict[str, Any]:
        """The table as GET answers it."""
        result = None
        if self.result is not None:
            result = {
                **self.result,
                "adjusted": self.adjusted,
                "note": self.table.note if self.adjusted else None,
            }
        return {
            "table": self.table.number,
            "session": self.table.session_id,
            "entrants": list(self.table.entrants),
            "seats": list(self.table.seats),
            "result": result,
            "confirmed": self.confirmed,
        }


def sessions_of(ids: Sequence[str]) -> dict[str, GameSession]:
    """The sessions of `ids`, each with everything its standing reads, in one query."""
    if not ids:
        return {}
    query = db.select(GameSession).where(GameSession.id.in_(ids)).options(*EVERYTHING)
    return {s.id: s for s in db.session.execute(query).scalars()}


def table_states(tournament: Tournament) -> list[TableState]:
    """Every table of the tournament with its result: the sessions' versions read in one query,
    and only the sessions not kept at their version (PLAYED) loaded, in one more."""
    ids = [table.session_id for table in tournament.tables]
    versions = db.select(GameSession.id, GameSession.version).where(GameSession.id.in_(ids))
    known: dict[str, Played] = {}
    for session_id, version in db.session.execute(versions) if ids else ():
        hit = PLAYED.get((session_id, version))
        if hit is not None:
            known[session_id] = hit
    keep = not db.session.info.get(WROTE)
    for session_id, session in sessions_of([i for i in ids if i not in known]).items():
        known[session_id] = played(session)
        if keep:
            PLAYED.put((session_id, session.version), known[session_id])
    return [TableState(table, known[table.session_id]) for table in tournament.tables]


def engine_rounds(tournament: Tournament, states: Sequence[TableState]) -> list[engine.Round]:
    """The rounds as the engine reads them."""
    found = []
    for one in tournament.rounds:
        tables = tuple(s.as_engine() for s in states if s.table.round_number == one.number)
        found.append(engine.Round(tables, tuple(one.byes)))
    return found


def standings_of(tournament: Tournament, states: Sequence[TableState]) -> list[Any]:
    """The standings, derived (never stored)."""
    entrants = [engine.Entrant(e.number, e.withdrawn) for e in tournament.entrants]
    return [
        dict(line)
        for line in ranked_standings(entrants, engine_rounds(tournament, states), tournament.format)
    ]


def round_open(tournament: Tournament, states: Sequence[TableState]) -> bool:
    """Whether a table of the last round has no confirmed result yet."""
    last = tournament.rounds[-1].number if tournament.rounds else None
    return any(not s.confirmed for s in states if s.table.round_number == last)


def finished(tournament: Tournament, states: Sequence[TableState]) -> bool:
    """Ended by its keeper, or every planned round paired and confirmed."""
    if tournament.ended_at is not None:
        return True
    return len(tournament.rounds) >= tournament.rounds_planned and not round_open(
        tournament, states
    )


# -- creating ---------------------------------------------------------------------------------


def create(club: Club, body: Mapping[str, Any]) -> Tournament:
    """A new tournament of the club from the API's request body; raise InvalidInput (400
    `bad-tournament`) naming the first thing wrong. Nothing is added until all is read."""
    name = _name(body.get("name"), entrant=False)
    game_name = body.get("game")
    if not isinstance(game_name, str) or game_name not in GAMES:
        raise InvalidInput("bad-tournament", "tournament-game")
    game = get_game(game_name)
    format_ = body.get("format")
    if format_ not in FORMATS:
        raise InvalidInput("bad-tournament", "tournament-format")
    length = _round_length(game, body.get("round_length"))
    raw = body.get("options")
    if raw is not None and not isinstance(raw, dict):
        raise InvalidInput("bad-tournament", "tournament-options")
    given = {k: v for k, v in (raw or {}).items() if k not in (DEALS, GAMES_OPTION, "baazis")}
    # The club's house rules, each option given overriding its own; a bad option is refused as
    # a session's is, by the engine (its own code and sentence).
    options = game.parse_options({**club.rules_of(game.name), **given})
    table_options = game.parse_options({**options, **length})
    if format_ == engine.Format.ROTATING:
        size = 1
        _check_table(game, Table(2, 2), table_options, rotating=True)
    entrants = _entrants(body.get("entrants"), rotating=format_ == engine.Format.ROTATING)
    if format_ != engine.Format.ROTATING:
        size = len(entrants[0].players)
        if any(len(e.players) != size for e in entrants):
            raise InvalidInput("bad-tournament", "tournament-entrants-uneven")
        _check_table(game, Table(2, size), table_options, rotating=False)
    least = 4 if format_ == engine.Format.ROTATING else 2
    if len(entrants) < least:
        raise InvalidInput("bad-tournament", "tournament-too-few", least=least)
    rounds = _rounds(body.get("rounds"), str(format_), len(entrants))
    tournament = Tournament(
        id=secrets.token_urlsafe(9),
        club=club,
        name=name,
        game_name=game.name,
        format=format_,
        rounds_planned=rounds,
        round_length=length,
        options=options,
    )
    tournament.entrants = [
        TournamentEntrant(number=n, name=e.name, players=list(e.players), joins_from=1)
        for n, e in enumerate(entrants, start=1)
    ]
    db.session.add(tournament)
    club.touch()
    return tournament


def _name(raw: object, entrant: bool) -> str:
    """The tournament's name, or an entrant's, tidied; InvalidInput naming which is wrong."""
    name, fault = tidy_name(raw, MOST_NAME)
    if fault is not None:
        key = "tournament-entrant-name" if entrant else "tournament-name"
        raise InvalidInput("bad-tournament", key, most=MOST_NAME)
    return name


def _player(raw: object) -> str:
    name, fault = tidy_name(raw, limits.MAX_NAME)
    if fault == "no-name":
        raise InvalidInput("bad-tournament", "player-no-name")
    if fault is not None:
        raise InvalidInput("bad-tournament", "player-name-too-long", most=limits.MAX_NAME)
    return name


def _round_length(game: Game, raw: object) -> dict[str, Any]:
    """The round's length: {"deals": n}, Seep's {"baazis": 1}, or {"games": 1}."""
    if isinstance(raw, dict):
        unknown = sorted(set(raw) - {DEALS, "baazis", GAMES_OPTION})
        if unknown:
            raise InvalidInput("unknown-field", "round-length-unknown-field", field=unknown[0])
    if isinstance(raw, dict) and len(raw) == 1:
        ((key, value),) = raw.items()
        whole = isinstance(value, int) and not isinstance(value, bool)
        if key == DEALS and whole and 1 <= value <= limits.MOST_DEALS:
            return {DEALS: value}
        if key == "baazis" and value == 1 and whole and game.name == "seep":
            return {"baazis": 1}
        if key == GAMES_OPTION and value == 1 and whole and game.name != "seep":
            return {GAMES_OPTION: 1}
    own = '{"baazis": 1}' if game.name == "seep" else '{"games": 1}'
    raise InvalidInput("bad-tournament", "tournament-round-length", most=limits.MOST_DEALS, own=own)


def _check_table(game: Game, table: Table, options: dict[str, Any], rotating: bool) -> None:
    try:
        game.check_table(table, options)
    except InvalidInput as error:
        if rotating:
            raise InvalidInput("bad-tournament", "tournament-rotating-game") from error
        raise InvalidInput(
            "bad-tournament", "tournament-entrant-size", players=table.players_per_team
        ) from error


def _entrants(raw: object, rotating: bool) -> list[TeamEntry]:
    if not isinstance(raw, list) or len(raw) > MOST_ENTRANTS:
        raise InvalidInput("bad-tournament", "tournament-entrants", most=MOST_ENTRANTS)
    read = [read_entrant(item, rotating) for item in raw]
    _check_unique(read, set(), set())
    return read


def read_entrant(raw: object, rotating: bool) -> TeamEntry:
    """An entrant as sent: {"name", "players"} (rotating: {"name"}, one player)."""
    if not isinstance(raw, dict):
        raise InvalidInput("bad-tournament", "tournament-entrant-shape")
    unknown = sorted(set(raw) - {"name", "players"})
    if unknown:
        raise InvalidInput("unknown-field", "entrant-unknown-field", field=unknown[0])
    if rotating:
        if "players" in raw and raw["players"] != [raw.get("name")]:
            raise InvalidInput("bad-tournament", "tournament-rotating-one")
        name = _name(raw.get("name"), entrant=True)
        return TeamEntry(name, (name,))
    players = raw.get("players")
    if not isinstance(players, list) or not 1 <= len(players) <= 4:
        raise InvalidInput("bad-tournament", "tournament-entrant-shape")
    names = tuple(_player(p) for p in players)
    name = _name(raw["name"], entrant=True) if "name" in raw else " & ".join(names)[:MOST_NAME]
    return TeamEntry(name, names)


def _check_unique(entrants: Sequence[TeamEntry], names: set[str], players: set[str]) -> None:
    """Refuse a name twice (an entrant's, or a player in two entrants), also against the names
    and players given (a late entrant's)."""
    for entry in entrants:
        if entry.name.casefold() in names:
            raise InvalidInput("bad-tournament", "tournament-name-twice", name=entry.name)
        names.add(entry.name.casefold())
        for player in entry.players:
            if player.casefold() in players:
                raise InvalidInput("bad-tournament", "tournament-name-twice", name=player)
            players.add(player.casefold())


def _rounds(raw: object, format_: str, entrants: int) -> int:
    needed = rounds_needed(entrants)
    if format_ == engine.Format.ROUND_ROBIN:
        if raw is None or raw == needed:
            return needed
        raise InvalidInput(
            "bad-tournament", "tournament-rounds-robin", rounds=needed, entrants=entrants
        )
    high = min(MOST_ROUNDS, max(1, entrants - 1))
    if isinstance(raw, bool) or not isinstance(raw, int) or not 1 <= raw <= high:
        raise InvalidInput("bad-tournament", "tournament-rounds", high=high)
    return raw


# -- rounds -----------------------------------------------------------------------------------


def pair_next(
    tournament: Tournament, idempotency_key: str | None
) -> tuple[TournamentRound, dict[str, str]]:
    """Pair the next round: each table a new session of the club (409 `no-rounds-left`, 409
    `round-open`); the round, and each session's edit token by its id (shown once)."""
    if tournament.ended_at is not None or len(tournament.rounds) >= tournament.rounds_planned:
        raise Conflict(409, "no-rounds-left", "no-rounds-left")
    states = table_states(tournament)
    if round_open(tournament, states):
        raise Conflict(409, "round-open", "round-open", number=tournament.rounds[-1].number)
    number = len(tournament.rounds) + 1
    playing = [e for e in tournament.entrants if not e.withdrawn and e.joins_from <= number]
    ids = [e.number for e in playing]
    history = engine_rounds(tournament, states)
    if tournament.format == engine.Format.SWISS:
        lines = standings_of(tournament, states)
        points = {line["entrant"]: line["match_points"] for line in lines}
        ranked = [line["entrant"] for line in lines if line["entrant"] in ids]
        paired = pair_swiss(ranked, points, history)
    elif tournament.format == engine.Format.ROUND_ROBIN:
        everyone = [e.number for e in tournament.entrants]
        withdrawn = [e.number for e in tournament.entrants if e.withdrawn]
        paired = round_robin_round(everyone, number, withdrawn)
    else:
        left = tournament.rounds_planned - number + 1
        paired = next_rotating_round(ids, history, left)
    if not paired.tables:
        raise Conflict(409, "no-rounds-left", "too-few-playing")
    made = TournamentRound(number=number, byes=list(paired.byes))
    tournament.rounds.append(made)
    game = tournament.game
    options = tournament.table_options()
    by_id = {e.number: e for e in tournament.entrants}
    started: dict[str, str] = {}
    for place, table in enumerate(paired.tables, start=1):
        if tournament.format == engine.Format.ROTATING:
            sides = [table.entrants[0::2], table.entrants[1::2]]
            teams = tuple(
                TeamEntry(
                    " & ".join(by_id[p].name for p in side), tuple(by_id[p].name for p in side)
                )
                for side in sides
            )
        else:
            teams = tuple(TeamEntry(by_id[e].name, tuple(by_id[e].players)) for e in table.entrants)
        session, token = starts.start(game, teams, options, idempotency_key, tournament.club)
        started[session.id] = token
        session.tournament_table = True
        db.session.flush()
        tournament.tables.append(
            TournamentTable(
                round_number=number,
                number=place,
                session=session,
                entrants=list(table.entrants),
                seats=session.seat_names(),
            )
        )
    tournament.touch()
    return made, started


def round_tables(tournament: Tournament, number: int) -> list[TournamentTable]:
    """The tables of round `number`."""
    return [t for t in tournament.tables if t.round_number == number]


def unpair(tournament: Tournament, number: int) -> None:
    """Un-pair the last round while none of its tables has a deal: its sessions are removed."""
    if not any(r.number == number for r in tournament.rounds):
        raise NotFound("no-round", number=number)
    if number != tournament.rounds[-1].number:
        raise Conflict(409, "not-last-round", "not-last-round", last=tournament.rounds[-1].number)
    tables = round_tables(tournament, number)
    ids = [t.session_id for t in tables]
    if ids:
        dealt = db.session.execute(
            db.select(db.func.count(Deal.id)).where(Deal.session_id.in_(ids))
        ).scalar_one()
        live = db.session.execute(
            db.select(db.func.count(LiveDeal.id)).where(LiveDeal.session_id.in_(ids))
        ).scalar_one()
        if dealt or live:
            raise Conflict(409, "round-has-deals", "round-has-deals", number=number)
    for table in tables:
        tournament.tables.remove(table)
    tournament.rounds.pop()
    db.session.flush()
    if ids:
        db.session.execute(db.delete(SessionSummary).where(SessionSummary.session_id.in_(ids)))
        for session in db.session.execute(
            db.select(GameSession).where(GameSession.id.in_(ids))
        ).scalars():
            db.session.delete(session)
    tournament.touch()


def confirm(session: GameSession) -> TableState:
    """Confirm the result of the table this session is (409 `round-not-over` before its end);
    again, nothing more happens."""
    table = TournamentTable.of_session(session.id)
    if table is None:
        raise NotFound("no-tournament-table", id=session.id)
    state = TableState.of(table, session)
    if not state.over:
        raise Conflict(409, "round-not-over", "round-not-over")
    if not state.confirmed:
        table.confirmed_version = session.version
        table.tournament.touch()
        state = TableState(table, state.played)
    return state


def adjust(tournament: Tournament, table: TournamentTable, body: Mapping[str, Any]) -> bool:
    """Set or (`result` null) take back a keeper's adjustment; whether anything changed."""
    if set(body) - {"result", "note"} or "result" not in body:
        raise InvalidInput("bad-result", "result-shape")
    raw = body["result"]
    note = body.get("note")
    if note is not None and not isinstance(note, str):
        raise InvalidInput("bad-result", "result-note", most=MOST_NOTE)
    # Printable text only, as a name is: a lone surrogate ("\ud800" in the JSON) cannot be
    # stored as UTF-8, nor a NUL in PostgreSQL's text.
    if isinstance(note, str) and (len(note) > MOST_NOTE or not note.isprintable()):
        raise InvalidInput("bad-result", "result-note", most=MOST_NOTE)
    if raw is None:
        adjustment, note = None, None
    else:
        if not isinstance(raw, dict) or set(raw) != {"match_points", "game_points"}:
            raise InvalidInput("bad-result", "result-shape")
        if raw["match_points"] not in OUTCOMES or any(
            isinstance(m, bool) for m in raw["match_points"]
        ):
            raise InvalidInput("bad-result", "result-match-points")
        points = raw["game_points"]
        if (
            not isinstance(points, list)
            or len(points) != 2
            or any(isinstance(p, bool) or not isinstance(p, int) for p in points)
            or any(abs(p) > MOST_GAME_POINTS for p in points)
        ):
            raise InvalidInput("bad-result", "result-game-points")
        adjustment = {"match_points": list(raw["match_points"]), "game_points": list(points)}
        note = note or None
    if table.adjustment == adjustment and table.note == note:
        return False
    table.adjustment = adjustment
    table.note = note
    tournament.touch()
    return True


# -- entrants ---------------------------------------------------------------------------------


def add_entrant(tournament: Tournament, body: Any) -> TournamentEntrant:
    """A late entrant, paired from the next round (Swiss only: 409 otherwise)."""
    if tournament.format != engine.Format.SWISS:
        raise Conflict(409, "not-swiss", "late-entrant-not-swiss")
    if tournament.ended_at is not None:
        raise Conflict(409, "tournament-ended", "tournament-ended")
    entry = read_entrant(body, rotating=False)
    size = len(tournament.entrants[0].players)
    if len(entry.players) != size:
        raise InvalidInput("bad-tournament", "tournament-entrant-size", players=size)
    names = {e.name.casefold() for e in tournament.entrants}
    players = {p.casefold() for e in tournament.entrants for p in e.players}
    _check_unique([entry], names, players)
    entrant = TournamentEntrant(
        number=max(e.number for e in tournament.entrants) + 1,
        name=entry.name,
        players=list(entry.players),
        joins_from=len(tournament.rounds) + 1,
    )
    tournament.entrants.append(entrant)
    tournament.touch()
    return entrant


def withdraw(tournament: Tournament, entrant: TournamentEntrant) -> bool:
    """Withdraw an entrant: kept in the standings, never paired again."""
    if entrant.withdrawn:
        return False
    entrant.withdrawn = True
    tournament.touch()
    return True


def end(tournament: Tournament) -> bool:
    """End the tournament: no more rounds. False when it is ended already."""
    if tournament.ended_at is not None:
        return False
    tournament.ended_at = utcnow()
    tournament.touch()
    return True


def keeps(tournament: Tournament, token: str | None) -> bool:
    """Whether `token` is the keeper's of the tournament's club."""
    return tokens.keeps_club(tournament.club, token)


# -- a table's deal moves its tournament's version --------------------------------------------


def table_touched(session_id: str) -> None:
    """Count one more change of the tournament whose table this session is, if any: a deal
    written at one of its tables (called by GameSession.touch of a `tournament_table`)."""
    at = db.select(TournamentTable.tournament_id).where(TournamentTable.session_id == session_id)
    db.session.execute(
        update(Tournament)
        .where(Tournament.id == at.scalar_subquery())
        .values(version=Tournament.version + 1)
        .execution_options(synchronize_session=False)
    )
