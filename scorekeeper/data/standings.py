"""Standings worked out once: kept in this process by the deals they fold, and within a write.

A standing is keyed by its session's id and the (id, version) of each live deal it folds, so a
key names one list of records. Committed ones are kept in MEMO for every request. A write's own
(its deals not yet committed) is kept in its database session's info until the commit, so the
check, the answer and the club summary of one write fold the deals once; the commit then keeps
it in MEMO (the next write's check finds it), and a rollback forgets it. A game that can go on
from a standing (Game.extend: Seep) scores a deal just added from the standing kept without it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import event
from sqlalchemy.orm import Session

from ..rules import Game, Table
from ..rules.game import Standing
from .extensions import db
from .memo import Memo

Key = tuple[str, tuple[tuple[int, int], ...]]  # a session's id, its live deals' ids and versions
MEMO_SIZE = 512  # standings kept, by session and the versions of its live deals
MEMO: Memo[Key, Standing[Any]] = Memo(MEMO_SIZE)
PENDING = "scorekeeper.standings"  # this transaction's standings, kept once it commits
FOLDED = "scorekeeper.standings_folded"  # the records each of this transaction's standings folds
WROTE = "scorekeeper.wrote"  # set in the database session's info by a request that changed data


def found(key: Key, database: Session | None = None) -> Standing[Any] | None:
    """The standing of these deals, if it was worked out: committed, or by this transaction."""
    database = database or db.session()
    # A key names one list of records, and MEMO holds committed ones only: a write may use them.
    kept = database.info.get(PENDING, {}).get(key)
    return kept if kept is not None else MEMO.get(key)


def one_on(
    key: Key, records: Sequence[Any], game: Game, table: Table, options: Mapping[str, Any]
) -> Standing[Any] | None:
    """The standing of these deals (`records`) from the one kept without the last (a deal
    just added), when the game can go on from a standing; None otherwise."""
    before = found((key[0], key[1][:-1])) if game.extend is not None and records else None
    if game.extend is None or before is None:
        return None
    return game.extend(table, options, before, records[-1])


def keep(
    key: Key, standing: Standing[Any], records: Sequence[Any], database: Session | None = None
) -> None:
    """Keep a standing worked out from `records`: for all when nothing is written, else (with
    its records) until the commit."""
    database = database or db.session()
    if database.info.get(WROTE):
        # A write may still fail to commit: only a committed state may be kept for all.
        database.info.setdefault(PENDING, {})[key] = standing
        database.info.setdefault(FOLDED, {})[key] = records
    else:
        remember(key, standing)


def folded(key: Key, database: Session) -> Sequence[Any] | None:
    """The records this transaction folded into the standing of these deals, if it did."""
    records: Sequence[Any] | None = database.info.get(FOLDED, {}).get(key)
    return records


def remember(key: Key, standing: Standing[Any]) -> None:
    """Keep a committed standing in this process."""
    MEMO.keep(key, standing)


@event.listens_for(db.session, "after_commit")
def _remember(session: Session) -> None:
    """The standings of what was written hold now."""
    session.info.pop(FOLDED, None)
    for key, standing in session.info.pop(PENDING, {}).items():
        remember(key, standing)


@event.listens_for(db.session, "after_soft_rollback")
def _forget(session: Session, _previous: Any) -> None:
    """A rollback takes back the standings worked out for what it undoes."""
    session.info.pop(PENDING, None)
    session.info.pop(FOLDED, None)
