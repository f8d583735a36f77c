"""Pages for score keeping: new session, scoreboard, deal entry, edit, undo."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    flash,
    make_response,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_wtf.csrf import generate_csrf

from ..data.conflicts import Conflict
from ..data.extensions import db
from ..data.idempotency import Answer, checked_key, once, request_key, start_session
from ..data.live import LiveDeal, ensure_not_played_live
from ..data.models import Club, Deal, GameSession, recent_player_names
from ..rules import GAMES, InvalidInput
from ..web.held import held_clubs, held_tokens, remember_club, remember_token
from .games import PAGES

bp = Blueprint("sessions", __name__)


# -- who may edit ------------------------------------------------------------------------


def can_edit(game_session: GameSession) -> bool:
    """Whether this browser holds the session's edit token."""
    return game_session.can_edit(held_tokens().get(game_session.id))


def editable(session_id: str) -> GameSession:
    """The session, if this browser may edit it; 403 otherwise."""
    writing = request.method != "GET"  # a form being drawn need not wait for writers
    game_session = GameSession.get_or_404(session_id, for_update=writing, full=True)
    if not can_edit(game_session):
        abort(403, description="This phone can only watch: open the scorer's edit link.")
    return game_session


def undo_flash(text: str, action: str, label: str) -> None:
    """A message with a one-tap button that reverses what was just done."""
    flash({"text": text, "action": action, "label": label}, "undo")


def page(body: str, status: int = 200, fresh: bool = False) -> Response:
    """An HTML answer; `fresh` pages are never kept by the browser, so Back fetches them anew."""
    response = make_response(body, status)
    if fresh:
        response.headers["Cache-Control"] = "no-store"
    return response


# -- sessions ------------------------------------------------------------------------------


@bp.route("/new/<game_name>", methods=["GET", "POST"])
def new(game_name: str) -> Any:
    """Start a session of a game."""
    if game_name not in PAGES:
        abort(404, description=f"There is no game {game_name!r}.")
    form = PAGES[game_name].session_form()
    clubs = known_clubs()
    if not form.is_submitted():
        form.club.data = request.args.get("club") or (clubs[0].id if clubs else "")
    if form.validate_on_submit():
        try:
            return _start(checked_key(form.key.data or None), form.to_request(), form.club.data)
        except InvalidInput as error:
            form.form_errors.append(error.message)
    status = 400 if form.is_submitted() else 200
    names = recent_player_names(list(held_tokens()))
    body = render_template(
        "sessions/new.html", form=form, game=GAMES[game_name], recent_names=names, clubs=clubs
    )
    return page(body, status)


def known_clubs() -> list[Club]:
    """The clubs this browser knows, most recently remembered first."""
    ids = list(reversed(held_clubs()))
    found = {club.id: club for club in Club.many(ids)}
    return [found[i] for i in ids if i in found]


@bp.get("/s/<session_id>")
def show(session_id: str) -> Response:
    """The scoreboard; a 304 when the browser holds this version of it already."""
    etag = _scoreboard_etag(GameSession.get_or_404(session_id))
    return conditional(etag, lambda: _scoreboard(session_id))


def _scoreboard(session_id: str) -> str:
    game_session = GameSession.get_or_404(session_id, full=True)
    return render_template(
        "sessions/show.html",
        **standing_parts(game_session),
        can_edit=can_edit(game_session),
        is_keeper=game_session.is_keeper(held_tokens().get(session_id)),
        summary=PAGES[game_session.game_name].summary,
        clubs=known_clubs(),
        replays=LiveDeal.deals_played(game_session),
    )


def standing_parts(game_session: GameSession) -> dict[str, Any]:
    """What a game's scoreboard template draws: the session, its standing, and what its game
    adds (a chart, who bids first …)."""
    standing = game_session.standing()
    scoreboard = PAGES[game_session.game_name].scoreboard(game_session, standing)
    return {"gs": game_session, "standing": standing, **scoreboard}


def _scoreboard_etag(game_session: GameSession) -> str | None:
    """The page's tag: the session's version and what this browser may do with it."""
    # The clubs held too: the page offers to move the session into one of them.
    return viewer_etag(game_session.etag, held_tokens().get(game_session.id), held_clubs())


def viewer_etag(version: str, *held: object) -> str | None:
    """A page's tag: the `version` of what it shows, and what this browser holds that it shows
    (`held`, and the CSRF token of its forms).

    None while a message waits to be shown once: that page must be drawn.
    """
    if "_flashes" in session:
        return None
    generate_csrf()  # the page's forms carry this browser's token: make sure it has one
    viewer = "|".join(map(str, (*held, session.get("csrf_token"))))
    return f"{version}-{hashlib.sha256(viewer.encode()).hexdigest()[:16]}"


def conditional(etag: str | None, draw: Callable[[], str | Response]) -> Response:
    """A page that follows the table: drawn only when the browser does not hold this version
    of it (a 304 then, next to nothing for the server); the browser asks again every time."""
    if etag and request.if_none_match.contains_weak(etag):
        response = Response(status=304)
    else:
        response = make_response(draw())
    if etag and response.status_code in (200, 304):  # a refusal is never kept as the page
        response.set_etag(etag, weak=True)
    response.headers["Cache-Control"] = "private, no-cache"
    return response


@bp.post("/s/<session_id>/join")
def join(session_id: str) -> Response:
    """Keep score on this phone: the scorer link's key, handed over from the URL's fragment."""
    game_session = GameSession.get_or_404(session_id)
    key = request.form.get("key", "")
    if not game_session.can_edit(key):
        abort(403, description="That scorer link is wrong or was revoked: ask the keeper anew.")
    if not game_session.is_keeper(held_tokens().get(session_id)):  # never a step down
        remember_token(session_id, key)
    flash({"text": "This phone keeps score of this session now."}, "done")
    return redirect(url_for(".show", session_id=session_id))


@bp.post("/s/<session_id>/revoke")
def revoke(session_id: str) -> Response:
    """Stop every scorer link (keeper only); the share panel shows the new one."""
    game_session = editable(session_id)
    if not game_session.is_keeper(held_tokens().get(session_id)):
        abort(403, description="Only the phone that started this session can revoke links.")
    game_session.revoke_scorers()
    db.session.commit()
    flash({"text": "Old scorer links stopped working. Share the new one."}, "done")
    return redirect(url_for(".show", session_id=session_id))


@bp.post("/s/<session_id>/rematch")
def rematch(session_id: str) -> Response:
    """A new session with the same teams and options."""
    old = editable(session_id)
    # One rematch per state of the old session, however often the button is tapped.
    body = old.to_request()
    return _start(f"rematch:{old.id}:{old.version}", body, body.get("club"))


def _start(key: str | None, body: dict[str, Any], club_id: str | None) -> Response:
    """Start a session once per key in the club chosen (a new one, quietly, for a browser's
    first session), let this browser keep its score and know the club, and show it."""
    body = {k: v for k, v in body.items() if k != "club"} | ({"club": club_id} if club_id else {})
    new_club = None if club_id else first_club_name(body)
    (answer, _status), token, _replayed = start_session("web", key, body, _ids, new_club)
    remember_token(answer["id"], token)
    if answer.get("club"):
        remember_club(answer["club"], answer.get("club_token", ""))
    return redirect(url_for(".show", session_id=answer["id"]))


def first_club_name(body: dict[str, Any]) -> str:
    """A club made for a browser's first session is named after its first player's table."""
    first = body["teams"][0]["players"][0]
    return f"{first}'s table"


def _ids(game_session: GameSession) -> dict[str, Any]:
    return {"id": game_session.id, "club": game_session.club_id}


# -- deals ---------------------------------------------------------------------------------


def _deal_page(
    game_session: GameSession,
    form: Any,
    number: int,
    deal: Deal | None = None,
    conflict: dict[str, Any] | None = None,
) -> Response:
    body = render_template(
        f"sessions/{game_session.game_name}/deal_form.html",
        gs=game_session,
        form=form,
        number=number,
        seats=game_session.seat_names(),
        table=game_session.table,
        deal=deal,
        conflict=conflict,
        **PAGES[game_session.game_name].deal_page(game_session, number),
    )
    status = 409 if conflict else 400 if form.is_submitted() else 200
    return page(body, status, fresh=True)


def _set_hidden(field: Any, value: int) -> None:
    """Change what a hidden field of a sent form will render (it shows what was sent)."""
    field.data = value
    field.raw_data = [str(value)]


def _summary(game_session: GameSession, deal: Deal) -> str:
    return PAGES[game_session.game_name].summary(game_session, deal.record)


@bp.route("/s/<session_id>/deals/new", methods=["GET", "POST"])
def new_deal(session_id: str) -> Response:
    """Enter the next deal; a form sent twice, or after another scorer's, stores nothing."""
    game_session = editable(session_id)
    deal_form = PAGES[game_session.game_name].deal_form
    seats = game_session.table.seats
    upcoming = len(game_session.deals) + 1
    if request.method == "GET":
        try:
            game_session.ensure_open()
            ensure_not_played_live(game_session)
        except (InvalidInput, Conflict) as error:
            if not _navigating():
                raise  # the worker keeping the form for later: no message for the next page
            flash({"text": error.message}, "problem")
            return redirect(url_for(".show", session_id=session_id))
        form = deal_form.for_next(seats, game_session.standing(), game_session.next_serial())
        return _deal_page(game_session, form, upcoming)
    return _once(session_id, lambda: _add(game_session, upcoming))


def _navigating() -> bool:
    """Whether a person opened the page (a browser that does not say is taken to be one), not
    a script's fetch such as the service worker keeping a form for offline use."""
    return request.headers.get("Sec-Fetch-Mode", "navigate") == "navigate"


def _add(game_session: GameSession, upcoming: int) -> Answer:
    """Store the deal form sent as deal `upcoming`; its page again (refused) if it cannot be."""
    form = PAGES[game_session.game_name].deal_form(game_session.table.seats)
    if not form.validate_on_submit():
        raise _Refused(_deal_page(game_session, form, upcoming))
    try:
        ensure_not_played_live(game_session)
        deal = game_session.add_deal(form.to_record(), form.number.data, form.next_id.data)
    except InvalidInput as error:
        form.form_errors.append(error.message)
        raise _Refused(_deal_page(game_session, form, upcoming)) from error
    except Conflict as error:
        # Keep what was entered; sending it again saves it as the deal that comes next.
        _set_hidden(form.number, upcoming)
        _set_hidden(form.next_id, game_session.next_serial())
        theirs = game_session.deal_or_404(error.deal["id"]) if error.deal else None
        conflict = {"message": error.message, "theirs": theirs and _summary(game_session, theirs)}
        raise _Refused(_deal_page(game_session, form, upcoming, conflict=conflict)) from error
    undo = url_for(".delete_deal", session_id=game_session.id, deal_id=deal.serial, version=1)
    message = {"text": f"Deal {upcoming} saved.", "action": undo, "label": "Undo"}
    return _stored(game_session, "undo", message)


class _Refused(Exception):
    """A deal form answered with its page again: nothing was stored, so no key is kept."""

    def __init__(self, response: Response) -> None:
        super().__init__("refused")
        self.response = response


NOT_HASHED = frozenset({"csrf_token", "idempotency_key"})  # the same deal, whoever sends it


def _once(session_id: str, write: Callable[[], Answer]) -> Response:
    """Do a deal form's `write` once per Idempotency-Key: the same key again stores nothing and
    answers with the same redirect and message. The page's script puts a key in the form, and
    the offline queue sends that (or its own) again as a header."""
    key = request_key() or checked_key(request.form.get("idempotency_key") or None)
    sent = {name: request.form.getlist(name) for name in request.form if name not in NOT_HASHED}
    try:
        (answer, _status), _replayed = once(
            f"web-deals:{session_id}", key, {"path": request.path, "form": sent}, write
        )
    except _Refused as refused:
        return refused.response
    category, message = answer["flash"]
    flash(message, category)
    return redirect(answer["location"])


def _stored(game_session: GameSession, category: str, message: dict[str, str]) -> Answer:
    """What a stored deal form answers, kept with its key: back to the scoreboard, a message."""
    location = url_for(".show", session_id=game_session.id)
    return {"location": location, "flash": [category, message]}, 303


@bp.route("/s/<session_id>/deals/<int:deal_id>/edit", methods=["GET", "POST"])
def edit_deal(session_id: str, deal_id: int) -> Response:
    """Correct a past deal; everything after it is recomputed. Another's change is not lost."""
    game_session = editable(session_id)
    deal = game_session.deal_or_404(deal_id)
    if deal.deleted and request.method == "GET":
        return _deleted_page(game_session, deal)
    deal_form = PAGES[game_session.game_name].deal_form
    seats = game_session.table.seats
    number = game_session.number_of(deal)
    if request.method == "GET":
        form = deal_form.for_record(seats, deal.record, deal.version)
        return _deal_page(game_session, form, number, deal)
    return _once(session_id, lambda: _correct(game_session, deal, number))


def _correct(game_session: GameSession, deal: Deal, number: int) -> Answer:
    """Store the correction sent for `deal`; its page again (refused) if it cannot be."""
    form = PAGES[game_session.game_name].deal_form(game_session.table.seats)
    if not form.validate_on_submit():
        raise _Refused(_deal_page(game_session, form, number, deal))
    if deal.deleted:
        if request.form.get("restore") != "1":
            # Deleted while this correction was made: keep the correction, offer both ways.
            _set_hidden(form.version, deal.version)
            message = f"Another scorer deleted deal {number} while you were editing it."
            conflict = {"message": message, "theirs": None, "restore": True}
            raise _Refused(_deal_page(game_session, form, number, deal, conflict))
        game_session.set_deleted(deal, False)  # the scorer saw it was deleted, and chose this
    elif form.version.data not in (None, deal.version):
        # Another scorer changed it since this form was opened: show theirs, keep mine.
        _set_hidden(form.version, deal.version)
        message = f"Another scorer changed deal {number} while you were editing it."
        conflict = {"message": message, "theirs": _summary(game_session, deal)}
        raise _Refused(_deal_page(game_session, form, number, deal, conflict))
    try:
        changed = game_session.replace_deal(deal, form.to_record(keep=deal.record))
    except InvalidInput as error:
        form.form_errors.append(error.message)
        raise _Refused(_deal_page(game_session, form, number, deal)) from error
    text = f"Deal {number} corrected." if changed else "Nothing changed."
    return _stored(game_session, "done", {"text": text})


def _deleted_page(game_session: GameSession, deal: Deal) -> Response:
    body = render_template(
        "sessions/deleted.html", gs=game_session, deal=deal, summary=_summary(game_session, deal)
    )
    return page(body, 409, fresh=True)


@bp.post("/s/<session_id>/deals/<int:deal_id>/delete")
def delete_deal(session_id: str, deal_id: int) -> Response:
    """Remove a deal at once; the message that follows can restore it."""
    game_session = editable(session_id)
    deal = game_session.deal_or_404(deal_id)
    if deal.deleted:
        flash({"text": "That deal was deleted already."}, "done")
        return redirect(url_for(".show", session_id=session_id))
    number = game_session.number_of(deal)
    if _version_sent() not in (None, deal.version):
        body = render_template(
            "sessions/changed.html",
            gs=game_session,
            deal=deal,
            number=number,
            summary=_summary(game_session, deal),
        )
        return page(body, 409, fresh=True)
    game_session.set_deleted(deal, True)
    db.session.commit()
    restore = url_for(".restore_deal", session_id=session_id, deal_id=deal.serial)
    undo_flash(f"Deal {number} deleted.", restore, "Restore")
    return redirect(url_for(".show", session_id=session_id))


def _version_sent() -> int | None:
    """The deal version a form or button was drawn with, if it says."""
    raw = request.values.get("version", "")
    if not raw:
        return None
    if not (raw.isascii() and raw.isdigit()):
        abort(400, description="The form is damaged: reload the page.")
    return int(raw)


@bp.post("/s/<session_id>/deals/<int:deal_id>/restore")
def restore_deal(session_id: str, deal_id: int) -> Response:
    """Put a deleted deal back in its old place."""
    game_session = editable(session_id)
    deal = game_session.deal_or_404(deal_id)
    if game_session.set_deleted(deal, False):
        db.session.commit()
        text = f"Deal {game_session.number_of(deal)} restored."
    else:
        text = "That deal is in the session already."
    flash({"text": text}, "done")
    return redirect(url_for(".show", session_id=session_id))
