"""Starting a session: the new-session form of each game, and a rematch."""

from __future__ import annotations

import json
from typing import Any

from flask import abort, redirect, render_template, request, url_for
from flask_limiter import RateLimitExceeded
from werkzeug.wrappers import Response

from ..data.models import Club, GameSession
from ..data.players import recent_names
from ..rules import GAMES, InvalidInput
from ..web.held import held_tokens, remember_club, remember_token
from ..web.idempotency_keys import checked_key, start_session
from ..web.languages import in_reader_order
from ..web.pages import page
from ..web.rate_limits import count_creation, refusal
from ..words import gettext
from ..words.bidi import plain
from ..words.inputs import in_words
from .blueprint import bp, editable, known_clubs
from .games import PAGES
from .setup import Seat, SetupForm, as_field


@bp.route("/new/<game_name>", methods=["GET", "POST"])
def new(game_name: str) -> Any:
    """Start a session of a game."""
    if game_name not in PAGES:
        abort(404, description=gettext("There is no game %(game)r.", game=game_name))
    form = PAGES[game_name].session_form()
    clubs = known_clubs()
    if not form.is_submitted():
        form.club.data = request.args.get("club") or (clubs[0].id if clubs else "")
        with_house_rules(form, form.club.data)
    status, wait = (400 if form.is_submitted() else 200), None
    if form.validate_on_submit():
        try:
            key = checked_key(form.key.data or None)
            count_creation("web", key)
            return _start("web", key, form.to_request(), form.club.data)
        except InvalidInput as error:
            form.form_errors.append(in_words(error))
        except RateLimitExceeded as error:
            # The form comes back as it was filled in, to be sent again once the wait is over.
            message, wait = refusal(error)
            form.form_errors.append(message)
            status = 429
    # The latest names this phone has seen, in the reader's alphabetical order to find one by.
    names = in_reader_order(recent_names(list(held_tokens())))
    body = render_template(
        "sessions/new.html",
        form=form,
        game=GAMES[game_name],
        recent_names=names,
        clubs=clubs,
        house=house_values(form, clubs),
    )
    response = page(body, status)
    if wait is not None:
        response.headers["Retry-After"] = str(wait)
    return response


def with_house_rules(form: SetupForm, club_id: str) -> None:
    """The form's options as the club's house rules set them (the table can still change
    them)."""
    for club in Club.many([club_id]) if club_id else []:
        for name, value in club.rules_of(form.game.name).items():
            if name in form:
                form[name].data = as_field(value)


def house_values(form: SetupForm, clubs: list[Club]) -> dict[str, str]:
    """For the page's script, by club id ("": a new club): the options the form starts with
    when that club is chosen, its house rules or else the usual ones (not who deals first)."""
    game = form.game
    names = [o.name for o in form.setup.options if not isinstance(o, Seat)]

    def values(rules: dict[str, Any]) -> str:
        options = game.parse_options(rules)
        return json.dumps({name: as_field(options[name]) for name in names})

    return {"": values({})} | {club.id: values(club.rules_of(game.name)) for club in clubs}


@bp.post("/s/<session_id>/rematch")
def rematch(session_id: str) -> Response:
    """A new session with the same teams and options."""
    old = editable(session_id)
    # One rematch per state of the old session, however often the button is tapped. Its key is
    # public (the id and version are), so it has a scope of its own: sent as a form's key, it
    # would replay the rematch, and its keeper's token, to anyone (issue 22).
    body, key = old.to_request(), f"rematch:{old.id}:{old.version}"
    count_creation("rematch", key)
    return _start("rematch", key, body, body.get("club"))


def _start(scope: str, key: str | None, body: dict[str, Any], club_id: str | None) -> Response:
    """Start a session once per key of `scope` in the club chosen (a new one, quietly, for a
    browser's first session), let this browser keep its score and know the club, and show it."""
    body = {k: v for k, v in body.items() if k != "club"} | ({"club": club_id} if club_id else {})
    new_club = None if club_id else first_club_name(body)
    (answer, _status), token, _replayed = start_session(scope, key, body, _ids, new_club)
    remember_token(answer["id"], token)
    if answer.get("club"):
        remember_club(answer["club"], answer.get("club_token", ""))
    return redirect(url_for(".show", session_id=answer["id"]))


def first_club_name(body: dict[str, Any]) -> str:
    """A club made for a browser's first session is named after its first player's table (in
    the reader's language: it is stored, so without the isolates a sentence on a page gets)."""
    first = body["teams"][0]["players"][0]
    return plain(gettext("%(player)s's table", player=first))


def _ids(game_session: GameSession) -> dict[str, Any]:
    return {"id": game_session.id, "club": game_session.club_id}
