"""The rules of writing deals: whether one may follow, adding, finishing a live one, replacing,
deleting and restoring, and ending or reopening a session."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..rules import limits
from ..rules.game import Record, Standing
from ..rules.lengths import deals_reached
from .errors import Conflict
from .extensions import db
from .models import Deal, DealRow, GameSession, LiveDeal, utcnow


def ensure_open(session: GameSession) -> None:
    """Raise InvalidInput if no deal can follow (a Seep session that is decided, M4), and a
    Conflict when the session was ended, keeps as many deals as one may, or is a tournament
    table whose round is over."""
    ensure_not_ended(session)
    ensure_room(session)
    _check_next(session, session.standing(), None)


def ensure_not_ended(session: GameSession) -> None:
    """Refuse (409) a deal while the table has the session ended: it is reopened first."""
    if session.ended_at is not None:
        raise Conflict(409, "session-ended", "session-ended")


def end(session: GameSession) -> bool:
    """End the session where it stands (the table stops playing): it is finished, and goes to
    the team ahead. False when it is ended already; a 409 when there is nothing to end (no
    deal, or finished by its rules) or while a deal is being played live."""
    if session.ended_at is not None:
        return False
    standing = session.standing(session.deal_rows())
    if standing["finished"] or not standing["deals"]:
        key = "finished-already" if standing["deals"] else "no-deal-to-end"
        raise Conflict(409, "nothing-to-end", key)
    if LiveDeal.current(session) is not None:
        number = len(standing["deals"]) + 1
        raise Conflict(409, "live-deal-under-way", "live-deal-before-end", number=number)
    session.ended_at = utcnow()
    session.touch()
    return True


def reopen(session: GameSession) -> bool:
    """Take the end back: the session plays on from where it stood. False when it is not
    ended."""
    if session.ended_at is None:
        return False
    session.ended_at = None
    session.touch()
    return True


def ensure_room(session: GameSession, kept: int | None = None) -> None:
    """Refuse (409) a deal past the most a session keeps (MOST_DEALS, deleted ones count: they
    can be restored); `kept`: how many it keeps, when its deals are not loaded."""
    most = limits.MOST_DEALS
    if (len(session.all_deals) if kept is None else kept) >= most:
        raise Conflict(409, "too-many-deals", "too-many-deals", most=most)


def ensure_not_played_live(session: GameSession) -> None:
    """Refuse (409) while the next deal is being played live: entering it whole as well would
    record it twice."""
    if LiveDeal.current(session) is not None:
        number = len(session.deals) + 1
        raise Conflict(409, "live-deal-under-way", "live-deal-before-whole", number=number)


def ensure_round_open(session: GameSession, standing: Standing[Any] | None = None) -> None:
    """Refuse (409 `round-over`) a deal after a tournament table's round is over: the length its
    options carry is reached (rules/lengths.py; shared/API.md, "A table's round ends"), its
    deals played or its game won. `standing`: the session's, when it is at hand."""
    standing = session.standing() if standing is None else standing
    if not session.game.round_over(session.options, standing):
        return
    played = len(standing["deals"])
    if deals_reached(session.options, played):
        raise Conflict(409, "round-over", "round-over", deals=session.options["deals"])
    winner = standing["winner"]
    name = session.teams[winner].name if winner is not None else None
    raise Conflict(409, "round-over", "round-won", winner=name)


def _check_next(session: GameSession, standing: Standing[Any], record: Record | None) -> None:
    """Raise a Conflict when the round is over, and InvalidInput unless `record` may follow the
    deals folded into `standing`."""
    ensure_round_open(session, standing)
    names = [team.name for team in session.teams]
    session.game.check_next(session.table, session.options, standing, record, names)


def add_deal(
    session: GameSession, raw: Any, number: int | None = None, next_id: int | None = None
) -> Deal:
    """Validate and append a deal entered whole as deal `number`, or as the deal that was to get
    id `next_id` (a form's, which deletes do not move); a 409 if another came first, or while
    the next deal is being played live, or when the session is ended or full."""
    ensure_not_ended(session)
    ensure_not_played_live(session)
    ensure_room(session)
    return _append_deal(session, raw, number, next_id)


def add_deal_after(
    session: GameSession, rows: list[DealRow], raw: Any, number: int | None = None
) -> Deal:
    """add_deal for a session found without its deals, `rows` its live deals (deal_rows): the
    same checks and deal, with no deal loaded as an object (a long session's write)."""
    ensure_not_ended(session)
    ensure_not_played_live(session)
    kept, last = db.session.execute(
        db.select(db.func.count(Deal.serial), db.func.max(Deal.serial)).where(
            Deal.session_id == session.id
        )
    ).one()
    ensure_room(session, kept)
    record = session.game.parse_deal(raw, session.table, session.options)
    if number is not None:
        _ensure_number_is_next(session, number, len(rows))
    _check_next(session, session.standing(rows), record)
    deal = Deal(session_id=session.id, serial=(last or 0) + 1, record=record)
    db.session.add(deal)
    _touch_with(session, deal)
    return deal


def finish_live(session: GameSession, live: LiveDeal, record: Mapping[str, Any]) -> Deal:
    """Record the deal that `live`'s last play ended; the live deal becomes that deal's."""
    ensure_not_ended(session)
    deal = _append_deal(session, record)
    db.session.flush()
    live.deal_serial = deal.serial
    return deal


def _append_deal(
    session: GameSession, raw: Any, number: int | None = None, next_id: int | None = None
) -> Deal:
    record = session.game.parse_deal(raw, session.table, session.options)
    if next_id is not None:
        _ensure_none_entered_since(session, next_id)
    elif number is not None:
        _ensure_number_is_next(session, number)
    _check_next(session, session.standing(), record)
    deal = Deal(serial=session.next_serial(), record=record)
    session.all_deals.append(deal)
    _touch_with(session, deal)
    return deal


def _ensure_number_is_next(session: GameSession, number: int, live: int | None = None) -> None:
    upcoming = (len(session.deals) if live is None else live) + 1
    if number < upcoming:
        theirs = session.deals[number - 1]
        raise Conflict(409, "deal-exists", "deal-exists", theirs, number=number, upcoming=upcoming)
    if number > upcoming:
        raise Conflict(
            409, "deal-out-of-order", "deal-out-of-order", upcoming=upcoming, number=number
        )


def _ensure_none_entered_since(session: GameSession, next_id: int) -> None:
    if next_id == session.next_serial():
        return
    if next_id > session.next_serial():
        raise Conflict(409, "deal-out-of-order", "form-of-another-session")
    latest = max(session.all_deals, key=lambda d: d.serial)  # ids only grow: it came last
    upcoming = len(session.deals) + 1
    if latest.deleted:  # its number is gone with it
        raise Conflict(409, "deal-exists", "deal-entered-since-deleted", latest, upcoming=upcoming)
    number = session.number_of(latest)
    raise Conflict(
        409, "deal-exists", "deal-entered-since", latest, number=number, upcoming=upcoming
    )


def replace_deal(session: GameSession, deal: Deal, raw: Any) -> bool:
    """Store a new record for a live deal; False when it is the record already there."""
    if deal.deleted:
        raise Conflict(409, "deal-deleted", "deal-deleted", deal, id=deal.serial)
    record = session.game.parse_deal(raw, session.table, session.options)
    if record == deal.record:
        return False  # a repeated correction changes nothing
    before = [d.record for d in session.deals if d.serial < deal.serial]
    _check_next(session, session.game.standing(session.table, session.options, before), record)
    deal.record = record
    deal.count_change()
    _touch_with(session, deal)
    return True


def set_deleted(session: GameSession, deal: Deal, deleted: bool) -> bool:
    """Take a deal out of the session (restorable), or put it back in its old place.

    False when it is that way already: a repeated delete or restore changes nothing.
    """
    if deal.deleted == deleted:
        return False
    deal.deleted_at = utcnow() if deleted else None
    deal.count_change()
    _touch_with(session, deal)
    return True


def _touch_with(session: GameSession, deal: Deal) -> None:
    """Count one more change, made to `deal`: it remembers the version it came with."""
    session.touch()
    deal.changed = session.version
