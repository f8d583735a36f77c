"""Club statistics as a service: a club's sessions loaded once, each session's summary kept
per session version, the figures derived by the rules engine (rules/stats.py).

The API answers them (api/clubs.py); the players' pages draw them (clubs/players.py).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from ..data.extensions import db
from ..data.models import (
    SUMMARY_FORM,
    WROTE,
    Club,
    Deal,
    GameSession,
    Membership,
    SessionSummary,
    Team,
)
from ..rules import GAMES, InvalidInput, Table
from ..rules.stats import aggregate

MEMO_SIZE = 4096  # session summaries kept, by session id and version
_SUMMARIES: dict[tuple[str, int], dict[str, Any]] = {}

# -- loading -----------------------------------------------------------------------------


@dataclass
class Played:
    """A club's session as the statistics need it: no ORM objects, one row per player."""

    id: str
    version: int
    game: str
    date: str
    options: dict[str, Any]
    players_per_team: int
    teams: list[list[int]]


def club_sessions(club: Club) -> list[dict[str, Any]]:
    """The club's sessions as rules/stats.py takes them: teams by player id, with summaries."""
    query = (
        db.select(
            GameSession.id,
            GameSession.version,
            GameSession.game_name,
            GameSession.created_at,
            GameSession.options,
            GameSession.players_per_team,
            Team.position,
            Membership.player_id,
        )
        .join(Team, Team.session_id == GameSession.id)
        .join(Membership, Membership.team_id == Team.id)
        .where(GameSession.club_id == club.id, GameSession.deleted_at.is_(None))
        .order_by(GameSession.id, Team.position, Membership.position)
    )
    sessions: dict[str, Played] = {}
    person = club.person_ids()  # a seat of a name merged into another counts as the other's
    for sid, version, game, created, options, size, team, seat in db.session.execute(query):
        player = person.get(seat, seat)
        played = sessions.get(sid)
        if played is None:
            played = Played(sid, version, game, created.isoformat() + "Z", options, size, [])
            sessions[sid] = played
        if len(played.teams) == team:
            played.teams.append([])
        played.teams[team].append(player)
    summaries = {sid: _SUMMARIES.get((sid, s.version)) for sid, s in sessions.items()}
    summaries |= _kept({sid: sessions[sid] for sid, found in summaries.items() if not found})
    summaries |= _summarize({sid: sessions[sid] for sid, found in summaries.items() if not found})
    return [
        {"id": s.id, "game": s.game, "date": s.date, "teams": s.teams, "summary": summaries[s.id]}
        for s in sessions.values()
    ]


def _kept(sessions: Mapping[str, Played]) -> dict[str, dict[str, Any]]:
    """The summaries kept in the database for these sessions' versions (after a restart)."""
    if not sessions:
        return {}
    query = db.select(SessionSummary).where(
        SessionSummary.session_id.in_(list(sessions)), SessionSummary.form == SUMMARY_FORM
    )
    found = {}
    for kept in db.session.execute(query).scalars():
        if kept.version == sessions[kept.session_id].version:
            found[kept.session_id] = kept.summary
            _remember((kept.session_id, kept.version), kept.summary)
    return found


def _remember(key: tuple[str, int], summary: dict[str, Any]) -> None:
    if len(_SUMMARIES) >= MEMO_SIZE:
        _SUMMARIES.clear()  # simple and thread-safe; refilled by the next reads
    _SUMMARIES[key] = summary


def _keep(summaries: Mapping[str, tuple[int, dict[str, Any]]]) -> None:
    """Keep new summaries in the database for the next process; a cache, so a write that
    cannot be made now (another writer holds SQLite) is simply left for another time."""
    try:
        for session_id, (version, summary) in summaries.items():
            db.session.merge(
                SessionSummary(
                    session_id=session_id, version=version, form=SUMMARY_FORM, summary=summary
                )
            )
        db.session.commit()
    except SQLAlchemyError:
        db.session.rollback()


def _summarize(sessions: Mapping[str, Played]) -> dict[str, dict[str, Any]]:
    """Summaries of these sessions, from their live deals, memoised by session version."""
    if not sessions:
        return {}
    # One statement reads each session's version with its deals, so a deal written in
    # between cannot be memoised under an older version (see GameSession.standing).
    query = (
        db.select(GameSession.id, GameSession.version, Deal.record)
        .outerjoin(Deal, (Deal.session_id == GameSession.id) & Deal.deleted_at.is_(None))
        .where(GameSession.id.in_(list(sessions)))
        .order_by(GameSession.id, Deal.serial)
    )
    records: dict[str, list[dict[str, Any]]] = {}
    versions: dict[str, int] = {}
    for session_id, version, record in db.session.execute(query):
        versions[session_id] = version
        deals = records.setdefault(session_id, [])
        if record is not None:
            deals.append(record)
    memoise = not db.session.info.get(WROTE)
    found = {}
    for session_id, deals in records.items():
        found[session_id] = summary = summarize(sessions[session_id], deals)
        if memoise:
            _remember((session_id, versions[session_id]), summary)
    if memoise:
        _keep({sid: (versions[sid], found[sid]) for sid in found})
    return found


def summarize(session: Played, deals: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """One session's summary, by its game's rules."""
    game = GAMES[session.game]
    table = Table(len(session.teams), session.players_per_team)
    standing = game.standing(table, session.options, deals)
    return game.summarize(table, session.options, deals, standing)


def player_names(club: Club) -> dict[int, str]:
    """The club's players by id."""
    return {player.id: player.name for player in club.players}


def statistics(club: Club, sessions: list[dict[str, Any]]) -> dict[str, Any]:
    """The club's statistics (of its `club_sessions`) with everyone's name beside their id."""
    names = player_names(club)
    stats = aggregate(sessions)
    for game in stats["games"].values():
        for row in game["players"]:
            row["name"] = names.get(row["player"], "?")
        for row in game["teams"]:
            row["names"] = [names.get(p, "?") for p in row["players"]]
    return {"club": club.id, "name": club.name, **stats}


SIDE = re.compile(r"[0-9]+(?:,[0-9]+)*")


def side(raw: str | None, names: Mapping[int, str], which: str) -> list[int]:
    """A player or a team as a query names it: ids separated by commas; raise InvalidInput."""
    # ASCII digits only, as the document says: int() would also take " 1", "+1" and "١".
    ids = [int(part) for part in raw.split(",")] if raw and SIDE.fullmatch(raw) else []
    if not ids or len(ids) > len(set(ids)) or any(i not in names for i in ids):
        raise InvalidInput(
            "bad-field", f"{which} must name the club's players by id, separated by commas."
        )
    return ids
