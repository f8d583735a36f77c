"""Live deals as stored: a deal's start and its plays as sent, the state always derived again.

Nothing but the list is kept, so a reload or a restart loses nothing and an undo is a shorter
list. A play's number is its identity: the same play sent twice is stored once.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from flask import abort
from sqlalchemy import JSON, ForeignKey, String
from sqlalchemy.orm import Mapped, mapped_column

from ..rules import InvalidInput
from ..rules.live import LiveDeal as LiveState
from ..rules.live import PlayRefused, step_json
from .conflicts import Conflict
from .extensions import db
from .models import Deal, GameSession, utcnow

MOST_PLAYS = 200  # more than any deal of any game has
NONE_UNDER_WAY = "This session has no live deal under way."


class LiveDeal(db.Model):
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
    def current_or_404(cls, session: GameSession) -> LiveDeal:
        """The session's live deal under way; a 404 when there is none."""
        found = cls.current(session)
        if found is None:
            abort(404, description=NONE_UNDER_WAY)
        return found

    @classmethod
    def deals_played(cls, session: GameSession) -> frozenset[int]:
        """The ids of the session's deals that were played live (each can be replayed)."""
        query = db.select(cls.deal_serial).filter_by(session_id=session.id)
        return frozenset(s for s in db.session.scalars(query) if s is not None)

    @classmethod
    def of_deal_or_404(cls, session: GameSession, serial: int) -> LiveDeal:
        """The live deal that became deal `serial` of the session; a 404 when it was entered
        whole."""
        session.deal_or_404(serial)
        query = db.select(cls).filter_by(session_id=session.id, deal_serial=serial)
        found = db.session.execute(query).scalar_one_or_none()
        if found is None:
            abort(404, description=f"Deal #{serial} was entered whole, not play by play.")
        return found

    def state(self, session: GameSession, plays: list[Any] | None = None) -> LiveState:
        """The state after every play stored (or after `plays` instead)."""
        chosen = self.plays if plays is None else plays
        return session.game.live.derive(session.table, session.options, self.start, chosen)

    def replay(self, session: GameSession, deal: Deal) -> tuple[list[dict[str, Any]], bool]:
        """The steps of rules/live.py's `replay` (the state before any play, then after each),
        and whether `deal`, which these plays recorded, was corrected since (edited on the
        scoreboard): the record its plays make is not the record stored. One pass gives both."""
        game, steps = session.game, []
        for last in game.live.states(session.table, session.options, self.start, self.plays):
            steps.append(step_json(last))
        made = game.parse_deal(last.record(), session.table, session.options)
        return steps, bool(deal.record != json.loads(json.dumps(made)))  # as stored: lists


def start_live(session: GameSession, body: object) -> LiveDeal:
    """Start the session's next deal as a live deal; 409 while another is under way."""
    if LiveDeal.current(session) is not None:
        raise Conflict(409, "live-deal-exists", "A live deal is under way in this session.")
    session.ensure_open()
    start = session.game.live.start(session.table, session.options, session.standing(), body)
    live = LiveDeal(session_id=session.id, game=session.game_name, start=start, plays=[])
    db.session.add(live)
    session.touch(club=False)
    return live


Played = tuple[LiveState, Deal | None]  # the state after a play, and the deal it ended


def add_play(session: GameSession, number: int, play: dict[str, Any]) -> Played:
    """Play `number` of the live deal: stored when new and legal, answered again when sent
    before (the last one too, once it ended the deal: its answer may have been lost), 409 when
    that number was another play."""
    live = LiveDeal.latest(session)
    finished = live is not None and live.deal_serial is not None
    if live is not None and (number == len(live.plays) if finished else number <= len(live.plays)):
        return _again(session, live, number, play)
    if live is None or finished:
        abort(404, description=NONE_UNDER_WAY)
    if number != len(live.plays) + 1:
        next_one = len(live.plays) + 1
        raise Conflict(409, "play-out-of-order", f"Play {next_one} comes next, not {number}.")
    plays = [*live.plays, play]
    state = session.game.live.derive(session.table, session.options, live.start, plays)
    live.plays, live.updated_at = plays, utcnow()
    deal = None
    if state.finished:
        deal = session.add_deal(state.record())
        db.session.flush()
        live.deal_serial = deal.serial
    session.touch(club=False)
    return state, deal


def _again(session: GameSession, live: LiveDeal, number: int, play: dict[str, Any]) -> Played:
    """A play sent before: answered as the first time if it is the same play, else a 409."""
    state = live.state(session, live.plays[:number])
    if live.plays[number - 1] != play and not _same_play(session, live, number, play, state):
        raise Conflict(409, "play-exists", f"Play {number} was already entered, differently.")
    ended = live.deal_serial if number == len(live.plays) else None
    return state, None if ended is None else session.deal_or_404(ended)


def _same_play(
    session: GameSession, live: LiveDeal, number: int, play: dict[str, Any], stored: LiveState
) -> bool:
    """Whether `play`, written another way ('ks' for 'KS', 'TC' for '10C', the loose cards in
    another order, a default left out), is the play stored as `number`: the deal is left as
    the stored one left it."""
    try:
        state = live.state(session, [*live.plays[: number - 1], play])
    except (InvalidInput, PlayRefused):
        return False
    return step_json(state) == step_json(stored)  # the plays as sent (their spelling) left out


def ensure_not_played_live(session: GameSession) -> None:
    """A 409 while the session's next deal is being played live: entering it whole as well
    would record it twice."""
    if LiveDeal.current(session) is not None:
        raise Conflict(
            409,
            "live-deal-under-way",
            f"Deal {len(session.deals) + 1} is being played live: go on with it on its live "
            "page, or stop playing it live there to enter it whole. Nothing was stored.",
        )


def remove_live(session: GameSession, plays: int) -> LiveDeal:
    """Take back the live deal under way: its start before any play (a wrong card turned up,
    a wrong dealer), or with its `plays` discarded, to enter the deal whole instead. `plays`
    is how many the phone saw: one sent since from another phone is never discarded unseen."""
    live = LiveDeal.current_or_404(session)
    if len(live.plays) != plays:
        count = f"{len(live.plays)} play{'' if len(live.plays) == 1 else 's'}"
        raise Conflict(
            409,
            "live-deal-has-plays",
            f"The live deal has {count}, not {plays}: take them back first, last first, or "
            f"send plays={len(live.plays)} to discard them. Nothing was taken back.",
        )
    db.session.delete(live)
    session.touch(club=False)
    return live


def remove_last_play(session: GameSession, number: int) -> LiveState:
    """Take back play `number` when it is the last one; 409 otherwise."""
    live = LiveDeal.current_or_404(session)
    if number != len(live.plays) or not live.plays:
        last = len(live.plays)
        message = (
            f"Only the last play ({last}) can be taken back."
            if last
            else "No play was entered yet: there is none to take back (the start is taken back "
            "with DELETE on the live deal)."
        )
        raise Conflict(409, "not-last-play", message)
    live.plays = live.plays[:-1]
    live.updated_at = utcnow()
    session.touch(club=False)
    return live.state(session)
