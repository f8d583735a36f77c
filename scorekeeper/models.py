"""The database: sessions, teams, players and deals as raw records.

Standings are never stored: they are derived from the deal records by the rules engine.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from flask import abort
from sqlalchemy import JSON, ForeignKey, String
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column, relationship, selectinload

from .extensions import db
from .rules import Game, InvalidInput, Table, get_game
from .rules.fields import required
from .rules.table import TeamEntry, parse_teams

SESSION_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Player(db.Model):
    """A person, remembered by name across sessions."""

    __tablename__ = "players"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    key: Mapped[str] = mapped_column(String(120), unique=True)  # casefold may lengthen a name
    last_played_at: Mapped[datetime] = mapped_column(default=_now)

    @classmethod
    def named(cls, name: str) -> Player:
        """The player with this name (any case), created if new."""
        key = name.casefold()
        query = db.select(cls).filter_by(key=key)
        player = db.session.execute(query).scalar_one_or_none()
        if player is None:
            try:
                with db.session.begin_nested():
                    player = cls(name=name, key=key)
                    db.session.add(player)
            except IntegrityError:  # another request added the same name just now
                player = db.session.execute(query).scalar_one()
        player.last_played_at = _now()
        return player


class Membership(db.Model):
    """A player's place in a team: the n-th player of team t."""

    __tablename__ = "memberships"
    team_id: Mapped[int] = mapped_column(ForeignKey("teams.id"), primary_key=True)
    position: Mapped[int] = mapped_column(primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    player: Mapped[Player] = relationship()


class Team(db.Model):
    """One side of a session."""

    __tablename__ = "teams"
    id: Mapped[int] = mapped_column(primary_key=True)
    session_id: Mapped[str] = mapped_column(ForeignKey("game_sessions.id"), index=True)
    position: Mapped[int]
    name: Mapped[str] = mapped_column(String(60))
    members: Mapped[list[Membership]] = relationship(
        order_by=Membership.position, cascade="all, delete-orphan"
    )

    @property
    def players(self) -> list[str]:
        """The players' names, in team order."""
        return [m.player.name for m in self.members]


class Deal(db.Model):
    """One deal as entered; a deleted deal is kept so that it can be restored."""

    __tablename__ = "deals"
    id: Mapped[int] = mapped_column(primary_key=True)
    session_id: Mapped[str] = mapped_column(ForeignKey("game_sessions.id"), index=True)
    seq: Mapped[int]  # order of play; deal numbers count the live deals in this order
    record: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(default=_now)
    updated_at: Mapped[datetime] = mapped_column(default=_now)
    deleted_at: Mapped[datetime | None]


class GameSession(db.Model):
    """A sitting of one game by fixed teams: its options and its deals."""

    __tablename__ = "game_sessions"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game_name: Mapped[str] = mapped_column("game", String(20))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    players_per_team: Mapped[int]
    edit_token_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(default=_now)
    updated_at: Mapped[datetime] = mapped_column(default=_now, index=True)
    teams: Mapped[list[Team]] = relationship(order_by=Team.position, cascade="all, delete-orphan")
    all_deals: Mapped[list[Deal]] = relationship(
        order_by=(Deal.seq, Deal.id), cascade="all, delete-orphan"
    )

    # -- reading ---------------------------------------------------------------------------

    @classmethod
    def get_or_404(cls, session_id: str, for_update: bool = False) -> GameSession:
        """The session with this public id, or a 404; `for_update` locks it for a write."""
        # Ids are token_urlsafe strings; others (a NUL, say) must not reach PostgreSQL.
        found = (
            db.session.get(cls, session_id, with_for_update=for_update)
            if SESSION_ID.fullmatch(session_id)
            else None
        )
        if found is None:
            abort(404, description=f"There is no session {session_id!r}.")
        return found

    @classmethod
    def recent(cls, ids: list[str], limit: int = 20) -> list[GameSession]:
        """Of these sessions, the ones played most recently."""
        query = (
            db.select(cls)
            .where(cls.id.in_(ids))
            .options(selectinload(cls.teams), selectinload(cls.all_deals))
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
        return [d for d in self.all_deals if d.deleted_at is None]

    def seat_names(self) -> list[str]:
        """Each seat's player, in playing order."""
        table = self.table
        return [
            self.teams[table.team_of(seat)].players[table.player_of(seat)]
            for seat in range(table.seats)
        ]

    def standing(self) -> dict[str, Any]:
        """The standing, recomputed from the deal records."""
        return self.game.standing(self.table, self.options, [d.record for d in self.deals])

    def can_edit(self, token: str | None) -> bool:
        """Whether `token` is this session's edit token."""
        return bool(token) and hmac.compare_digest(_digest(token or ""), self.edit_token_hash)

    def to_json(self) -> dict[str, Any]:
        """The session as the API shows it."""
        return {
            "id": self.id,
            **self.to_request(),
            "seats": self.seat_names(),
            "deals": [d.record for d in self.deals],
            "standing": self.standing(),
        }

    def to_request(self) -> dict[str, Any]:
        """What POST /api/v1/sessions would take to start this session again."""
        teams = [{"name": t.name, "players": t.players} for t in self.teams]
        return {"game": self.game_name, "teams": teams, "options": self.options}

    # -- writing ---------------------------------------------------------------------------

    @classmethod
    def from_request(cls, body: Mapping[str, Any]) -> tuple[GameSession, str]:
        """Start a session from the API's request body; raise InvalidInput if it is wrong."""
        game = get_game(required(body, "game", "A session"))
        table, teams = parse_teams(required(body, "teams", "A session"))
        game.check_table(table)
        return cls.start(game, teams, body.get("options"))

    @classmethod
    def start(
        cls, game: Game, teams: tuple[TeamEntry, ...], options: Any
    ) -> tuple[GameSession, str]:
        """A new session, with its edit token (shown once, stored hashed)."""
        token = secrets.token_urlsafe(24)
        session = cls(
            id=secrets.token_urlsafe(9),
            game_name=game.name,
            options=game.parse_options(options),
            players_per_team=len(teams[0].players),
            edit_token_hash=_digest(token),
        )
        for position, entry in enumerate(teams):
            team = Team(position=position, name=entry.name)
            team.members = [
                Membership(position=n, player=Player.named(p)) for n, p in enumerate(entry.players)
            ]
            session.teams.append(team)
        db.session.add(session)
        return session, token

    def add_deal(self, raw: Any) -> Deal:
        """Validate and append a deal; a decided session takes no more."""
        record = self.game.parse_deal(raw, self.table, self.options)
        winner = self.standing()["winner"]
        if winner is not None:
            raise InvalidInput(
                "session-over",
                f"This session is over: {self.teams[winner].name} won. Start a rematch to play on.",
            )
        deal = Deal(seq=self._next_seq(), record=record)
        self.all_deals.append(deal)
        self._touch()
        return deal

    def replace_deal(self, number: int, raw: Any) -> Deal:
        """Validate and store a new record for deal `number`."""
        deal = self.deal_or_404(number)
        deal.record = self.game.parse_deal(raw, self.table, self.options)
        deal.updated_at = _now()
        self._touch()
        return deal

    def delete_deal(self, number: int) -> Deal:
        """Take deal `number` out of the session; it stays restorable."""
        deal = self.deal_or_404(number)
        deal.deleted_at = _now()
        self._touch()
        return deal

    def restore_deal(self) -> Deal | None:
        """Put back the deal deleted most recently, in its old place."""
        deleted = [d for d in self.all_deals if d.deleted_at is not None]
        if not deleted:
            return None
        deal = max(deleted, key=lambda d: d.deleted_at)
        deal.deleted_at = None
        self._touch()
        return deal

    def deal_or_404(self, number: int) -> Deal:
        """Live deal `number` (1-based), or a 404."""
        deals = self.deals
        if not 1 <= number <= len(deals):
            abort(404, description=f"This session has no deal {number}.")
        return deals[number - 1]

    def number_of(self, deal: Deal) -> int:
        """The 1-based number of a live deal."""
        return self.deals.index(deal) + 1

    def _next_seq(self) -> int:
        return max((d.seq for d in self.all_deals), default=0) + 1

    def _touch(self) -> None:
        self.updated_at = _now()


def recent_player_names(limit: int = 30) -> list[str]:
    """Names of the players seen most recently, for quick entry."""
    query = db.select(Player.name).order_by(Player.last_played_at.desc()).limit(limit)
    return list(db.session.execute(query).scalars())
