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
    "review-under-way": lambda p: gettext(
        "Deal #%(id)d is still being played: its review comes once it is finished.", id=p["id"]
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
    # Tournaments (NotFound, Conflict and InvalidInput: data/tournaments.py)
    "no-tournament": lambda p: gettext("There is no tournament %(id)r.", id=p["id"]),
    "no-entrant": lambda p: gettext("This tournament has no entrant %(id)d.", id=p["id"]),
    "no-round": lambda p: gettext("This tournament has no round %(number)d.", number=p["number"]),
    "no-table": lambda p: gettext(
        "Round %(round)d of this tournament has no table %(table)d.",
        round=p["round"],
        table=p["table"],
    ),
    "no-tournament-table": lambda p: gettext(
        "Session %(id)r is not a tournament's table: it has no result to confirm.", id=p["id"]
    ),
    "no-rounds-left": lambda _: gettext(
        "This tournament has no round left to pair: it has ended, or every planned round is "
        "paired. Nothing was stored."
    ),
    "too-few-playing": lambda _: gettext(
        "Too few entrants are still playing to pair a round. Nothing was stored."
    ),
    "round-open": lambda p: gettext(
        "Round %(number)d is still open: confirm each table's result before pairing the next "
        "round. Nothing was stored.",
        number=p["number"],
    ),
    "not-last-round": lambda p: gettext(
        "Only the last round (%(last)d) can be un-paired. Nothing was changed.", last=p["last"]
    ),
    "round-has-deals": lambda p: gettext(
        "Round %(number)d cannot be un-paired: a deal was entered at a table of the round. "
        "Nothing was changed.",
        number=p["number"],
    ),
    "round-not-over": lambda _: gettext(
        "This table's round is not over yet: confirm its result once the round's length is played."
    ),
    "late-entrant-not-swiss": lambda _: gettext(
        "Only a Swiss tournament takes a late entrant. Nothing was stored."
    ),
    "tournament-ended": lambda _: gettext("This tournament has ended. Nothing was stored."),
    "tournament-name": lambda p: gettext(
        "A tournament needs a name of 1 to %(most)d printable characters.", most=p["most"]
    ),
    "tournament-game": lambda _: gettext("A tournament's game is seep, fifty-six or casino."),
    "tournament-format": lambda _: gettext(
        "A tournament's format is swiss, round-robin or rotating."
    ),
    "tournament-options": lambda _: gettext(
        "A tournament's options are a JSON object of the game's options."
    ),
    "tournament-round-length": lambda p: gettext(
        "The round's length is a number of deals from 1 to %(most)d, or %(own)s in this game.",
        most=p["most"],
        own=p["own"],
    ),
    "tournament-rotating-game": lambda _: gettext(
        "A rotating tournament needs a game of four players in two partnerships."
    ),
    "tournament-entrant-size": lambda p: ngettext(
        "Each entrant of this tournament is %(num)d player: the game's table has two such sides.",
        "Each entrant of this tournament is %(num)d players: the game's table has two such sides.",
        p["players"],
    ),
    "tournament-entrants": lambda p: gettext(
        "A tournament's entrants are a list of at most %(most)d entrants.", most=p["most"]
    ),
    "tournament-entrant-shape": lambda _: gettext(
        "Each entrant has a name and a list of one to four players."
    ),
    "tournament-rotating-one": lambda _: gettext(
        "In a rotating tournament each entrant is one player, given by name."
    ),
    "tournament-entrant-name": lambda p: gettext(
        "Each entrant needs a name of 1 to %(most)d printable characters.", most=p["most"]
    ),
    "tournament-entrants-uneven": lambda _: gettext(
        "Every entrant must have as many players as the others."
    ),
    "tournament-too-few": lambda p: gettext(
        "A tournament of this format needs at least %(least)d entrants.", least=p["least"]
    ),
    "tournament-name-twice": lambda p: gettext(
        "%(name)s is named twice: each entrant and each player may be named only once.",
        name=p["name"],
    ),
    "tournament-rounds-robin": lambda p: gettext(
        "A round-robin of %(entrants)d entrants has %(rounds)d rounds: leave rounds out, or "
        "send %(rounds)d.",
        entrants=p["entrants"],
        rounds=p["rounds"],
    ),
    "tournament-rounds": lambda p: gettext(
        "rounds must be a whole number from 1 to %(high)d.", high=p["high"]
    ),
    "entrant-unknown-field": lambda p: gettext(
        "An entrant has an unknown field %(field)r.", field=p["field"]
    ),
    "round-length-unknown-field": lambda p: gettext(
        "A round's length has an unknown field %(field)r.", field=p["field"]
    ),
    "result-shape": lambda _: gettext(
        "An adjustment sends a result (match points and game points, or null) and may add a note."
    ),
    "result-note": lambda p: gettext(
        "A note is at most %(most)d printable characters.", most=p["most"]
    ),
    "result-match-points": lambda _: gettext("match_points must be [2, 0], [1, 1] or [0, 2]."),
    "result-game-points": lambda _: gettext("game_points must be two whole numbers."),
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
