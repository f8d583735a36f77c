"""The API of tournaments (shared/API.md "Tournaments"): create one in a club, list and read
them, pair and un-pair rounds, confirm a table's result, adjust it, add and withdraw entrants,
end one. Writes need the club keeper's token, but a table's confirmation, which needs the
table's edit token."""

from __future__ import annotations

from typing import Any

from flask import Response, abort, request, url_for

from ..data import tournaments
from ..data.extensions import db
from ..data.models import Club
from ..data.tokens import keeps_club, session_keyed
from ..data.tournaments import TableState, Tournament, TournamentEntrant
from ..rules.errors import InvalidInput
from ..web.idempotency_keys import once, request_key
from ..words import gettext
from .http import bearer_token, bp, created, editable_session, json_body, replayable, secret, tagged
from .shapes.tournaments import FIELDS


def _keeper_token() -> str:
    return bearer_token(gettext("Send the club keeper's token: Authorization: Bearer <token>."))


def _require_keeper(club: Club) -> None:
    if not keeps_club(club, _keeper_token()):
        abort(403, description=gettext("That token is not this club's keeper's."))


def _kept(tournament_id: str) -> Tournament:
    """The tournament, locked for a write, if the request carries its club keeper's token."""
    tournament = Tournament.find(tournament_id, for_update=True)
    _require_keeper(tournament.club)
    return tournament


def entrant_json(entrant: TournamentEntrant) -> dict[str, Any]:
    """An entrant as the API shows it."""
    return {
        "id": entrant.number,
        "name": entrant.name,
        "players": list(entrant.players),
        "withdrawn": entrant.withdrawn,
        "joins_from": entrant.joins_from,
    }


def tournament_json(tournament: Tournament) -> dict[str, Any]:
    """The tournament as GET answers it: its rounds' tables with their results, and the
    standings derived from them."""
    states = tournaments.table_states(tournament)
    rounds = [
        {
            "number": one.number,
            "tables": [s.json() for s in states if s.table.round_number == one.number],
            "byes": list(one.byes),
        }
        for one in tournament.rounds
    ]
    return {
        "id": tournament.id,
        "club": tournament.club_id,
        "name": tournament.name,
        "game": tournament.game_name,
        "format": tournament.format,
        "version": tournament.version,
        "rounds_planned": tournament.rounds_planned,
        "round_length": dict(tournament.round_length),
        "options": tournament.table_options(),
        "created_at": tournament.created_at.isoformat() + "Z",
        "ended": tournament.ended_at is not None,
        "entrants": [entrant_json(e) for e in tournament.entrants],
        "rounds": rounds,
        "standings": tournaments.standings_of(tournament, states),
        "finished": tournaments.finished(tournament, states),
    }


def _summary(tournament: Tournament) -> dict[str, Any]:
    states = tournaments.table_states(tournament)
    return {
        "id": tournament.id,
        "name": tournament.name,
        "game": tournament.game_name,
        "format": tournament.format,
        "version": tournament.version,
        "rounds_planned": tournament.rounds_planned,
        "rounds_paired": len(tournament.rounds),
        "entrants": len(tournament.entrants),
        "created_at": tournament.created_at.isoformat() + "Z",
        "finished": tournaments.finished(tournament, states),
    }


def _answer(tournament: Tournament, status: int = 200) -> Response:
    response = tagged(tournament_json(tournament), tournament.etag)
    response.status_code = status
    return response


@bp.post("/clubs/<club_id>/tournaments")
def create_tournament(club_id: str) -> Response:
    """A new tournament of the club (its keeper's token)."""
    club = Club.find(club_id, for_update=True)
    _require_keeper(club)
    body = json_body()
    unknown = sorted(set(body) - FIELDS)
    if unknown:  # as every body of the API (shapes/reading.py): its first unknown field
        raise InvalidInput("unknown-field", "unknown-field", what="A tournament", field=unknown[0])
    tournament = tournaments.create(club, body)
    db.session.commit()
    response = _answer(tournament, 201)
    response.headers["Location"] = url_for("api.read_tournament", tournament_id=tournament.id)
    return response


@bp.get("/clubs/<club_id>/tournaments")
def list_tournaments(club_id: str) -> dict[str, Any]:
    """The club's tournaments, newest first."""
    club = Club.find(club_id)
    return {"tournaments": [_summary(t) for t in Tournament.of_club(club)]}


@bp.get("/tournaments/<tournament_id>")
def read_tournament(tournament_id: str) -> Response:
    """The tournament with its rounds and standings; reading needs only the id."""
    tournament = Tournament.find(tournament_id)
    if request.if_none_match.contains_weak(tournament.etag):
        return tagged({}, tournament.etag)
    return _answer(tournament)


@bp.post("/tournaments/<tournament_id>/rounds")
def pair_round(tournament_id: str) -> Response:
    """Pair the next round, exactly once per Idempotency-Key; each table's edit token is shown
    only here (a repeat under the key shows them again: they are derived from it)."""
    tournament = _kept(tournament_id)
    key = request_key()

    tokens: dict[str, str] = {}

    def pair() -> tuple[dict[str, Any], int]:
        made, started = tournaments.pair_next(tournament, key)
        tokens.update(started)
        db.session.flush()
        tables = tournaments.round_tables(tournament, made.number)
        shown = [
            {
                "table": t.number,
                "session": t.session_id,
                "entrants": list(t.entrants),
                "seats": list(t.seats),
            }
            for t in tables
        ]
        return {"number": made.number, "tables": shown, "byes": list(made.byes)}, 201

    # The answer is remembered without the tokens: under a key they are derived from it. The
    # request has no body: the key alone says it is the same request.
    (answer, status), replayed = once(f"rounds:{tournament.id}", key, {}, pair)
    shown = []
    for table in answer["tables"]:
        token = tokens.get(table["session"]) or session_keyed(table["session"], key or "")
        shown.append({**table, "edit_token": token})
    response = replayable(({**answer, "tables": shown}, status), replayed)
    return secret(response)


@bp.delete("/tournaments/<tournament_id>/rounds/<int:number>")
def unpair_round(tournament_id: str, number: int) -> Response:
    """Un-pair the last round while none of its tables has a deal; its sessions are removed."""
    tournament = _kept(tournament_id)
    tournaments.unpair(tournament, number)
    db.session.commit()
    return _answer(tournament)


@bp.put("/tournaments/<tournament_id>/rounds/<int:number>/tables/<int:table>")
def adjust_table(tournament_id: str, number: int, table: int) -> Response:
    """Adjust a table's result (it stands confirmed), or take the adjustment back."""
    tournament = _kept(tournament_id)
    found = tournament.find_table(number, table)
    if tournaments.adjust(tournament, found, json_body()):
        db.session.commit()
    state = TableState.of(found, found.session)
    return tagged(state.json(), tournament.etag)


@bp.post("/sessions/<session_id>/confirm")
def confirm_table(session_id: str) -> Response:
    """Confirm the result of the tournament table this session is (its edit token)."""
    session = editable_session(session_id)
    state = tournaments.confirm(session)
    db.session.commit()
    return tagged(state.json(), session.etag)


@bp.post("/tournaments/<tournament_id>/entrants")
def add_entrant(tournament_id: str) -> Response:
    """A late entrant, paired from the next round (Swiss only)."""
    tournament = _kept(tournament_id)
    entrant = tournaments.add_entrant(tournament, json_body())
    db.session.commit()
    return created(entrant_json(entrant))


@bp.delete("/tournaments/<tournament_id>/entrants/<int:entrant_id>")
def withdraw_entrant(tournament_id: str, entrant_id: int) -> Response:
    """Withdraw an entrant: kept in the standings, never paired again."""
    tournament = _kept(tournament_id)
    entrant = tournament.entrant(entrant_id)
    if tournaments.withdraw(tournament, entrant):
        db.session.commit()
    return tagged(entrant_json(entrant), tournament.etag)


@bp.post("/tournaments/<tournament_id>/end")
def end_tournament(tournament_id: str) -> Response:
    """End the tournament: no more rounds."""
    tournament = _kept(tournament_id)
    if tournaments.end(tournament):
        db.session.commit()
    return _answer(tournament)
