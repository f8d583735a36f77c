"""Exports and backups: sessions and clubs as JSON documents, and a backup restored whole.

A backup holds every club, player and session with the ids, versions and token hashes that
links rely on; the public exports leave the token hashes out. Deal records are written as
stored (raw), and restoring one checks each record with the rules engine again. A session's
live deals (play by play) come along as their start and plays, derived again when restored.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from dataclasses import field as dataclass_field  # `field` reads a backup's fields
from datetime import UTC, datetime
from typing import Any

from alembic.script import ScriptDirectory
from flask import current_app
from sqlalchemy import text
from sqlalchemy.orm import selectinload

from ..rules import get_game
from ..rules.errors import InvalidInput
from ..rules.game import Record, Records
from ..rules.limits import MOST_DEALS, MOST_PLAYS
from ..rules.live import PlayRefused
from ..rules.table import parse_teams, team_name_of
from ..words import gettext
from ..words.inputs import in_words  # the engine's refusals in words; it imports no data
from ..words.numbers import number as written
from ..words.verdicts import reason as verdict
from .extensions import db
from .models import (
    SESSION_ID,
    Club,
    Deal,
    GameSession,
    LiveDeal,
    Membership,
    Player,
    Team,
    club_name,
    player_name,
    utcnow,
)

FORMAT = "scorekeeper-backup"
FORMAT_VERSION = 5  # grows when the document's shape changes; newer files are refused
LIVE_SINCE = 2  # the first format whose sessions carry their live deals
# Format 3: a club carries its house rules (none in a file from before: the usual rules).
ENDED_SINCE = 4  # the first format whose sessions say when the table ended them (or null)
CHANGED_SINCE = 5  # the first format whose deals carry the session's version at their change
JSON = dict[str, Any]
TOKEN_HASH = re.compile(r"[0-9a-f]{64}")  # a keeper's or an edit token's SHA-256, in hex


class BackupError(ValueError):
    """A backup that cannot be restored: damaged, from a newer version, or clashing ids."""


# -- writing -----------------------------------------------------------------------------


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


def document(kind: str, **parts: Any) -> JSON:
    """An export of this kind: the format version first, then its parts."""
    return {"format": kind, "format_version": FORMAT_VERSION, **parts}


def session_export(session: GameSession) -> JSON:
    """GET /s/<id>/export.json: one session."""
    live = live_deals_of([session.id]).get(session.id, [])
    return document("scorekeeper-session", session=session_json(session, live))


def club_export(club: Club) -> JSON:
    """GET /c/<id>/export.json: a club, its players and its sessions (deleted ones marked)."""
    sessions = club.sessions() + club.sessions(deleted=True)
    sessions.sort(key=lambda s: s.created_at)
    live = live_deals_of([s.id for s in sessions])
    return document(
        "scorekeeper-club",
        club=club_json(club),
        sessions=[session_json(s, live.get(s.id, [])) for s in sessions],
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
        raise BackupError(gettext("%(where)s has no %(name)r.", where=where, name=name))
    value = raw[name]
    wrong = isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,))
    if wrong or not isinstance(value, kind):
        message = gettext("%(where)s: %(name)r is not what it should be.", where=where, name=name)
        raise BackupError(message)
    return value


def at_least(raw: Mapping[str, Any], name: str, low: int, where: str) -> int:
    """The whole number `name` of `raw`, never below `low` (a version, a serial id)."""
    value: int = field(raw, name, int, where)
    if value < low:
        raise BackupError(
            gettext(
                "%(where)s: its %(name)s is %(value)s, and it is never below %(low)s.",
                where=where,
                name=name,
                value=value,
                low=low,
            )
        )
    return value


def token_hash(raw: Mapping[str, Any], name: str, where: str) -> str:
    """A token's hash as the database keeps it: no link would ever match another value."""
    value: str = field(raw, name, str, where)
    if not TOKEN_HASH.fullmatch(value):
        raise BackupError(
            gettext(
                "%(where)s: %(name)r is not a token's hash (64 hexadecimal digits).",
                where=where,
                name=name,
            )
        )
    return value


def time_of(raw: Mapping[str, Any], name: str, where: str, optional: bool = False) -> Any:
    """A time written by stamp(), as the database stores it (naive UTC)."""
    value = field(raw, name, (str, type(None)) if optional else str, where)
    if value is None:
        return None
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        message = gettext(
            "%(where)s: %(name)r is not a time (%(value)r).",
            where=where,
            name=name,
            value=value[:40],
        )
        raise BackupError(message) from None
    return parsed.astimezone(UTC).replace(tzinfo=None) if parsed.tzinfo else parsed


def an_id(raw: Mapping[str, Any], where: str) -> str:
    """A club's or session's public id."""
    value = field(raw, "id", str, where)
    if not SESSION_ID.fullmatch(value):
        raise BackupError(
            gettext("%(where)s: %(value)r is not an id.", where=where, value=value[:40])
        )
    return str(value)


def check_header(raw: object) -> Mapping[str, Any]:
    """The document, if it is a backup that this version can read."""
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise BackupError(
            gettext('This is not a scorekeeper backup (no "format": "scorekeeper-backup").')
        )
    version = field(raw, "format_version", int, gettext("The backup"))
    if version < 1:
        raise BackupError(
            gettext(
                "This backup says it is of format %(version)s, which never was.", version=version
            )
        )
    if version > FORMAT_VERSION:
        raise BackupError(
            gettext(
                "This backup is of format %(version)s, newer than this scorekeeper reads "
                "(%(newest)s): upgrade scorekeeper first.",
                version=version,
                newest=FORMAT_VERSION,
            )
        )
    schema = field(raw, "schema", str, gettext("The backup"))
    if schema not in known_revisions():
        raise BackupError(
            gettext(
                "This backup comes from a newer database (schema %(schema)r): upgrade scorekeeper.",
                schema=schema,
            )
        )
    return raw


@dataclass
class Restored:
    """What an import added; what it found already there."""

    added: dict[str, int]
    kept: dict[str, int]
    new_clubs: set[str] = dataclass_field(default_factory=set)
    grown: set[str] = dataclass_field(default_factory=set)  # clubs given a player or session

    def count(self, kind: str, new: bool, many: int = 1) -> None:
        """Count one club, player, session or live deal (or `many`), added or already there."""
        counts = self.added if new else self.kept
        counts[kind] = counts.get(kind, 0) + many

    def __str__(self) -> str:
        kinds = ("clubs", "players", "sessions", "live deals")
        added = ", ".join(f"{self.added.get(k, 0)} {k}" for k in kinds)
        kept = ", ".join(f"{self.kept.get(k, 0)} {k}" for k in kinds)
        return f"Added {added}; already there: {kept}."


def restore(raw: object) -> Restored:
    """Add what a backup holds and the database lacks, all in one transaction or nothing.

    Ids are kept; a club, player or session already there (the same id) is left as it is,
    so importing a file twice adds nothing. Raise BackupError, having stored nothing.
    """
    backup = check_header(raw)
    version = field(backup, "format_version", int, gettext("The backup"))
    check_listed_once(backup)
    done = Restored({}, {})
    try:
        for club in field(backup, "clubs", list, gettext("The backup")):
            restore_club(club, done)
        for player in field(backup, "players", list, gettext("The backup")):
            restore_player(player, None, done)
        for number, session in enumerate(field(backup, "sessions", list, gettext("The backup")), 1):
            restore_session(session, gettext("Session %(number)d", number=number), done, version)
        for club_id in done.grown - done.new_clubs:
            # A club that was there already shows more now: its version (ETag) moves.
            Club.find(club_id).touch()
        db.session.flush()
        follow_sequences()
        db.session.commit()
    except BaseException:
        db.session.rollback()
        raise
    return done


def check_listed_once(backup: Mapping[str, Any]) -> None:
    """Raise BackupError if a club, player or session is listed twice: importing keeps what is
    there under an id, so a second listing (changed or not) would be dropped unseen."""
    clubs = field(backup, "clubs", list, gettext("The backup"))
    players = [
        *(p for club in clubs if isinstance(club, dict) for p in club.get("players") or []),
        *field(backup, "players", list, gettext("The backup")),
    ]
    kinds = (
        (clubs, gettext("Club %(id)r is listed twice: a backup lists each club once.")),
        (players, gettext("Player %(id)r is listed twice: a backup lists each player once.")),
        (
            field(backup, "sessions", list, gettext("The backup")),
            gettext("Session %(id)r is listed twice: a backup lists each session once."),
        ),
    )
    for listed, message in kinds:
        seen: set[object] = set()
        for item in listed:
            key = item.get("id") if isinstance(item, dict) else None
            if isinstance(key, str | int) and key in seen:
                raise BackupError(message % {"id": key})
            seen.add(key)


def checked_name(check: Callable[[object], str], raw: Mapping[str, Any], where: str) -> str:
    """A club's or player's name, held to the rules a new one is."""
    try:
        return check(field(raw, "name", str, where))
    except InvalidInput as error:
        raise BackupError(gettext("%(where)s: %(why)s", where=where, why=in_words(error))) from None


def restore_club(raw: Mapping[str, Any], done: Restored) -> None:
    """Add a club and its players, unless it is there already."""
    where = gettext("Club %(id)r", id=raw.get("id")) if isinstance(raw, dict) else gettext("A club")
    club_id = an_id(raw, where)
    players = field(raw, "players", list, where)
    new = db.session.get(Club, club_id) is None
    if new:
        db.session.add(
            Club(
                id=club_id,
                name=checked_name(club_name, raw, where),
                keeper_token_hash=token_hash(raw, "keeper_token_hash", where),
                version=at_least(raw, "version", 1, where),
                created_at=time_of(raw, "created_at", where),
                updated_at=time_of(raw, "updated_at", where),
                house_rules=house_rules_of(raw, where),
            )
        )
        db.session.flush()  # its players refer to it
        done.new_clubs.add(club_id)
    done.count("clubs", new)
    for player in players:
        restore_player(player, club_id, done)
    db.session.flush()
    for player in players if new else []:  # a club already there keeps its own merges
        restore_merge(player, club_id)


def house_rules_of(raw: Mapping[str, Any], where: str) -> JSON | None:
    """A club's house rules, each game's checked as a session's options are (a file from before
    house rules has none)."""
    rules = raw.get("house_rules") or {}
    if not isinstance(rules, dict):
        raise BackupError(gettext("%(where)s: its house rules must be an object.", where=where))
    try:
        for name, options in rules.items():
            get_game(name).parse_options(options)
    except InvalidInput as error:
        raise BackupError(gettext("%(where)s: %(why)s", where=where, why=in_words(error))) from None
    return rules or None


def restore_merge(raw: Mapping[str, Any], club_id: str) -> None:
    """Merge a restored player into the player the file says (a file before merges were
    kept says none): only into a player of the same club."""
    into = raw.get("merged_into")
    if into is None:
        return
    where = gettext("Player %(id)s", id=raw.get("id"))
    other = db.session.get(Player, into) if isinstance(into, int) else None
    if other is None or other.club_id != club_id or other.id == raw.get("id"):
        raise BackupError(
            gettext(
                "%(where)s: it is merged into %(into)r, not another of its club's.",
                where=where,
                into=into,
            )
        )
    player = db.session.get(Player, raw.get("id"))
    if player is None:
        return
    person = other
    while person.merged_into is not None:  # never a ring of merges: each one a person
        if person.merged_into is player:
            raise BackupError(gettext("%(where)s: its merges go round in a ring.", where=where))
        person = person.merged_into
    player.merged_into = other


def restore_player(raw: Mapping[str, Any], club_id: str | None, done: Restored) -> None:
    """Add a player under their id, unless it is there already; another's id is a clash."""
    player_id = at_least(raw, "id", 1, gettext("A player"))
    where = gettext("Player %(id)s", id=player_id)
    name = checked_name(player_name, raw, where)
    there = db.session.get(Player, player_id)
    if there is not None and there.club_id != club_id:
        raise BackupError(
            gettext(
                "%(where)s (%(name)r) cannot keep its id: this database gives it to %(other)r of "
                "another club. Import into an empty database.",
                where=where,
                name=name,
                other=there.name,
            )
        )
    if there is None:
        player = Player.new(name)
        player.id, player.club_id = player_id, club_id
        player.last_played_at = time_of(raw, "last_played_at", where)
        db.session.add(player)
        if club_id is not None:
            done.grown.add(club_id)
    done.count("players", there is None)


def restore_session(raw: Mapping[str, Any], where: str, done: Restored, version: int) -> None:
    """Add a session with its teams, deals and live deals, unless it is there already.

    `version`: the file's format (an older file has no live deals to restore, and no end).
    """
    session_id = an_id(raw, where)
    where = gettext("Session %(id)r", id=session_id)
    raws = field(raw, "live_deals", list, where) if version >= LIVE_SINCE else []
    there = db.session.get(GameSession, session_id)
    if there is not None:
        if there.game_name != raw.get("game"):
            raise BackupError(
                gettext(
                    "%(where)s is another game in this database: not the same session.",
                    where=where,
                )
            )
        done.count("sessions", False)
        done.count("live deals", False, len(raws))
        return
    session = checked_session(raw, session_id, where)
    said = field(raw, "deals", list, where) if version >= CHANGED_SINCE else []
    restore_changes(session, said, where)
    if version >= ENDED_SINCE:
        session.ended_at = time_of(raw, "ended_at", where, optional=True)
    lives = restored_live_deals(session, raws, where)
    db.session.add(session)
    db.session.flush()  # its live deals refer to it
    db.session.add_all(lives)
    if session.club_id is not None:
        done.grown.add(session.club_id)
    done.count("sessions", True)
    done.count("live deals", True, len(lives))


def checked_session(raw: Mapping[str, Any], session_id: str, where: str) -> GameSession:
    """The session a backup describes, its teams, options and deals checked by the engine."""
    try:
        game = get_game(field(raw, "game", str, where))
        teams = field(raw, "teams", list, where)
        table, entries = parse_teams(
            [{"name": t.get("name"), "players": t.get("players")} for t in teams]
        )
        options = game.parse_options(field(raw, "options", dict, where))
        game.check_table(table, options)
    except (InvalidInput, AttributeError) as error:
        if isinstance(error, InvalidInput):
            why = in_words(error)
        else:
            why = gettext("its teams are damaged")
        raise BackupError(gettext("%(where)s: %(why)s", where=where, why=why)) from None
    club_id = field(raw, "club", (str, type(None)), where)
    if club_id is not None and db.session.get(Club, club_id) is None:
        raise BackupError(
            gettext(
                "%(where)s is of club %(club)r, which the backup does not hold.",
                where=where,
                club=club_id[:40],
            )
        )
    session = GameSession(
        id=session_id,
        game_name=game.name,
        club_id=club_id,
        options=options,
        players_per_team=table.players_per_team,
        edit_token_hash=token_hash(raw, "edit_token_hash", where),
        scorer_generation=at_least(raw, "scorer_generation", 0, where),
        version=at_least(raw, "version", 1, where),
        created_at=time_of(raw, "created_at", where),
        updated_at=time_of(raw, "updated_at", where),
        deleted_at=time_of(raw, "deleted_at", where, optional=True),
    )
    # Each team's name as a new session's is: runs of white space folded (parse_teams).
    session.teams = [
        restored_team(t, n, club_id, where, entries[n].name) for n, t in enumerate(teams)
    ]
    seated = [m.player for team in session.teams for m in team.members]
    twice = next((p for p in seated if seated.count(p) > 1), None)
    if twice is not None:
        raise BackupError(
            gettext("%(where)s: player %(id)s sits in two seats.", where=where, id=twice.id)
        )
    session.all_deals = restored_deals(session, field(raw, "deals", list, where), where)
    return session


def restored_team(
    raw: Mapping[str, Any], position: int, club_id: str | None, where: str, name: str
) -> Team:
    """A team whose members are players of the session's club (or of no club); `name` as
    parse_teams read it."""
    field(raw, "name", str, where)
    team = Team(position=position)
    ids, names = field(raw, "player_ids", list, where), field(raw, "players", list, where)
    if len(ids) != len(names):
        raise BackupError(
            gettext(
                "%(where)s: team %(team)s's players' names and player ids are not as many "
                "(%(names)s and %(ids)s).",
                where=where,
                team=position + 1,
                names=len(names),
                ids=len(ids),
            )
        )
    for n, player_id in enumerate(ids):
        player = db.session.get(Player, player_id) if isinstance(player_id, int) else None
        if player is None or player.club_id != club_id:
            raise BackupError(
                gettext(
                    "%(where)s: its player %(id)r is not among its club's.",
                    where=where,
                    id=player_id,
                )
            )
        team.members.append(Membership(position=n, player=player))
    # A name that is its players' own is derived again, and follows their renames.
    team.given_name = None if name == team_name_of(team.players) else name
    return team


def restore_changes(session: GameSession, raws: list[Any], where: str) -> None:
    """Give each deal the session's version at its last change: as the file says (format 5 on),
    else the session's version, the only bound known to be at or above it (as migration 0015
    fills it: a client reading what changed since an older version gets such a deal again)."""
    said = {raw.get("id"): raw for raw in raws if isinstance(raw, dict) and "changed" in raw}
    for deal in session.all_deals:
        raw = said.get(deal.serial)
        if raw is None:
            deal.changed = session.version
            continue
        deal_where = gettext("%(where)s, deal #%(id)s", where=where, id=deal.serial)
        changed = at_least(raw, "changed", 1, deal_where)
        if changed > session.version:
            raise BackupError(
                gettext(
                    "%(where)s changed at version %(changed)s, after its session's version "
                    "%(version)s.",
                    where=deal_where,
                    changed=changed,
                    version=session.version,
                )
            )
        deal.changed = changed


def restored_deals(session: GameSession, raws: list[Any], where: str) -> list[Deal]:
    """The deals in order of play, each record read again by the rules engine."""
    if len(raws) > MOST_DEALS:
        raise BackupError(
            gettext(
                "%(where)s has %(count)s deals, more than the %(most)s deals a session keeps.",
                where=where,
                count=written(len(raws)),
                most=written(MOST_DEALS),
            )
        )
    read: list[tuple[Deal, Any, str]] = []
    for raw in raws:
        deal_id = raw.get("id") if isinstance(raw, dict) else "?"
        deal_where = gettext("%(where)s, deal #%(id)s", where=where, id=deal_id)
        deal = Deal(
            serial=at_least(raw, "id", 1, deal_where),
            version=at_least(raw, "version", 1, deal_where),
            created_at=time_of(raw, "created_at", deal_where),
            updated_at=time_of(raw, "updated_at", deal_where),
            deleted_at=time_of(raw, "deleted_at", deal_where, optional=True),
        )
        deal.record = checked_record(session, field(raw, "record", dict, deal_where), deal_where)
        read.append((deal, raw, deal_where))
    if len({deal.serial for deal, _, _ in read}) != len(read):
        raise BackupError(gettext("%(where)s has two deals of the same id.", where=where))
    read.sort(key=lambda found: found[0].serial)
    check_numbers(read)
    deals = [deal for deal, _, _ in read]
    check_standing(session, [d.record for d in deals if not d.deleted], where)
    return deals


def check_numbers(read: list[tuple[Deal, Any, str]]) -> None:
    """Raise BackupError unless each deal's `deleted` and `number` (written by deal_json, left
    out by hand-made files) are what its deleted_at and place make them: deal n of the deals
    not deleted, in order of their ids; a deleted deal has none."""
    place = 0
    for deal, raw, where in read:
        place += not deal.deleted
        if "deleted" in raw and field(raw, "deleted", bool, where) != deal.deleted:
            said = (
                gettext("%(where)s is said to be deleted, yet it has no deleted_at.", where=where)
                if raw["deleted"]
                else gettext(
                    "%(where)s has a deleted_at, yet it is said not to be deleted.", where=where
                )
            )
            raise BackupError(said)
        number = raw.get("number") if "number" in raw else (None if deal.deleted else place)
        if deal.deleted and number is not None:
            raise BackupError(
                gettext(
                    "%(where)s: its number is %(number)s, yet it is deleted: a deleted deal has "
                    "none.",
                    where=where,
                    number=json.dumps(number)[:20],
                )
            )
        if not deal.deleted and (number != place or isinstance(number, bool)):
            raise BackupError(
                gettext(
                    "%(where)s: its number is %(number)s, yet it is deal %(place)s of its "
                    "session's deals not deleted, in order of their ids.",
                    where=where,
                    number=json.dumps(number)[:20],
                    place=place,
                )
            )


def checked_record(session: GameSession, raw: JSON, where: str) -> Record:
    """The record in canonical form, as the engine reads a deal entered again."""
    try:
        return session.game.parse_deal(raw, session.table, session.options)
    except InvalidInput as error:
        why = in_words(error)
        message = gettext("%(where)s: the rules refuse it: %(why)s", where=where, why=why)
        raise BackupError(message) from None


def check_standing(session: GameSession, records: Records, where: str) -> None:
    """Raise BackupError unless the engine folds the live deals into a standing.

    Each deal is not checked against the ones before it (as a new deal is): deleting or
    restoring an earlier deal may legitimately leave, say, a deal after a decided game.
    """
    try:
        session.game.standing(session.table, session.options, records)
    except (InvalidInput, LookupError, TypeError, ValueError) as error:
        message = gettext(
            "%(where)s: the rules cannot fold its deals (%(why)s).", where=where, why=error
        )
        raise BackupError(message) from None


def restored_live_deals(session: GameSession, raws: list[Any], where: str) -> list[LiveDeal]:
    """The session's live deals in the order they began; only the last may be under way, as
    a new one starts only once the one before has ended."""
    lives = [
        restored_live(session, raw, gettext("%(where)s, live deal %(n)d", where=where, n=n))
        for n, raw in enumerate(raws, 1)
    ]
    ended = [live.deal_serial for live in lives if live.deal_serial is not None]
    if len(set(ended)) != len(ended):
        message = gettext("%(where)s: two of its live deals became the same deal.", where=where)
        raise BackupError(message)
    if any(live.deal_serial is None for live in lives[:-1]):
        message = gettext("%(where)s: a live deal under way is followed by another.", where=where)
        raise BackupError(message)
    return lives


def restored_live(session: GameSession, raw: Mapping[str, Any], where: str) -> LiveDeal:
    """A live deal of the session's game, ending in one of its deals or under way."""
    game = field(raw, "game", str, where)
    if game != session.game_name:
        raise BackupError(
            gettext(
                "%(where)s is of %(game)r, not of the session's game.", where=where, game=game[:20]
            )
        )
    deal_id = field(raw, "deal_id", (int, type(None)), where)
    if deal_id is not None and deal_id not in {d.serial for d in session.all_deals}:
        raise BackupError(
            gettext(
                "%(where)s became deal #%(id)s, which the session does not hold.",
                where=where,
                id=deal_id,
            )
        )
    plays = field(raw, "plays", list, where)
    if len(plays) > MOST_PLAYS:
        raise BackupError(
            gettext(
                "%(where)s has %(count)s plays, more than any deal has: a live deal keeps at "
                "most %(most)s.",
                where=where,
                count=written(len(plays)),
                most=written(MOST_PLAYS),
            )
        )
    live = LiveDeal(
        session_id=session.id,
        game=game,
        start=field(raw, "start", dict, where),
        plays=plays,
        deal_serial=deal_id,
        created_at=time_of(raw, "created_at", where),
        updated_at=time_of(raw, "updated_at", where),
    )
    check_live_state(session, live, where)
    return live


LIVE_ERRORS = (InvalidInput, PlayRefused, LookupError, TypeError, ValueError)


def check_live_state(session: GameSession, live: LiveDeal, where: str) -> None:
    """Raise BackupError unless the engine derives the live deal's state from its plays, and
    it is finished exactly when the live deal names the deal it became."""
    try:
        finished = live.state(session).finished
    except LIVE_ERRORS as error:
        bad = first_refused(session, live)
        reason = verdict(error.violation) if isinstance(error, PlayRefused) else error
        message = (
            gettext(
                "%(where)s: the rules refuse play %(play)d: %(why)s",
                where=where,
                play=bad,
                why=reason,
            )
            if bad
            else gettext("%(where)s: the rules refuse its start: %(why)s", where=where, why=reason)
        )
        raise BackupError(message) from None
    if finished and live.deal_serial is None:
        raise BackupError(
            gettext(
                "%(where)s: its plays end the deal, yet it names no deal it became.", where=where
            )
        )
    if not finished and live.deal_serial is not None:
        raise BackupError(
            gettext("%(where)s: its plays do not end the deal it names.", where=where)
        )


def first_refused(session: GameSession, live: LiveDeal) -> int:
    """The number of the first play the engine refuses (0: the start), found by halving."""
    good, bad = -1, len(live.plays)  # the state after `bad` plays cannot be derived
    while bad - good > 1:
        middle = (good + bad) // 2
        try:
            session.game.live.derive(
                session.table, session.options, live.start, live.plays[:middle]
            )
            good = middle
        except LIVE_ERRORS:
            bad = middle
    return bad


def follow_sequences() -> None:
    """On PostgreSQL, move the players' id sequence past the ids given by hand."""
    if db.engine.dialect.name == "postgresql":
        db.session.execute(
            text(
                "SELECT setval(pg_get_serial_sequence('players', 'id'), "
                "COALESCE((SELECT MAX(id) FROM players), 0) + 1, false)"
            )
        )
