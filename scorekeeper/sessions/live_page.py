"""A deal followed play by play (/s/<id>/live): the page shell; its script speaks the live API."""

from __future__ import annotations

from typing import Any

from flask import Response, abort, render_template, url_for

from ..data.models import GameSession, LiveDeal
from ..web.held import held_tokens
from ..web.pages import page
from ..words import gettext
from .blueprint import bp, can_edit
from .games import PAGES, game_title


@bp.get("/s/<session_id>/live")
def live(session_id: str) -> Response:
    """The live deal of a session whose game has a live page; watchers get no token."""
    game_session = GameSession.find(session_id, full=True)
    template = PAGES[game_session.game_name].live
    if template is None:
        abort(404, description=gettext("This game cannot be followed play by play yet."))
    token = held_tokens().get(session_id) if can_edit(game_session) else None
    # The page may carry the edit token: never kept by the browser or a cache.
    return page(_shell(game_session, template, token=token), fresh=True)


@bp.get("/s/<session_id>/deals/<int:deal_id>/replay")
def replay(session_id: str, deal_id: int) -> Response:
    """A deal that was played live, shown play by play: the live page's drawing, no entry."""
    game_session = GameSession.find(session_id, full=True)
    LiveDeal.find_of_deal(game_session, deal_id)
    template = PAGES[game_session.game_name].live
    assert template is not None  # a deal was played live on it
    number = game_session.number_of(game_session.find_deal(deal_id))
    replay_url = url_for("api.replay_live_deal", session_id=session_id, deal_id=deal_id)
    return page(_shell(game_session, template, token=None, number=number, replay=replay_url))


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
