"""Club statistics as a service: a club's sessions loaded once with each one's summary (kept
per session version by the writes, data/summaries.py), the figures derived by the rules engine
(rules/stats.py) once per version of the club in each process.

The API answers them (api/clubs.py); the players' pages draw them (clubs/players.py).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from flask import Flask
from sqlalchemy.exc import SQLAlchemyError

from ..data import summaries as kept_summaries
from ..data.extensions import db
from ..data.memo import Recent
from ..data.models import (
    SUMMARY_FORM,
    Club,
    GameSession,
    Membership,
    SessionSummary,
    Team,
)
from ..data.players import person_ids
from ..data.setup import memos
from ..data.standings import WROTE
from ..rules import InvalidInput
from ..rules.stats import aggregate
from ..words import gettext

_SUMMARIES = kept_summaries.MEMO  # session summaries, by session id and version
FIGURES_KEPT = 64  # clubs whose figures each process keeps (the least recently read go first)

# -- loading -----------------------------------------------------------------------------


@dataclass
class Played:
    """A club's session as the statistics need it: no ORM objects, one row per player."""

    id: str
    version: int
    game: str
    date: str
    teams: list[list[int]]


def club_sessions(club: Club) -> list[dict[str, Any]]:
    """The club's sessions as rules/stats.py takes them: teams by player id, with summaries."""
    query = (
        db.select(
            GameSession.id,
            GameSession.version,
            GameSession.game_name,
            GameSession.created_at,
            Team.position,
            Membership.player_id,
        )
        .join(Team, Team.session_id == GameSession.id)
        .join(Membership, Membership.team_id == Team.id)
        .where(GameSession.club_id == club.id, GameSession.deleted_at.is_(None))
        .order_by(GameSession.id, Team.position, Membership.position)
    )
    sessions: dict[str, Played] = {}
    person = person_ids(club)  # a seat of a name merged into another counts as the other's
    for sid, version, game, created, team, seat in db.session.execute(query):
        player = person.get(seat, seat)
        played = sessions.get(sid)
        if played is None:
            played = Played(sid, version, game, created.isoformat() + "Z", [])
            sessions[sid] = played
        if len(played.teams) == team:
            played.teams.append([])
        played.teams[team].append(player)
    summaries = {sid: _SUMMARIES.get((sid, s.version)) for sid, s in sessions.items()}
    if not all(summaries.values()):
        summaries |= _kept(club, sessions)
        summaries |= _summarize({sid for sid, found in summaries.items() if not found})
    return [
        {"id": s.id, "game": s.game, "date": s.date, "teams": s.teams, "summary": summaries[s.id]}
        for s in sessions.values()
    ]


def _kept(club: Club, sessions: Mapping[str, Played]) -> dict[str, dict[str, Any]]:
    """The summaries kept in the database for the club's sessions' versions (after a
    restart): one statement, columns only."""
    query = (
        db.select(SessionSummary.session_id, SessionSummary.version, SessionSummary.summary)
        .join(GameSession, GameSession.id == SessionSummary.session_id)
        .where(
            GameSession.club_id == club.id,
            GameSession.deleted_at.is_(None),
            GameSession.version == SessionSummary.version,
            SessionSummary.form == SUMMARY_FORM,
        )
    )
    found, committed = {}, not db.session.info.get(WROTE)
    for session_id, version, summary in db.session.execute(query):
        if session_id in sessions and version == sessions[session_id].version:
            found[session_id] = summary
            if committed:  # else it may be this request's, and may yet roll back
                kept_summaries.remember((session_id, version), summary)
    return found


def _keep(summaries: Mapping[str, tuple[int, dict[str, Any]]]) -> None:
    """Keep new summaries in the database for the next process; a cache, so a write that
    cannot be made now (another writer holds SQLite) is simply left for another time."""
    try:
        kept_summaries.store(summaries)
        db.session.commit()
    except SQLAlchemyError:
        db.session.rollback()


def _summarize(session_ids: set[str]) -> dict[str, dict[str, Any]]:
    """Summaries of these sessions, from their live deals (missing after a migration, or
    written by an older version of the app), memoised by session version."""
    if not session_ids:
        return {}
    # One statement reads each session's version with its deals, so a deal written in
    # between cannot be memoised under an older version (see GameSession.standing).
    found = kept_summaries.computed(session_ids)
    # A write may still fail to commit: only a committed state may be remembered.
    if not db.session.info.get(WROTE):
        for sid, (version, summary) in found.items():
            kept_summaries.remember((sid, version), summary)
        _keep(found)
    return {sid: summary for sid, (_version, summary) in found.items()}


@dataclass(frozen=True)
class Figures:
    """A club's statistics as of one version of the club: what the API and the pages show.
    Shared by every request that reads that version, so never changed once made."""

    sessions: list[dict[str, Any]]  # club_sessions()
    names: dict[int, str]  # player_names()
    stats: dict[str, Any]  # statistics()
    drawn: dict[Any, Any] = field(default_factory=dict)  # what was made of them, by the reader


# Each club's figures, by its id and version: safe to keep, as every change to the club, its
# players or its sessions' deals moves the version, and only what a read (never a write) made is
# kept. Listed by the app factory (register).
FIGURES: Recent[tuple[str, int], Figures] = Recent(FIGURES_KEPT)


def register(app: Flask) -> None:
    """List the clubs' memo of figures with the app's memos (data/setup.py)."""
    memos(app)["figures"] = FIGURES


def figures(club: Club) -> Figures:
    """The club's statistics, worked out once per version of the club in each process: the
    version moves with every change to the club, its players, or any of its sessions' deals."""
    # Read before the figures, so that they are never older than the version they are kept
    # under (on PostgreSQL each statement sees the latest commits).
    key = (club.id, club.version)
    keep = not db.session.info.get(WROTE)  # a write may not commit: keep only what holds
    found = FIGURES.get(key) if keep else None
    if found is not None:
        return found
    names = player_names(club)
    sessions = club_sessions(club)
    made = Figures(sessions, names, statistics(club, sessions, names))
    if keep:
        FIGURES.put(key, made)
    return made


def forget() -> None:
    """Forget every summary and club's figures this process keeps (as a restart would)."""
    FIGURES.clear()
    _SUMMARIES.clear()


def player_names(club: Club) -> dict[int, str]:
    """The club's players by id."""
    return {player.id: player.name for player in club.players}


def statistics(
    club: Club, sessions: list[dict[str, Any]], names: Mapping[int, str]
) -> dict[str, Any]:
    """The club's statistics (of its `club_sessions`) with everyone's name (`player_names`)
    beside their id."""
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
        message = gettext(
            "%(which)s must name the club's players by id, separated by commas.", which=which
        )
        raise InvalidInput("bad-field", message)
    return ids
