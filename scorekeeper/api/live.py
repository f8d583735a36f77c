"""The live-deal API (shared/API.md, "Live deals"): a deal followed play by play."""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify, request

from .api import bp, deal_answer, editable_session, json_body, tagged
from .data.extensions import db
from .data.live import (
    MOST_PLAYS,
    LiveDeal,
    Played,
    add_play,
    remove_last_play,
    remove_live,
    start_live,
)
from .data.models import GameSession
from .rules import InvalidInput
from .rules.fields import integer, required
from .rules.live import LiveDeal as LiveState


def live_answer(session: GameSession, state: LiveState) -> dict[str, Any]:
    """The live state, with the session's version for watchers."""
    return {**state.to_json(), "version": session.version}


@bp.post("/sessions/<session_id>/live")
def start_live_deal(session_id: str) -> Response:
    """Start the session's next deal as a live deal."""
    session = editable_session(session_id)
    live = start_live(session, json_body())
    db.session.commit()
    return _created(live_answer(session, live.state(session)))


@bp.delete("/sessions/<session_id>/live")
def remove_live_deal(session_id: str) -> Response:
    """Take back the live deal: its start before any play, or with `?plays=<n>`, its n plays
    discarded; its start and plays are answered."""
    session = editable_session(session_id)
    plays = request.args.get("plays", "0")
    if not (plays.isascii() and plays.isdecimal()):  # "٣" is decimal to Python, not to a client
        raise InvalidInput("bad-field", "plays must be a whole number: the plays to discard.")
    live = remove_live(session, int(plays))
    db.session.commit()
    return jsonify({"start": live.start, "plays": live.plays, "version": session.version})


@bp.get("/sessions/<session_id>/live")
def read_live_deal(session_id: str) -> Response:
    """The live deal under way: its plays and the state they lead to; 404 when none."""
    session = GameSession.get_or_404(session_id)
    live = LiveDeal.current_or_404(session)
    if request.if_none_match.contains_weak(session.etag):
        return tagged({}, session.etag)  # a watcher's unchanged poll: no plays replayed for it
    return tagged(live_answer(session, live.state(session)), session.etag)


@bp.post("/sessions/<session_id>/live/plays")
def add_live_play(session_id: str) -> Response:
    """One play, numbered: stored once, whoever sends it and however often."""
    session = editable_session(session_id)
    body = json_body()
    number = integer(required(body, "number", "A live play"), "number", 1, MOST_PLAYS)
    play = {name: value for name, value in body.items() if name != "number"}
    played = add_play(session, number, play)
    db.session.commit()
    return _created(_play_answer(session, played))


def _play_answer(session: GameSession, played: Played) -> dict[str, Any]:
    """The state, what the play did under "play" (and beside the state where no name clashes,
    as API.md shows Seep's "captured"), and the deal once the last play recorded it."""
    state, deal = played
    answer, did = live_answer(session, state), state.last_play_json()
    answer |= {name: value for name, value in did.items() if name not in answer}
    answer["play"] = did
    return answer | ({"deal": deal_answer(session, deal)["deal"]} if deal is not None else {})


@bp.delete("/sessions/<session_id>/live/plays/<int:number>")
def remove_live_play(session_id: str, number: int) -> Response:
    """Take back the last play."""
    session = editable_session(session_id)
    state = remove_last_play(session, number)
    db.session.commit()
    return jsonify(live_answer(session, state))


@bp.get("/sessions/<session_id>/deals/<int:deal_id>/plays")
def replay_live_deal(session_id: str, deal_id: int) -> Response:
    """A deal that was played live, to replay: its start, its plays and the state after each."""
    session = GameSession.get_or_404(session_id, full=True)
    live = LiveDeal.of_deal_or_404(session, deal_id)
    deal = session.deal_or_404(deal_id)
    etag = f"plays-{live.id}.{deal.version}"  # its plays never change; the deal may be corrected
    if request.if_none_match.contains_weak(etag):
        return tagged({}, etag)
    steps, corrected = live.replay(session, deal)
    body = {"deal": deal_id, "start": live.start, "plays": live.plays, "steps": steps}
    return tagged(body | {"corrected": corrected}, etag)


def _created(body: dict[str, Any]) -> Response:
    response = jsonify(body)
    response.status_code = 201
    return response
