"""A club's pages: its history with filters, the keeper link, and the keeper's changes
(renames, merges, deleting and restoring sessions); moving a session into a club."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

from flask import Blueprint, Response, abort, flash, redirect, render_template, request, url_for

from .extensions import db
from .held import held_clubs, held_tokens, remember_club
from .models import Club, GameSession
from .rules import GAMES, InvalidInput
from .sessions.games import PAGES
from .sessions.views import page, undo_flash

bp = Blueprint("clubs", __name__)


# -- the history ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Filters:
    """What the history is narrowed to; None: not narrowed."""

    game: str | None = None
    player: int | None = None
    since: date | None = None
    until: date | None = None

    @property
    def active(self) -> bool:
        """Whether any filter is set."""
        return any(v is not None for v in (self.game, self.player, self.since, self.until))


def read_filters(club: Club, args: Any) -> tuple[Filters, list[str]]:
    """The filters asked for in the page's address, and what was wrong with them (ignored)."""
    problems: list[str] = []
    game = args.get("game") or None
    if game is not None and game not in PAGES:
        problems.append(f"There is no game {game[:20]!r}.")
        game = None
    player = club.player_or_none(args.get("player")) if args.get("player") else None
    if args.get("player") and player is None:
        problems.append("That player is not in this club.")
    since, until = (_day(args.get(name), label, problems) for name, label in DATE_FIELDS)
    if since and until and since > until:
        problems.append("The date range ends before it starts.")
        since = until = None
    return Filters(game, player.id if player else None, since, until), problems


DATE_FIELDS = (("from", "The first day"), ("to", "The last day"))


def _day(raw: str | None, label: str, problems: list[str]) -> date | None:
    """A day written YYYY-MM-DD, as a date field sends it; None (and a problem) otherwise."""
    if not raw:
        return None
    try:
        return date.fromisoformat(raw)
    except ValueError:
        problems.append(f"{label} should be a date such as 2026-01-31.")
        return None


def history(club: Club, filters: Filters) -> list[dict[str, Any]]:
    """The club's live sessions that pass the filters, newest first, each with its line."""
    found = club.history(
        filters.game,
        filters.player,
        _midnight(filters.since),
        _midnight(filters.until and filters.until + timedelta(days=1)),
    )
    return [_row(gs) for gs in found]


def _midnight(day: date | None) -> datetime | None:
    return None if day is None else datetime(day.year, day.month, day.day)


def _row(game_session: GameSession) -> dict[str, Any]:
    standing = game_session.standing()
    pages = PAGES[game_session.game_name]
    return {
        "gs": game_session,
        "game": GAMES[game_session.game_name],
        "line": pages.standing_line(game_session, standing),
        "finished": bool(standing["finished"]),
        "deals": len(standing["deals"]),
    }


def is_keeper(club: Club) -> bool:
    """Whether this browser holds the club's keeper token."""
    return club.is_keeper(held_clubs().get(club.id))


def club_page(club: Club, problems: list[str] | None = None, status: int = 200) -> Response:
    """The club's history as filtered, and for its keeper the tools to change it."""
    filters, wrong = read_filters(club, request.args)
    problems = (problems or []) + wrong
    keeper = is_keeper(club)
    body = render_template(
        "clubs/show.html",
        club=club,
        rows=history(club, filters),
        filters=filters,
        problems=problems,
        games=[GAMES[name] for name in PAGES],
        keeper=keeper,
        keeper_token=held_clubs().get(club.id) if keeper else None,
        deleted=[_row(gs) for gs in club.sessions(deleted=True)] if keeper else [],
    )
    return page(body, 400 if problems and status == 200 else status, fresh=True)


@bp.get("/c/<club_id>")
def show(club_id: str) -> Response:
    """The club's sessions, newest first, filtered by game, player and dates."""
    club = Club.get_or_404(club_id)
    remember_club(club.id)
    return club_page(club)


@bp.post("/c/<club_id>/key")
def take_key(club_id: str) -> Response:
    """Keep the club on this phone: the keeper link's key, handed over from the URL's fragment."""
    club = Club.get_or_404(club_id)
    key = request.form.get("key", "")
    if not club.is_keeper(key):
        abort(403, description="That keeper link is wrong: ask the club's keeper for it anew.")
    remember_club(club.id, key)
    flash({"text": "This phone keeps the club now: it can rename, merge and delete."}, "done")
    return redirect(url_for(".show", club_id=club.id))


# -- the keeper's changes ------------------------------------------------------------------


def kept_club(club_id: str) -> Club:
    """The club, if this browser is its keeper; 403 otherwise."""
    club = Club.get_or_404(club_id, for_update=True)
    if not is_keeper(club):
        abort(403, description="Only the club's keeper can change it: open the keeper link.")
    return club


def refused(club: Club, error: InvalidInput) -> Response:
    """The club page again, saying what was wrong; nothing is stored."""
    db.session.rollback()
    return club_page(Club.get_or_404(club.id), [error.message], 400)


def answered(club: Club, changed: bool, text: str, undo: str = "", unchanged: str = "") -> Response:
    """Commit a change and say so, with a button to undo it; or say that nothing changed."""
    if not changed:
        flash({"text": unchanged or "Nothing changed."}, "done")
    elif undo:
        db.session.commit()
        undo_flash(text, undo, "Restore" if undo.endswith("/restore") else "Undo")
    else:
        db.session.commit()
        flash({"text": text}, "done")
    return redirect(url_for(".show", club_id=club.id))


@bp.post("/c/<club_id>/rename")
def rename(club_id: str) -> Response:
    """Give the club a new name; the message can give the old one back."""
    club = kept_club(club_id)
    undo = url_for(".rename", club_id=club.id, name=club.name)
    try:
        changed = club.rename(request.values.get("name"))
    except InvalidInput as error:
        return refused(club, error)
    return answered(club, changed, f"The club is {club.name} now.", undo)


@bp.post("/c/<club_id>/players/<player_id>/rename")
def rename_player(club_id: str, player_id: str) -> Response:
    """Give a player a new name; the message can give the old one back."""
    club = kept_club(club_id)
    player = club.player_or_none(player_id)
    if player is None:
        return refused(club, InvalidInput("unknown-player", "That player is not in this club."))
    old = player.name
    undo = url_for(".rename_player", club_id=club.id, player_id=player.id, name=old)
    try:
        changed = club.rename_player(player, request.values.get("name"))
    except InvalidInput as error:
        return refused(club, error)
    return answered(club, changed, f"{old} is {player.name} now.", undo)


@bp.post("/c/<club_id>/merge")
def merge(club_id: str) -> Response:
    """Make two players one: the other's sessions become the kept player's; the message can
    split them again."""
    club = kept_club(club_id)
    kept = club.player_or_none(request.form.get("keep", ""))
    gone = club.player_or_none(request.form.get("other", ""))
    if kept is None or gone is None:
        return refused(club, InvalidInput("unknown-player", "Choose two players of this club."))
    name = gone.name
    try:
        moved, places = club.merge(kept, gone)
    except InvalidInput as error:
        return refused(club, error)
    # The undo's address rides in the signed cookie with the message: only a short one fits.
    undo = (
        url_for(".split", club_id=club.id, player_id=kept.id, name=name, places=",".join(places))
        if len(places) <= UNDO_PLACES
        else ""
    )
    sessions = f"{moved} session{'s' if moved != 1 else ''}"
    return answered(
        club, True, f"{name} and {kept.name} are one player now ({sessions} moved).", undo
    )


UNDO_PLACES = 40  # a merge of more places offers no undo


@bp.post("/c/<club_id>/players/<player_id>/split")
def split(club_id: str, player_id: str) -> Response:
    """Undo a merge: the places it moved go back to a player of the merged name."""
    club = kept_club(club_id)
    kept = club.player_or_none(player_id)
    if kept is None:
        return refused(club, InvalidInput("unknown-player", "That player is not in this club."))
    places = [p for p in request.values.get("places", "").split(",") if p]
    name = request.values.get("name")
    try:
        club.split(kept, name, places)
    except InvalidInput as error:
        return refused(club, error)
    return answered(club, True, f"{kept.name} and {name} are two players again.")


@bp.post("/c/<club_id>/sessions/<session_id>/delete")
def delete_session(club_id: str, session_id: str) -> Response:
    """Take a session out of the club's history; the message can put it back."""
    club = kept_club(club_id)
    changed = club.session_or_404(session_id).set_removed(True)
    restore = url_for(".restore_session", club_id=club.id, session_id=session_id)
    unchanged = "That session was deleted already."
    return answered(club, changed, "The session is out of the history.", restore, unchanged)


@bp.post("/c/<club_id>/sessions/<session_id>/restore")
def restore_session(club_id: str, session_id: str) -> Response:
    """Put a deleted session back in the club's history."""
    club = kept_club(club_id)
    changed = club.session_or_404(session_id).set_removed(False)
    unchanged = "That session is in the history already."
    return answered(club, changed, "The session is back in the history.", unchanged=unchanged)


# -- moving a session into a club ----------------------------------------------------------


@bp.post("/s/<session_id>/move")
def move(session_id: str) -> Response:
    """Move a session into one of this browser's clubs (its keeper only); players are matched
    by name among the club's. The message can move it back."""
    game_session = GameSession.get_or_404(session_id, for_update=True, full=True)
    if not game_session.is_keeper(held_tokens().get(session_id)):
        abort(403, description="Only the phone that started this session can move it.")
    club_id = request.values.get("club", "")
    if club_id not in held_clubs():
        abort(400, description="Choose one of the clubs this phone knows.")
    club = Club.get_or_404(club_id)
    if game_session.club_id == club.id:
        flash({"text": f"The session is in {club.name} already."}, "done")
    else:
        left = game_session.move_to(club)
        db.session.commit()
        text = f"Moved into {club.name}."
        if left is not None and left.id in held_clubs():
            undo_flash(text, url_for(".move", session_id=session_id, club=left.id), "Undo")
        else:
            flash({"text": text}, "done")
    return redirect(url_for("sessions.show", session_id=session_id))
