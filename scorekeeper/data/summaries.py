"""Each club session's statistics summary, written in the transaction that changes it.

Every change to a session moves its version (GameSession.touch; a restored or new session comes
with one), so the one place that sees them all is the flush: a session whose version moved is
noted there, and just before the commit its summary for the version it ends at is written to
`session_summaries`: worked out from its deals as this transaction leaves them when a deal
changed or the table ended or reopened the session, else the kept one moved to the new version
(a live play or a rename costs no deals).
A rollback takes the row back with the change. Once committed, the summary is also remembered
in this process. A club's statistics (clubs/stats.py) then read summaries, never deals. The app
factory registers these listeners (data/setup.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import chain
from threading import Lock
from typing import Any

from sqlalchemy import event, inspect
from sqlalchemy.orm import Session, scoped_session

from ..rules import GAMES, Table
from . import standings
from .extensions import db
from .memo import Memo
from .models import SUMMARY_FORM, Deal, GameSession, SessionSummary, Team
from .standings import STANDINGS

JSON = dict[str, Any]
Key = tuple[str, int]  # a session's id and version
MEMO_SIZE = 4096  # session summaries kept in this process, by session id and version
# Committed summaries, by session id and version: safe to keep, as every change to a session
# moves its version. Listed by the app factory (data/setup.py).
MEMO: Memo[Key, JSON] = Memo(MEMO_SIZE)
WRITTEN = "scorekeeper.summaries_written"  # summaries written, remembered once committed
_LOCK = Lock()


def remember(key: Key, summary: JSON) -> None:
    """Keep a committed session version's summary in this process."""
    with _LOCK:
        MEMO.keep(key, summary)


def summarize(
    game: str,
    teams: int,
    players_per_team: int,
    options: Mapping[str, Any],
    deals: Sequence[Any],
    key: standings.Key | None = None,
    ended: bool = False,
) -> JSON:
    """One session's summary, by its game's rules; its standing the one kept under `key` (the
    session's id and its deals' ids and versions) when there is one, else kept there; `ended`
    when the table ended the session."""
    rules = GAMES[game]
    table = Table(teams, players_per_team)
    standing = None
    if key is not None:
        standing = STANDINGS.found(key) or STANDINGS.one_on(key, deals, rules, table, options)
    if standing is None:
        standing = rules.standing(table, options, deals)
    if key is not None:
        STANDINGS.keep(key, standing, deals)
    if ended:
        standing = rules.end(table, options, standing)
    return rules.summarize(table, options, deals, standing)


def computed(
    session_ids: Iterable[str], database: Session | None = None
) -> dict[str, tuple[int, JSON]]:
    """The summaries of these sessions (those in a club's history), with the version each is
    of, from their live deals as the database session sees them: three statements at most."""
    database = database or db.session()
    teams = db.select(db.func.count(Team.id)).where(Team.session_id == GameSession.id)
    query = db.select(
        GameSession.id,
        GameSession.version,
        GameSession.ended_at,
        GameSession.game_name,
        GameSession.options,
        GameSession.players_per_team,
        teams.scalar_subquery(),
    ).where(
        GameSession.id.in_(list(session_ids)),
        GameSession.club_id.is_not(None),
        GameSession.deleted_at.is_(None),
    )
    sessions = {row[0]: row[1:] for row in database.execute(query)}
    if not sessions:
        return {}
    keys = _keys(list(sessions), database)
    states = {sid: (row[0], row[1] is not None) for sid, row in sessions.items()}
    # The deals just written were folded for the write's answer: their records are at hand.
    records = {sid: STANDINGS.folded(key, database) for sid, key in keys.items()}
    unread = [sid for sid, found in records.items() if found is None]
    for sid, (state, key, read) in _records(unread, database).items():
        states[sid], keys[sid], records[sid] = state, key, read
    found = {}
    for sid, (_version, _ended, game, options, size, count) in sessions.items():
        version, ended = states[sid]  # as read with the deals, when they were read
        deals = records[sid] or []
        found[sid] = (version, summarize(game, count, size, options, deals, keys[sid], ended))
    return found


def _keys(session_ids: list[str], database: Session) -> dict[str, standings.Key]:
    """Each session's standing key: its id and its live deals' ids and versions, in order."""
    read: dict[str, list[tuple[int, int]]] = {sid: [] for sid in session_ids}
    deals = (
        db.select(Deal.session_id, Deal.serial, Deal.version)
        .where(Deal.session_id.in_(session_ids), Deal.deleted_at.is_(None))
        .order_by(Deal.session_id, Deal.serial)
    )
    for session_id, serial, version in database.execute(deals):
        read[session_id].append((serial, version))
    return {sid: (sid, tuple(found)) for sid, found in read.items()}


State = tuple[int, bool]  # a session's version, and whether the table ended it


def _records(
    session_ids: list[str], database: Session
) -> dict[str, tuple[State, standings.Key, list[Any]]]:
    """Each session's version and whether it is ended, its standing key and its live deal
    records, in order of play."""
    # One statement: on PostgreSQL a deal committed between two reads would otherwise be
    # folded under a key or a version that does not name it (see GameSession.standing).
    live = (Deal.session_id == GameSession.id) & Deal.deleted_at.is_(None)
    query = (
        db.select(
            GameSession.id,
            GameSession.version,
            GameSession.ended_at,
            Deal.serial,
            Deal.version,
            Deal.record,
        )
        .outerjoin(Deal, live)
        .where(GameSession.id.in_(session_ids))
        .order_by(GameSession.id, Deal.serial)
    )
    read: dict[str, tuple[State, list[tuple[int, int]], list[Any]]] = {}
    for session_id, version, ended_at, serial, deal_version, record in database.execute(query):
        _, ids, records = read.setdefault(session_id, ((version, ended_at is not None), [], []))
        if serial is not None:
            ids.append((serial, deal_version))
            records.append(record)
    return {sid: (v, (sid, tuple(ids)), records) for sid, (v, ids, records) in read.items()}


def store(summaries: Mapping[str, tuple[int, JSON]], database: Session | None = None) -> None:
    """Write these summaries in the database session's transaction, over any older ones."""
    if not summaries:
        return
    database = database or db.session()
    ids = list(summaries)
    database.execute(db.delete(SessionSummary).where(SessionSummary.session_id.in_(ids)))
    rows = [
        {"session_id": sid, "version": version, "form": SUMMARY_FORM, "summary": summary}
        for sid, (version, summary) in summaries.items()
    ]
    database.execute(db.insert(SessionSummary), rows)


def moved(versions: Mapping[str, int | None], database: Session) -> set[str]:
    """Of these sessions (id: the version this transaction found), the ones whose kept summary
    is of that version, now moved to the session's new one: none of their deals changed (a live
    play, a rename, a merge), so the summary holds as it is. One read, one write."""
    query = db.select(SessionSummary.session_id, SessionSummary.version).where(
        SessionSummary.session_id.in_(list(versions)), SessionSummary.form == SUMMARY_FORM
    )
    found = {sid for sid, version in database.execute(query) if version == versions[sid]}
    if found:
        now = db.select(GameSession.id, GameSession.version).where(GameSession.id.in_(found))
        rows = [
            {"sid": sid, "old": versions[sid], "new": version}
            for sid, version in database.execute(now)
        ]
        change = (
            db.update(SessionSummary)
            .where(
                SessionSummary.session_id == db.bindparam("sid"),
                SessionSummary.version == db.bindparam("old"),
            )
            .values(version=db.bindparam("new"))
        )
        database.connection().execute(change, rows)
        for row in rows:
            kept = MEMO.get((row["sid"], row["old"]))
            if kept is not None:
                database.info.setdefault(WRITTEN, {})[row["sid"]] = (row["new"], kept)
    return found


# -- the choke point: every flush and commit of the app's database sessions -----------------
# Followed from the app factory on (data/setup.py), not on import.

VERSIONS = "scorekeeper.versions_found"  # id: the version found, of sessions whose version moved
DEALT = "scorekeeper.deals_changed"  # ids of sessions new, or whose deals changed


def _note(session: Session, _context: Any, _instances: Any) -> None:
    """Note the sessions whose version moves, and those whose deals change, that are new or that
    the table ended or reopened: their summaries are due."""
    versions, dealt = session.info.setdefault(VERSIONS, {}), session.info.setdefault(DEALT, set())
    for found in chain(session.new, session.dirty, session.deleted):
        if isinstance(found, Deal):
            # A deal appended to its session's list has no session_id until this flush.
            owner = found.session_id or (found.session.id if found.session else None)
            if owner is not None:
                dealt.add(owner)
        elif isinstance(found, GameSession):
            state = inspect(found).attrs
            history = state.version.history
            if found in session.new or state.ended_at.history.has_changes():
                dealt.add(found.id)
            elif history.has_changes() and found.id not in versions:
                versions[found.id] = history.deleted[0] if history.deleted else None


def _write(session: Session) -> None:
    """Write the summaries due, of the versions this transaction leaves, before it commits."""
    session.flush()  # notes the last changes, and lets the deals be read as they will be
    versions, dealt = session.info.pop(VERSIONS, {}), session.info.pop(DEALT, set())
    unchanged = {sid: v for sid, v in versions.items() if sid not in dealt and v is not None}
    due = (set(versions) | dealt) - (moved(unchanged, session) if unchanged else set())
    if due:
        found = computed(due, session)
        store(found, session)
        session.info.setdefault(WRITTEN, {}).update(found)


def _remember(session: Session) -> None:
    """Remember what was written, now that it holds."""
    for session_id, (version, summary) in session.info.pop(WRITTEN, {}).items():
        remember((session_id, version), summary)


def _forget(session: Session, _previous: Any) -> None:
    """A rollback takes back what was due and written."""
    for key in (VERSIONS, DEALT, WRITTEN):
        session.info.pop(key, None)


def listen(sessions: scoped_session[Any]) -> None:
    """Follow these database sessions' flushes, commits and rollbacks (once, however often)."""
    hooks: dict[str, Callable[..., None]] = {
        "before_flush": _note,
        "before_commit": _write,
        "after_commit": _remember,
        "after_soft_rollback": _forget,
    }
    for name, hook in hooks.items():
        if not event.contains(sessions, name, hook):
            event.listen(sessions, name, hook)
