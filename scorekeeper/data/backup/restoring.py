"""A backup restored whole: what it holds and the database lacks is added, in one transaction or
not at all; its clubs and players here, its sessions by sessions.py."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from dataclasses import field as dataclass_field  # `field` reads a backup's fields
from typing import Any

from sqlalchemy import text

from ...rules import get_game
from ...rules.errors import InvalidInput
from ..extensions import db
from ..models import Club, Player, club_name, player_name
from .fields import THE_BACKUP, an_id, at_least, check_header, field, time_of, token_hash
from .problems import BackupError, Place
from .sessions import restore_session
from .tournaments import restore_tournament
from .writing import JSON, TOURNAMENTS_SINCE


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
        kinds = ("clubs", "players", "sessions", "live deals", "tournaments")
        added = ", ".join(f"{self.added.get(k, 0)} {k}" for k in kinds)
        kept = ", ".join(f"{self.kept.get(k, 0)} {k}" for k in kinds)
        return f"Added {added}; already there: {kept}."


def restore(raw: object, known_revisions: set[str]) -> Restored:
    """Add what a backup holds and the database lacks, all in one transaction or nothing.

    Ids are kept; a club, player or session already there (the same id) is left as it is,
    so importing a file twice adds nothing. Raise BackupError, having stored nothing.
    """
    backup = check_header(raw, known_revisions)
    version = field(backup, "format_version", int, THE_BACKUP)
    check_listed_once(backup)
    done = Restored({}, {})
    try:
        for club in field(backup, "clubs", list, THE_BACKUP):
            restore_club(club, done)
        for player in field(backup, "players", list, THE_BACKUP):
            restore_player(player, None, done)
        for number, session in enumerate(field(backup, "sessions", list, THE_BACKUP), 1):
            added = restore_session(session, Place("session-number", number=number), version)
            done.count("sessions", added.new)
            done.count("live deals", added.new, added.live_deals)
            if added.new and added.club_id is not None:
                done.grown.add(added.club_id)
        held: set[str] = set()
        for number, tournament in enumerate(tournaments_of(backup, version), 1):
            new = restore_tournament(tournament, number, held)
            done.count("tournaments", new)
            if new:
                done.grown.add(tournament["club"])
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


def tournaments_of(backup: Mapping[str, Any], version: int) -> list[Any]:
    """The backup's tournaments (none in a file from before them)."""
    if version < TOURNAMENTS_SINCE:
        return []
    return list(field(backup, "tournaments", list, THE_BACKUP))


def check_listed_once(backup: Mapping[str, Any]) -> None:
    """Raise BackupError if a club, player, session or tournament is listed twice: importing
    keeps what is there under an id, so a second listing (changed or not) would be dropped
    unseen."""
    clubs = field(backup, "clubs", list, THE_BACKUP)
    players = [
        *(p for club in clubs if isinstance(club, dict) for p in club.get("players") or []),
        *field(backup, "players", list, THE_BACKUP),
    ]
    kinds = (
        (clubs, "club-twice"),
        (players, "player-twice"),
        (field(backup, "sessions", list, THE_BACKUP), "session-twice"),
        (backup.get("tournaments") or [], "tournament-twice"),
    )
    for listed, problem in kinds:
        seen: set[object] = set()
        for item in listed:
            key = item.get("id") if isinstance(item, dict) else None
            if isinstance(key, str | int) and key in seen:
                raise BackupError(problem, id=key)
            seen.add(key)


def checked_name(check: Callable[[object], str], raw: Mapping[str, Any], where: Place) -> str:
    """A club's or player's name, held to the rules a new one is."""
    try:
        return check(field(raw, "name", str, where))
    except InvalidInput as error:
        raise BackupError("refused", where=where, why=error) from None


def restore_club(raw: Mapping[str, Any], done: Restored) -> None:
    """Add a club and its players, unless it is there already."""
    where = Place("club", id=raw.get("id")) if isinstance(raw, dict) else Place("a-club")
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


def house_rules_of(raw: Mapping[str, Any], where: Place) -> JSON | None:
    """A club's house rules, each game's checked as a session's options are (a file from before
    house rules has none)."""
    rules = raw.get("house_rules") or {}
    if not isinstance(rules, dict):
        raise BackupError("house-rules-not-object", where=where)
    try:
        for name, options in rules.items():
            get_game(name).parse_options(options)
    except InvalidInput as error:
        raise BackupError("refused", where=where, why=error) from None
    return rules or None


def restore_merge(raw: Mapping[str, Any], club_id: str) -> None:
    """Merge a restored player into the player the file says (a file before merges were
    kept says none): only into a player of the same club."""
    into = raw.get("merged_into")
    if into is None:
        return
    where = Place("player", id=raw.get("id"))
    other = db.session.get(Player, into) if isinstance(into, int) else None
    if other is None or other.club_id != club_id or other.id == raw.get("id"):
        raise BackupError("merged-elsewhere", where=where, into=into)
    player = db.session.get(Player, raw.get("id"))
    if player is None:
        return
    person = other
    while person.merged_into is not None:  # never a ring of merges: each one a person
        if person.merged_into is player:
            raise BackupError("merge-ring", where=where)
        person = person.merged_into
    player.merged_into = other


def restore_player(raw: Mapping[str, Any], club_id: str | None, done: Restored) -> None:
    """Add a player under their id, unless it is there already; another's id is a clash."""
    player_id = at_least(raw, "id", 1, Place("a-player"))
    where = Place("player", id=player_id)
    name = checked_name(player_name, raw, where)
    there = db.session.get(Player, player_id)
    if there is not None and there.club_id != club_id:
        raise BackupError("player-id-taken", where=where, name=name, other=there.name)
    if there is None:
        player = Player.new(name)
        player.id, player.club_id = player_id, club_id
        player.last_played_at = time_of(raw, "last_played_at", where)
        db.session.add(player)
        if club_id is not None:
            done.grown.add(club_id)
    done.count("players", there is None)


def follow_sequences() -> None:
    """On PostgreSQL, move the players' id sequence past the ids given by hand."""
    if db.engine.dialect.name == "postgresql":
        db.session.execute(
            text(
                "SELECT setval(pg_get_serial_sequence('players', 'id'), "
                "COALESCE((SELECT MAX(id) FROM players), 0) + 1, false)"
            )
        )
