"""The database: sessions, teams, players and deals as raw records.

Standings are never stored: they are derived from the deal records by the rules engine.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import re
import secrets
from collections.abc import Callable, Collection, Mapping
from datetime import UTC, datetime
from typing import Any, NamedTuple, TypeVar

from flask import current_app
from sqlalchemy import JSON, ForeignKey, Index, String, UniqueConstraint, bindparam, select
from sqlalchemy.orm import Mapped, mapped_column, relationship, selectinload

from ..rules import Game, Table, get_game, limits
from ..rules.errors import InvalidInput
from ..rules.fields import required
from ..rules.game import Record, Standing
from ..rules.live import LiveDeal as LiveState
from ..rules.live import step_json
from ..rules.table import TeamEntry, parse_teams, team_name_of
from ..words import gettext, ngettext
from ..words.numbers import number as written
from . import standings
from .errors import Conflict, NotFound
from .extensions import Model, db, scalar_alone
from .live_cache import derived
from .memo import Memo
from .standings import WROTE


def none_under_way() -> str:
    """What a request for a live deal is told when none is under way."""
    return gettext("This session has no live deal under way.")


SESSION_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")  # a session's or a club's public id
Row = TypeVar("Row", bound=Model)


def utcnow() -> datetime:
    """Now, in UTC, as the database stores it (naive)."""
    return datetime.now(UTC).replace(tzinfo=None)


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Player(Model):
    """A person at the table, as their club names them (or one session, outside a club).

    Names are per club: "Raj" in one club is not "Raj" in another, and a name typed at one
    table never picks up another table's player. A seat keeps the player it was taken by for
    good; a keeper's merge only records that this player is another (`merged_into`), so that
    it can be split again at any time: who a seat's person is now is derived (`person`).
    """

    __tablename__ = "players"
    id: Mapped[int] = mapped_column(primary_key=True)
    club_id: Mapped[str | None] = mapped_column(ForeignKey("clubs.id"), index=True)
    name: Mapped[str] = mapped_column(String(40))
    key: Mapped[str] = mapped_column(String(120))  # the name case-folded (which may lengthen it)
    last_played_at: Mapped[datetime] = mapped_column(default=utcnow)
    merged_into_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    merged_into: Mapped[Player | None] = relationship(remote_side=[id])

    @classmethod
    def new(cls, name: str) -> Player:
        """A player of this name."""
        return cls(name=name, key=name.casefold())

    @property
    def person(self) -> Player:
        """The player this one is now: itself, or the one it was merged into (and so on)."""
        found = self
        while found.merged_into is not None:
            found = found.merged_into
        return found


class Club(Model):
    """A group that plays together: its sessions and its players, across evenings."""

    __tablename__ = "clubs"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(60))
    keeper_token_hash: Mapped[str] = mapped_column(String(64))
    version: Mapped[int] = mapped_column(default=1, server_default="1")
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)
    # Per game, the options its new sessions start with that differ from the game's defaults
    # ({"seep": {"target": 150}}); None: the usual rules of every game.
    house_rules: Mapped[dict[str, dict[str, Any]] | None] = mapped_column(JSON)
    everyone: Mapped[list[Player]] = relationship(order_by=Player.name)  # merged ones too

    @classmethod
    def create(cls, name: object, idempotency_key: str | None = None) -> tuple[Club, str]:
        """A new club with its keeper's token (shown once, stored hashed)."""
        club_id = secrets.token_urlsafe(9)
        token = (
            cls.keyed_token(club_id, idempotency_key)
            if idempotency_key
            else secrets.token_urlsafe(24)
        )
        club = cls(id=club_id, name=club_name(name), keeper_token_hash=_digest(token))
        db.session.add(club)
        return club, token

    @classmethod
    def find(cls, club_id: str, for_update: bool = False) -> Club:
        """The club with this public id; NotFound otherwise."""
        return _by_public_id(cls, club_id, "club", with_for_update=for_update)

    @staticmethod
    def keyed_token(club_id: str, idempotency_key: str) -> str:
        """The keeper's token of a club created under an Idempotency-Key (derived, not stored)."""
        return _derived_token(f"club-keeper:{club_id}:{idempotency_key}")

    @classmethod
    def many(cls, ids: list[str]) -> list[Club]:
        """The clubs with these ids (those that exist)."""
        return list(db.session.execute(db.select(cls).where(cls.id.in_(ids))).scalars())

    def rules_of(self, game_name: str) -> dict[str, Any]:
        """The house rules of a game: the options, as stored, that differ from its defaults."""
        return dict((self.house_rules or {}).get(game_name) or {})

    def set_house_rules(self, rules: Mapping[str, Mapping[str, Any]]) -> bool:
        """Keep these house rules (checked, per game the options that differ from its
        defaults) in place of the old ones; whether they changed."""
        kept = {name: dict(options) for name, options in rules.items() if options} or None
        if kept == (self.house_rules or None):
            return False
        self.house_rules = kept
        self.touch()
        return True

    def is_keeper(self, token: str | None) -> bool:
        """Whether `token` is the club keeper's."""
        return bool(token) and hmac.compare_digest(_digest(token or ""), self.keeper_token_hash)

    @property
    def players(self) -> list[Player]:
        """The club's players, by name: not the names merged into another."""
        return [p for p in self.everyone if p.merged_into_id is None]

    def merged(self) -> list[Player]:
        """The names merged into another player (each can be split off again), by name."""
        return [p for p in self.everyone if p.merged_into_id is not None]

    def player_named(self, name: str) -> Player:
        """The club's player of this name (any case), new if the club has none yet; a name
        merged into another is that name still (its seat is the other player's, derived)."""
        key = name.casefold()
        for player in sorted(self.everyone, key=lambda p: p.merged_into_id is not None):
            if player.key == key:
                return player
        player = Player.new(name)
        self.everyone.append(player)
        return player

    def aliases_of(self, player: Player) -> list[Player]:
        """The player and every player merged into them, directly or through another."""
        found, todo = [], [player]
        while todo:
            one = todo.pop()
            found.append(one)
            todo += [p for p in self.everyone if p.merged_into_id == one.id]
        return found

    def person_ids(self) -> dict[int, int]:
        """Each of the club's player ids (merged ones too) to the id of the person it is."""
        return {p.id: p.person.id for p in self.everyone}

    def sessions(self, deleted: bool = False) -> list[GameSession]:
        """The club's sessions, newest first; `deleted`: the ones taken out instead."""
        query = (
            db.select(GameSession)
            .where(GameSession.club_id == self.id)
            .where(
                GameSession.deleted_at.is_not(None) if deleted else GameSession.deleted_at.is_(None)
            )
            .options(*_EVERYTHING)
            .order_by(GameSession.created_at.desc())
        )
        return list(db.session.execute(query).scalars())

    def touch(self) -> None:
        """Count one more change."""
        db.session.info[WROTE] = True
        # Counted by the database, not from the version read: deals in two of the club's
        # sessions at once then count two (PostgreSQL re-reads a row it waited for), and the
        # club page's ETag moves for each. Read back after the write, never before.
        self.version = type(self).version + 1
        self.updated_at = utcnow()

    # -- the keeper's changes --------------------------------------------------------------

    def history(
        self,
        game: str | None = None,
        player_id: int | None = None,
        since: datetime | None = None,
        until: datetime | None = None,
        limit: int | None = None,
    ) -> list[GameSession]:
        """The club's live sessions, newest first, of a game, with a player, from `since` to
        before `until` (each filter None: not applied), the first `limit` of them."""
        query = (
            db.select(GameSession)
            .where(GameSession.club_id == self.id, GameSession.deleted_at.is_(None))
            .options(*_EVERYTHING)
            .order_by(GameSession.created_at.desc())
        )
        if game is not None:
            query = query.where(GameSession.game_name == game)
        if player_id is not None:
            found = self.player_or_none(player_id)
            ids = [p.id for p in self.aliases_of(found)] if found is not None else [player_id]
            query = query.where(GameSession.id.in_(_sessions_with(ids)))
        if since is not None:
            query = query.where(GameSession.created_at >= since)
        if until is not None:
            query = query.where(GameSession.created_at < until)
        return list(db.session.execute(query.limit(limit)).scalars())

    def player_or_none(self, player_id: object) -> Player | None:
        """The club's player with this id (given as text or a number), or None."""
        text = str(player_id)
        if not (text.isascii() and text.isdigit()):
            return None
        return next((p for p in self.players if p.id == int(text)), None)

    def find_session(self, session_id: str) -> GameSession:
        """One of the club's sessions, live or deleted, or a 404."""
        found = GameSession.find(session_id, for_update=True)
        if found.club_id != self.id:
            raise NotFound(gettext("This club has no session %(id)r.", id=session_id))
        return found

    def rename(self, raw: object) -> bool:
        """Give the club a new name; False when it is its name already."""
        name = club_name(raw)
        if name == self.name:
            return False
        self.name = name
        self.touch()
        return True

    def rename_player(self, player: Player, raw: object) -> bool:
        """Give a player a new name; False when it is theirs already. Another player's name
        is refused: two names of one person are merged instead."""
        name = player_name(raw)
        if name == player.name:
            return False
        taken = next((p for p in self.players if p.key == name.casefold()), None)
        if taken is not None and taken is not player:
            raise InvalidInput(
                "name-taken",
                gettext(
                    "%(name)s is another player of this club: merge the two if they are one.",
                    name=taken.name,
                ),
            )
        player.name, player.key = name, name.casefold()
        self._touch_sessions_of(player)
        return True

    def check_merge(self, kept: Player, gone: Player) -> int:
        """How many sessions a merge of `gone` into `kept` would give `kept`; raise InvalidInput
        if it cannot be made. Two players who sat at one table are two people."""
        if kept is gone:
            raise InvalidInput("same-player", gettext("Choose two different players to merge."))
        sessions = self._sessions_of(gone)
        if sessions & self._sessions_of(kept):
            raise InvalidInput(
                "same-table",
                gettext(
                    "%(kept)s and %(gone)s played in the same session: they are two people.",
                    kept=kept.name,
                    gone=gone.name,
                ),
            )
        return len(sessions)

    def merge(self, kept: Player, gone: Player) -> int:
        """Make two players one: `gone`'s seats become `kept`'s, and `gone`'s name leaves the
        lists; the number of sessions moved over. Only the merge is stored: `split` undoes it."""
        moved = self.check_merge(kept, gone)
        self._touch_sessions(self._sessions_of(gone))
        gone.merged_into = kept
        kept.last_played_at = max(kept.last_played_at, gone.last_played_at)
        return moved

    def split(self, gone: Player) -> Player:
        """Undo a merge at any later time: `gone` is a player of their own again, with every
        seat they took (and the names merged into them); the player they were merged into."""
        into = gone.merged_into
        if into is None or gone not in self.everyone:
            message = gettext("%(name)s is not merged into another player.", name=gone.name)
            raise InvalidInput("not-merged", message)
        taken = next((p for p in self.players if p.key == gone.key), None)
        if taken is not None:
            raise InvalidInput(
                "name-taken",
                gettext(
                    "%(taken)s is a player of this club already: rename them to split %(gone)s "
                    "off.",
                    taken=taken.name,
                    gone=gone.name,
                ),
            )
        gone.merged_into = None
        self._touch_sessions(self._sessions_of(gone))
        return into.person

    def merged_or_none(self, player_id: object) -> Player | None:
        """The name merged into another player with this id (as text or a number), or None."""
        text = str(player_id)
        if not (text.isascii() and text.isdigit()):
            return None
        return next((p for p in self.merged() if p.id == int(text)), None)

    def _sessions_of(self, player: Player) -> set[str]:
        """The sessions the player sat in, under any name merged into them."""
        return _session_ids(_memberships_of(*self.aliases_of(player)))

    def _touch_sessions_of(self, player: Player) -> None:
        self._touch_sessions(self._sessions_of(player))

    def _touch_sessions(self, session_ids: set[str]) -> None:
        """Count a change in the club and in these sessions, whose pages show players' names."""
        for session_id in session_ids:
            found = db.session.get(GameSession, session_id)
            if found is not None:
                found.touch()
        self.touch()


def club_name(raw: object) -> str:
    """A club's name: 1 to 60 printable characters, spaces tidied; raise InvalidInput."""
    if not isinstance(raw, str) or not raw.strip():
        raise InvalidInput("bad-name", gettext('A club needs a name, such as "Thursday table".'))
    name = _tidy_name(raw)
    if name is None or len(name) > limits.MAX_CLUB_NAME:
        message = gettext(
            "A club's name is at most %(most)d printable characters.", most=limits.MAX_CLUB_NAME
        )
        raise InvalidInput("bad-name", message)
    return name


def player_name(raw: object) -> str:
    """A player's name: 1 to 40 printable characters, spaces tidied; raise InvalidInput."""
    if not isinstance(raw, str) or not raw.strip():
        raise InvalidInput("bad-name", gettext("A player needs a name."))
    name = _tidy_name(raw)
    if name is None or len(name) > limits.MAX_NAME:
        message = gettext(
            "A player's name is at most %(most)d printable characters.", most=limits.MAX_NAME
        )
        raise InvalidInput("bad-name", message)
    return name


def _tidy_name(raw: str) -> str | None:
    """The name with its spaces tidied; None if it holds what cannot be printed."""
    name = " ".join(raw.split())
    return name if name.isprintable() else None


class Membership(Model):
    """A player's place in a team: the n-th player of team t."""

    __tablename__ = "memberships"
    team_id: Mapped[int] = mapped_column(ForeignKey("teams.id"), primary_key=True)
    position: Mapped[int] = mapped_column(primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    player: Mapped[Player] = relationship()


class Team(Model):
    """One side of a session: named at the table, or (`given_name` None) after its players."""

    __tablename__ = "teams"
    id: Mapped[int] = mapped_column(primary_key=True)
    session_id: Mapped[str] = mapped_column(ForeignKey("game_sessions.id"), index=True)
    position: Mapped[int]
    given_name: Mapped[str | None] = mapped_column("name", String(60))
    members: Mapped[list[Membership]] = relationship(
        order_by=Membership.position, cascade="all, delete-orphan"
    )

    @property
    def players(self) -> list[str]:
        """The players' names as they are now (renames and merges followed), in team order."""
        return [m.player.person.name for m in self.members]

    @property
    def name(self) -> str:
        """The team's name: the one given at the table, else its players' names as they are
        now (derived, so a renamed player is renamed here too)."""
        return self.given_name or team_name_of(self.players)


class Deal(Model):
    """One deal as entered; a deleted deal is kept so that it can be restored.

    `serial` is the deal's id within its session, for life (the API's deal "id"); its
    number is its place among the live deals and changes when an earlier deal is deleted.
    """

    __tablename__ = "deals"
    __table_args__ = (
        UniqueConstraint("session_id", "serial", name="uq_deals_session_serial"),
        # What changed since a version (`?since=`) is read by this index, not the whole session.
        Index("ix_deals_session_changed", "session_id", "changed"),
    )
    id: Mapped[int] = mapped_column(primary_key=True)
    session_id: Mapped[str] = mapped_column(ForeignKey("game_sessions.id"), index=True)
    serial: Mapped[int]  # never reused, and also the order of play
    version: Mapped[int] = mapped_column(default=1, server_default="1")
    # The session's version at the deal's last change (creation, edit, deletion, restoration).
    changed: Mapped[int] = mapped_column(default=1, server_default="1")
    record: Mapped[Record] = mapped_column(JSON)  # as the game's parse_deal gave it
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)
    deleted_at: Mapped[datetime | None]
    session: Mapped[GameSession] = relationship(back_populates="all_deals")

    @property
    def etag(self) -> str:
        """The deal's entity tag (unquoted): its id and version."""
        return f"{self.serial}.{self.version}"

    @property
    def deleted(self) -> bool:
        """Whether the deal is out of the session (restorable)."""
        return self.deleted_at is not None

    def count_change(self) -> None:
        """Count one more change (the session's version it came with is set by its session)."""
        self.version += 1
        self.updated_at = utcnow()


class DealRow(NamedTuple):
    """A live deal as read for an answer: its columns only, no ORM object (cheap for thousands)."""

    serial: int
    version: int
    record: Record
    # The session's version at its last change; 0 where only a page reads the rows (board(),
    # sessions/played.py), which never shows it. Every row an API answer shows reads it.
    changed: int = 0

    @property
    def deleted(self) -> bool:
        """Never: only live deals are read as rows."""
        return False


class GameSession(Model):
    """A sitting of one game by fixed teams: its options and its deals."""

    __tablename__ = "game_sessions"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game_name: Mapped[str] = mapped_column("game", String(20))
    club_id: Mapped[str | None] = mapped_column(ForeignKey("clubs.id"), index=True)
    deleted_at: Mapped[datetime | None]  # taken out of its club's history (restorable)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    players_per_team: Mapped[int]
    edit_token_hash: Mapped[str] = mapped_column(String(64))  # the keeper's token
    scorer_generation: Mapped[int] = mapped_column(default=0, server_default="0")
    version: Mapped[int] = mapped_column(default=1, server_default="1")  # grows with each change
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, index=True)
    # When the table ended the session where it stood (None: it plays on): a raw record, its
    # result derived (Game.end). Ended, it is finished, and no deal follows until it is reopened.
    ended_at: Mapped[datetime | None]
    teams: Mapped[list[Team]] = relationship(order_by=Team.position, cascade="all, delete-orphan")
    club: Mapped[Club | None] = relationship()
    all_deals: Mapped[list[Deal]] = relationship(
        order_by=Deal.serial, cascade="all, delete-orphan", back_populates="session"
    )

    # -- reading ---------------------------------------------------------------------------

    @classmethod
    def find(
        cls, session_id: str, for_update: bool = False, full: bool = False, deals: bool = True
    ) -> GameSession:
        """The session with this public id; NotFound otherwise.

        `for_update` locks it for a write; `full` loads teams, players and deals at once
        (three queries, not one per player), the deals only if `deals` (else read them as
        deal_rows).
        """
        return _by_public_id(
            cls,
            session_id,
            "session",
            with_for_update=for_update,
            options=(_EVERYTHING if deals else _EVERYTHING[:1]) if full else (),
            populate_existing=full,  # load the relations even if the row is known already
        )

    @property
    def etag(self) -> str:
        """The session's entity tag (unquoted): its version."""
        return f"s{self.version}"

    @classmethod
    def etag_of(cls, session_id: str) -> str:
        """The tag of the session with this public id, read alone: what a 304 needs, without
        loading the row (issue 34); NotFound otherwise."""
        return f"s{cls.version_of(session_id)}"

    @classmethod
    def version_of(cls, session_id: str) -> int:
        """The version of the session with this public id, one column read alone; NotFound
        otherwise."""
        # Not through the ORM session: a poll's 304 reads nothing else (issue 34).
        version = (
            scalar_alone(_VERSION, {"id": session_id}) if SESSION_ID.fullmatch(session_id) else None
        )
        if version is None:
            raise NotFound(gettext("There is no session %(id)r.", id=session_id))
        return int(version)

    @classmethod
    def recent(cls, ids: list[str], limit: int = 20) -> list[GameSession]:
        """Of these sessions, the ones played most recently."""
        query = (
            db.select(cls)
            .where(cls.id.in_(ids))
            .options(*_EVERYTHING)  # the players too: a team's name may be theirs
            .order_by(cls.updated_at.desc())
            .limit(limit)
        )
        return list(db.session.execute(query).scalars())

    @property
    def game(self) -> Game:
        """This session's rules."""
        return get_game(self.game_name)

    @property
    def table(self) -> Table:
        """How the teams sit."""
        return Table(len(self.teams), self.players_per_team)

    @property
    def deals(self) -> list[Deal]:
        """The live deals in order of play; deal n is deals[n - 1]."""
        return [d for d in self.all_deals if not d.deleted]

    def seat_names(self) -> list[str]:
        """Each seat's player, in playing order."""
        table = self.table
        return [
            self.teams[table.team_of(seat)].players[table.player_of(seat)]
            for seat in range(table.seats)
        ]

    def deal_rows(self) -> list[DealRow]:
        """The live deals in order of play, read as rows: what a long session's answer needs
        without an ORM object each."""
        columns = (Deal.serial, Deal.version, Deal.record, Deal.changed)
        query = db.select(*columns).where(Deal.session_id == self.id, Deal.deleted_at.is_(None))
        return [DealRow(*row) for row in db.session.execute(query.order_by(Deal.serial))]

    def board(self) -> tuple[list[tuple[int, int]], Standing[Any], dict[int, Record]]:
        """Each live deal's (serial, version) and the standing, memoised by the session's
        version as read (`self.version`, the page's tag); and the records read, none when
        memoised. A long session's scoreboard then reads no deal it does not list."""
        memoise = not db.session.info.get(WROTE)
        found = _BOARDS.get((self.id, self.version)) if memoise else None
        if found is not None:
            return (*found, {})
        # The version and the end with the deals, in one statement: on PostgreSQL two statements
        # may see two states, and a standing memoised under a version must be that version's.
        live = (Deal.session_id == GameSession.id) & Deal.deleted_at.is_(None)
        query = (
            db.select(
                GameSession.version, GameSession.ended_at, Deal.serial, Deal.version, Deal.record
            )
            .outerjoin(Deal, live)
            .where(GameSession.id == self.id)
            .order_by(Deal.serial)
        )
        rows = db.session.execute(query).all()
        deals = [
            DealRow(serial, version, record)
            for _, _, serial, version, record in rows
            if serial is not None
        ]
        standing = self.standing(deals, ended=rows[0][1] is not None)
        versions = [(deal.serial, deal.version) for deal in deals]
        if memoise:
            _BOARDS.keep((self.id, rows[0][0]), (versions, standing))
        return versions, standing, {deal.serial: deal.record for deal in deals}

    def records_of(self, serials: Collection[int]) -> dict[int, Record]:
        """The records of these deals (live or deleted: one may go between two reads), by id."""
        query = db.select(Deal.serial, Deal.record).where(
            Deal.session_id == self.id, Deal.serial.in_(serials)
        )
        return {serial: record for serial, record in db.session.execute(query)}

    def standing(
        self, rows: list[DealRow] | None = None, ended: bool | None = None
    ) -> Standing[Any]:
        """The standing, recomputed from the deal records (once per set of deal versions); from
        `rows` (this session's deal_rows) if given; ended where the table ended the session
        (`ended`: whether it is, when read with the rows)."""
        deals: list[Deal] | list[DealRow] = self.deals if rows is None else rows
        # Keyed by the deals as loaded, not by the session's version: on PostgreSQL a read sees
        # the session row and its deals in two statements, so a deal committed in between would
        # otherwise be memoised under the older version (found by bench/load.py: a 500).
        key = (self.id, tuple((d.serial, d.version) for d in deals))
        standing = standings.found(key)
        if standing is None:
            records = [d.record for d in deals]
            game, table = self.game, self.table
            standing = standings.one_on(key, records, game, table, self.options)
            if standing is None:
                standing = game.standing(table, self.options, records)
            standings.keep(key, standing, records)
        is_ended = self.ended_at is not None if ended is None else ended
        if is_ended:
            return self.game.end(self.table, self.options, standing)  # the kept one is not ended
        return standing

    # -- who may write -----------------------------------------------------------------------

    def is_keeper(self, token: str | None) -> bool:
        """Whether `token` is the keeper's: the token this session was started with."""
        return bool(token) and hmac.compare_digest(_digest(token or ""), self.edit_token_hash)

    def scorer_token(self) -> str:
        """The token of today's scorer link; revoking scorer links changes it."""
        return _derived_token(f"scorer:{self.id}:{self.scorer_generation}")

    @staticmethod
    def keyed_token(session_id: str, idempotency_key: str) -> str:
        """The keeper's token of a session started under an Idempotency-Key.

        Derived rather than random, so that a repeated start can answer it again without it
        ever being stored in clear.
        """
        return _derived_token(f"keeper:{session_id}:{idempotency_key}")

    def can_edit(self, token: str | None) -> bool:
        """Whether `token` lets its holder keep score: the keeper's, or today's scorer link."""
        if not token:
            return False
        # Bytes, not str: compare_digest refuses a str that is not ASCII (a 500 otherwise).
        return self.is_keeper(token) or hmac.compare_digest(
            token.encode(), self.scorer_token().encode()
        )

    def revoke_scorers(self) -> str:
        """Stop every scorer link; the new scorer token."""
        self.scorer_generation += 1
        self.touch()
        return self.scorer_token()

    def to_request(self) -> dict[str, Any]:
        """What POST /api/v1/sessions would take to start this session again."""
        teams = [{"name": t.name, "players": t.players} for t in self.teams]
        club = {"club": self.club_id} if self.club_id else {}
        return {"game": self.game_name, "teams": teams, "options": self.options, **club}

    # -- writing ---------------------------------------------------------------------------

    @classmethod
    def from_request(
        cls, body: Mapping[str, Any], idempotency_key: str | None = None
    ) -> tuple[GameSession, str]:
        """Start a session from the API's request body; raise InvalidInput if it is wrong."""
        game = get_game(required(body, "game", "A session"))
        table, teams = parse_teams(required(body, "teams", "A session"))
        club = _club_of(body.get("club"))
        raw = body.get("options")
        house = club.rules_of(game.name) if club is not None else {}
        options = game.parse_options(raw)  # the options given, checked on their own
        if house:
            # The club's house rules, each option given overriding its own.
            options = game.parse_options({**house, **(raw or {})})
            _check_house_table(game, table, options, house, raw or {})
        game.check_table(table, options)
        return cls.start(game, teams, options, idempotency_key, club)

    @classmethod
    def start(
        cls,
        game: Game,
        teams: tuple[TeamEntry, ...],
        options: dict[str, Any],
        idempotency_key: str | None = None,
        club: Club | None = None,
    ) -> tuple[GameSession, str]:
        """A new session of checked teams and options, with its keeper's token (shown once,
        stored hashed)."""
        session_id = secrets.token_urlsafe(9)
        token = (
            cls.keyed_token(session_id, idempotency_key)
            if idempotency_key
            else secrets.token_urlsafe(24)
        )
        session = cls(
            id=session_id,
            game_name=game.name,
            options=options,
            players_per_team=len(teams[0].players),
            edit_token_hash=_digest(token),
            club=club,
        )
        named = club.player_named if club is not None else Player.new
        for position, entry in enumerate(teams):
            # A name that is the players' own is not stored: it follows their renames.
            given = None if entry.name == team_name_of(entry.players) else entry.name
            team = Team(position=position, given_name=given)
            team.members = [
                Membership(position=n, player=named(p)) for n, p in enumerate(entry.players)
            ]
            session.teams.append(team)
        if club is not None:
            club.touch()
        db.session.add(session)
        return session, token

    def ensure_open(self) -> None:
        """Raise InvalidInput if no deal can follow (a Seep session that is decided, M4), and a
        Conflict when the session was ended or keeps as many deals as one may."""
        self.ensure_not_ended()
        self.ensure_room()
        self._check_next(self.standing(), None)

    def ensure_not_ended(self) -> None:
        """Refuse (409) a deal while the table has the session ended: it is reopened first."""
        if self.ended_at is not None:
            message = gettext(
                "This session has ended. Nothing was stored: play on (reopen it) to add a deal."
            )
            raise Conflict(409, "session-ended", message)

    def end(self) -> bool:
        """End the session where it stands (the table stops playing): it is finished, and goes
        to the team ahead. False when it is ended already; a 409 when there is nothing to end
        (no deal, or finished by its rules) or while a deal is being played live."""
        if self.ended_at is not None:
            return False
        standing = self.standing(self.deal_rows())
        if standing["finished"] or not standing["deals"]:
            message = (
                gettext("This session is finished already: there is nothing to end.")
                if standing["deals"]
                else gettext("This session has no deal yet: there is nothing to end.")
            )
            raise Conflict(409, "nothing-to-end", message)
        if LiveDeal.current(self) is not None:
            message = gettext(
                "Deal %(number)d is being played live: finish it, or stop playing it live, "
                "before ending the session. Nothing was changed.",
                number=len(standing["deals"]) + 1,
            )
            raise Conflict(409, "live-deal-under-way", message)
        self.ended_at = utcnow()
        self.touch()
        return True

    def reopen(self) -> bool:
        """Take the end back: the session plays on from where it stood. False when it is not
        ended."""
        if self.ended_at is None:
            return False
        self.ended_at = None
        self.touch()
        return True

    def ensure_room(self, kept: int | None = None) -> None:
        """Refuse (409) a deal past the most a session keeps (MOST_DEALS, deleted ones count:
        they can be restored); `kept`: how many it keeps, when its deals are not loaded."""
        most = limits.MOST_DEALS
        if (len(self.all_deals) if kept is None else kept) >= most:
            message = ngettext(
                "This session keeps %(most)s deal, the most one session may. Nothing was stored: "
                "start a new session to go on.",
                "This session keeps %(most)s deals (deleted ones among them), the most one session "
                "may. Nothing was stored: start a new session to go on.",
                most,
                most=written(most),
            )
            raise Conflict(409, "too-many-deals", message)

    def ensure_not_played_live(self) -> None:
        """Refuse (409) while the next deal is being played live: entering it whole as well
        would record it twice."""
        if LiveDeal.current(self) is not None:
            raise Conflict(
                409,
                "live-deal-under-way",
                gettext(
                    "Deal %(number)d is being played live: go on with it on its live page, or "
                    "stop playing it live there to enter it whole. Nothing was stored.",
                    number=len(self.deals) + 1,
                ),
            )

    def _check_next(self, standing: Standing[Any], record: Record | None) -> None:
        """Raise InvalidInput unless `record` may follow the deals folded into `standing`."""
        names = [team.name for team in self.teams]
        self.game.check_next(self.table, self.options, standing, record, names)

    def add_deal(self, raw: Any, number: int | None = None, next_id: int | None = None) -> Deal:
        """Validate and append a deal entered whole as deal `number`, or as the deal that was to
        get id `next_id` (a form's, which deletes do not move); a 409 if another came first, or
        while the next deal is being played live, or when the session is ended or full."""
        self.ensure_not_ended()
        self.ensure_not_played_live()
        self.ensure_room()
        return self._append_deal(raw, number, next_id)

    def add_deal_after(self, rows: list[DealRow], raw: Any, number: int | None = None) -> Deal:
        """add_deal for a session found without its deals, `rows` its live deals (deal_rows):
        the same checks and deal, with no deal loaded as an object (a long session's write)."""
        self.ensure_not_ended()
        self.ensure_not_played_live()
        kept, last = db.session.execute(
            db.select(db.func.count(Deal.serial), db.func.max(Deal.serial)).where(
                Deal.session_id == self.id
            )
        ).one()
        self.ensure_room(kept)
        record = self.game.parse_deal(raw, self.table, self.options)
        if number is not None:
            self._ensure_number_is_next(number, len(rows))
        self._check_next(self.standing(rows), record)
        deal = Deal(session_id=self.id, serial=(last or 0) + 1, record=record)
        db.session.add(deal)
        self._touch_with(deal)
        return deal

    def finish_live(self, live: LiveDeal, record: Mapping[str, Any]) -> Deal:
        """Record the deal that `live`'s last play ended; the live deal becomes that deal's."""
        self.ensure_not_ended()
        deal = self._append_deal(record)
        db.session.flush()
        live.deal_serial = deal.serial
        return deal

    def _append_deal(self, raw: Any, number: int | None = None, next_id: int | None = None) -> Deal:
        record = self.game.parse_deal(raw, self.table, self.options)
        if next_id is not None:
            self._ensure_none_entered_since(next_id)
        elif number is not None:
            self._ensure_number_is_next(number)
        self._check_next(self.standing(), record)
        deal = Deal(serial=self.next_serial(), record=record)
        self.all_deals.append(deal)
        self._touch_with(deal)
        return deal

    def _ensure_number_is_next(self, number: int, live: int | None = None) -> None:
        upcoming = (len(self.deals) if live is None else live) + 1
        if number < upcoming:
            raise Conflict(
                409,
                "deal-exists",
                gettext(
                    "Deal %(number)d was already entered by another scorer. Nothing was stored; "
                    "this one would be deal %(upcoming)d.",
                    number=number,
                    upcoming=upcoming,
                ),
                self.deals[number - 1],
            )
        if number > upcoming:
            raise Conflict(
                409,
                "deal-out-of-order",
                gettext(
                    "Deal %(upcoming)d comes next, not deal %(number)d. Nothing was stored.",
                    upcoming=upcoming,
                    number=number,
                ),
            )

    def _ensure_none_entered_since(self, next_id: int) -> None:
        if next_id == self.next_serial():
            return
        if next_id > self.next_serial():
            message = gettext("This form is not of this session: reload it.")
            raise Conflict(409, "deal-out-of-order", message)
        latest = max(self.all_deals, key=lambda d: d.serial)  # ids only grow: it came last
        upcoming = len(self.deals) + 1
        if latest.deleted:
            message = gettext(
                "A deal was already entered by another scorer while you were entering yours. "
                "Nothing was stored; this one would be deal %(upcoming)d.",
                upcoming=upcoming,
            )
        else:
            message = gettext(
                "Deal %(number)d was already entered by another scorer while you were entering "
                "yours. Nothing was stored; this one would be deal %(upcoming)d.",
                number=self.number_of(latest),
                upcoming=upcoming,
            )
        raise Conflict(409, "deal-exists", message, latest)

    def replace_deal(self, deal: Deal, raw: Any) -> bool:
        """Store a new record for a live deal; False when it is the record already there."""
        if deal.deleted:
            raise Conflict(
                409,
                "deal-deleted",
                gettext(
                    "Deal #%(id)d was deleted by another scorer. Restore it to correct it.",
                    id=deal.serial,
                ),
                deal,
            )
        record = self.game.parse_deal(raw, self.table, self.options)
        if record == deal.record:
            return False  # a repeated correction changes nothing
        before = [d.record for d in self.deals if d.serial < deal.serial]
        self._check_next(self.game.standing(self.table, self.options, before), record)
        deal.record = record
        deal.count_change()
        self._touch_with(deal)
        return True

    def set_deleted(self, deal: Deal, deleted: bool) -> bool:
        """Take a deal out of the session (restorable), or put it back in its old place.

        False when it is that way already: a repeated delete or restore changes nothing.
        """
        if deal.deleted == deleted:
            return False
        deal.deleted_at = utcnow() if deleted else None
        deal.count_change()
        self._touch_with(deal)
        return True

    def deleted_deals(self) -> list[DealRow]:
        """The deals taken out, most recently first, read as rows: the scoreboard lists them
        without loading every deal."""
        columns = (Deal.serial, Deal.version, Deal.record, Deal.changed)
        query = db.select(*columns).where(Deal.session_id == self.id, Deal.deleted_at.is_not(None))
        order = (Deal.deleted_at.desc(), Deal.serial)
        return [DealRow(*row) for row in db.session.execute(query.order_by(*order))]

    def find_deal(self, deal_id: int) -> Deal:
        """The deal with this id, live or deleted, or a 404."""
        for deal in self.all_deals:
            if deal.serial == deal_id:
                return deal
        raise NotFound(gettext("This session has no deal #%(id)d.", id=deal_id))

    def number_of(self, deal: Deal) -> int:
        """The 1-based number of a live deal; of a deleted one, the place it would come back to."""
        return 1 + sum(d.serial < deal.serial for d in self.deals)

    def next_serial(self) -> int:
        """The id the next deal will get: ids are never reused, so deletes do not change it."""
        return max((d.serial for d in self.all_deals), default=0) + 1

    def _touch_with(self, deal: Deal) -> None:
        """Count one more change, made to `deal`: it remembers the version it came with."""
        self.touch()
        deal.changed = self.version

    def touch(self, club: bool = True) -> None:
        """Count one more change: its watchers follow. A live deal's play changes nothing its
        club shows (`club=False`): the club is touched when the deal is recorded."""
        db.session.info[WROTE] = True
        self.version += 1
        self.updated_at = utcnow()
        if club and self.club_id is not None and self.club is not None:  # no query without one
            self.club.touch()  # the club's history shows this session's standing

    def set_removed(self, removed: bool) -> bool:
        """Take the session out of its club's history (restorable), or put it back.

        False when it is that way already."""
        if (self.deleted_at is not None) == removed:
            return False
        self.deleted_at = utcnow() if removed else None
        self.touch()  # and its club's
        return True

    def move_to(self, club: Club) -> Club | None:
        """Put the session in `club`, its players matched by name among the club's; the club
        it left (None when it had none). Players left with no session are removed."""
        left = self.club
        members = [m for team in self.teams for m in team.members]
        old = {m.player for m in members}
        for membership in members:
            membership.player = club.player_named(membership.player.person.name)
        self.club, self.deleted_at = club, None
        db.session.flush()
        for player in old - {m.player for m in members}:
            merged_here = db.select(Player.id).where(Player.merged_into_id == player.id)
            if not _memberships_of(player) and db.session.scalar(merged_here.limit(1)) is None:
                if left is not None and player in left.everyone:
                    left.everyone.remove(player)
                db.session.delete(player)
        self.touch()  # and its new club's
        if left is not None:
            left.touch()
        return left


class LiveDeal(Model):
    """A deal followed play by play; `deal_serial` is the deal it became once finished."""

    __tablename__ = "live_deals"
    id: Mapped[int] = mapped_column(primary_key=True)
    session_id: Mapped[str] = mapped_column(ForeignKey("game_sessions.id"), index=True)
    start: Mapped[dict[str, Any]] = mapped_column(JSON)
    plays: Mapped[list[Any]] = mapped_column(JSON)
    deal_serial: Mapped[int | None]
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)
    game: Mapped[str] = mapped_column(String(20))

    @classmethod
    def latest(cls, session: GameSession) -> LiveDeal | None:
        """The session's latest live deal, under way or finished."""
        query = db.select(cls).filter_by(session_id=session.id).order_by(cls.id.desc()).limit(1)
        return db.session.execute(query).scalar_one_or_none()

    @classmethod
    def current(cls, session: GameSession) -> LiveDeal | None:
        """The session's live deal under way, if any."""
        latest = cls.latest(session)
        return latest if latest is not None and latest.deal_serial is None else None

    @classmethod
    def under_way(cls, session_ids: list[str]) -> set[str]:
        """Of these sessions, the ones with a live deal under way (one query for them all)."""
        if not session_ids:
            return set()
        latest = (
            db.select(db.func.max(cls.id))
            .where(cls.session_id.in_(session_ids))
            .group_by(cls.session_id)
        )
        query = db.select(cls.session_id).where(cls.id.in_(latest), cls.deal_serial.is_(None))
        return set(db.session.execute(query).scalars())

    @classmethod
    def find_current(cls, session: GameSession) -> LiveDeal:
        """The session's live deal under way; NotFound when there is none."""
        found = cls.current(session)
        if found is None:
            raise NotFound(none_under_way())
        return found

    @classmethod
    def deals_played(cls, session: GameSession) -> frozenset[int]:
        """The ids of the session's deals that were played live (each can be replayed)."""
        query = db.select(cls.deal_serial).filter_by(session_id=session.id)
        return frozenset(s for s in db.session.scalars(query) if s is not None)

    @classmethod
    def find_of_deal(cls, session: GameSession, serial: int) -> LiveDeal:
        """The live deal that became deal `serial` of the session; NotFound when it was entered
        whole."""
        session.find_deal(serial)
        query = db.select(cls).filter_by(session_id=session.id, deal_serial=serial)
        found = db.session.execute(query).scalar_one_or_none()
        if found is None:
            raise NotFound(gettext("Deal #%(id)d was entered whole, not play by play.", id=serial))
        return found

    def state(self, session: GameSession, plays: list[Any] | None = None) -> LiveState:
        """The state after every play stored (or after `plays` instead), carried on from this
        process's snapshot when it matches (live_cache.py)."""
        return derived(session, self, self.plays if plays is None else plays)

    def replay(
        self, session: GameSession, deal: Deal, words: StepWords | None = None
    ) -> tuple[list[dict[str, Any]], bool]:
        """The steps of rules/live.py's `replay` (the state before any play, then after each),
        and whether `deal`, which these plays recorded, was corrected since (edited on the
        scoreboard): the record its plays make is not the record stored. One pass gives both.
        `words(step, state)` gives a step its sentences in the reader's words."""
        game, steps = session.game, []
        for last in game.live.states(session.table, session.options, self.start, self.plays):
            step = step_json(last)
            steps.append(words(step, last) if words else step)
        made = game.parse_deal(last.record(), session.table, session.options)
        return steps, bool(deal.record != json.loads(json.dumps(made)))  # as stored: lists


StepWords = Callable[[dict[str, Any], LiveState], dict[str, Any]]  # a replay step, worded


class SessionSummary(Model):
    """A session's statistics summary (its game's `summarize`), kept for its version.

    A cache, never the truth: it is used only while its version is the session's and its
    `form` is SUMMARY_FORM, and it is simply computed again otherwise.
    """

    __tablename__ = "session_summaries"
    session_id: Mapped[str] = mapped_column(ForeignKey("game_sessions.id"), primary_key=True)
    version: Mapped[int]
    form: Mapped[int]
    summary: Mapped[dict[str, Any]] = mapped_column(JSON)


# Grows whenever a summary changes what it gives: 2 adds the finished games (the ratings');
# migration 0012 works the summaries of an older form out again. 3: an unfinished session is
# nobody's win, and one the table ended is finished (migration 0014).
SUMMARY_FORM = 3

_EVERYTHING = (
    selectinload(GameSession.teams).selectinload(Team.members).selectinload(Membership.player),
    selectinload(GameSession.all_deals),
)
# A session's version alone, by its public id (GameSession.etag_of), built once.
_VERSION = select(GameSession.version).where(GameSession.id == bindparam("id"))
# A scoreboard's deals and standing, by session and session version (GameSession.board).
Board = tuple[list[tuple[int, int]], Standing[Any]]  # each deal's (id, version), the standing
_BOARDS: Memo[tuple[str, int], Board] = Memo(standings.MEMO_SIZE)


def _by_public_id(model: type[Row], public_id: str, what: str, **options: Any) -> Row:
    """The `model` row with this public id (a club's or a session's); NotFound otherwise."""
    # Ids are token_urlsafe strings; others (a NUL, say) must not reach PostgreSQL.
    found = db.session.get(model, public_id, **options) if SESSION_ID.fullmatch(public_id) else None
    if found is None:
        raise NotFound(
            gettext("There is no club %(id)r.", id=public_id)
            if what == "club"
            else gettext("There is no session %(id)r.", id=public_id)
        )
    return found


def _memberships_of(*players: Player) -> list[Membership]:
    """Every place these players took, in any session."""
    query = db.select(Membership).where(Membership.player_id.in_([p.id for p in players]))
    return list(db.session.execute(query).scalars())


def _session_ids(memberships: list[Membership]) -> set[str]:
    """The sessions these places are in."""
    teams = {m.team_id for m in memberships}
    if not teams:
        return set()
    query = db.select(Team.session_id).where(Team.id.in_(teams))
    return set(db.session.execute(query).scalars())


def _sessions_with(player_ids: list[int]) -> Any:
    """A subquery: the ids of the sessions these players sat in."""
    return (
        db.select(Team.session_id)
        .join(Membership, Membership.team_id == Team.id)
        .where(Membership.player_id.in_(player_ids))
    )


def _check_house_table(
    game: Game, table: Table, options: dict[str, Any], house: dict[str, Any], given: dict[str, Any]
) -> None:
    """Raise InvalidInput, naming the house rules, when the teams fit the options given but not
    the club's house rules (a house rule that shapes the table: Casino's partnerships …)."""
    try:
        game.check_table(table, options)
    except InvalidInput as error:
        game.check_table(table, game.parse_options(given))  # the teams' own misfit says itself
        taken = {name: value for name, value in house.items() if name not in given}
        unfit = {n: v for n, v in taken.items() if not _fits(game, table, given | {n: v})}
        rules = ", ".join(
            f"{name}: {json.dumps(value)}" for name, value in (unfit or taken).items()
        )
        message = gettext(
            "These teams do not fit the club's house rules (%(rules)s): give the options to "
            "play by in the session's options.",
            rules=rules,
        )
        raise InvalidInput(error.code, message) from error


def _fits(game: Game, table: Table, raw: dict[str, Any]) -> bool:
    """Whether the teams, so seated, may play by these (checked) options."""
    try:
        game.check_table(table, game.parse_options(raw))
    except InvalidInput:
        return False
    return True


def _club_of(raw: object) -> Club | None:
    """The club a new session joins (API: "club"), None for none; raise InvalidInput."""
    if raw is None:
        return None
    found = (
        db.session.get(Club, raw) if isinstance(raw, str) and SESSION_ID.fullmatch(raw) else None
    )
    if found is None:
        raise InvalidInput("unknown-club", gettext("There is no club %(id)r.", id=str(raw)[:40]))
    return found


def _derived_token(purpose: str) -> str:
    """A token computed from the app's secret key: it need not be stored to be checked."""
    secret = str(current_app.config["SECRET_KEY"]).encode()
    mac = hmac.new(secret, purpose.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac).decode().rstrip("=")[:32]


def recent_player_names(session_ids: list[str], limit: int = 30) -> list[str]:
    """Players of these sessions (the ones this browser keeps score of), latest first."""
    if not session_ids:
        return []
    query = (
        db.select(Player.name, db.func.max(GameSession.updated_at).label("seen"))
        .join(Membership, Membership.player_id == Player.id)
        .join(Team, Team.id == Membership.team_id)
        .join(GameSession, GameSession.id == Team.session_id)
        .where(GameSession.id.in_(session_ids))
        .where(Player.merged_into_id.is_(None))  # not a name merged into another player
        .group_by(Player.name)
        .order_by(db.text("seen DESC"))
        .limit(limit)
    )
    return [name for name, _seen in db.session.execute(query)]
