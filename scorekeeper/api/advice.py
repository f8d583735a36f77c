"""Advice and review (shared/API.md, "Advice and review"): POST /advice ranks the legal moves
of a position or a deal so far, and GET …/live/review gives a finished live deal's review.

Both searches run in the search workers (web/workers.py), never in a web worker: advice waits
for its answer (at most its budget); a review is worked out once per version of its deal and
kept (data/reviews.py), and until then the reader is told to come back (202, Retry-After).
"""

from __future__ import annotations

import json
import time
import zlib
from concurrent.futures import Future
from typing import Any

from flask import Flask, Response, current_app, jsonify, request

from ..advice.answers import advise_request, budget_of, review_deal
from ..data import reviews
from ..data.models import Deal, GameSession, LiveDeal
from ..rules import InvalidInput, get_game
from ..rules.fields import integer, required
from ..web.advice_limits import count_advice
from ..web.errors import error_response
from ..web.workers import Busy, workers
from ..words import gettext
from .http import bp, json_body, tagged

ANSWER_SPARE = 5.0  # seconds past its budget that advice may take to come back (a busy machine)
REVIEW_AGAIN = 2  # seconds a reader of a review still being worked out waits (Retry-After)


@bp.post("/advice")
def advise() -> Response:
    """The legal moves of a position, or of a deal so far, ranked by their expected margin."""
    begun = time.monotonic()  # the budget counts from here, the worker's hand-over included
    body = json_body()
    game = get_game(required(body, "game", "A request for advice"))
    budget = budget_of(body)
    count_advice()
    # The same request draws the same samples: a repeated question gets the same answer.
    seed = zlib.crc32(json.dumps(body, sort_keys=True).encode())
    try:
        work = (game.name, body, seed, begun)
        answer = workers().run(advise_request, *work, timeout=budget + ANSWER_SPARE)
    except (Busy, TimeoutError):
        return busy()
    return jsonify(answer)


@bp.get("/sessions/<session_id>/live/review")
def review_live_deal(session_id: str) -> Response:
    """A finished live deal's review: kept once worked out, else worked out now (202)."""
    session = GameSession.find(session_id, full=True)
    serial = deal_asked()
    deal, live = reviews.played_live(session, serial)
    etag = f"review-{serial}.{deal.version}"
    found = reviews.stored(session.id, serial, deal.version)
    if found is not None and found.answer is not None:
        return tagged(found.answer, etag)
    if reviews.claim(session.id, serial, deal.version):
        try:
            start_review(session, live, deal)
        except Busy:
            reviews.release(session.id, serial, deal.version)
            return busy()
    response = jsonify(deal=serial, ready=False)
    response.status_code = 202
    response.headers["Retry-After"] = str(REVIEW_AGAIN)
    return response


def deal_asked() -> int:
    """The `deal` the review is asked for: a whole number, required."""
    raw = request.args.get("deal")
    if raw is None:
        raise InvalidInput("missing-field", "missing-field", what="?deal=", field="deal")
    if not raw.isdigit():
        raise InvalidInput("bad-field", "not-whole-number", what="deal", low=1, high=10**9)
    return integer(int(raw), "deal", 1, 10**9)


def start_review(session: GameSession, live: LiveDeal, deal: Deal) -> None:
    """Hand the review to the search workers; its answer is kept when it comes (Busy: none)."""
    app: Flask = current_app._get_current_object()  # type: ignore[attr-defined]
    work = (session.game_name, session.table, session.options, live.start, live.plays)
    budget = float(app.config["REVIEW_SECONDS"])
    future = workers().submit(review_deal, *work, deal.serial, budget)
    key = (session.id, deal.serial, deal.version)
    future.add_done_callback(lambda done: _kept(app, key, done))


def _kept(app: Flask, key: tuple[str, int, int], done: Future[dict[str, Any]]) -> None:
    """Keep a review worked out; give up the claim of one that failed (the next read tries
    again)."""
    with app.app_context():
        error = done.exception()
        if error is None:
            reviews.keep(*key, done.result())
        else:
            app.logger.error("A review failed: %s %r", key, error)
            reviews.release(*key)


def busy() -> Response:
    """503: every search worker is busy and the line is full."""
    message = gettext("Every search is busy. Nothing was lost: ask again in a moment.")
    response = error_response(503, "unavailable", message)
    response.headers["Retry-After"] = "1"
    return response
