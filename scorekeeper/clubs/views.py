"""A club's pages: its history with filters, the keeper link, the keeper's changes (renames,
merges, deleting and restoring sessions), and its export."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

from flask import Blueprint, abort, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ..data import players, tokens
from ..data.backup.writing import club_export
from ..data.extensions import db
from ..data.models import Club, GameSession, LiveDeal, Player
from ..data.tournaments import Tournament
from ..rules import GAMES, InvalidInput
from ..sessions.export import as_json, download
from ..sessions.games import PAGES, game_title
from ..web.errors import error_response
from ..web.held import held_clubs, remember_club
from ..web.pages import conditional, page, say, undo_flash, viewer_etag
from ..web.read_limits import expensive_read
from ..words import gettext, ngettext
from ..words.inputs import in_words
from .house_rules import house_form, rules_lines, set_game_rules

bp = Blueprint("clubs", __name__)
# The history shows this many sessions at first, and this many more at each tap: a club of 500
# sessions is drawn in well under a second (all of them at once took seconds).
PAGE, MOST_SHOWN = 30, 1000


# -- the history ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Filters:
    """What the history is narrowed to; None: not narrowed."""

    game: str | None = None
    player: int | None = None
    since: date | None = None
    until: date | None = None
    shown: int = PAGE  # how many of the newest sessions

    @property
    def active(self) -> bool:
        """Whether any filter is set."""
        return any(v is not None for v in (self.game, self.player, self.since, self.until))

    def more(self) -> dict[str, Any]:
        """The page's address arguments for the next sessions too."""
        dates = {"from": self.since, "to": self.until}
        chosen = {"game": self.game, "player": self.player} | dates
        return {k: v for k, v in chosen.items() if v is not None} | {"shown": self.shown + PAGE}


def read_filters(club: Club, args: Any) -> tuple[Filters, list[str]]:
    """The filters asked for in the page's address, and what was wrong with them (ignored)."""
    problems: list[str] = []
    game = args.get("game") or None
    if game is not None and game not in PAGES:
        problems.append(gettext("There is no game %(game)r.", game=game[:20]))
        game = None
    player = players.player_or_none(club, args.get("player")) if args.get("player") else None
    if args.get("player") and player is None:
        problems.append(gettext("That player is not in this club."))
    since, until = (_day(args.get(name), name, problems) for name in ("from", "to"))
    if since and until and since > until:
        problems.append(gettext("The date range ends before it starts."))
        since = until = None
    shown = args.get("shown", str(PAGE))
    if not (shown.isascii() and shown.isdigit() and 0 < int(shown) <= MOST_SHOWN):
        problems.append(gettext("A page shows 1 to %(most)d sessions.", most=MOST_SHOWN))
        shown = str(PAGE)
    return Filters(game, player.id if player else None, since, until, int(shown)), problems


def _day(raw: str | None, field: str, problems: list[str]) -> date | None:
    """A day written YYYY-MM-DD, as a date field sends it; None (and a problem) otherwise."""
    if not raw:
        return None
    try:
        return date.fromisoformat(raw)
    except ValueError:
        problems.append(
            gettext("The first day should be a date such as %(example)s.", example="2026-01-31")
            if field == "from"
            else gettext("The last day should be a date such as %(example)s.", example="2026-01-31")
        )
        return None


def history(club: Club, filters: Filters) -> tuple[list[dict[str, Any]], bool]:
    """The newest of the club's live sessions that pass the filters, each with its line, and
    whether there are more."""
    found = players.history(
        club,
        filters.game,
        filters.player,
        _midnight(filters.since),
        _midnight(filters.until and filters.until + timedelta(days=1)),
        filters.shown + 1,
    )
    return history_rows(found[: filters.shown]), len(found) > filters.shown


def _midnight(day: date | None) -> datetime | None:
    return None if day is None else datetime(day.year, day.month, day.day)


def history_rows(sessions: list[GameSession]) -> list[dict[str, Any]]:
    """Each session's line in the history, with whether a live deal is under way in it."""
    live = LiveDeal.under_way([gs.id for gs in sessions])
    return [_row(gs, gs.id in live) for gs in sessions]


def _row(game_session: GameSession, live: bool) -> dict[str, Any]:
    standing = game_session.standing()
    pages = PAGES[game_session.game_name]
    return {
        "gs": game_session,
        "game": GAMES[game_session.game_name],
        "line": pages.standing_line(game_session, standing),
        "finished": standing["finished"],  # by its rules, or ended by the table ("Ended")
        "ended": standing["ended"],
        "live": live,  # "Live" only while a deal is played play by play, not just unfinished
        "deals": len(standing["deals"]),
    }


def is_keeper(club: Club) -> bool:
    """Whether this browser holds the club's keeper token."""
    return tokens.keeps_club(club, held_clubs().get(club.id))


def club_page(club: Club, problems: list[str] | None = None, status: int = 200) -> Response:
    """The club's history as filtered, and for its keeper the tools to change it."""
    filters, wrong = read_filters(club, request.args)
    problems = (problems or []) + wrong
    keeper = is_keeper(club)
    rows, more = history(club, filters)
    body = render_template(
        "clubs/show.html",
        club=club,
        rows=rows,
        more=more,
        filters=filters,
        problems=problems,
        games=[GAMES[name] for name in PAGES],
        keeper=keeper,
        keeper_token=held_clubs().get(club.id) if keeper else None,
        house_rules=rules_lines(club),
        house_forms=[house_form(club, name) for name in PAGES] if keeper else [],
        deleted=history_rows(club.sessions(deleted=True)) if keeper else [],
        tournaments=Tournament.of_club(club),
    )
    return page(body, 400 if problems and status == 200 else status, fresh=True)


@bp.get("/c/<club_id>")
def show(club_id: str) -> Response:
    """The club's sessions, newest first, filtered by game, player and dates; a 304 when the
    browser holds this version of the page already (it follows the club live)."""
    club = Club.find(club_id)
    remember_club(club.id)
    return conditional(club_etag(club), lambda: club_page(club))


def club_etag(club: Club) -> str | None:
    """The page's tag: the club's version (every change to it, its players or any of its
    sessions counts one), the filters asked for, and whether this browser keeps the club."""
    return viewer_etag(f"c{club.version}", request.query_string, held_clubs().get(club.id))


@bp.post("/c/<club_id>/key")
def take_key(club_id: str) -> Response:
    """Keep the club on this phone: the keeper link's key, handed over from the URL's fragment."""
    club = Club.find(club_id)
    key = request.form.get("key", "")
    if not tokens.keeps_club(club, key):
        abort(
            403,
            description=gettext("That keeper link is wrong: ask the club's keeper for it anew."),
        )
    remember_club(club.id, key)
    text = gettext(
        "This phone keeps the club now: it can rename, merge, delete and set the house rules."
    )
    say({"text": text}, "done")
    return redirect(url_for(".show", club_id=club.id))


# -- the keeper's changes ------------------------------------------------------------------


def kept_club(club_id: str, for_update: bool = True) -> Club:
    """The club, if this browser is its keeper (locked for a change); 403 otherwise."""
    club = Club.find(club_id, for_update=for_update)
    if not is_keeper(club):
        abort(
            403, description=gettext("Only the club's keeper can change it: open the keeper link.")
        )
    return club


@bp.errorhandler(InvalidInput)
def refused(error: InvalidInput) -> Response:
    """A keeper's change refused: the club page again, saying what was wrong; nothing stored."""
    db.session.rollback()
    club_id = (request.view_args or {}).get("club_id")
    if club_id is None:  # not a club's page: the app's own answer
        return error_response(400, error.code, in_words(error))
    return club_page(Club.find(club_id), [in_words(error)], 400)


def player_of(club: Club, player_id: str) -> Player:
    """The club's player with this id; raise InvalidInput."""
    player = players.player_or_none(club, player_id)
    if player is None:
        raise InvalidInput("unknown-player", gettext("That player is not in this club."))
    return player


def answered(club: Club, changed: bool, text: str, undo: str = "", unchanged: str = "") -> Response:
    """Commit a change and say so, with a button to undo it; or say that nothing changed."""
    if not changed:
        say({"text": unchanged or gettext("Nothing changed.")}, "done")
    elif undo:
        db.session.commit()
        label = gettext("Restore") if undo.endswith("/restore") else gettext("Undo")
        undo_flash(text, undo, label)
    else:
        db.session.commit()
        say({"text": text}, "done")
    return redirect(url_for(".show", club_id=club.id))


@bp.post("/c/<club_id>/rename")
def rename(club_id: str) -> Response:
    """Give the club a new name; the message can give the old one back."""
    club = kept_club(club_id)
    undo = url_for(".rename", club_id=club.id, name=club.name)
    changed = club.rename(request.values.get("name"))
    return answered(club, changed, gettext("The club is %(name)s now.", name=club.name), undo)


@bp.post("/c/<club_id>/players/<player_id>/rename")
def rename_player(club_id: str, player_id: str) -> Response:
    """Give a player a new name; the message can give the old one back."""
    club = kept_club(club_id)
    player = player_of(club, player_id)
    old = player.name
    undo = url_for(".rename_player", club_id=club.id, player_id=player.id, name=old)
    changed = players.rename(club, player, request.values.get("name"))
    text = gettext("%(old)s is %(new)s now.", old=old, new=player.name)
    return answered(club, changed, text, undo)


def merging(club: Club, values: Any) -> tuple[Player, Player]:
    """The two players a merge form chose: the name that goes, and the one kept."""
    gone = players.player_or_none(club, values.get("other", ""))
    kept = players.player_or_none(club, values.get("keep", ""))
    if kept is None or gone is None:
        raise InvalidInput("unknown-player", gettext("Choose two players of this club."))
    return kept, gone


@bp.get("/c/<club_id>/merge")
def confirm_merge(club_id: str) -> Response:
    """Say what a merge of the two players chosen will do, before it is done."""
    club = kept_club(club_id, for_update=False)  # only read: the merge itself checks again
    kept, gone = merging(club, request.args)
    moved = players.check_merge(club, kept, gone)
    body = render_template("clubs/merge.html", club=club, kept=kept, gone=gone, moved=moved)
    return page(body, fresh=True)  # Back after the merge asks anew, never a stale question


@bp.post("/c/<club_id>/merge")
def merge(club_id: str) -> Response:
    """Make two players one: the other's sessions become the kept player's; the message, the
    keeper's tools and the player's page can split them again."""
    club = kept_club(club_id)
    kept, gone = merging(club, request.form)
    moved = players.merge(club, kept, gone)
    undo = url_for(".split", club_id=club.id, player_id=gone.id)
    text = ngettext(
        "%(gone)s and %(kept)s are one player now (%(num)d session moved).",
        "%(gone)s and %(kept)s are one player now (%(num)d sessions moved).",
        moved,
        gone=gone.name,
        kept=kept.name,
    )
    return answered(club, True, text, undo)


@bp.post("/c/<club_id>/players/<player_id>/split")
def split(club_id: str, player_id: str) -> Response:
    """Undo a merge at any time: the name merged away is a player of its own again, with the
    sessions it played."""
    club = kept_club(club_id)
    gone = players.merged_or_none(club, player_id)
    if gone is None:
        message = gettext("That name is not merged into another player.")
        raise InvalidInput("not-merged", message)
    into = players.split(club, gone)
    text = gettext("%(kept)s and %(gone)s are two players again.", kept=into.name, gone=gone.name)
    return answered(club, True, text)


@bp.post("/c/<club_id>/sessions/<session_id>/delete")
def delete_session(club_id: str, session_id: str) -> Response:
    """Take a session out of the club's history; the message can put it back."""
    club = kept_club(club_id)
    changed = club.find_session(session_id).set_removed(True)
    restore = url_for(".restore_session", club_id=club.id, session_id=session_id)
    unchanged = gettext("That session was deleted already.")
    text = gettext("The session is out of the history.")
    return answered(club, changed, text, restore, unchanged)


@bp.post("/c/<club_id>/sessions/<session_id>/restore")
def restore_session(club_id: str, session_id: str) -> Response:
    """Put a deleted session back in the club's history."""
    club = kept_club(club_id)
    changed = club.find_session(session_id).set_removed(False)
    unchanged = gettext("That session is in the history already.")
    text = gettext("The session is back in the history.")
    return answered(club, changed, text, unchanged=unchanged)


@bp.post("/c/<club_id>/rules/<game_name>")
def set_rules(club_id: str, game_name: str) -> Response:
    """Keep a game's house rules: the club's new sessions of it start with them."""
    club = kept_club(club_id)
    if game_name not in PAGES:
        abort(404, description=gettext("There is no game %(game)r.", game=game_name[:20]))
    form = house_form(club, game_name, sent=True)
    if not form.validate_on_submit():
        problems = [m for messages in form.errors.values() for m in messages]
        raise InvalidInput("bad-option", " ".join(str(m) for m in problems))
    changed = set_game_rules(club, form)
    text = gettext(
        "New %(game)s sessions of this club start with these house rules.",
        game=game_title(game_name),
    )
    unchanged = gettext("Those are the house rules already.")
    return answered(club, changed, text, unchanged=unchanged)


@bp.get("/c/<club_id>/export.json")
def club_json(club_id: str) -> Response:
    """The whole club: its players and its sessions."""
    with expensive_read():
        club = Club.find(club_id)
        return download(as_json(club_export(club)), "application/json", f"club-{club.id}.json")
