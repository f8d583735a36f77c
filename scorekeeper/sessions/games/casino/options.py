"""Casino's session: players, and the option that shapes the sides; its options are the
engine's (rules/casino/options.py), in the words of words/options.py."""

from __future__ import annotations

from ...setup import Setup

SETUP = Setup(players=(("2", "2"), ("3", "3"), ("4", "4")), shaped_by="partnerships")
