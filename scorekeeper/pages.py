"""The home page: start a session, or go back to a recent one."""

from __future__ import annotations

from flask import Blueprint, render_template

from .models import GameSession
from .rules import GAMES

bp = Blueprint("pages", __name__)


@bp.get("/")
def index() -> str:
    """Games to start and the sessions played lately."""
    return render_template("index.html", games=GAMES.values(), recent=GameSession.recent())
