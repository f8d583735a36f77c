"""A round's printable table cards (keeper only): one per table, with its number, who sits
where, and its scorer link with the link's QR code."""

from __future__ import annotations

from flask import abort, render_template, url_for
from werkzeug.wrappers import Response

from ..data import tokens, tournaments
from ..data.errors import NotFound
from ..data.tournaments import Tournament
from ..web.pages import page
from ..words import gettext
from .blueprint import bp
from .view import keeps, view


@bp.get("/t/<tournament_id>/rounds/<int:number>/cards")
def cards(tournament_id: str, number: int) -> Response:
    """The round's table cards, to print and lay on each table."""
    tournament = Tournament.find(tournament_id)
    if not keeps(tournament):
        abort(
            403,
            description=gettext(
                "Only the club's keeper can print the table cards: they carry the scorer links."
            ),
        )
    shown = view(tournament)
    found = next((r for r in shown.rounds if r.number == number), None)
    if found is None:
        raise NotFound("no-round", number=number)
    sessions = tournaments.sessions_of([table.session_id for table in found.tables])  # one query
    links = {
        table.number: url_for("sessions.show", session_id=table.session_id, _external=True)
        + "#key="
        + tokens.scorer_token(sessions[table.session_id])
        for table in found.tables
    }
    body = render_template("tournaments/cards.html", t=tournament, round=found, links=links)
    # The scorer links are the keeper's to hand out: never kept by the browser.
    return page(body, fresh=True)
