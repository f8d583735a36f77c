"""The live-deal API (shared/API.md, "Live deals"): a deal followed play by play."""

from __future__ import annotations

from flask import Response, jsonify, request

from ..data.extensions import db
from ..data.live import add_play, remove_last_play, remove_live, replay, start_live
from ..data.models import GameSession, LiveDeal
from ..rules import InvalidInput
from ..rules.fields import integer, required
from ..rules.limits import MOST_PLAYS
from ..rules.live import PlayRefused
from ..web.deal_write_limits import count_deal_write, count_if_written
from ..words import gettext
from ..words.live import Refused, worded
from ..words.numbers import number as written
from .answers import live_answer, play_answer
from .http import bp, created, editable_session, json_body, tagged


@bp.post("/sessions/<session_id>/live")
def start_live_deal(session_id: str) -> Response:
    """Start the session's next deal as a live deal."""
    session = editable_session(session_id)
    count_deal_write(session.id)
    live = start_live(session, json_body())
    db.session.commit()
    return created(live_answer(session, live.state(session)))


@bp.delete("/sessions/<session_id>/live")
def remove_live_deal(session_id: str) -> Response:
    """Take back the live deal: its start before any play, or with `?plays=<n>`, its n plays
    discarded; its start and plays are answered."""
    session = editable_session(session_id)
    count_deal_write(session.id)
    plays = request.args.get("plays", "0")
    if not (plays.isascii() and plays.isdecimal()):  # "٣" is decimal to Python, not to a client
        message = gettext("plays must be a whole number: the plays to discard.")
        raise InvalidInput("bad-field", message)
    live = remove_live(session, int(plays))
    db.session.commit()
    return jsonify({"start": live.start, "plays": live.plays, "version": session.version})


@bp.get("/sessions/<session_id>/live")
def read_live_deal(session_id: str) -> Response:
    """The live deal under way: its plays and the state they lead to; 404 when none."""
    session = GameSession.find(session_id)
    live = LiveDeal.find_current(session)
    if request.if_none_match.contains_weak(session.etag):
        return tagged({}, session.etag)  # a watcher's unchanged poll: no plays replayed for it
    return tagged(live_answer(session, live.state(session)), session.etag)


@bp.post("/sessions/<session_id>/live/plays")
def add_live_play(session_id: str) -> Response:
    """One play, numbered: stored once, whoever sends it and however often."""
    session = editable_session(session_id)
    body = json_body()
    number = play_number(required(body, "number", "A live play"))
    play = {name: value for name, value in body.items() if name != "number"}
    try:
        played = add_play(session, number, play)
    except PlayRefused as refused:
        # The reason in the reader's words, players by name.
        raise Refused(refused.violation, session.seat_names()) from None
    count_if_written(session.id)
    db.session.commit()
    return created(play_answer(session, played))


def play_number(raw: object) -> int:
    """A play's number: 1 up to the most a live deal keeps (MOST_PLAYS), that limit named."""
    if isinstance(raw, int) and not isinstance(raw, bool) and raw > MOST_PLAYS:
        message = gettext(
            "A live deal keeps at most %(most)s plays, more than any deal has: play %(number)s "
            "is past them. Nothing was stored.",
            most=written(MOST_PLAYS),
            number=written(raw),
        )
        raise InvalidInput("too-many-plays", message)
    return integer(raw, "number", 1, MOST_PLAYS)


@bp.delete("/sessions/<session_id>/live/plays/<int:number>")
def remove_live_play(session_id: str, number: int) -> Response:
    """Take back the last play."""
    session = editable_session(session_id)
    count_deal_write(session.id)
    state = remove_last_play(session, number)
    db.session.commit()
    return jsonify(live_answer(session, state))


@bp.get("/sessions/<session_id>/deals/<int:deal_id>/plays")
def replay_live_deal(session_id: str, deal_id: int) -> Response:
    """A deal that was played live, to replay: its start, its plays and the state after each."""
    session = GameSession.find(session_id, full=True)
    live = LiveDeal.find_of_deal(session, deal_id)
    deal = session.find_deal(deal_id)
    etag = f"plays-{live.id}.{deal.version}"  # its plays never change; the deal may be corrected
    if request.if_none_match.contains_weak(etag):
        return tagged({}, etag)
    seats = session.seat_names()
    steps, corrected = replay(live, session, deal, lambda shown, state: worded(shown, state, seats))
    body = {"deal": deal_id, "start": live.start, "plays": live.plays, "steps": steps}
    return tagged(body | {"corrected": corrected}, etag)
