"""The wall: a tournament's TV view (/t/<id>/tv) for a shared screen across the room, following
the tournament live: the round's tables and who sits where, the tables still playing with their
running score, the results, the byes and the standings."""

from __future__ import annotations

from flask import Response, render_template

from ..data.tournaments import Tournament
from ..web.pages import conditional
from .blueprint import bp
from .view import view


@bp.get("/t/<tournament_id>/tv")
def wall(tournament_id: str) -> Response:
    """The round and the standings in very large type; it only ever watches."""
    # The same for every browser (no forms, no messages), so the tournament's version alone is
    # its tag: every table's deal moves it (data.tournaments.table_touched).
    etag = f"{Tournament.find(tournament_id).etag}-wall"
    return conditional(etag, lambda: _draw(tournament_id))


def _draw(tournament_id: str) -> str:
    tournament = Tournament.find(tournament_id)
    return render_template(
        "tournaments/wall.html", t=tournament, view=view(tournament, running=True)
    )
