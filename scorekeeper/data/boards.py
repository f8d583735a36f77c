"""A scoreboard's deals and standing, memoised by the session's version (STANDINGS.boards)."""

from __future__ import annotations

from typing import Any

from ..rules.game import Record, Standing
from .extensions import db
from .models import Deal, DealRow, GameSession
from .standings import STANDINGS, WROTE


def board(
    session: GameSession,
) -> tuple[list[tuple[int, int]], Standing[Any], dict[int, Record]]:
    """Each live deal's (serial, version) and the standing, memoised by the session's version
    as read (`session.version`, the page's tag); and the records read, none when memoised. A
    long session's scoreboard then reads no deal it does not list."""
    memoise = not db.session.info.get(WROTE)
    found = STANDINGS.boards.get((session.id, session.version)) if memoise else None
    if found is not None:
        return (*found, {})
    # The version and the end with the deals, in one statement: on PostgreSQL two statements
    # may see two states, and a standing memoised under a version must be that version's.
    live = (Deal.session_id == GameSession.id) & Deal.deleted_at.is_(None)
    query = (
        db.select(GameSession.version, GameSession.ended_at, Deal.serial, Deal.version, Deal.record)
        .outerjoin(Deal, live)
        .where(GameSession.id == session.id)
        .order_by(Deal.serial)
    )
    rows = db.session.execute(query).all()
    deals = [
        DealRow(serial, version, record)
        for _, _, serial, version, record in rows
        if serial is not None
    ]
    standing = session.standing(deals, ended=rows[0][1] is not None)
    versions = [(deal.serial, deal.version) for deal in deals]
    if memoise:
        STANDINGS.boards.keep((session.id, rows[0][0]), (versions, standing))
    return versions, standing, {deal.serial: deal.record for deal in deals}
