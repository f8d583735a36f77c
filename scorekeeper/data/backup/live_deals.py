"""A restored session's live deals: each derived again from its start and plays by the engine,
ending in one of the session's deals or (the last one only) under way."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...rules.errors import InvalidInput
from ...rules.limits import MOST_PLAYS
from ...rules.live import PlayRefused
from ..models import GameSession, LiveDeal
from .fields import field, time_of
from .problems import BackupError, Place

LIVE_ERRORS = (InvalidInput, PlayRefused, LookupError, TypeError, ValueError)


def restored_live_deals(session: GameSession, raws: list[Any], where: Place) -> list[LiveDeal]:
    """The session's live deals in the order they began; only the last may be under way, as
    a new one starts only once the one before has ended."""
    lives = [
        restored_live(session, raw, Place("live-deal", where=where, n=n))
        for n, raw in enumerate(raws, 1)
    ]
    ended = [live.deal_serial for live in lives if live.deal_serial is not None]
    if len(set(ended)) != len(ended):
        raise BackupError("live-same-deal", where=where)
    if any(live.deal_serial is None for live in lives[:-1]):
        raise BackupError("live-after-under-way", where=where)
    return lives


def restored_live(session: GameSession, raw: Mapping[str, Any], where: Place) -> LiveDeal:
    """A live deal of the session's game, ending in one of its deals or under way."""
    game = field(raw, "game", str, where)
    if game != session.game_name:
        raise BackupError("live-other-game", where=where, game=game[:20])
    deal_id = field(raw, "deal_id", (int, type(None)), where)
    if deal_id is not None and deal_id not in {d.serial for d in session.all_deals}:
        raise BackupError("live-deal-not-held", where=where, id=deal_id)
    plays = field(raw, "plays", list, where)
    if len(plays) > MOST_PLAYS:
        raise BackupError("too-many-plays", where=where, count=len(plays), most=MOST_PLAYS)
    live = LiveDeal(
        session_id=session.id,
        game=game,
        start=field(raw, "start", dict, where),
        plays=plays,
        deal_serial=deal_id,
        created_at=time_of(raw, "created_at", where),
        updated_at=time_of(raw, "updated_at", where),
    )
    check_live_state(session, live, where)
    return live


def check_live_state(session: GameSession, live: LiveDeal, where: Place) -> None:
    """Raise BackupError unless the engine derives the live deal's state from its plays, and
    it is finished exactly when the live deal names the deal it became."""
    try:
        finished = live.state(session).finished
    except LIVE_ERRORS as error:
        bad = first_refused(session, live)
        if bad:
            raise BackupError("play-refused", where=where, play=bad, why=error) from None
        raise BackupError("start-refused", where=where, why=error) from None
    if finished and live.deal_serial is None:
        raise BackupError("ends-unnamed", where=where)
    if not finished and live.deal_serial is not None:
        raise BackupError("does-not-end", where=where)


def first_refused(session: GameSession, live: LiveDeal) -> int:
    """The number of the first play the engine refuses (0: the start), found by halving."""
    good, bad = -1, len(live.plays)  # the state after `bad` plays cannot be derived
    while bad - good > 1:
        middle = (good + bad) // 2
        try:
            session.game.live.derive(
                session.table, session.options, live.start, live.plays[:middle]
            )
            good = middle
        except LIVE_ERRORS:
            bad = middle
    return bad
