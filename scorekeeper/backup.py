"""Exports and backups: sessions and clubs as JSON documents, and a backup restored whole.

A backup holds every club, player and session with the ids, versions and token hashes that
links rely on; the public exports leave the token hashes out. Deal records are written as
stored (raw), and restoring one checks each record with the rules engine again.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from alembic.script import ScriptDirectory
from flask import current_app
from sqlalchemy import text
from sqlalchemy.orm import selectinload

from .extensions import db
from .models import (
    SESSION_ID,
    Club,
    Deal,
    GameSession,
    Membership,
    Player,
    Team,
    club_name,
    player_name,
    utcnow,
)
from .rules import get_game
from .rules.errors import InvalidInput
from .rules.table import parse_teams

FORMAT = "scorekeeper-backup"
FORMAT_VERSION = 1  # grows when the document's shape changes; newer files are refused
JSON = dict[str, Any]


class BackupError(ValueError):
    """A backup that cannot be restored: damaged, from a newer version, or clashing ids."""


# -- writing -----------------------------------------------------------------------------


def stamp(when: datetime | None) -> str | None:
    """A stored (naive UTC) time as ISO 8601 with its Z."""
    return when.isoformat() + "Z" if when else None


def deal_json(session: GameSession, deal: Deal) -> JSON:
    """A deal: its id for life, number (None once deleted), version, times and raw record."""
    return {
        "id": deal.serial,
        "number": None if deal.deleted else session.number_of(deal),
        "version": deal.version,
        "deleted": deal.deleted,
        "created_at": stamp(deal.created_at),
        "updated_at": stamp(deal.updated_at),
        "deleted_at": stamp(deal.deleted_at),
        "record": deal.record,
    }


def session_json(session: GameSession, secrets: bool = False) -> JSON:
    """A session with its teams, options and every deal, deleted ones marked."""
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
        "deals": [deal_json(session, deal) for deal in session.all_deals],
    }
    if secrets:
        found["edit_token_hash"] = session.edit_token_hash
        found["scorer_generation"] = session.scorer_generation
    return found


def player_json(player: Player) -> JSON:
    """A player: id, name and when they last played."""
    return {"id": player.id, "name": player.name, "last_played_at": stamp(player.last_played_at)}


def club_json(club: Club, secrets: bool = False) -> JSON:
    """A club with its players (its sessions are listed beside it)."""
    found = {
        "id": club.id,
        "name": club.name,
        "version": club.version,
        "created_at": stamp(club.created_at),
        "updated_at": stamp(club.updated_at),
        "players": [player_json(p) for p in club.players],
    }
    if secrets:
        found["keeper_token_hash"] = club.keeper_token_hash
    return found


def document(kind: str, **parts: Any) -> JSON:
    """An export of this kind: the format version first, then its parts."""
    return {"format": kind, "format_version": FORMAT_VERSION, **parts}


def session_export(session: GameSession) -> JSON:
    """GET /s/<id>/export.json: one session."""
    return document("scorekeeper-session", session=session_json(session))


def club_export(club: Club) -> JSON:
    """GET /c/<id>/export.json: a club, its players and its sessions (deleted ones marked)."""
    sessions = club.sessions() + club.sessions(deleted=True)
    sessions.sort(key=lambda s: s.created_at)
    return document(
        "scorekeeper-club",
        club=club_json(club),
        sessions=[session_json(s) for s in sessions],
    )


# Teams, players and deals loaded in a few queries, not a few per session.
WHOLE_SESSION = (
    selectinload(GameSession.teams).selectinload(Team.members).selectinload(Membership.player),
    selectinload(GameSession.all_deals),
)


def full_backup() -> JSON:
    """Every club, player and session, with what links need to keep working."""
    clubs = db.session.execute(db.select(Club).order_by(Club.created_at)).scalars()
    loose = db.select(Player).where(Player.club_id.is_(None)).order_by(Player.id)
    sessions = (
        db.select(GameSession)
        .options(*WHOLE_SESSION)
        .order_by(GameSession.created_at, GameSession.id)
    )
    return document(
        FORMAT,
        schema=database_revision(),
        exported_at=stamp(utcnow()),
        clubs=[club_json(c, secrets=True) for c in clubs],
        players=[player_json(p) for p in db.session.execute(loose).scalars()],
        sessions=[session_json(s, secrets=True) for s in db.session.execute(sessions).scalars()],
    )


def database_revision() -> str | None:
    """The migration the database is at."""
    return db.session.execute(text("SELECT version_num FROM alembic_version")).scalar()


def known_revisions() -> set[str]:
    """Every migration this version of the app knows."""
    config = current_app.extensions["migrate"].migrate.get_config()
    return {script.revision for script in ScriptDirectory.from_config(config).walk_revisions()}


# -- reading -----------------------------------------------------------------------------


def field(raw: Mapping[str, Any], name: str, kind: type | tuple[type, ...], where: str) -> Any:
    """The field `name` of `raw`, of this kind; raise BackupError naming where it is."""
    if not isinstance(raw, Mapping) or name not in raw:
        raise BackupError(f"{where} has no {name!r}.")
    value = raw[name]
    if isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,)):
        raise BackupError(f"{where}: {name!r} is not what it should be.")
    if not isinstance(value, kind):
        raise BackupError(f"{where}: {name!r} is not what it should be.")
    return value


def time_of(raw: Mapping[str, Any], name: str, where: str, optional: bool = False) -> Any:
    """A time written by stamp(), as the database stores it (naive UTC)."""
    value = field(raw, name, (str, type(None)) if optional else str, where)
    if value is None:
        return None
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        raise BackupError(f"{where}: {name!r} is not a time ({value[:40]!r}).") from None
    return parsed.astimezone(UTC).replace(tzinfo=None) if parsed.tzinfo else parsed


def an_id(raw: Mapping[str, Any], where: str) -> str:
    """A club's or session's public id."""
    value = field(raw, "id", str, where)
    if not SESSION_ID.fullmatch(value):
        raise BackupError(f"{where}: {value[:40]!r} is not an id.")
    return str(value)


def check_header(raw: object) -> Mapping[str, Any]:
    """The document, if it is a backup that this version can read."""
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise BackupError('This is not a scorekeeper backup (no "format": "scorekeeper-backup").')
    version = field(raw, "format_version", int, "The backup")
    if version > FORMAT_VERSION:
        raise BackupError(
            f"This backup is of format {version}, newer than this scorekeeper reads "
            f"({FORMAT_VERSION}): upgrade scorekeeper first."
        )
    schema = field(raw, "schema", str, "The backup")
    if schema not in known_revisions():
        raise BackupError(
            f"This backup comes from a newer database (schema {schema!r}): upgrade scorekeeper."
        )
    return raw


@dataclass
class Restored:
    """What an import added; what it found already there."""

    added: dict[str, int]
    kept: dict[str, int]

    def count(self, kind: str, new: bool) -> None:
        """Count one club, player or session, added or found already there."""
        counts = self.added if new else self.kept
        counts[kind] = counts.get(kind, 0) + 1

    def __str__(self) -> str:
        kinds = ("clubs", "players", "sessions")
        added = ", ".join(f"{self.added.get(k, 0)} {k}" for k in kinds)
        kept = ", ".join(f"{self.kept.get(k, 0)} {k}" for k in kinds)
        return f"Added {added}; already there: {kept}."


def restore(raw: object) -> Restored:
    """Add what a backup holds and the database lacks, all in one transaction or nothing.

    Ids are kept; a club, player or session already there (the same id) is left as it is,
    so importing a file twice adds nothing. Raise BackupError, having stored nothing.
    """
    backup = check_header(raw)
    done = Restored({}, {})
    try:
        for club in field(backup, "clubs", list, "The backup"):
            restore_club(club, done)
        for player in field(backup, "players", list, "The backup"):
            restore_player(player, None, done)
        for number, session in enumerate(field(backup, "sessions", list, "The backup"), 1):
            restore_session(session, f"Session {number}", done)
        db.session.flush()
        follow_sequences()
        db.session.commit()
    except BaseException:
        db.session.rollback()
        raise
    return done


def checked_name(check: Callable[[object], str], raw: Mapping[str, Any], where: str) -> str:
    """A club's or player's name, held to the rules a new one is."""
    try:
        return check(field(raw, "name", str, where))
    except InvalidInput as error:
        raise BackupError(f"{where}: {error.message}") from None


def restore_club(raw: Mapping[str, Any], done: Restored) -> None:
    """Add a club and its players, unless it is there already."""
    where = f"Club {raw.get('id')!r}" if isinstance(raw, dict) else "A club"
    club_id = an_id(raw, where)
    players = field(raw, "players", list, where)
    new = db.session.get(Club, club_id) is None
    if new:
        db.session.add(
            Club(
                id=club_id,
                name=checked_name(club_name, raw, where),
                keeper_token_hash=field(raw, "keeper_token_hash", str, where),
                version=field(raw, "version", int, where),
                created_at=time_of(raw, "created_at", where),
                updated_at=time_of(raw, "updated_at", where),
            )
        )
        db.session.flush()  # its players refer to it
    done.count("clubs", new)
    for player in players:
        restore_player(player, club_id, done)


def restore_player(raw: Mapping[str, Any], club_id: str | None, done: Restored) -> None:
    """Add a player under their id, unless it is there already; another's id is a clash."""
    player_id = field(raw, "id", int, "A player")
    where = f"Player {player_id}"
    name = checked_name(player_name, raw, where)
    there = db.session.get(Player, player_id)
    if there is not None and there.club_id != club_id:
        raise BackupError(
            f"{where} ({name!r}) cannot keep its id: this database gives it to "
            f"{there.name!r} of another club. Import into an empty database."
        )
    if there is None:
        player = Player.new(name)
        player.id, player.club_id = player_id, club_id
        player.last_played_at = time_of(raw, "last_played_at", where)
        db.session.add(player)
    done.count("players", there is None)


def restore_session(raw: Mapping[str, Any], where: str, done: Restored) -> None:
    """Add a session with its teams and deals, unless it is there already."""
    session_id = an_id(raw, where)
    where = f"Session {session_id!r}"
    there = db.session.get(GameSession, session_id)
    if there is not None:
        if there.game_name != raw.get("game"):
            raise BackupError(f"{where} is another game in this database: not the same session.")
        done.count("sessions", False)
        return
    session = checked_session(raw, session_id, where)
    db.session.add(session)
    done.count("sessions", True)


def checked_session(raw: Mapping[str, Any], session_id: str, where: str) -> GameSession:
    """The session a backup describes, its teams, options and deals checked by the engine."""
    try:
        game = get_game(field(raw, "game", str, where))
        teams = field(raw, "teams", list, where)
        table, _ = parse_teams(
            [{"name": t.get("name"), "players": t.get("players")} for t in teams]
        )
        options = game.parse_options(field(raw, "options", dict, where))
        game.check_table(table, options)
    except (InvalidInput, AttributeError) as error:
        raise BackupError(
            f"{where}: {getattr(error, 'message', 'its teams are damaged')}"
        ) from None
    club_id = field(raw, "club", (str, type(None)), where)
    if club_id is not None and db.session.get(Club, club_id) is None:
        raise BackupError(f"{where} is of club {club_id[:40]!r}, which the backup does not hold.")
    session = GameSession(
        id=session_id,
        game_name=game.name,
        club_id=club_id,
        options=options,
        players_per_team=table.players_per_team,
        edit_token_hash=field(raw, "edit_token_hash", str, where),
        scorer_generation=field(raw, "scorer_generation", int, where),
        version=field(raw, "version", int, where),
        created_at=time_of(raw, "created_at", where),
        updated_at=time_of(raw, "updated_at", where),
        deleted_at=time_of(raw, "deleted_at", where, optional=True),
    )
    session.teams = [restored_team(t, n, club_id, where) for n, t in enumerate(teams)]
    session.all_deals = restored_deals(session, field(raw, "deals", list, where), where)
    return session


def restored_team(raw: Mapping[str, Any], position: int, club_id: str | None, where: str) -> Team:
    """A team whose members are players of the session's club (or of no club)."""
    team = Team(position=position, name=field(raw, "name", str, where))
    for n, player_id in enumerate(field(raw, "player_ids", list, where)):
        player = db.session.get(Player, player_id) if isinstance(player_id, int) else None
        if player is None or player.club_id != club_id:
            raise BackupError(f"{where}: its player {player_id!r} is not among its club's.")
        team.members.append(Membership(position=n, player=player))
    return team


def restored_deals(session: GameSession, raws: list[Any], where: str) -> list[Deal]:
    """The deals in order of play, each record read again by the rules engine."""
    deals: list[Deal] = []
    for raw in raws:
        deal_where = f"{where}, deal #{raw.get('id') if isinstance(raw, dict) else '?'}"
        deal = Deal(
            serial=field(raw, "id", int, deal_where),
            version=field(raw, "version", int, deal_where),
            created_at=time_of(raw, "created_at", deal_where),
            updated_at=time_of(raw, "updated_at", deal_where),
            deleted_at=time_of(raw, "deleted_at", deal_where, optional=True),
        )
        deal.record = checked_record(session, field(raw, "record", dict, deal_where), deal_where)
        deals.append(deal)
    if len({d.serial for d in deals}) != len(deals):
        raise BackupError(f"{where} has two deals of the same id.")
    deals.sort(key=lambda d: d.serial)
    check_standing(session, [d.record for d in deals if not d.deleted], where)
    return deals


def checked_record(session: GameSession, raw: JSON, where: str) -> dict[str, Any]:
    """The record in canonical form, as the engine reads a deal entered again."""
    try:
        return session.game.parse_deal(raw, session.table, session.options)
    except InvalidInput as error:
        raise BackupError(f"{where}: the rules refuse it: {error.message}") from None


def check_standing(session: GameSession, records: list[dict[str, Any]], where: str) -> None:
    """Raise BackupError unless the engine folds the live deals into a standing.

    Each deal is not checked against the ones before it (as a new deal is): deleting or
    restoring an earlier deal may legitimately leave, say, a deal after a decided game.
    """
    try:
        session.game.standing(session.table, session.options, records)
    except (InvalidInput, LookupError, TypeError, ValueError) as error:
        raise BackupError(f"{where}: the rules cannot fold its deals ({error}).") from None


def follow_sequences() -> None:
    """On PostgreSQL, move the players' id sequence past the ids given by hand."""
    if db.engine.dialect.name == "postgresql":
        db.session.execute(
            text(
                "SELECT setval(pg_get_serial_sequence('players', 'id'), "
                "COALESCE((SELECT MAX(id) FROM players), 0) + 1, false)"
            )
        )
