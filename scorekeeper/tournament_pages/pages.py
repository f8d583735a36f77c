"""The tournament's page (/t/<id>) on every player's phone: the round, its tables and who sits
where, the byes and the standings, following the tournament live; for its club's keeper, the
controls too (scorekeeper/tournament_pages/keeper.py)."""

from __future__ import annotations

from flask import render_template, request
from werkzeug.wrappers import Response

from ..data.idempotency import new_key
from ..data.tournaments import Tournament
from ..web.held import held_clubs
from ..web.pages import conditional, page, viewer_etag
from ..words import gettext, pgettext
from .blueprint import bp
from .view import keeps, view


@bp.app_template_global()
def format_name(name: str) -> str:
    """A tournament's format in words."""
    return {
        "swiss": gettext("Swiss"),
        "round-robin": gettext("Round-robin"),
        "rotating": gettext("Rotating partners"),
    }.get(name, name)


@bp.app_template_global()
def tiebreak_name(name: str) -> str:
    """A tie-break's name in words, as a column of the standings."""
    return {
        "buchholz": gettext("Buchholz"),
        "difference": gettext("Difference"),
        "head_to_head": pgettext(
            "a tie-break: the points taken in the tied entrants' own meetings", "Head to head"
        ),
    }.get(name, name)


def tournament_page(
    tournament: Tournament, problems: list[str] | None = None, status: int = 200
) -> Response:
    """The tournament's page; with `problems`, a keeper's change refused (nothing stored)."""
    keeper = keeps(tournament)
    body = render_template(
        "tournaments/show.html",
        t=tournament,
        v=view(tournament),
        keeper=keeper,
        problems=problems or [],
        pair_key=new_key() if keeper else None,
        sent=request.form if problems else {},
    )
    return page(body, status, fresh=True)


@bp.get("/t/<tournament_id>")
def show(tournament_id: str) -> Response:
    """The tournament's page; a 304 when the browser holds this version of it (it follows the
    tournament live: every table's deal moves its version)."""
    tournament = Tournament.find(tournament_id)
    etag = viewer_etag(tournament.etag, held_clubs().get(tournament.club_id))
    return conditional(etag, lambda: tournament_page(tournament))
