"""Fifty-six's deal form as the pages take it: the fields a scorer sends."""

from __future__ import annotations

from typing import Any


def deal(number: int, **fields: Any) -> dict[str, Any]:
    """A deal form: Meena (seat 1) bids 28♠ and takes 30 points, unless `fields` say otherwise."""
    base = {"number": number, "next_id": number, "dealer": "0", "outcome": "bid"}
    return base | {"seat": "1", "value": "28", "trump": "S", "double": "0", "points": "30"} | fields
