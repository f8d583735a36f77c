"""Live deals as stored: a deal's start and its plays as sent, the state derived from them.

Nothing but the list is stored, so a reload or a restart loses nothing and an undo is a shorter
list; a worker keeps the state derived so far only as a snapshot checked against the stored plays
(live_cache.py). A play's number is its identity: the same play sent twice is stored once.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from ..rules import InvalidInput
from ..rules.live import LiveDeal as LiveState
from ..rules.live import PlayRefused, step_json
from . import deals
from .errors import Conflict, NotFound
from .extensions import db
from .models import Deal, GameSession, LiveDeal, utcnow


def start_live(session: GameSession, body: object) -> LiveDeal:
    """Start the session's next deal as a live deal; 409 while another is under way."""
    if LiveDeal.current(session) is not None:
        raise Conflict(409, "live-deal-exists", "live-deal-exists")
    deals.ensure_open(session)
    start = session.game.live.start(session.table, session.options, session.standing(), body)
    live = LiveDeal(session_id=session.id, game=session.game_name, start=start, plays=[])
    db.session.add(live)
    session.touch()  # and its club's: the club's history says which sessions are live
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
        raise NotFound("no-live-deal")
    if number != len(live.plays) + 1:
        next_one = len(live.plays) + 1
        raise Conflict(409, "play-out-of-order", "play-out-of-order", next=next_one, number=number)
    plays = [*live.plays, play]
    state = live.state(session, plays)  # one step from the snapshot of the plays before
    live.plays, live.updated_at = plays, utcnow()
    deal = None
    if state.finished:
        deal = deals.finish_live(session, live, state.record())
    session.touch(club=False)
    return state, deal


def _again(session: GameSession, live: LiveDeal, number: int, play: dict[str, Any]) -> Played:
    """A play sent before: answered as the first time if it is the same play, else a 409."""
    state = live.state(session, live.plays[:number])
    if live.plays[number - 1] != play and not _same_play(session, live, number, play, state):
        raise Conflict(409, "play-exists", "play-exists", number=number)
    ended = live.deal_serial if number == len(live.plays) else None
    return state, None if ended is None else session.find_deal(ended)


def _same_play(
    session: GameSession, live: LiveDeal, number: int, play: dict[str, Any], stored: LiveState
) -> bool:
    """Whether `play`, written another way ('ks' for 'KS', 'TC' for '10C', the loose cards in
    another order, a default left out), is the play stored as `number`: the deal is left as
    the stored one left it."""
    try:
        # Derived aside: the deal's snapshot stays the stored plays'.
        rules, plays = session.game.live, [*live.plays[: number - 1], play]
        state = rules.derive(session.table, session.options, live.start, plays)
    except (InvalidInput, PlayRefused):
        return False
    return step_json(state) == step_json(stored)  # the plays as sent (their spelling) left out


def remove_live(session: GameSession, plays: int) -> LiveDeal:
    """Take back the live deal under way: its start before any play (a wrong card turned up,
    a wrong dealer), or with its `plays` discarded, to enter the deal whole instead. `plays`
    is how many the phone saw: one sent since from another phone is never discarded unseen."""
    live = LiveDeal.find_current(session)
    if len(live.plays) != plays:
        has = len(live.plays)
        raise Conflict(409, "live-deal-has-plays", "live-deal-has-plays", num=has, sent=plays)
    db.session.delete(live)
    session.touch()  # and its club's: the session is no longer live in the club's history
    return live


def remove_last_play(session: GameSession, number: int) -> LiveState:
    """Take back play `number` when it is the last one; 409 otherwise."""
    live = LiveDeal.find_current(session)
    if number != len(live.plays) or not live.plays:
        last = len(live.plays)
        key = "only-last-play" if last else "no-play-to-take-back"
        raise Conflict(409, "not-last-play", key, last=last)
    live.plays = live.plays[:-1]
    live.updated_at = utcnow()
    session.touch(club=False)
    return live.state(session)


StepWords = Callable[[dict[str, Any], LiveState], dict[str, Any]]  # a replay step, worded


def replay(
    live: LiveDeal, session: GameSession, deal: Deal, words: StepWords | None = None
) -> tuple[list[dict[str, Any]], bool]:
    """The steps of rules/live.py's `replay` (the state before any play, then after each), and
    whether `deal`, which these plays recorded, was corrected since (edited on the scoreboard):
    the record its plays make is not the record stored. One pass gives both. `words(step,
    state)` gives a step its sentences in the reader's words."""
    game, steps = session.game, []
    for last in game.live.states(session.table, session.options, live.start, live.plays):
        step = step_json(last)
        steps.append(words(step, last) if words else step)
    made = game.parse_deal(last.record(), session.table, session.options)
    return steps, bool(deal.record != json.loads(json.dumps(made)))  # as stored: lists
