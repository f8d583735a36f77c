"""A backup's tournaments restored (format 6 on): each with its entrants, rounds and tables as
they were stored, ids and versions kept, after the sessions its tables are. What is derived
(results, standings) is derived again from those sessions; what is checked is what the API
would have refused, and that each table is a session of the tournament's club and game that no
other table holds."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...rules import GAMES, get_game
from ...rules.errors import InvalidInput
from ...rules.table import tidy_name
from ..extensions import db
from ..models import Club, GameSession
from ..tournaments import (
    FORMATS,
    MOST_NAME,
    MOST_NOTE,
    OUTCOMES,
    Tournament,
    TournamentEntrant,
    TournamentRound,
    TournamentTable,
    _round_length,
)
from .fields import an_id, at_least, field, time_of
from .problems import BackupError, Place


def restore_tournament(raw: Mapping[str, Any], number: int, held: set[str]) -> bool:
    """Add a tournament unless it is there already (the same id); whether it was added.
    `held`: the sessions already taken as tables by the tournaments restored before it."""
    tournament_id = an_id(raw, Place("tournament-number", number=number))
    where = Place("tournament", id=tournament_id)
    if db.session.get(Tournament, tournament_id) is not None:
        return False
    club_id = field(raw, "club", str, where)
    if db.session.get(Club, club_id) is None:
        raise BackupError("club-not-held", where=where, club=club_id[:40])
    game_name = field(raw, "game", str, where)
    if game_name not in GAMES:
        raise BackupError("wrong-field", where=where, name="game")
    game = get_game(game_name)
    format_ = field(raw, "format", str, where)
    if format_ not in FORMATS:
        raise BackupError("wrong-field", where=where, name="format")
    try:
        length = _round_length(game, field(raw, "round_length", dict, where))
        options = game.parse_options(field(raw, "options", dict, where))
    except InvalidInput as error:
        raise BackupError("refused", where=where, why=error) from None
    tournament = Tournament(
        id=tournament_id,
        club_id=club_id,
        name=_name(raw, MOST_NAME, where),
        game_name=game.name,
        format=format_,
        rounds_planned=at_least(raw, "rounds_planned", 1, where),
        round_length=length,
        options=options,
        version=at_least(raw, "version", 1, where),
        created_at=time_of(raw, "created_at", where),
        ended_at=time_of(raw, "ended_at", where, optional=True),
    )
    tournament.entrants = _entrants(field(raw, "entrants", list, where), where)
    ids = {e.number for e in tournament.entrants}
    for place, one in enumerate(field(raw, "rounds", list, where), start=1):
        if at_least(one, "number", 1, where) != place:
            raise BackupError("tournament-round-order", where=where, number=one["number"])
        byes = field(one, "byes", list, where)
        _known(byes, ids, where)
        tournament.rounds.append(
            TournamentRound(number=place, byes=byes, created_at=time_of(one, "created_at", where))
        )
        tables = field(one, "tables", list, where)
        numbers = [at_least(t, "table", 1, where) for t in tables]
        if len(set(numbers)) != len(numbers):
            raise BackupError("wrong-field", where=where, name="table")
        for table in tables:
            tournament.tables.append(_table(table, place, tournament, ids, held, where))
    db.session.add(tournament)
    return True


def _name(raw: Mapping[str, Any], most: int, where: Place) -> str:
    name, fault = tidy_name(field(raw, "name", str, where), most)
    if fault is not None:
        raise BackupError("wrong-field", where=where, name="name")
    return name


def _entrants(raws: list[Any], where: Place) -> list[TournamentEntrant]:
    found = []
    for raw in raws:
        number = at_least(raw, "id", 1, where)
        players = field(raw, "players", list, where)
        if not players or not all(isinstance(p, str) and p.strip() for p in players):
            raise BackupError("wrong-field", where=where, name="players")
        withdrawn = field(raw, "withdrawn", bool, where)
        found.append(
            TournamentEntrant(
                number=number,
                name=_name(raw, MOST_NAME, where),
                players=players,
                joins_from=at_least(raw, "joins_from", 1, where),
                withdrawn=withdrawn,
            )
        )
    numbers = [e.number for e in found]
    if len(set(numbers)) != len(numbers):
        raise BackupError("wrong-field", where=where, name="entrants")
    return found


def _known(entrants: list[Any], ids: set[int], where: Place) -> None:
    for entrant in entrants:
        if isinstance(entrant, bool) or entrant not in ids:
            raise BackupError("tournament-entrant", where=where, id=str(entrant)[:20])


def _table(
    raw: Mapping[str, Any],
    round_number: int,
    tournament: Tournament,
    ids: set[int],
    held: set[str],
    where: Place,
) -> TournamentTable:
    number = at_least(raw, "table", 1, where)
    session_id = an_id({"id": field(raw, "session", str, where)}, where)
    session = db.session.get(GameSession, session_id)
    taken = db.session.execute(
        db.select(TournamentTable.id).where(TournamentTable.session_id == session_id)
    ).first()
    if (
        session is None
        or session.club_id != tournament.club_id
        or session.game_name != tournament.game_name
        or taken is not None
        or session_id in held
    ):
        raise BackupError(
            "tournament-session", where=where, round=round_number, table=number, session=session_id
        )
    held.add(session_id)
    session.tournament_table = True  # its deals move the tournament's version again
    entrants = field(raw, "entrants", list, where)
    _known(entrants, ids, where)
    seats = field(raw, "seats", list, where)
    if not all(isinstance(s, str) for s in seats):
        raise BackupError("wrong-field", where=where, name="seats")
    adjustment = field(raw, "adjustment", (dict, type(None)), where)
    if adjustment is not None and not _an_adjustment(adjustment):
        raise BackupError("wrong-field", where=where, name="adjustment")
    note = field(raw, "note", (str, type(None)), where)
    if note is not None and (len(note) > MOST_NOTE or not note.isprintable()):
        raise BackupError("wrong-field", where=where, name="note")
    confirmed = field(raw, "confirmed_version", (int, type(None)), where)
    if confirmed is not None and confirmed < 1:
        raise BackupError(
            "below-least", where=where, name="confirmed_version", value=confirmed, low=1
        )
    return TournamentTable(
        round_number=round_number,
        number=number,
        session_id=session_id,
        entrants=entrants,
        seats=seats,
        adjustment=adjustment,
        note=note,
        confirmed_version=confirmed,
    )


def _an_adjustment(raw: Mapping[str, Any]) -> bool:
    """Whether a stored adjustment is one the API would have stored."""
    if set(raw) != {"match_points", "game_points"} or raw["match_points"] not in OUTCOMES:
        return False
    points = raw["game_points"]
    return (
        isinstance(points, list)
        and len(points) == 2
        and all(isinstance(p, int) and not isinstance(p, bool) for p in points)
        and not any(isinstance(m, bool) for m in raw["match_points"])
    )
