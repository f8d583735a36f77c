"""A tournament's report (/t/<id>/report): the final (or current) standings with their
tie-breaks, every round's tables and results (an adjusted one with its note), the byes and the
withdrawals; printable (static/report.css's print rules), with links to the exports."""

from __future__ import annotations

from flask import Response, render_template

from ..data.tournaments import Tournament
from ..web.pages import conditional, viewer_etag
from .blueprint import bp
from .view import view


@bp.get("/t/<tournament_id>/report")
def report(tournament_id: str) -> Response:
    """The whole tournament on one page, as it stands; a 304 while nothing changed."""
    tournament = Tournament.find(tournament_id)
    etag = viewer_etag(f"{tournament.etag}-report")
    return conditional(etag, lambda: _draw(tournament))


def _draw(tournament: Tournament) -> str:
    return render_template("tournaments/report.html", t=tournament, view=view(tournament))
