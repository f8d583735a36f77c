"""Fifty-six's session: players, and the option that shapes the teams; its options are the
engine's (rules/fifty_six/options.py), in the words of words/options.py."""

from __future__ import annotations

from ...setup import Setup

SETUP = Setup(players=(("4", "4"), ("6", "6"), ("8", "8")), shaped_by="teams")
