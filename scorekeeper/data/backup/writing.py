"""Exports and backups written: a session, a club, or everything, as JSON documents.

A backup holds every club, player and session with the ids, versions and token hashes that
links rely on; the public exports leave the token hashes out. Deal records are written as
stored (raw); a session's live deals as their start and plays.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import text
from sqlalchemy.orm import selectinload

from ..extensions import db
from ..models import Club, Deal, GameSession, LiveDeal, Membership, Player, Team, utcnow
from ..tournaments import Tournament

FORMAT = "scorekeeper-backup"
FORMAT_VERSION = 6  # grows when the document's shape changes; newer files are refused
LIVE_SINCE = 2  # the first format whose sessions carry their live deals
# Format 3: a club carries its house rules (none in a file from before: the usual rules).
ENDED_SINCE = 4  # the first format whose sessions say when the table ended them (or null)
CHANGED_SINCE = 5  # the first format whose deals carry the session's version at their change
TOURNAMENTS_SINCE = 6  # the first format that holds the clubs' tournaments
JSON = dict[str, Any]


def stamp(when: datetime | None) -> str | None:
    """A stored (naive UTC) time as ISO 8601 with its Z."""
    return when.isoformat() + "Z" if when else None


def deal_json(deal: Deal, number: int | None) -> JSON:
    """A deal: its id for life, number (None once deleted), version, times and raw record."""
    return {
        "id": deal.serial,
        "number": number,
        "version": deal.version,
        "changed": deal.changed,
        "deleted": deal.deleted,
        "created_at": stamp(deal.created_at),
        "updated_at": stamp(deal.updated_at),
        "deleted_at": stamp(deal.deleted_at),
        "record": deal.record,
    }


def numbered(deals: list[Deal]) -> list[tuple[Deal, int | None]]:
    """Each deal (in order of ids) with its number, counted in one pass: None once deleted."""
    place, found = 0, []
    for deal in deals:
        place += not deal.deleted
        number: int | None = None if deal.deleted else place
        found.append((deal, number))
    return found


def live_json(live: LiveDeal) -> JSON:
    """A live deal: its start and plays as sent, the deal it became (None while under way)."""
    return {
        "game": live.game,
        "start": live.start,
        "plays": live.plays,
        "deal_id": live.deal_serial,
        "created_at": stamp(live.created_at),
        "updated_at": stamp(live.updated_at),
    }


def live_deals_of(session_ids: list[str] | None) -> dict[str, list[LiveDeal]]:
    """The live deals of these sessions (of all: None) in the order they began, by session."""
    query = db.select(LiveDeal).order_by(LiveDeal.id)
    if session_ids is not None:
        query = query.where(LiveDeal.session_id.in_(session_ids))
    found: dict[str, list[LiveDeal]] = {}
    for live in db.session.execute(query).scalars():
        found.setdefault(live.session_id, []).append(live)
    return found


def session_json(session: GameSession, live: list[LiveDeal], secrets: bool = False) -> JSON:
    """A session with its teams, options, every deal (deleted ones marked) and live deal."""
    teams = [
        {
            "name": team.name,
            "players": team.players,
            "player_ids": [m.player_id for m in team.members],
        }
        for team in session.teams
    ]
    found = {
        "id": session.id,
        "game": session.game_name,
        "club": session.club_id,
        "teams": teams,
        "options": session.options,
        "version": session.version,
        "created_at": stamp(session.created_at),
        "updated_at": stamp(session.updated_at),
        "deleted_at": stamp(session.deleted_at),
        "ended_at": stamp(session.ended_at),
        "deals": [deal_json(deal, number) for deal, number in numbered(session.all_deals)],
        "live_deals": [live_json(one) for one in live],
    }
    if secrets:
        found["edit_token_hash"] = session.edit_token_hash
        found["scorer_generation"] = session.scorer_generation
    return found


def player_json(player: Player) -> JSON:
    """A player: id, name, when they last played, and the player merged into (or None)."""
    return {
        "id": player.id,
        "name": player.name,
        "last_played_at": stamp(player.last_played_at),
        "merged_into": player.merged_into_id,
    }


def club_json(club: Club, secrets: bool = False) -> JSON:
    """A club with its players (its sessions are listed beside it)."""
    found = {
        "id": club.id,
        "name": club.name,
        "version": club.version,
        "created_at": stamp(club.created_at),
        "updated_at": stamp(club.updated_at),
        "players": [player_json(p) for p in club.everyone],
        "house_rules": club.house_rules or {},
    }
    if secrets:
        found["keeper_token_hash"] = club.keeper_token_hash
    return found


def tournament_json(tournament: Tournament) -> JSON:
    """A tournament as stored: its settings, entrants, and each round's byes and tables (each
    table's session, entrants, seats, adjustment, note and the version it was confirmed at).
    Its results and standings are derived again from the tables' sessions."""
    return {
        "id": tournament.id,
        "club": tournament.club_id,
        "name": tournament.name,
        "game": tournament.game_name,
        "format": tournament.format,
        "rounds_planned": tournament.rounds_planned,
        "round_length": tournament.round_length,
        "options": tournament.options,
        "version": tournament.version,
        "created_at": stamp(tournament.created_at),
        "ended_at": stamp(tournament.ended_at),
        "entrants": [
            {
                "id": e.number,
                "name": e.name,
                "players": e.players,
                "joins_from": e.joins_from,
                "withdrawn": e.withdrawn,
            }
            for e in tournament.entrants
        ],
        "rounds": [
            {
                "number": one.number,
                "byes": one.byes,
                "created_at": stamp(one.created_at),
                "tables": [
                    {
                        "table": t.number,
                        "session": t.session_id,
                        "entrants": t.entrants,
                        "seats": t.seats,
                        "adjustment": t.adjustment,
                        "note": t.note,
                        "confirmed_version": t.confirmed_version,
                    }
                    for t in tournament.tables
                    if t.round_number == one.number
                ],
            }
            for one in tournament.rounds
        ],
    }


def tournaments_of(club: Club | None) -> list[JSON]:
    """The tournaments of a club (of every club: None), oldest first."""
    query = db.select(Tournament).order_by(Tournament.created_at, Tournament.id)
    if club is not None:
        query = query.where(Tournament.club_id == club.id)
    return [tournament_json(t) for t in db.session.execute(query).scalars()]


def document(kind: str, **parts: Any) -> JSON:
    """An export of this kind: the format version first, then its parts."""
    return {"format": kind, "format_version": FORMAT_VERSION, **parts}


def session_export(session: GameSession) -> JSON:
    """GET /s/<id>/export.json: one session."""
    live = live_deals_of([session.id]).get(session.id, [])
    return document("scorekeeper-session", session=session_json(session, live))


def club_export(club: Club) -> JSON:
    """GET /c/<id>/export.json: a club, its players, its sessions (deleted ones marked) and
    its tournaments."""
    sessions = club.sessions() + club.sessions(deleted=True)
    sessions.sort(key=lambda s: s.created_at)
    live = live_deals_of([s.id for s in sessions])
    return document(
        "scorekeeper-club",
        club=club_json(club),
        sessions=[session_json(s, live.get(s.id, [])) for s in sessions],
        tournaments=tournaments_of(club),
    )


# Teams, players and deals loaded in a few queries, not a few per session.
WHOLE_SESSION = (
    selectinload(GameSession.teams).selectinload(Team.members).selectinload(Membership.player),
    selectinload(GameSession.all_deals),
)


def full_backup() -> JSON:
    """Every club, player, session and tournament, with what links need to keep working."""
    clubs = db.session.execute(db.select(Club).order_by(Club.created_at)).scalars()
    loose = db.select(Player).where(Player.club_id.is_(None)).order_by(Player.id)
    sessions = (
        db.select(GameSession)
        .options(*WHOLE_SESSION)
        .order_by(GameSession.created_at, GameSession.id)
    )
    live = live_deals_of(None)
    return document(
        FORMAT,
        schema=database_revision(),
        exported_at=stamp(utcnow()),
        clubs=[club_json(c, secrets=True) for c in clubs],
        players=[player_json(p) for p in db.session.execute(loose).scalars()],
        sessions=[
            session_json(s, live.get(s.id, []), secrets=True)
            for s in db.session.execute(sessions).scalars()
        ],
        tournaments=tournaments_of(None),
    )


def database_revision() -> str | None:
    """The migration the database is at."""
    return db.session.execute(text("SELECT version_num FROM alembic_version")).scalar()
