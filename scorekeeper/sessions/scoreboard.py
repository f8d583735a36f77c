"""The scoreboard (/s/<id>), which follows the table, and joining or revoking scorer links."""

from __future__ import annotations

from typing import Any

from flask import abort, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ..data import tokens
from ..data.extensions import db
from ..data.models import GameSession, LiveDeal
from ..web import drawn
from ..web.held import held_clubs, held_tokens, remember_token
from ..web.pages import conditional, say, viewer_etag
from ..words import gettext
from .blueprint import bp, can_edit, editable, known_clubs
from .games import PAGES, rules_played
from .paging import parse_before
from .played import read
from .tournament_table import table_part, table_version


@bp.get("/s/<session_id>")
def show(session_id: str) -> Response:
    """The scoreboard with its latest deals, or with a page of earlier ones (?before=N); a 304
    when the browser holds this version of it already, else the page as drawn for the last
    viewer with the same rights (web/drawn.py)."""
    before = parse_before(request.args.get("before"))
    version = GameSession.etag_of(session_id)  # the version alone: a 304 needs nothing else
    # A tournament's table shows its result's confirmation, which moves the tournament's version.
    held = (held_tokens().get(session_id), held_clubs(), before, table_version(session_id))
    etag = viewer_etag(version, *held)
    if etag is None:  # a message to show once: this viewer's page alone
        return conditional(etag, lambda: _scoreboard(session_id, before)[0])
    return conditional(etag, lambda: _kept_scoreboard(session_id, before, version, held))


def _kept_scoreboard(
    session_id: str, before: int | None, version: str, held: tuple[object, ...]
) -> str:
    """The page as kept for this version and these rights, or drawn and kept."""
    key = drawn.page_key(
        "scoreboard", session_id, version, before, drawn.held_hash(*held[:2]), held[3]
    )
    return drawn.shared(key, lambda: _scoreboard(session_id, before, version))


def _scoreboard(session_id: str, before: int | None, version: str = "") -> tuple[str, bool]:
    """The page, and whether it shows `version` of the session (a write may come between)."""
    # Teams and players at once; the deals are read as the page needs them (sessions/played.py).
    game_session = GameSession.find(session_id, full=True, deals=False)
    parts = standing_parts(game_session, before)
    editor = can_edit(game_session)
    page = render_template(
        "sessions/show.html",
        **parts,
        can_edit=editor,
        scorer_token=tokens.scorer_token(game_session) if editor else None,
        is_keeper=tokens.keeps_session(game_session, held_tokens().get(session_id)),
        summary=PAGES[game_session.game_name].summary,
        clubs=known_clubs(),
        replays=LiveDeal.deals_played(game_session),
        rules=rules_played(game_session.game_name, game_session.options),
        sides=None if parts["played"] else _chance_sides(game_session),
        tournament_table=table_part(game_session),
    )
    return page, game_session.etag == version


def standing_parts(game_session: GameSession, before: int | None = None) -> dict[str, Any]:
    """What a game's scoreboard template draws: the session, its standing, its deals (`played`)
    and the rows listed (`window`: the latest, or those before deal `before`), and what its game
    adds (a chart, who bids first …)."""
    standing, played, window = read(game_session, before)
    scoreboard = PAGES[game_session.game_name].scoreboard(game_session, standing)
    parts = {"gs": game_session, "standing": standing, "played": played, "window": window}
    return parts | scoreboard


def _chance_sides(game_session: GameSession) -> str | None:
    """The sides as the club's ratings API takes them (`1,2;3,4`, each player as the person they
    are), for the chance line a club session shows before its first deal; None outside a club."""
    if game_session.club_id is None or game_session.deleted_at is not None:
        return None
    sides = [[str(m.player.person.id) for m in team.members] for team in game_session.teams]
    return ";".join(",".join(side) for side in sides)


@bp.post("/s/<session_id>/join")
def join(session_id: str) -> Response:
    """Keep score on this phone: the scorer link's key, handed over from the URL's fragment."""
    game_session = GameSession.find(session_id)
    key = request.form.get("key", "")
    if not tokens.can_edit(game_session, key):
        abort(
            403,
            description=gettext("That scorer link is wrong or was revoked: ask the keeper anew."),
        )
    if not tokens.keeps_session(game_session, held_tokens().get(session_id)):  # never a step down
        remember_token(session_id, key)
    say({"text": gettext("This phone keeps score of this session now.")}, "done")
    return redirect(url_for(".show", session_id=session_id))


@bp.post("/s/<session_id>/revoke")
def revoke(session_id: str) -> Response:
    """Stop every scorer link (keeper only); the share panel shows the new one."""
    game_session = editable(session_id)
    if not tokens.keeps_session(game_session, held_tokens().get(session_id)):
        abort(
            403, description=gettext("Only the phone that started this session can revoke links.")
        )
    tokens.revoke_scorers(game_session)
    db.session.commit()
    say({"text": gettext("Old scorer links stopped working. Share the new one.")}, "done")
    return redirect(url_for(".show", session_id=session_id))
