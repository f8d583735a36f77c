"""Fifty-six through the API: sessions of four (or six), deal records by contract."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.helpers.api import FOUR, Json, new_session

SIX = [
    {"name": "Lions", "players": ["Asha", "Ravi"]},
    {"name": "Tigers", "players": ["Meena", "Dev"]},
    {"name": "Bears", "players": ["Kiran", "Lata"]},
]


def fifty_six_session(client: FlaskClient, lineup: list[Json] = FOUR, **options: Any) -> Json:
    """A Fifty-six session started through the API; the answer, with its id and edit token."""
    return new_session(client, "fifty-six", lineup, **options)


def deal(
    seat: int | None, points: int, value: int = 40, trump: str = "S", double: int = 0, **fields: Any
) -> Json:
    """A deal record: seat's contract of `value` (None: everyone passed) and the card points
    the contracting team won."""
    contract = None if seat is None else {"seat": seat, "value": value, "trump": trump}
    if contract is not None and double:
        contract["double"] = double
    return {"contract": contract, "points": points, **fields}
