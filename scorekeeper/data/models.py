"""The database: sessions, teams, players and deals as raw records, and their queries.

Standings are never stored: they are derived from the deal records by the rules engine. What is
done with the rows lives in modules named for it: deals.py (writing deals), starts.py (starting
sessions), players.py (names and merges), tokens.py (who may write), standings.py and boards.py
(the standing memo).
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any, NamedTuple, TypeVar

from sqlalchemy import JSON, ForeignKey, Index, String, UniqueConstraint, bindparam, false, select
from sqlalchemy.orm import Mapped, mapped_column, relationship, selectinload

from ..rules import Game, Table, get_game, limits
from ..rules.errors import InvalidInput
from ..rules.game import Record, Standing
from ..rules.live import LiveDeal as LiveState
from ..rules.table import team_name_of, tidy_name
from . import tokens
from .errors import NotFound
from .extensions import Model, db, scalar_alone
from .live_cache import derived
from .standings import STANDINGS, WROTE

SESSION_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")  # a session's or a club's public id
Row = TypeVar("Row", bound=Model)


def utcnow() -> datetime:
    """Now, in UTC, as the database stores it (naive)."""
    return datetime.now(UTC).replace(tzinfo=None)


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
        token = tokens.new_token(idempotency_key and tokens.club_keyed(club_id, idempotency_key))
        club = cls(id=club_id, name=club_name(name), keeper_token_hash=tokens.digest(token))
        db.session.add(club)
        return club, token

    @classmethod
    def find(cls, club_id: str, for_update: bool = False) -> Club:
        """The club with this public id; NotFound otherwise."""
        return _by_public_id(cls, club_id, "club", with_for_update=for_update)

    @staticmethod
    def keyed_token(club_id: str, idempotency_key: str) -> str:
        """The keeper's token of a club created under an Idempotency-Key (derived, not stored)."""
        return tokens.club_keyed(club_id, idempotency_key)

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

    @property
    def players(self) -> list[Player]:
        """The club's players, by name: not the names merged into another."""
        return [p for p in self.everyone if p.merged_into_id is None]

    def merged(self) -> list[Player]:
        """The names merged into another player (each can be split off again), by name."""
        return [p for p in self.everyone if p.merged_into_id is not None]

    def sessions(self, deleted: bool = False) -> list[GameSession]:
        """The club's sessions, newest first; `deleted`: the ones taken out instead."""
        query = (
            db.select(GameSession)
            .where(GameSession.club_id == self.id)
            .where(
                GameSession.deleted_at.is_not(None) if deleted else GameSession.deleted_at.is_(None)
            )
            .options(*EVERYTHING)
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

    def find_session(self, session_id: str) -> GameSession:
        """One of the club's sessions, live or deleted, or a 404."""
        found = GameSession.find(session_id, for_update=True)
        if found.club_id != self.id:
            raise NotFound("no-club-session", id=session_id)
        return found

    def rename(self, raw: object) -> bool:
        """Give the club a new name; False when it is its name already."""
        name = club_name(raw)
        if name == self.name:
            return False
        self.name = name
        self.touch()
        return True


def club_name(raw: object) -> str:
    """A club's name: 1 to 60 printable characters, spaces tidied; raise InvalidInput."""
    name, fault = tidy_name(raw, limits.MAX_CLUB_NAME)  # the engine's name rule
    if fault == "no-name":
        raise InvalidInput("bad-name", "club-no-name")
    if fault is not None:
        raise InvalidInput("bad-name", "club-name-too-long", most=limits.MAX_CLUB_NAME)
    return name


def player_name(raw: object) -> str:
    """A player's name: 1 to 40 printable characters, spaces tidied; raise InvalidInput."""
    name, fault = tidy_name(raw, limits.MAX_NAME)  # the engine's name rule
    if fault == "no-name":
        raise InvalidInput("bad-name", "player-no-name")
    if fault is not None:
        raise InvalidInput("bad-name", "player-name-too-long", most=limits.MAX_NAME)
    return name


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
    # The session's version at its last change; 0 where only a page reads the rows
    # (boards.board(), sessions/played.py), which never shows it. Every row an API answer shows
    # reads it.
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
    # A tournament's table (data/tournaments.py): its deals move the tournament's version too.
    tournament_table: Mapped[bool] = mapped_column(default=False, server_default=false())
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
            options=(EVERYTHING if deals else EVERYTHING[:1]) if full else (),
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
            raise NotFound("no-session", id=session_id)
        return int(version)

    @classmethod
    def recent(cls, ids: list[str], limit: int = 20) -> list[GameSession]:
        """Of these sessions, the ones played most recently."""
        query = (
            db.select(cls)
            .where(cls.id.in_(ids))
            .options(*EVERYTHING)  # the players too: a team's name may be theirs
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
        standing = STANDINGS.fold(
            key, lambda: [d.record for d in deals], self.game, self.table, self.options
        )
        is_ended = self.ended_at is not None if ended is None else ended
        if is_ended:
            return self.game.end(self.table, self.options, standing)  # the kept one is not ended
        return standing

    def to_request(self) -> dict[str, Any]:
        """What POST /api/v1/sessions would take to start this session again."""
        teams = [{"name": t.name, "players": t.players} for t in self.teams]
        club = {"club": self.club_id} if self.club_id else {}
        return {"game": self.game_name, "teams": teams, "options": self.options, **club}

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
        raise NotFound("no-deal", id=deal_id)

    def number_of(self, deal: Deal) -> int:
        """The 1-based number of a live deal; of a deleted one, the place it would come back to."""
        return 1 + sum(d.serial < deal.serial for d in self.deals)

    def next_serial(self) -> int:
        """The id the next deal will get: ids are never reused, so deletes do not change it."""
        return max((d.serial for d in self.all_deals), default=0) + 1

    def touch(self, club: bool = True) -> None:
        """Count one more change: its watchers follow. A live deal's play changes nothing its
        club shows (`club=False`): the club is touched when the deal is recorded."""
        db.session.info[WROTE] = True
        self.version += 1
        self.updated_at = utcnow()
        if club and self.club_id is not None and self.club is not None:  # no query without one
            self.club.touch()  # the club's history shows this session's standing
        if club and self.tournament_table:
            from .tournaments import table_touched

            table_touched(self.id)  # its tournament's version moves with its deals

    def set_removed(self, removed: bool) -> bool:
        """Take the session out of its club's history (restorable), or put it back.

        False when it is that way already."""
        if (self.deleted_at is not None) == removed:
            return False
        self.deleted_at = utcnow() if removed else None
        self.touch()  # and its club's
        return True


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
            raise NotFound("no-live-deal")
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
            raise NotFound("entered-whole", id=serial)
        return found

    def state(self, session: GameSession, plays: list[Any] | None = None) -> LiveState:
        """The state after every play stored (or after `plays` instead), carried on from this
        process's snapshot when it matches (live_cache.py)."""
        return derived(session, self, self.plays if plays is None else plays)


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

EVERYTHING = (
    selectinload(GameSession.teams).selectinload(Team.members).selectinload(Membership.player),
    selectinload(GameSession.all_deals),
)
# A session's version alone, by its public id (GameSession.etag_of), built once.
_VERSION = select(GameSession.version).where(GameSession.id == bindparam("id"))


def _by_public_id(model: type[Row], public_id: str, what: str, **options: Any) -> Row:
    """The `model` row with this public id (a club's or a session's); NotFound otherwise."""
    # Ids are token_urlsafe strings; others (a NUL, say) must not reach PostgreSQL.
    found = db.session.get(model, public_id, **options) if SESSION_ID.fullmatch(public_id) else None
    if found is None:
        raise NotFound("no-club" if what == "club" else "no-session", id=public_id)
    return found
