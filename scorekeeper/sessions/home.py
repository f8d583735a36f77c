"""The home page: start a session, check a move, or go back to one of your clubs or sessions."""

from __future__ import annotations

from flask import render_template

from ..data.models import GameSession
from ..rules import GAMES
from ..web.held import held_tokens
from .blueprint import bp, known_clubs
from .games import PAGES


@bp.get("/")
def index() -> str:
    """Games to start and the sessions this browser keeps score of, latest first."""
    games = [GAMES[name] for name in PAGES]
    mine = GameSession.recent(list(held_tokens()))
    return render_template("index.html", games=games, recent=mine, clubs=known_clubs())
