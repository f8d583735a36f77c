"""Clubs in the browser: a club's history, its keeper's changes and export (views.py), its
players' pages (players.py) with their charts (charts.py), and the statistics service both the
pages and the API read (stats.py)."""

from . import players  # noqa: F401  (its routes join the blueprint)
from .views import bp

__all__ = ["bp"]
