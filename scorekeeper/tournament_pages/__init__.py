"""Tournaments in the browser (issue 37): the tournament's page for every player's phone, its
keeper's controls and table cards, the wall, the report and exports. The pairing and standings
engine is scorekeeper/tournament/; what is stored, scorekeeper/data/tournaments.py."""

from . import cards, export, keeper, pages, report, wall  # noqa: F401  # routes join the blueprint
from .blueprint import bp

__all__ = ["bp"]
