"""A deal followed play by play (/s/<id>/live): the page shell; its script speaks the live API."""

from __future__ import annotations

from typing import Any

from flask import Response, abort, render_template, url_for

from ..data.models import GameSession, LiveDeal
from ..web.held import held_tokens
from ..web.pages import conditional, page, page_tag, viewer_etag
from ..words import gettext
from .blueprint import bp, can_edit
from .games import PAGES, game_title


@bp.get("/s/<session_id>/live")
def live(session_id: str) -> Response:
    """The live deal of a session whose game has a live page; watchers get no token.

    The page says whether a deal is under way, so that its script asks the live API only
    then (no deal is a 404 there). While none is, the script asks for the page again with its
    tag instead, a 304 until the session changes (a deal started, one entered whole)."""
    game_session = GameSession.find(session_id)
    template = PAGES[game_session.game_name].live
    if template is None:
        abort(404, description=gettext("This game cannot be followed play by play yet."))
    token = held_tokens().get(session_id) if can_edit(game_session) else None
    tag = viewer_etag(game_session.etag, token)
    response = conditional(tag, lambda: _live_shell(session_id, template, token, page_tag(tag)))
    # The page may carry the edit token: never kept by the browser or a cache.
    response.headers["Cache-Control"] = "no-store"
    return response


def _live_shell(session_id: str, template: str, token: str | None, tag: str | None) -> str:
    """The live page, drawn: whether a deal is under way, and the page's own tag."""
    game_session = GameSession.find(session_id, full=True)
    under_way = LiveDeal.current(game_session) is not None
    return _shell(game_session, template, token=token, under_way=under_way, tag=tag)


@bp.get("/s/<session_id>/deals/<int:deal_id>/replay")
def replay(session_id: str, deal_id: int) -> Response:
    """A deal that was played live, shown play by play: the live page's drawing, no entry."""
    game_session = GameSession.find(session_id, full=True)
    LiveDeal.find_of_deal(game_session, deal_id)
    template = PAGES[game_session.game_name].live
    assert template is not None  # a deal was played live on it
    number = game_session.number_of(game_session.find_deal(deal_id))
    replay_url = url_for("api.replay_live_deal", session_id=session_id, deal_id=deal_id)
    review = url_for("api.review_live_deal", session_id=session_id, deal=deal_id)
    return page(
        _shell(game_session, template, token=None, number=number, replay=replay_url, review=review)
    )


def _shell(game_session: GameSession, template: str, **extra: Any) -> str:
    """The game's live page (templates/sessions/<game>/live.html, on the shared shell
    templates/sessions/live.html), with what its script reads."""
    return render_template(
        template,
        gs=game_session,
        standing=game_session.standing(),
        seats=game_session.seat_names(),
        api=url_for("api.start_live_deal", session_id=game_session.id),
        **extra,
    )


bp.add_app_template_global(game_title)


# Globals, not context: the scoreboard's macros are imported without the page's context.
@bp.app_template_global()
def has_live_page(game_session: GameSession) -> bool:
    """Whether the session's game has a live deal page (only its scorers see the button)."""
    return PAGES[game_session.game_name].live is not None


@bp.app_template_global()
def live_under_way(game_session: GameSession) -> bool:
    """Whether a live deal is under way in the session."""
    return has_live_page(game_session) and LiveDeal.current(game_session) is not None
