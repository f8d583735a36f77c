"""Standings worked out once: kept in three tiers, behind one object (STANDINGS).

A standing is keyed by its session's id and the (id, version) of each live deal it folds, so a
key names one list of records. The tiers:
- `pending`: a write's own (its deals not yet committed), kept in its database session's info
  until the commit, so the check, the answer and the club summary of one write fold the deals
  once; the commit then keeps it for all (the next write's check finds it), a rollback forgets it;
- `committed`: standings that hold, kept in this process for every request;
- `boards`: a scoreboard's deals and standing by session and session version (data/boards.py).
A game that can go on from a standing (Game.extend: Seep) scores a deal just added from the
standing kept without it. The listeners are registered by the app factory (data/setup.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from sqlalchemy import event
from sqlalchemy.orm import Session, scoped_session

from ..rules import Game, Table
from ..rules.game import Record, Standing
from .extensions import db
from .memo import Memo

Key = tuple[str, tuple[tuple[int, int], ...]]  # a session's id, its live deals' ids and versions
Board = tuple[list[tuple[int, int]], Standing[Any]]  # each deal's (id, version), the standing
MEMO_SIZE = 512  # standings kept, by session and the versions of its live deals
PENDING = "scorekeeper.standings"  # this transaction's standings, kept once it commits
FOLDED = "scorekeeper.standings_folded"  # the records each of this transaction's standings folds
WROTE = "scorekeeper.wrote"  # set in the database session's info by a request that changed data


class Standings:
    """The standing memo's tiers: a transaction's pending ones, committed ones, boards."""

    def __init__(self, size: int) -> None:
        self.committed: Memo[Key, Standing[Any]] = Memo(size)
        self.boards: Memo[tuple[str, int], Board] = Memo(size)

    def found(self, key: Key, database: Session | None = None) -> Standing[Any] | None:
        """The standing of these deals, if it was worked out: committed, or by this transaction."""
        database = database or db.session()
        # A key names one list of records, and `committed` holds committed ones only: a write
        # may use them.
        kept = database.info.get(PENDING, {}).get(key)
        return kept if kept is not None else self.committed.get(key)

    def one_on(
        self, key: Key, records: Sequence[Any], game: Game, table: Table, options: Mapping[str, Any]
    ) -> Standing[Any] | None:
        """The standing of these deals (`records`) from the one kept without the last (a deal
        just added), when the game can go on from a standing; None otherwise."""
        before = self.found((key[0], key[1][:-1])) if game.extend is not None and records else None
        if game.extend is None or before is None:
            return None
        return game.extend(table, options, before, records[-1])

    def fold(
        self,
        key: Key,
        records: Callable[[], list[Record]],
        game: Game,
        table: Table,
        options: Mapping[str, Any],
    ) -> Standing[Any]:
        """The standing of these deals: kept, carried on from one kept, or worked out and kept;
        `records()` gives their records when they are needed."""
        standing = self.found(key)
        if standing is None:
            folded = records()
            standing = self.one_on(key, folded, game, table, options)
            if standing is None:
                standing = game.standing(table, options, folded)
            self.keep(key, standing, folded)
        return standing

    def keep(
        self,
        key: Key,
        standing: Standing[Any],
        records: Sequence[Any],
        database: Session | None = None,
    ) -> None:
        """Keep a standing worked out from `records`: for all when nothing is written, else
        (with its records) until the commit."""
        database = database or db.session()
        if database.info.get(WROTE):
            # A write may still fail to commit: only a committed state may be kept for all.
            database.info.setdefault(PENDING, {})[key] = standing
            database.info.setdefault(FOLDED, {})[key] = records
        else:
            self.committed.keep(key, standing)

    @staticmethod
    def folded(key: Key, database: Session) -> Sequence[Any] | None:
        """The records this transaction folded into the standing of these deals, if it did."""
        records: Sequence[Any] | None = database.info.get(FOLDED, {}).get(key)
        return records

    def clear(self) -> None:
        """Forget every standing and board kept in this process (as after a change)."""
        self.committed.clear()
        self.boards.clear()

    def held(self) -> int:
        """How many standings and boards this process keeps (a transaction's are its own)."""
        return len(self.committed) + len(self.boards)

    def after_commit(self, session: Session) -> None:
        """The standings of what was written hold now."""
        session.info.pop(FOLDED, None)
        for key, standing in session.info.pop(PENDING, {}).items():
            self.committed.keep(key, standing)

    @staticmethod
    def after_soft_rollback(session: Session, _previous: Any) -> None:
        """A rollback takes back the standings worked out for what it undoes."""
        session.info.pop(PENDING, None)
        session.info.pop(FOLDED, None)

    def listen(self, sessions: scoped_session[Any]) -> None:
        """Follow these database sessions' commits and rollbacks (once, however often asked)."""
        for name in ("after_commit", "after_soft_rollback"):
            hook = getattr(self, name)
            if not event.contains(sessions, name, hook):
                event.listen(sessions, name, hook)


STANDINGS = Standings(MEMO_SIZE)
