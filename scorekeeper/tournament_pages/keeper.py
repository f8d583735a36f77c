"""The club keeper's controls of a tournament: create one, pair the next round (once per form,
however often it is sent), un-pair the last, add a late entrant, withdraw one, adjust a table's
result with a note everyone sees, end it. A refusal shows the page again naming the problem,
with nothing stored."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from flask import abort, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ..data import deals, tournaments
from ..data.errors import Conflict, NotFound
from ..data.extensions import db
from ..data.idempotency import new_key
from ..data.models import Club
from ..data.tokens import keeps_club
from ..data.tournaments import FORMATS, MOST_NOTE, Tournament
from ..rules import GAMES, InvalidInput
from ..sessions.games import PAGES
from ..web.held import held_clubs
from ..web.idempotency_keys import checked_key, once
from ..web.pages import page, say, undo_flash
from ..words import gettext
from ..words.inputs import in_words
from ..words.refusals import message_of
from .blueprint import bp
from .pages import tournament_page

# The round's length as the form offers it: a number of deals, or one baazi / one game.
LENGTHS = ("deals", "one")


def _refusal(error: Exception) -> tuple[str, int]:
    """A refusal's sentence and status."""
    if isinstance(error, InvalidInput):
        return in_words(error), 400
    if isinstance(error, Conflict):
        return message_of(error), error.status
    assert isinstance(error, NotFound)
    return message_of(error), 404


def kept(tournament_id: str) -> Tournament:
    """The tournament, locked for a change, if this browser keeps its club; 403 otherwise."""
    tournament = Tournament.find(tournament_id, for_update=True)
    if not keeps_club(tournament.club, held_clubs().get(tournament.club_id)):
        abort(
            403,
            description=gettext(
                "Only the club's keeper can change the tournament: open the club's keeper link."
            ),
        )
    return tournament


def changed(
    tournament_id: str,
    change: Callable[[Tournament], str | None],
    undo: str | None = None,
    quiet: bool = False,
) -> Response:
    """Make a keeper's change and say what it did (None: nothing changed, said unless `quiet`),
    with a one-tap `undo` (a URL to post to) where it has one; refused, the page again naming
    the problem, nothing stored."""
    tournament = kept(tournament_id)
    try:
        said = change(tournament)
    except (InvalidInput, Conflict, NotFound) as error:
        db.session.rollback()
        message, status = _refusal(error)
        return tournament_page(Tournament.find(tournament_id), [message], status)
    if said is None:
        if not quiet:
            say({"text": gettext("Nothing changed.")}, "done")
    elif undo is not None:
        db.session.commit()
        undo_flash(said, undo, gettext("Undo"))
    else:
        db.session.commit()
        say({"text": said}, "done")
    return redirect(url_for(".show", tournament_id=tournament_id))


@bp.post("/t/<tournament_id>/rounds")
def pair(tournament_id: str) -> Response:
    """Pair the next round, once per form (a second tap, or the form sent again, pairs
    nothing more)."""

    def pair_once(tournament: Tournament) -> str | None:
        key = checked_key(request.form.get("key") or None)

        def write() -> tuple[dict[str, Any], int]:
            made, _tokens = tournaments.pair_next(tournament, None)
            return {"number": made.number}, 201

        # once() commits the round; the same form again pairs nothing and says nothing.
        (answer, _status), replayed = once(f"rounds-page:{tournament.id}", key, {}, write)
        if replayed:
            return None
        return gettext("Round %(num)d is paired.", num=answer["number"])

    return changed(tournament_id, pair_once, quiet=True)


@bp.post("/t/<tournament_id>/rounds/<int:number>/unpair")
def unpair(tournament_id: str, number: int) -> Response:
    """Un-pair the last round before any deal at its tables."""

    def change(tournament: Tournament) -> str:
        tournaments.unpair(tournament, number)
        return gettext("Round %(num)d is un-paired.", num=number)

    return changed(tournament_id, change)


# The colons and commas a phone's keyboard types: Latin, Arabic script's comma (Urdu), and the
# full-width and ideographic ones.
COLON = re.compile(r"[:：]")
COMMA = re.compile(r"[,،、，]")


def read_entrant_line(line: str, rotating: bool) -> dict[str, Any]:
    """An entrant as written on a line: "Lions: Asha, Ravi", "Asha, Ravi", or (rotating) a
    player's name."""
    if rotating:
        return {"name": line.strip()}
    name, *rest = COLON.split(line, maxsplit=1)
    players = [p.strip() for p in COMMA.split(rest[0] if rest else name)]
    return {"name": name.strip(), "players": players} if rest else {"players": players}


@bp.post("/t/<tournament_id>/entrants")
def add_entrant(tournament_id: str) -> Response:
    """A late entrant, paired from the next round (Swiss only)."""

    def change(tournament: Tournament) -> str:
        line = request.form.get("entrant", "")
        entrant = tournaments.add_entrant(tournament, read_entrant_line(line, rotating=False))
        return gettext(
            "%(name)s joins from round %(num)d.", name=entrant.name, num=entrant.joins_from
        )

    return changed(tournament_id, change)


@bp.post("/t/<tournament_id>/withdraw")
def withdraw(tournament_id: str) -> Response:
    """Withdraw an entrant: kept in the standings, never paired again."""

    def change(tournament: Tournament) -> str | None:
        raw = request.form.get("entrant", "")
        if not raw.isdigit():
            raise InvalidInput("no-entrant-chosen", gettext("Choose an entrant to withdraw."))
        entrant = tournament.entrant(int(raw))
        if not tournaments.withdraw(tournament, entrant):
            return None
        return gettext("%(name)s has withdrawn.", name=entrant.name)

    return changed(tournament_id, change)


def _whole(raw: str | None, what: str) -> int:
    try:
        return int((raw or "").strip())
    except ValueError:
        raise InvalidInput(
            "bad-game-points",
            gettext("%(what)s should be a whole number.", what=what),
        ) from None


@bp.post("/t/<tournament_id>/rounds/<int:number>/tables/<int:table>/adjust")
def adjust(tournament_id: str, number: int, table: int) -> Response:
    """Adjust a table's result, with a note everyone sees; `undo` takes the adjustment back."""

    def change(tournament: Tournament) -> str | None:
        found = tournament.find_table(number, table)
        form = request.form
        if form.get("undo"):
            body: dict[str, Any] = {"result": None}
        else:
            outcome = {"first": [2, 0], "draw": [1, 1], "second": [0, 2]}.get(
                form.get("outcome", "")
            )
            if outcome is None:
                raise InvalidInput("bad-result", gettext("Choose who won the table, or a draw."))
            points = [
                _whole(form.get("points0"), gettext("The first side's game points")),
                _whole(form.get("points1"), gettext("The second side's game points")),
            ]
            note = form.get("note", "").strip()
            body = {"result": {"match_points": outcome, "game_points": points}, "note": note}
        if not tournaments.adjust(tournament, found, body):
            return None
        if body["result"] is None:
            return gettext(
                "Round %(round)d, table %(table)d: the adjustment is taken back.",
                round=number,
                table=table,
            )
        return gettext(
            "Round %(round)d, table %(table)d: the result is adjusted.", round=number, table=table
        )

    return changed(tournament_id, change)


@bp.post("/t/<tournament_id>/rounds/<int:number>/tables/<int:table>/end")
def end_table(tournament_id: str, number: int, table: int) -> Response:
    """End a table that runs long where it stands: its result is its deals so far, for the
    opponents to confirm (undone in one tap: it plays on)."""

    def change(tournament: Tournament) -> str | None:
        if not deals.end(tournament.find_table(number, table).session):
            return None
        return gettext(
            "Round %(round)d, table %(table)d ends where it stands.", round=number, table=table
        )

    play_on = url_for(".play_on_table", tournament_id=tournament_id, number=number, table=table)
    return changed(tournament_id, change, undo=play_on)


@bp.post("/t/<tournament_id>/rounds/<int:number>/tables/<int:table>/play-on")
def play_on_table(tournament_id: str, number: int, table: int) -> Response:
    """Take a table's end back: it plays on from where it stood."""

    def change(tournament: Tournament) -> str | None:
        if not deals.reopen(tournament.find_table(number, table).session):
            return None
        return gettext("Round %(round)d, table %(table)d plays on.", round=number, table=table)

    return changed(tournament_id, change)


@bp.post("/t/<tournament_id>/end")
def end(tournament_id: str) -> Response:
    """End the tournament: no more rounds."""

    def change(tournament: Tournament) -> str | None:
        if not tournaments.end(tournament):
            return None
        return gettext("The tournament has ended.")

    return changed(tournament_id, change)


# -- a new tournament ---------------------------------------------------------------------


def kept_club(club_id: str, for_update: bool = False) -> Club:
    """The club, if this browser keeps it; 403 otherwise."""
    club = Club.find(club_id, for_update=for_update)
    if not keeps_club(club, held_clubs().get(club.id)):
        abort(
            403,
            description=gettext(
                "Only the club's keeper can start a tournament: open the keeper link."
            ),
        )
    return club


def creation_body(form: Any) -> dict[str, Any]:
    """The API's body of a new tournament from the form's fields (the data floor checks it)."""
    format_ = form.get("format", "")
    game = form.get("game", "")
    rotating = format_ == "rotating"
    lines = [line for line in form.get("entrants", "").splitlines() if line.strip()]
    body: dict[str, Any] = {
        "name": form.get("name", ""),
        "game": game,
        "format": format_,
        "options": {},
        "entrants": [read_entrant_line(line, rotating) for line in lines],
    }
    rounds = form.get("rounds", "").strip()
    if rounds or format_ != "round-robin":
        body["rounds"] = int(rounds) if rounds.isdigit() else rounds
    if form.get("length") == "one":
        body["round_length"] = {"baazis": 1} if game == "seep" else {"games": 1}
    else:
        deals = form.get("deals", "").strip()
        body["round_length"] = {"deals": int(deals) if deals.isdigit() else deals}
    return body


def creation_page(club: Club, problems: list[str], status: int = 200) -> Response:
    """The new tournament's form, filled in as sent."""
    body = render_template(
        "tournaments/new.html",
        club=club,
        games=[GAMES[name] for name in PAGES],
        formats=FORMATS,
        problems=problems,
        sent=request.form,
        key=request.form.get("key") or new_key(),
        most_note=MOST_NOTE,
    )
    return page(body, status, fresh=True)


@bp.route("/c/<club_id>/tournaments/new", methods=["GET", "POST"])
def new(club_id: str) -> Response:
    """Start a tournament of the club (its keeper only), once per form."""
    club = kept_club(club_id, for_update=request.method == "POST")
    if request.method == "GET":
        return creation_page(club, [])
    try:
        key = checked_key(request.form.get("key") or None)
        body = creation_body(request.form)

        def write() -> tuple[dict[str, Any], int]:
            made = tournaments.create(club, body)
            db.session.flush()
            return {"id": made.id}, 201

        (answer, _status), _replayed = once(f"tournament-page:{club.id}", key, body, write)
    except (InvalidInput, Conflict) as error:
        db.session.rollback()
        message, status = _refusal(error)
        return creation_page(Club.find(club_id), [message], status)
    say({"text": gettext("The tournament is ready: pair its first round.")}, "done")
    return redirect(url_for(".show", tournament_id=answer["id"]))
