"""Seep's session and rule options, with the defaults of rules/seep.md."""

from __future__ import annotations

from typing import Any

from ..options import parse_choices

CHOICES: dict[str, tuple[Any, ...]] = {
    "target": (50, 100, 150),  # M2: the lead that wins a baazi
    "baazis": (None, 1, 3, 5, 7),  # M4: best of N baazis; None plays on
    "under9": ("sweeps", "cards"),  # M3: what counts towards the 9
    "capture": ("maximal", "free"),  # C2
    "throw": ("strict", "matching"),  # T3
}
DEFAULTS: dict[str, Any] = {
    "target": 100,
    "baazis": None,
    "under9": "sweeps",
    "capture": "maximal",
    "throw": "strict",
}


def parse_options(raw: object) -> dict[str, Any]:
    """Validated Seep options with defaults filled in."""
    return parse_choices(raw, CHOICES, DEFAULTS)
