"""Entering a deal whole, correcting, deleting and restoring one: each exactly once."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import abort, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ..data import deals
from ..data.errors import Conflict
from ..data.extensions import db
from ..data.idempotency import Answer
from ..data.models import Deal, GameSession
from ..rules import InvalidInput
from ..web.deal_write_limits import count_deal_write, count_if_written
from ..web.idempotency_keys import checked_key, once, request_key
from ..web.limits_store import OverLimit
from ..web.names import whole_name
from ..web.pages import page, say, undo_flash
from ..web.rate_limits import refusal
from ..words import gettext
from ..words.inputs import in_words
from ..words.refusals import message_of
from .blueprint import bp, editable
from .games import PAGES
from .games.deal_form import set_sent


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


def _problem(game_session: GameSession, error: InvalidInput) -> str:
    """The engine's refusal as the table says it: the game's own words name the sides."""
    return PAGES[game_session.game_name].problem(game_session, error)


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
            deals.ensure_open(game_session)
            deals.ensure_not_played_live(game_session)
        except (InvalidInput, Conflict) as error:
            if not _navigating():
                raise  # the worker keeping the form for later: no message for the next page
            said = in_words(error) if isinstance(error, InvalidInput) else message_of(error)
            say({"text": said}, "problem")
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
    form = _posted_form(game_session)
    _count(game_session, form, upcoming)
    if not form.validate_on_submit():
        raise _Refused(_deal_page(game_session, form, upcoming))
    try:
        deals.ensure_not_ended(game_session)
        deals.ensure_room(game_session)
        deals.ensure_round_open(game_session)
    except Conflict as error:
        # An ended or full session, or a tournament table whose round is over: no clash with
        # another scorer to resolve, no next deal to save it as. Refused as a session that is
        # over is (400): a 409 is a clash to the offline queue.
        form.form_errors.append(message_of(error))
        raise _Refused(_deal_page(game_session, form, upcoming)) from error
    try:
        deal = deals.add_deal(game_session, form.to_record(), form.number.data, form.next_id.data)
    except InvalidInput as error:
        form.form_errors.append(_problem(game_session, error))
        raise _Refused(_deal_page(game_session, form, upcoming)) from error
    except Conflict as error:
        # Keep what was entered; sending it again saves it as the deal that comes next, so
        # what the form drew from the standing (the dealer …) is drawn again for that deal.
        sent = form.number.data or upcoming
        set_sent(form.number, upcoming)
        set_sent(form.next_id, game_session.next_serial())
        seats = game_session.table.seats
        fresh = type(form).for_next(seats, game_session.standing(), game_session.next_serial())
        changes = form.follow(fresh, game_session, sent, upcoming)
        theirs = error.deal if isinstance(error.deal, Deal) else None
        conflict = {
            "message": message_of(error),
            "theirs": theirs and _summary(game_session, theirs),
            "changes": changes,
        }
        raise _Refused(_deal_page(game_session, form, upcoming, conflict=conflict)) from error
    undo = url_for(".delete_deal", session_id=game_session.id, deal_id=deal.serial, version=1)
    message = {
        "text": gettext("Deal %(num)d saved.", num=upcoming),
        "action": undo,
        "label": gettext("Undo"),
    }
    return _stored(game_session, "undo", message)


def _posted_form(game_session: GameSession) -> Any:
    """The deal form as sent, told the teams' names for its messages."""
    form_class = PAGES[game_session.game_name].deal_form
    return form_class(game_session.table.seats, teams=[whole_name(t) for t in game_session.teams])


def _count(game_session: GameSession, form: Any, number: int, deal: Deal | None = None) -> None:
    """Count a deal form sent (a repeat under its stored key never comes here); over a limit,
    its page again as it was filled in, saying the limit and the wait (429), nothing stored."""
    try:
        count_deal_write(game_session.id)
    except OverLimit as error:
        message, wait = refusal(error)
        form.validate_on_submit()  # the fields' own problems, shown beside the limit
        form.form_errors.append(message)
        response = _deal_page(game_session, form, number, deal)
        response.status_code = 429
        response.headers["Retry-After"] = str(wait)
        raise _Refused(response) from error


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
    say(message, category)
    return redirect(answer["location"])


def _stored(game_session: GameSession, category: str, message: dict[str, str]) -> Answer:
    """What a stored deal form answers, kept with its key: back to the scoreboard, a message."""
    location = url_for(".show", session_id=game_session.id)
    return {"location": location, "flash": [category, message]}, 303


@bp.route("/s/<session_id>/deals/<int:deal_id>/edit", methods=["GET", "POST"])
def edit_deal(session_id: str, deal_id: int) -> Response:
    """Correct a past deal; everything after it is recomputed. Another's change is not lost."""
    game_session = editable(session_id)
    deal = game_session.find_deal(deal_id)
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
    form = _posted_form(game_session)
    _count(game_session, form, number, deal)
    if not form.validate_on_submit():
        raise _Refused(_deal_page(game_session, form, number, deal))
    if deal.deleted:
        if request.form.get("restore") != "1":
            # Deleted while this correction was made: keep the correction, offer both ways.
            set_sent(form.version, deal.version)
            message = gettext(
                "Another scorer deleted deal %(num)d while you were editing it.", num=number
            )
            conflict = {"message": message, "theirs": None, "restore": True}
            raise _Refused(_deal_page(game_session, form, number, deal, conflict))
        deals.set_deleted(
            game_session, deal, False
        )  # the scorer saw it was deleted, and chose this
    elif form.version.data not in (None, deal.version):
        # Another scorer changed it since this form was opened: show theirs, keep mine.
        set_sent(form.version, deal.version)
        message = gettext(
            "Another scorer changed deal %(num)d while you were editing it.", num=number
        )
        conflict = {"message": message, "theirs": _summary(game_session, deal)}
        raise _Refused(_deal_page(game_session, form, number, deal, conflict))
    try:
        changed = deals.replace_deal(game_session, deal, form.to_record(keep=deal.record))
    except InvalidInput as error:
        form.form_errors.append(_problem(game_session, error))
        raise _Refused(_deal_page(game_session, form, number, deal)) from error
    text = (
        gettext("Deal %(num)d corrected.", num=number) if changed else gettext("Nothing changed.")
    )
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
    deal = game_session.find_deal(deal_id)
    if deal.deleted:
        say({"text": gettext("That deal was deleted already.")}, "done")
        return redirect(url_for(".show", session_id=session_id))
    count_deal_write(game_session.id)  # over the limit: the error page says it (429)
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
    deals.set_deleted(game_session, deal, True)
    db.session.commit()
    restore = url_for(".restore_deal", session_id=session_id, deal_id=deal.serial)
    label = gettext("Restore deal %(num)d", num=number)  # which deal, said by its button too
    undo_flash(gettext("Deal %(num)d deleted.", num=number), restore, label)
    return redirect(url_for(".show", session_id=session_id))


def _version_sent() -> int | None:
    """The deal version a form or button was drawn with, if it says."""
    raw = request.values.get("version", "")
    if not raw:
        return None
    if not (raw.isascii() and raw.isdigit()):
        abort(400, description=gettext("The form is damaged: reload the page."))
    return int(raw)


@bp.post("/s/<session_id>/deals/<int:deal_id>/restore")
def restore_deal(session_id: str, deal_id: int) -> Response:
    """Put a deleted deal back in its old place."""
    game_session = editable(session_id)
    deal = game_session.find_deal(deal_id)
    if deals.set_deleted(game_session, deal, False):
        count_if_written(game_session.id)
        db.session.commit()
        text = gettext("Deal %(num)d restored.", num=game_session.number_of(deal))
    else:
        text = gettext("That deal is in the session already.")
    say({"text": text}, "done")
    return redirect(url_for(".show", session_id=session_id))
