"""The data floor's refusals in the reader's words: one sentence per key of data.errors' NotFound
and Conflict, and of the InvalidInput data/ raises (a name, a merge, a club's house rules).

The data floor says what happened as data (a key and what it names); `message_of(error)` is the
sentence the API's `message` and the pages show. A key no table knows is a sentence the web
floor wrote itself, as words/inputs.py's `in_words` takes it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..data.errors import Refused
from . import gettext, ngettext
from .numbers import number as written

Params = dict[str, Any]

SENTENCES: dict[str, Callable[[Params], str]] = {
    # Not there (NotFound: models.py, deal_reads.py, live.py); "no-club" is starts.py's too
    "no-club": lambda p: gettext("There is no club %(id)r.", id=p["id"]),
    "no-session": lambda p: gettext("There is no session %(id)r.", id=p["id"]),
    "no-club-session": lambda p: gettext("This club has no session %(id)r.", id=p["id"]),
    "no-deal": lambda p: gettext("This session has no deal #%(id)d.", id=p["id"]),
    "no-live-deal": lambda _: gettext("This session has no live deal under way."),
    "entered-whole": lambda p: gettext(
        "Deal #%(id)d was entered whole, not play by play.", id=p["id"]
    ),
    # Writing deals (Conflict: deals.py)
    "session-ended": lambda _: gettext(
        "This session has ended. Nothing was stored: play on (reopen it) to add a deal."
    ),
    "finished-already": lambda _: gettext(
        "This session is finished already: there is nothing to end."
    ),
    "no-deal-to-end": lambda _: gettext("This session has no deal yet: there is nothing to end."),
    "live-deal-before-end": lambda p: gettext(
        "Deal %(number)d is being played live: finish it, or stop playing it live, "
        "before ending the session. Nothing was changed.",
        number=p["number"],
    ),
    "too-many-deals": lambda p: ngettext(
        "This session keeps %(most)s deal, the most one session may. Nothing was stored: "
        "start a new session to go on.",
        "This session keeps %(most)s deals (deleted ones among them), the most one session "
        "may. Nothing was stored: start a new session to go on.",
        p["most"],
        most=written(p["most"]),
    ),
    # A tournament table's round is over (rules/lengths.py): its deals played, or its game won.
    "round-over": lambda p: ngettext(
        "This round is over: it was %(num)d deal, and it is played. Nothing was stored.",
        "This round is over: it was %(num)d deals, and they are played. Nothing was stored.",
        p["deals"],
    ),
    "round-won": lambda p: gettext(
        "This round is over: %(winner)s won it. Nothing was stored.", winner=p["winner"]
    ),
    "live-deal-before-whole": lambda p: gettext(
        "Deal %(number)d is being played live: go on with it on its live page, or "
        "stop playing it live there to enter it whole. Nothing was stored.",
        number=p["number"],
    ),
    "deal-exists": lambda p: gettext(
        "Deal %(number)d was already entered by another scorer. Nothing was stored; "
        "this one would be deal %(upcoming)d.",
        number=p["number"],
        upcoming=p["upcoming"],
    ),
    "deal-out-of-order": lambda p: gettext(
        "Deal %(upcoming)d comes next, not deal %(number)d. Nothing was stored.",
        upcoming=p["upcoming"],
        number=p["number"],
    ),
    "form-of-another-session": lambda _: gettext("This form is not of this session: reload it."),
    "deal-entered-since-deleted": lambda p: gettext(
        "A deal was already entered by another scorer while you were entering yours. "
        "Nothing was stored; this one would be deal %(upcoming)d.",
        upcoming=p["upcoming"],
    ),
    "deal-entered-since": lambda p: gettext(
        "Deal %(number)d was already entered by another scorer while you were entering "
        "yours. Nothing was stored; this one would be deal %(upcoming)d.",
        number=p["number"],
        upcoming=p["upcoming"],
    ),
    "deal-deleted": lambda p: gettext(
        "Deal #%(id)d was deleted by another scorer. Restore it to correct it.", id=p["id"]
    ),
    # A live deal's plays (Conflict: live.py)
    "live-deal-exists": lambda _: gettext("A live deal is under way in this session."),
    "play-out-of-order": lambda p: gettext(
        "Play %(next)d comes next, not %(number)d.", next=p["next"], number=p["number"]
    ),
    "play-exists": lambda p: gettext(
        "Play %(number)d was already entered, differently.", number=p["number"]
    ),
    "live-deal-has-plays": lambda p: ngettext(
        "The live deal has %(num)d play, not %(sent)d: take it back first, or send "
        "plays=%(num)d to discard it. Nothing was taken back.",
        "The live deal has %(num)d plays, not %(sent)d: take them back first, last first, "
        "or send plays=%(num)d to discard them. Nothing was taken back.",
        p["num"],
        sent=p["sent"],
    ),
    "only-last-play": lambda p: gettext(
        "Only the last play (%(last)d) can be taken back.", last=p["last"]
    ),
    "no-play-to-take-back": lambda _: gettext(
        "No play was entered yet: there is none to take back (the start is taken back "
        "with DELETE on the live deal)."
    ),
    # Names (InvalidInput: models.py)
    "club-no-name": lambda _: gettext('A club needs a name, such as "Thursday table".'),
    "club-name-too-long": lambda p: gettext(
        "A club's name is at most %(most)d printable characters.", most=p["most"]
    ),
    "player-no-name": lambda _: gettext("A player needs a name."),
    "player-name-too-long": lambda p: gettext(
        "A player's name is at most %(most)d printable characters.", most=p["most"]
    ),
    # Renames and merges (InvalidInput: players.py)
    "name-of-another": lambda p: gettext(
        "%(name)s is another player of this club: merge the two if they are one.",
        name=p["name"],
    ),
    "same-player": lambda _: gettext("Choose two different players to merge."),
    "same-table": lambda p: gettext(
        "%(kept)s and %(gone)s played in the same session: they are two people.",
        kept=p["kept"],
        gone=p["gone"],
    ),
    "not-merged": lambda p: gettext("%(name)s is not merged into another player.", name=p["name"]),
    "split-name-taken": lambda p: gettext(
        "%(taken)s is a player of this club already: rename them to split %(gone)s off.",
        taken=p["taken"],
        gone=p["gone"],
    ),
    # A session started in a club (InvalidInput: starts.py)
    "misfits-house-rules": lambda p: gettext(
        "These teams do not fit the club's house rules (%(rules)s): give the options to "
        "play by in the session's options.",
        rules=p["rules"],
    ),
}


def said(key: str, params: Params) -> str | None:
    """The data floor's refusal `key` as a sentence in the reader's language; None for a key
    it does not raise."""
    sentence = SENTENCES.get(key)
    return None if sentence is None else sentence(params)


def message_of(error: Refused) -> str:
    """A NotFound's or a Conflict's sentence in the reader's language (a web floor's refusal
    is one written already: its key)."""
    sentence = said(error.key, error.params)
    return error.key if sentence is None else sentence
