"""Reviews of finished live deals (issue 38; shared/API.md "Advice and review"), each worked
out once per version of its deal and kept.

A review is derived, but costly (seconds of search), so it is stored: one row per deal version.
The process that first asks for a review claims the row (its answer still empty) and hands the
search to its worker pool; any app server then reads the answer once it is written. A claim
whose answer never came (its process ended) goes stale and the next reader claims it again.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import JSON, ForeignKey, UniqueConstraint
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from .errors import Conflict, NotFound
from .extensions import Model, db
from .models import Deal, GameSession, LiveDeal, utcnow

STALE = timedelta(minutes=2)  # a review takes seconds; a claim this old lost its process


class DealReview(Model):
    """One deal version's review: empty while it is worked out (`claimed_at` says since when)."""

    __tablename__ = "deal_reviews"
    __table_args__ = (
        UniqueConstraint("session_id", "deal_serial", "deal_version", name="uq_deal_reviews"),
    )
    id: Mapped[int] = mapped_column(primary_key=True)
    session_id: Mapped[str] = mapped_column(ForeignKey("game_sessions.id"))
    deal_serial: Mapped[int]
    deal_version: Mapped[int]
    answer: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True))
    claimed_at: Mapped[datetime] = mapped_column(default=utcnow)


def played_live(session: GameSession, serial: int) -> tuple[Deal, LiveDeal]:
    """The deal and the live deal it was played as; NotFound when there is no such deal or it
    was entered whole; Conflict (409) while it is being played (it is no deal yet)."""
    try:
        deal = session.find_deal(serial)
    except NotFound:
        if LiveDeal.current(session) is not None and serial == session.next_serial():
            raise Conflict(409, "live-deal-under-way", "review-under-way", id=serial) from None
        raise
    return deal, LiveDeal.find_of_deal(session, serial)


def stored(session_id: str, serial: int, version: int) -> DealReview | None:
    """The row of this deal version's review, if any process has claimed it."""
    query = db.select(DealReview).filter_by(
        session_id=session_id, deal_serial=serial, deal_version=version
    )
    return db.session.execute(query).scalar_one_or_none()


def claim(session_id: str, serial: int, version: int) -> bool:
    """Claim the work of this review, committed; False when another claim stands."""
    found = stored(session_id, serial, version)
    if found is not None:
        if found.answer is not None or utcnow() - found.claimed_at < STALE:
            return False
        found.claimed_at = utcnow()  # its process ended: claimed again
        db.session.commit()
        return True
    db.session.add(DealReview(session_id=session_id, deal_serial=serial, deal_version=version))
    try:
        db.session.commit()
    except IntegrityError:  # another server claimed it in the same moment
        db.session.rollback()
        return False
    return True


def keep(session_id: str, serial: int, version: int, answer: dict[str, Any]) -> None:
    """Store the review worked out under a claim."""
    found = stored(session_id, serial, version)
    if found is not None:
        found.answer = answer
        db.session.commit()


def release(session_id: str, serial: int, version: int) -> None:
    """Give up a claim whose work did not run (the pool was full) or failed."""
    db.session.execute(
        db.delete(DealReview)
        .filter_by(session_id=session_id, deal_serial=serial, deal_version=version)
        .where(DealReview.answer.is_(None))
    )
    db.session.commit()
