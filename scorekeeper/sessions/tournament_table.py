"""A tournament's table on its session's page: the link back to the tournament ("Diwali cup ·
Round 2 · Table 1"), its result once the round's length is reached, and the opponents' one-tap
confirmation on the scorer's phone (an edit after it clears it: data/tournaments.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import redirect, url_for
from werkzeug.wrappers import Response

from ..data import tournaments
from ..data.errors import Conflict
from ..data.extensions import db
from ..data.models import GameSession
from ..data.tournaments import TableState, Tournament, TournamentTable
from ..web.pages import say
from ..words import gettext
from ..words.refusals import message_of
from .blueprint import bp, editable


@dataclass(frozen=True)
class TablePart:
    """What the session's page says of the tournament table it is."""

    tournament: Tournament
    round: int
    table: int
    result: dict[str, Any] | None
    over: bool
    confirmed: bool
    adjusted: bool
    note: str | None
    winner: str | None  # the winning side's name; None for a draw or no result


def table_version(session_id: str) -> int | None:
    """The version of the tournament whose table the session is (None: not a table): the
    session's page shows its confirmation, which moves it but not the session's."""
    query = (
        db.select(Tournament.version)
        .join(TournamentTable, TournamentTable.tournament_id == Tournament.id)
        .where(TournamentTable.session_id == session_id)
    )
    return db.session.execute(query).scalar_one_or_none()


def table_part(game_session: GameSession) -> TablePart | None:
    """The tournament table the session is, as its page shows it; None if it is none."""
    table = TournamentTable.of_session(game_session.id)
    if table is None:
        return None
    state = TableState.of(table, game_session)
    result = state.result
    winner = None if state.winner is None else game_session.teams[state.winner].name
    return TablePart(
        table.tournament,
        table.round_number,
        table.number,
        result,
        state.over,
        state.confirmed,
        state.adjusted,
        table.note if state.adjusted else None,
        winner,
    )


@bp.post("/s/<session_id>/confirm")
def confirm(session_id: str) -> Response:
    """The opponents confirm the table's result, on the scorer's phone, with one tap."""
    game_session = editable(session_id)
    try:
        tournaments.confirm(game_session)
    except Conflict as error:
        db.session.rollback()
        say({"text": message_of(error)}, "problem")
        return redirect(url_for(".show", session_id=session_id))
    db.session.commit()
    say({"text": gettext("The opponents confirmed the result.")}, "done")
    return redirect(url_for(".show", session_id=session_id))
