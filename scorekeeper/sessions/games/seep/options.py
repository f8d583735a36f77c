"""Seep's session: players and teams; its options (rules/seep.md M2–M4, and the rules tables'
variations C2, T3, R3) are the engine's (rules/seep/options.py), in words/options.py's words."""

from __future__ import annotations

from ....words import lazy_gettext
from ...setup import Setup

SETUP = Setup(players=(("4", lazy_gettext("Four, in two teams")), ("2", lazy_gettext("Two"))))
