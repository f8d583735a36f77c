"""Seep's session and rule options, with the defaults of rules/seep.md."""

from __future__ import annotations

from typing import Any

from ..options import parse_choices

RULE_CHOICES: dict[str, tuple[Any, ...]] = {
    "capture": ("maximal", "free"),  # C2
    "throw": ("strict", "matching"),  # T3
}
RULE_DEFAULTS: dict[str, Any] = {"capture": "maximal", "throw": "strict"}
CHOICES: dict[str, tuple[Any, ...]] = RULE_CHOICES | {
    "target": (50, 100, 150),  # M2: the lead that wins a baazi
    "baazis": (None, 1, 3, 5, 7),  # M4: best of N baazis; None plays on
    "under9": ("sweeps", "cards"),  # M3: what counts towards the 9
}
DEFAULTS: dict[str, Any] = RULE_DEFAULTS | {"target": 100, "baazis": None, "under9": "sweeps"}


def parse_options(raw: object) -> dict[str, Any]:
    """Validated session options (match and play rules) with defaults filled in."""
    return parse_choices(raw, CHOICES, DEFAULTS)


def parse_rule_options(raw: object) -> dict[str, Any]:
    """Validated options of play, as a position in the move checker carries them."""
    return parse_choices(raw, RULE_CHOICES, RULE_DEFAULTS)
