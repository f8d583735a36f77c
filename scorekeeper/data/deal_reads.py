"""Reads of a few deals of a session, whose cost depends on what they return, not on how many
deals the session holds: one deal, what changed since a version, a page of live deals."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any, NamedTuple

from sqlalchemy.orm import aliased

from ..rules.game import Record
from .errors import NotFound
from .extensions import db
from .models import Deal, GameSession

LARGEST_ID = 2**31 - 1  # a deal id is a 32-bit integer in the database


class NumberedDeal(NamedTuple):
    """A deal read as a row, with its number among the live deals (None once deleted)."""

    serial: int
    version: int
    changed: int
    record: dict[str, Any]
    deleted: bool
    number: int | None


def one_deal(session_id: str, serial: int) -> Deal:
    """The deal with this id in this session, live or deleted (its row only), or a 404."""
    query = db.select(Deal).where(Deal.session_id == session_id, Deal.serial == serial)
    # An id past the column's range is no deal's; PostgreSQL would refuse to compare it.
    deal = db.session.execute(query).scalar_one_or_none() if 0 < serial <= LARGEST_ID else None
    if deal is None:
        raise NotFound("no-deal", id=serial)
    return deal


def live_up_to(session_id: str, serial: int) -> int:
    """How many live deals have an id up to `serial`: a live deal's number, counted by the
    database (on the index of the session's ids), no deal loaded."""
    query = db.select(db.func.count(Deal.id)).where(
        Deal.session_id == session_id, Deal.deleted_at.is_(None), Deal.serial <= serial
    )
    return int(db.session.execute(query).scalar_one())


def number_of(deal: Deal) -> int | None:
    """A deal's number among the live deals, None once deleted."""
    return None if deal.deleted else live_up_to(deal.session_id, deal.serial)


def changed_since(session_id: str, since: int) -> list[NumberedDeal]:
    """The deals (live or deleted) whose last change came after version `since`, in order of
    their ids, each live one numbered: read by the (session, changed) index."""
    earlier = aliased(Deal)
    number = (
        db.select(db.func.count(earlier.id))
        .where(
            earlier.session_id == Deal.session_id,
            earlier.deleted_at.is_(None),
            earlier.serial <= Deal.serial,
        )
        .correlate(Deal)
        .scalar_subquery()
    )
    query = (
        db.select(Deal.serial, Deal.version, Deal.changed, Deal.record, Deal.deleted_at, number)
        .where(Deal.session_id == session_id, Deal.changed > since)
        .order_by(Deal.serial)
    )
    return [
        NumberedDeal(serial, version, changed, record, gone is not None, None if gone else n)
        for serial, version, changed, record, gone, n in db.session.execute(query)
    ]


def page_of(session_id: str, after: int, limit: int) -> tuple[list[NumberedDeal], int | None]:
    """Up to `limit` live deals with ids above `after`, numbered, and the id to read the next
    page after (None at the end)."""
    query = (
        db.select(Deal.serial, Deal.version, Deal.changed, Deal.record)
        .where(Deal.session_id == session_id, Deal.deleted_at.is_(None), Deal.serial > after)
        .order_by(Deal.serial)
        .limit(limit + 1)  # one more tells whether a next page follows
    )
    rows = list(db.session.execute(query))
    first = live_up_to(session_id, after) + 1 if rows else 0
    deals = [
        NumberedDeal(serial, version, changed, record, False, first + n)
        for n, (serial, version, changed, record) in enumerate(rows[:limit])
    ]
    more = len(rows) > limit
    return deals, (deals[-1].serial if more else None)


def records_of(session: GameSession, serials: Collection[int]) -> dict[int, Record]:
    """The records of these deals (live or deleted: one may go between two reads), by id."""
    query = db.select(Deal.serial, Deal.record).where(
        Deal.session_id == session.id, Deal.serial.in_(serials)
    )
    return {serial: record for serial, record in db.session.execute(query)}
