"""A backup refused, in the reader's words: one sentence per key of data.backup's BackupError,
and one per place in the file it names (a club, a session, a deal of a session …).

`flask import` says it (scorekeeper/web/cli.py); the engine's refusals inside it are written
as the API writes them (words/inputs.py, words/verdicts.py).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from ..data.backup.problems import BackupError, Place
from ..rules.live import PlayRefused
from . import gettext
from .inputs import in_words
from .numbers import number as written
from .verdicts import reason as verdict

Params = dict[str, Any]

PLACES: dict[str, Callable[[Params], str]] = {
    "the-backup": lambda _: gettext("The backup"),
    "a-club": lambda _: gettext("A club"),
    "a-player": lambda _: gettext("A player"),
    "club": lambda p: gettext("Club %(id)r", id=p["id"]),
    "player": lambda p: gettext("Player %(id)s", id=p["id"]),
    "session": lambda p: gettext("Session %(id)r", id=p["id"]),
    "session-number": lambda p: gettext("Session %(number)d", number=p["number"]),
    "deal": lambda p: gettext("%(where)s, deal #%(id)s", where=place(p["where"]), id=p["id"]),
    "tournament": lambda p: gettext("Tournament %(id)r", id=p["id"]),
    "tournament-number": lambda p: gettext("Tournament %(number)d", number=p["number"]),
    "live-deal": lambda p: gettext("%(where)s, live deal %(n)d", where=place(p["where"]), n=p["n"]),
}


def place(where: Place) -> str:
    """Where in the backup, as the sentences about it name it: "Session 'abc…', deal #3"."""
    return PLACES[where.key](where.params)


def _refusal(why: object) -> object:
    """The engine's refusal of a live deal: a verdict in words, or the error as raised."""
    return verdict(why.violation) if isinstance(why, PlayRefused) else why


# Each writer is handed the params with `where` already in words (and the ids listed twice
# filled as a plain %-format, never isolated, as they always were).
PROBLEMS: dict[str, Callable[[Params], str]] = {
    # The header (fields.py)
    "not-a-backup": lambda _: gettext(
        'This is not a scorekeeper backup (no "format": "scorekeeper-backup").'
    ),
    "format-never-was": lambda p: gettext(
        "This backup says it is of format %(version)s, which never was.", **p
    ),
    "format-newer": lambda p: gettext(
        "This backup is of format %(version)s, newer than this scorekeeper reads "
        "(%(newest)s): upgrade scorekeeper first.",
        **p,
    ),
    "schema-newer": lambda p: gettext(
        "This backup comes from a newer database (schema %(schema)r): upgrade scorekeeper.", **p
    ),
    # A field (fields.py)
    "no-field": lambda p: gettext("%(where)s has no %(name)r.", **p),
    "wrong-field": lambda p: gettext("%(where)s: %(name)r is not what it should be.", **p),
    "below-least": lambda p: gettext(
        "%(where)s: its %(name)s is %(value)s, and it is never below %(low)s.", **p
    ),
    "not-token-hash": lambda p: gettext(
        "%(where)s: %(name)r is not a token's hash (64 hexadecimal digits).", **p
    ),
    "not-time": lambda p: gettext("%(where)s: %(name)r is not a time (%(value)r).", **p),
    "not-id": lambda p: gettext("%(where)s: %(value)r is not an id.", **p),
    # Clubs and players (restoring.py)
    "club-twice": lambda p: (
        gettext("Club %(id)r is listed twice: a backup lists each club once.") % p
    ),
    "player-twice": lambda p: (
        gettext("Player %(id)r is listed twice: a backup lists each player once.") % p
    ),
    "session-twice": lambda p: (
        gettext("Session %(id)r is listed twice: a backup lists each session once.") % p
    ),
    "refused": lambda p: gettext("%(where)s: %(why)s", where=p["where"], why=in_words(p["why"])),
    "house-rules-not-object": lambda p: gettext(
        "%(where)s: its house rules must be an object.", **p
    ),
    "merged-elsewhere": lambda p: gettext(
        "%(where)s: it is merged into %(into)r, not another of its club's.", **p
    ),
    "merge-ring": lambda p: gettext("%(where)s: its merges go round in a ring.", **p),
    "player-id-taken": lambda p: gettext(
        "%(where)s (%(name)r) cannot keep its id: this database gives it to %(other)r of "
        "another club. Import into an empty database.",
        **p,
    ),
    # Sessions and their deals (sessions.py)
    "another-game": lambda p: gettext(
        "%(where)s is another game in this database: not the same session.", **p
    ),
    "teams-damaged": lambda p: gettext(
        "%(where)s: %(why)s", where=p["where"], why=gettext("its teams are damaged")
    ),
    "club-not-held": lambda p: gettext(
        "%(where)s is of club %(club)r, which the backup does not hold.", **p
    ),
    "two-seats": lambda p: gettext("%(where)s: player %(id)s sits in two seats.", **p),
    "team-uneven": lambda p: gettext(
        "%(where)s: team %(team)s's players' names and player ids are not as many "
        "(%(names)s and %(ids)s).",
        **p,
    ),
    "not-club-player": lambda p: gettext(
        "%(where)s: its player %(id)r is not among its club's.", **p
    ),
    "changed-after": lambda p: gettext(
        "%(where)s changed at version %(changed)s, after its session's version %(version)s.",
        **p,
    ),
    "too-many-deals": lambda p: gettext(
        "%(where)s has %(count)s deals, more than the %(most)s deals a session keeps.",
        where=p["where"],
        count=written(p["count"]),
        most=written(p["most"]),
    ),
    "deal-id-twice": lambda p: gettext("%(where)s has two deals of the same id.", **p),
    "deleted-untimed": lambda p: gettext(
        "%(where)s is said to be deleted, yet it has no deleted_at.", **p
    ),
    "timed-undeleted": lambda p: gettext(
        "%(where)s has a deleted_at, yet it is said not to be deleted.", **p
    ),
    "deleted-numbered": lambda p: gettext(
        "%(where)s: its number is %(number)s, yet it is deleted: a deleted deal has none.",
        where=p["where"],
        number=json.dumps(p["number"])[:20],
    ),
    "wrong-number": lambda p: gettext(
        "%(where)s: its number is %(number)s, yet it is deal %(place)s of its "
        "session's deals not deleted, in order of their ids.",
        where=p["where"],
        number=json.dumps(p["number"])[:20],
        place=p["place"],
    ),
    "record-refused": lambda p: gettext(
        "%(where)s: the rules refuse it: %(why)s", where=p["where"], why=in_words(p["why"])
    ),
    "cannot-fold": lambda p: gettext("%(where)s: the rules cannot fold its deals (%(why)s).", **p),
    # Tournaments (tournaments.py)
    "tournament-twice": lambda p: (
        gettext("Tournament %(id)r is listed twice: a backup lists each tournament once.") % p
    ),
    "tournament-round-order": lambda p: gettext(
        "%(where)s: its rounds are not numbered 1, 2, 3 … in order (round %(number)s).", **p
    ),
    "tournament-entrant": lambda p: gettext(
        "%(where)s names entrant %(id)s, which it does not have.", **p
    ),
    "tournament-session": lambda p: gettext(
        "%(where)s: table %(table)s of round %(round)s is session %(session)r, which is not a "
        "session of the tournament's club and game, or is another table's too.",
        **p,
    ),
    # Live deals (live_deals.py)
    "live-same-deal": lambda p: gettext(
        "%(where)s: two of its live deals became the same deal.", **p
    ),
    "live-after-under-way": lambda p: gettext(
        "%(where)s: a live deal under way is followed by another.", **p
    ),
    "live-other-game": lambda p: gettext(
        "%(where)s is of %(game)r, not of the session's game.", **p
    ),
    "live-deal-not-held": lambda p: gettext(
        "%(where)s became deal #%(id)s, which the session does not hold.", **p
    ),
    "too-many-plays": lambda p: gettext(
        "%(where)s has %(count)s plays, more than any deal has: a live deal keeps at "
        "most %(most)s.",
        where=p["where"],
        count=written(p["count"]),
        most=written(p["most"]),
    ),
    "play-refused": lambda p: gettext(
        "%(where)s: the rules refuse play %(play)d: %(why)s",
        where=p["where"],
        play=p["play"],
        why=_refusal(p["why"]),
    ),
    "start-refused": lambda p: gettext(
        "%(where)s: the rules refuse its start: %(why)s", where=p["where"], why=_refusal(p["why"])
    ),
    "ends-unnamed": lambda p: gettext(
        "%(where)s: its plays end the deal, yet it names no deal it became.", **p
    ),
    "does-not-end": lambda p: gettext("%(where)s: its plays do not end the deal it names.", **p),
}


def refusal_in_words(error: BackupError) -> str:
    """Why a backup cannot be restored, as a sentence in the reader's language."""
    params = dict(error.params)
    if isinstance(params.get("where"), Place):
        params["where"] = place(params["where"])
    return PROBLEMS[error.key](params)
