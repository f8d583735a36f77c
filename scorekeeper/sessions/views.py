"""Pages for score keeping: new session, scoreboard, deal entry, edit, undo."""

from __future__ import annotations

from typing import Any

from flask import (
    Blueprint,
    abort,
    flash,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from werkzeug.wrappers import Response

from ..extensions import db
from ..models import GameSession, recent_player_names
from ..rules import GAMES, InvalidInput
from .games import PAGES

bp = Blueprint("sessions", __name__)
REMEMBERED = 50  # edit tokens kept in the browser's cookie


# -- who may edit ------------------------------------------------------------------------


def held_tokens() -> dict[str, str]:
    """The edit tokens this browser holds, by session id, oldest first."""
    return dict(session.get("tokens", {}))


def remember_token(session_id: str, token: str) -> None:
    """Let this browser edit the session from now on."""
    tokens = held_tokens()
    tokens.pop(session_id, None)
    tokens[session_id] = token
    session["tokens"] = dict(list(tokens.items())[-REMEMBERED:])


def can_edit(game_session: GameSession) -> bool:
    """Whether this browser holds the session's edit token."""
    return game_session.can_edit(held_tokens().get(game_session.id))


def editable(session_id: str) -> GameSession:
    """The session, if this browser may edit it; 403 otherwise."""
    game_session = GameSession.get_or_404(session_id, for_update=True)
    if not can_edit(game_session):
        abort(403, description="This phone can only watch: open the scorer's edit link.")
    return game_session


def undo_flash(text: str, action: str, label: str) -> None:
    """A message with a one-tap button that reverses what was just done."""
    flash({"text": text, "action": action, "label": label}, "undo")


# -- sessions ------------------------------------------------------------------------------


@bp.route("/new/<game_name>", methods=["GET", "POST"])
def new(game_name: str) -> Any:
    """Start a session of a game."""
    if game_name not in PAGES:
        abort(404, description=f"There is no game {game_name!r}.")
    form = PAGES[game_name].session_form()
    if form.validate_on_submit():
        try:
            game_session, token = GameSession.from_request(form.to_request())
        except InvalidInput as error:
            form.form_errors.append(error.message)
        else:
            db.session.commit()
            remember_token(game_session.id, token)
            return redirect(url_for(".show", session_id=game_session.id))
    status = 400 if form.is_submitted() else 200
    page = render_template(
        "sessions/new.html", form=form, game=GAMES[game_name], recent_names=recent_player_names()
    )
    return page, status


@bp.get("/s/<session_id>")
def show(session_id: str) -> Any:
    """The scoreboard; `?key=` with the edit token lets this browser keep score."""
    game_session = GameSession.get_or_404(session_id)
    key = request.args.get("key")
    if key is not None:
        if not game_session.can_edit(key):
            abort(403, description="That edit link is not right for this session.")
        remember_token(session_id, key)
        return redirect(url_for(".show", session_id=session_id))
    standing = game_session.standing()
    return render_template(
        "sessions/show.html",
        gs=game_session,
        standing=standing,
        **PAGES[game_session.game_name].scoreboard(game_session, standing),
        can_edit=can_edit(game_session),
        edit_key=held_tokens().get(session_id),
    )


@bp.post("/s/<session_id>/rematch")
def rematch(session_id: str) -> Response:
    """A new session with the same teams and options."""
    old = editable(session_id)
    game_session, token = GameSession.from_request(old.to_request())
    db.session.commit()
    remember_token(game_session.id, token)
    return redirect(url_for(".show", session_id=game_session.id))


# -- deals ---------------------------------------------------------------------------------


def _deal_page(game_session: GameSession, form: Any, number: int) -> Any:
    page = render_template(
        f"sessions/{game_session.game_name}/deal_form.html",
        gs=game_session,
        form=form,
        number=number,
        seats=game_session.seat_names(),
        editing=number <= len(game_session.deals),
    )
    return page, 400 if form.is_submitted() else 200


@bp.route("/s/<session_id>/deals/new", methods=["GET", "POST"])
def new_deal(session_id: str) -> Any:
    """Enter the next deal."""
    game_session = editable(session_id)
    deal_form = PAGES[game_session.game_name].deal_form
    seats = game_session.table.seats
    number = len(game_session.deals) + 1
    if request.method == "GET":
        return _deal_page(game_session, deal_form.for_next(seats, game_session.standing()), number)
    form = deal_form(seats)
    if form.validate_on_submit():
        try:
            game_session.add_deal(form.to_record())
        except InvalidInput as error:
            form.form_errors.append(error.message)
        else:
            db.session.commit()
            undo = url_for(".delete_deal", session_id=session_id, number=number)
            undo_flash(f"Deal {number} saved.", undo, "Undo")
            return redirect(url_for(".show", session_id=session_id))
    return _deal_page(game_session, form, number)


@bp.route("/s/<session_id>/deals/<int:number>/edit", methods=["GET", "POST"])
def edit_deal(session_id: str, number: int) -> Any:
    """Correct a past deal; everything after it is recomputed."""
    game_session = editable(session_id)
    deal = game_session.deal_or_404(number)
    deal_form = PAGES[game_session.game_name].deal_form
    seats = game_session.table.seats
    if request.method == "GET":
        return _deal_page(game_session, deal_form.for_record(seats, deal.record), number)
    form = deal_form(seats)
    if form.validate_on_submit():
        try:
            game_session.replace_deal(number, form.to_record(keep=deal.record))
        except InvalidInput as error:
            form.form_errors.append(error.message)
        else:
            db.session.commit()
            flash({"text": f"Deal {number} corrected."}, "done")
            return redirect(url_for(".show", session_id=session_id))
    return _deal_page(game_session, form, number)


@bp.post("/s/<session_id>/deals/<int:number>/delete")
def delete_deal(session_id: str, number: int) -> Response:
    """Remove a deal at once; the message that follows can restore it."""
    game_session = editable(session_id)
    game_session.delete_deal(number)
    db.session.commit()
    undo_flash(
        f"Deal {number} deleted.", url_for(".restore_deal", session_id=session_id), "Restore"
    )
    return redirect(url_for(".show", session_id=session_id))


@bp.post("/s/<session_id>/deals/restore")
def restore_deal(session_id: str) -> Response:
    """Put back the deal deleted last."""
    game_session = editable(session_id)
    deal = game_session.restore_deal()
    db.session.commit()
    if deal is not None:
        flash({"text": f"Deal {game_session.number_of(deal)} restored."}, "done")
    return redirect(url_for(".show", session_id=session_id))
