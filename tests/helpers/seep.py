"""Seep through the API: a session of four (or the teams given), deal records by card points."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.helpers.api import FOUR, Json, new_session

SPADES = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS"]
# The 17 point cards of rules/seep.md and what each scores: 100 in all.
POINTS = {card: n for n, card in enumerate(SPADES, start=1)} | {
    "AH": 1,
    "AD": 1,
    "AC": 1,
    "10D": 6,
}
# The options a Seep session has unless it says otherwise (shared/API.md "Sessions").
DEFAULT_OPTIONS = {
    "target": 100,
    "baazis": None,
    "deals": None,  # a tournament table's round length (rules/lengths.py)
    "under9": "sweeps",
    "capture": "maximal",
    "throw": "strict",
    "raise_own": "off",  # R3
    "raise_partner": "on",  # R3
}


def seep_session(client: FlaskClient, teams: list[Json] = FOUR, **options: Any) -> Json:
    """Create a Seep session through the API; the answer has its id and edit token."""
    return new_session(client, "seep", teams, **options)


def captured(points0: int) -> list[list[str]]:
    """The point cards split so that team 0 holds `points0` card points, team 1 the rest."""
    team0, left = [], points0
    for card in sorted(POINTS, key=POINTS.__getitem__, reverse=True):
        if POINTS[card] <= left:
            team0.append(card)
            left -= POINTS[card]
    assert left == 0, f"cannot give team 0 exactly {points0} points"
    return [team0, [card for card in POINTS if card not in team0]]


def deal(points0: int, *sweeps: tuple[int, str], **fields: Any) -> Json:
    """A Seep deal record: team 0 takes `points0` card points; sweeps as (team, when)."""
    record: Json = {"captured": captured(points0), **fields}
    if sweeps:
        record["sweeps"] = [{"team": team, "when": when} for team, when in sweeps]
    return record
