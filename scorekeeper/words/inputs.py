"""The engine's bad input in the reader's words: one sentence per key of rules.InvalidInput.

The engine raises `InvalidInput(code, key, **params)` with no English in it; `in_words(error)` is
the sentence the API's 400 `message` and the pages' forms show. Fields of the API's JSON
(`hand`, `loose`, `trump`) are codes and stay as they are inside a sentence; the engine's
things (`what`: "A move", a team before it has a name) are translated here. A key the table
does not know is the data floor's (words/refusals.py), or a sentence the web layer wrote itself
(already in the reader's language).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from ..rules import InvalidInput
from . import fifty_six, gettext, lazy_gettext, refusals
from .bidi import fill
from .lists import listed
from .verdicts import RULE_NAMES

Msgid = Any  # a lazy_gettext string: translated when it is made a str


@dataclass(frozen=True)
class Choose:
    """A sentence chosen by the value of one param (an action, a kind): whole sentences,
    since a word such as "raise" cannot be fitted into another language's sentence."""

    param: str
    sentences: Mapping[str, Msgid]


SENTENCES: dict[str, Msgid | Choose] = {
    # The shapes of JSON (rules/fields.py, rules/cards.py)
    "not-object": lazy_gettext("%(what)s must be an object."),
    "unknown-field": lazy_gettext("%(what)s has an unknown field %(field)r."),
    "missing-field": lazy_gettext("%(what)s needs the field %(field)r."),
    "not-whole-number": lazy_gettext("%(what)s must be a whole number from %(low)s to %(high)s."),
    "not-a-choice": lazy_gettext("%(what)s must be one of %(allowed)s."),
    "not-card-list": lazy_gettext("%(what)s must be a list of cards."),
    "not-a-card": lazy_gettext("%(value)r is not a card: write cards like 10D or K♠."),
    "card-twice": lazy_gettext("%(card)s appears twice."),
    "play-not-object": lazy_gettext("A play must be an object."),
    "last-play-not-bool": lazy_gettext("last_play must be true or false."),
    "new-game-not-bool": lazy_gettext("new_game must be true or false."),
    "too-crowded": lazy_gettext(
        "%(count)s loose cards of so many values are too many to list every move."
    ),
    # Games, options and teams (rules/__init__.py, rules/options.py, rules/table.py)
    "unknown-game": lazy_gettext("Unknown game %(value)r; known: %(known)s."),
    "options-not-object": lazy_gettext('options must be an object such as {"target": 100}.'),
    "unknown-option": lazy_gettext("Unknown option %(option)r; known: %(known)s."),
    "option-value": lazy_gettext("Option %(option)s cannot be %(value)r; choose %(choices)s."),
    "option-range": lazy_gettext(
        "Option %(option)s must be a whole number from %(low)s to %(high)s."
    ),
    "teams-not-list": lazy_gettext("teams must be a list of at least two teams."),
    "teams-uneven": lazy_gettext("Every team needs the same number of players."),
    "player-twice": lazy_gettext(
        "%(player)s is named twice: every player needs a seat of their own."
    ),
    "team-players": lazy_gettext("%(what)s needs a list of 1 to %(most)s players."),
    "no-name": lazy_gettext("%(what)s needs a name."),
    "unprintable-name": lazy_gettext("%(what)s holds a character that cannot be shown."),
    "name-too-long": lazy_gettext(
        "%(what)s (%(start)s…) is too long: at most %(longest)s characters."
    ),
    # Seep
    "no-loose-cards": Choose(
        "action",
        {
            "raise": lazy_gettext("A raise takes no loose cards."),
            "throw": lazy_gettext("A throw takes no loose cards."),
            "trail": lazy_gettext("A trail takes no loose cards."),
        },
    ),
    "house-not-bool": lazy_gettext("house must be true or false in a capture."),
    "seep-position-players": lazy_gettext("Seep is played by 2 or 4 players."),
    "seep-hand-size": lazy_gettext("A Seep hand holds at most %(most)s cards."),
    "loose-in-house": lazy_gettext("Loose %(card)s would be part of the house of %(value)s."),
    "bid-not-in-hand": lazy_gettext("A bid of %(bid)s needs a card of %(bid)s in hand."),
    "houses-not-list": lazy_gettext("houses must be a list."),
    "house-twice": lazy_gettext("There can be only one house of %(value)s."),
    "house-without-owner": lazy_gettext("The house of %(value)s needs an owner."),
    "house-cannot-make": lazy_gettext("%(cards)s cannot make a house of %(value)s."),
    "house-of-no-cards": lazy_gettext("No cards cannot make a house of %(value)s."),
    "house-kind": Choose(
        "kind",
        {
            "cemented": lazy_gettext("With %(cards)s the house of %(value)s is cemented."),
            "ordinary": lazy_gettext("With %(cards)s the house of %(value)s is ordinary."),
        },
    ),
    "ordinary-house-owners": lazy_gettext("The ordinary house of %(value)s has a single owner."),
    "house-owner-without-card": lazy_gettext(
        "You own the house of %(value)s but hold no card of %(value)s (H5)."
    ),
    "seep-players": lazy_gettext("Seep is played by 4 players, or by 2."),
    "seep-teams": lazy_gettext("Seep is played by two teams of two players, or by two players."),
    "bidder-after-dealer": lazy_gettext("The bidder sits after the dealer: seat %(seat)s."),
    "captured-not-two-lists": lazy_gettext("captured must be two lists of cards, one per team."),
    "point-card-unowned": lazy_gettext(
        "Give %(cards)s to a team: every point card belongs to exactly one team."
    ),
    "sweeps-not-list": lazy_gettext('sweeps must be a list such as [{"team": 0, "when": "play"}].'),
    "too-many-sweeps": lazy_gettext("A deal has at most %(most)s sweeps."),
    "one-sweep-when": Choose(
        "when",
        {
            "opening": lazy_gettext("A deal has only one opening play, so one opening sweep."),
            "last": lazy_gettext("A deal has only one last play, so one last sweep."),
        },
    ),
    "opening-sweep-bidder": lazy_gettext("Only the bidder's team can make the opening sweep."),
    "session-over": lazy_gettext(
        "This session is over: %(winner)s won. Start a rematch to play on."
    ),
    "floor-size": lazy_gettext("The floor starts with %(floor)s cards, not %(given)s."),
    "bid-not-in-bidders-hand": lazy_gettext(
        "A bid of %(bid)s needs a %(bid)s in the bidder's hand."
    ),
    "plays-left": lazy_gettext("The deal has %(played)s of %(plays)s plays."),
    "no-capture": lazy_gettext("Nobody captured anything: E1 has nobody to give to."),
    "all-played": lazy_gettext("The deal is over: all %(plays)s cards are played."),
    # Casino
    "ace-value": lazy_gettext("ace must be 1 or 14."),
    "only-ace-high": lazy_gettext("Only an ace may count 14, not %(card)s."),
    "builds-not-values": lazy_gettext("builds must be a list of build values."),
    "build-named-twice": lazy_gettext("A build is named twice in builds."),
    "casino-players": lazy_gettext("Casino is played by 2, 3 or 4 players (K1)."),
    "casino-partnerships": lazy_gettext(
        "Four players in two teams play as partnerships: set the option "
        'partnerships to "on" (K1), or give each player a side of their own.'
    ),
    "casino-sides": lazy_gettext(
        "Casino with %(players)s players is played by %(sides)s sides of %(each)s (K1), "
        "not %(given_sides)s of %(given_each)s."
    ),
    "casino-hand-size": lazy_gettext("A Casino hand holds at most %(most)s cards."),
    "build-owner-without-card": lazy_gettext(
        "You own the build of %(value)s but hold no card of %(value)s."
    ),
    "builds-not-list": lazy_gettext("builds must be a list."),
    "build-twice": lazy_gettext("There can be only one build of %(value)s."),
    "faces-in-build": lazy_gettext("%(cards)s cannot be part of a build."),
    "build-cannot-make": lazy_gettext("%(cards)s cannot make a build of %(value)s."),
    "build-of-no-cards": lazy_gettext("No cards cannot make a build of %(value)s."),
    "build-kind": Choose(
        "kind",
        {
            "multiple": lazy_gettext("With %(cards)s the build of %(value)s is multiple."),
            "single": lazy_gettext("With %(cards)s the build of %(value)s is single."),
        },
    ),
    "taken-total": lazy_gettext(
        "The %(field)s taken add up to %(given)s, not %(total)s: every one of the pack's "
        "%(total)s %(field)s is taken by some side (K2, K10)."
    ),
    "one-number-per-side": lazy_gettext("%(field)s needs one number per side: %(sides)s numbers."),
    "no-such-side": lazy_gettext(
        "%(what)s names side %(value)r, which does not exist: the sides are 0 to %(last)s."
    ),
    "aces-count": lazy_gettext(
        "aces gives the side that took each of %(aces)s: exactly 4 entries, one per ace, "
        "not %(count)s entries (an ace given twice or missing)."
    ),
    "aces-not-list": lazy_gettext(
        "aces gives the side that took each of %(aces)s: exactly 4 entries, one per ace, "
        "not %(value)r (an ace given twice or missing)."
    ),
    "spades-over-cards": lazy_gettext(
        "%(team_label)s took %(spades)s spades but only %(cards)s cards."
    ),
    "specials-over-cards": lazy_gettext(
        "%(team_label)s took %(specials)s aces and casinos but only %(cards)s cards."
    ),
    "spade-cards-over-spades": lazy_gettext(
        "%(team_label)s took the A♠ or the 2♠ but only %(spades)s spades."
    ),
    "sweeps-off": lazy_gettext(
        'Sweeps do not score in this session: its option sweeps is "off" (K12).'
    ),
    "sweeps-over-cards": lazy_gettext(
        "%(team_label)s made %(sweeps)s sweeps but took only %(cards)s cards: "
        "each sweep takes two cards at least (K12)."
    ),
    "race-won": lazy_gettext(
        "The game is over: %(winner)s won the race to %(target)s (K13). Start a rematch to play on."
    ),
    "its-plays-left": lazy_gettext("The deal has %(played)s of its %(plays)s plays."),
    "table-size": lazy_gettext("The table starts with %(table)s cards (K2)."),
    "ace-high-royal": lazy_gettext("An ace counts 14 only in Royal Casino (K3)."),
    "variant-twice": lazy_gettext(
        'The position says variant "%(variant)s" and its options say "%(option)s": '
        "give the variant once, or the same in both."
    ),
    # Fifty-six
    "fifty-six-players": lazy_gettext(
        "Fifty-six is played by 4, 6 or 8 players, not %(value)r (F1)."
    ),
    "cards-to-play": lazy_gettext("The deal is not over: cards are still to play."),
    "auction-on": lazy_gettext(
        "The auction is on: it is seat %(seat)s's call; cards are played once it is over (F10)."
    ),
    "not-in-pack": lazy_gettext(
        "%(card)s is not in the pack with %(players)s players: the %(removed)s are taken out (F3)."
    ),
    "played-too-often": lazy_gettext(
        "%(card)s has been played %(played)s times already; the pack holds it %(copies)s "
        "times (F3)."
    ),
    "out-not-list": lazy_gettext("out must be a list of the teams out of tables."),
    "two-teams-in": lazy_gettext("Two teams or more must still be in the game (F6)."),
    "out-teams": lazy_gettext(
        "out names each team out of tables once, and two teams or more are still in (F6)."
    ),
    "first-dealer-seat": lazy_gettext(
        "first_dealer is a seat: 0 to %(last)s with %(players)s players (F1, F7)."
    ),
    "fifty-six-teams": Choose(
        "shape",
        {
            "sides": lazy_gettext(
                "%(players)s players in two sides make %(teams)s teams of %(each)s (F2), "
                "not %(given_teams)s of %(given_each)s."
            ),
            "pairs": lazy_gettext(
                "%(players)s players in pairs make %(teams)s teams of %(each)s (F2), "
                "not %(given_teams)s of %(given_each)s."
            ),
        },
    ),
    "trick-phase": lazy_gettext('A trick position has "phase": "play".'),
    "hand-size": lazy_gettext("A hand holds 1 to %(most)s cards with %(players)s players (F4)."),
    "trick-size": lazy_gettext("A trick still to be completed holds at most %(most)s cards."),
    "card-too-often": lazy_gettext(
        "%(card)s appears %(count)s times; the pack holds it %(copies)s times (F3)."
    ),
    "nothing-to-double": lazy_gettext("Everyone passed, so there is no bid to double (F10)."),
    "double-in-contract": lazy_gettext('A deal\'s "double" goes inside its "contract".'),
    "auction-not-list": lazy_gettext("A recorded auction is a list of calls."),
    "auction-not-over": lazy_gettext("The auction is not over: it is seat %(seat)s's call (F10)."),
    "auction-passed-contract": lazy_gettext(
        "The auction's contract (everyone passed) is not the deal's."
    ),
    # `said` is the contract as rules' describe() gives it.
    "auction-other-contract": lazy_gettext("The auction's contract (%(said)s) is not the deal's."),
    "game-not-over": lazy_gettext(
        "Game %(game)s is still being played: a new game starts when one team holds every "
        "table (F6)."
    ),
    "tables-won": lazy_gettext(
        "Game %(game)s is over: %(winner)s holds every table (F6). Start a new game to play on."
    ),
    "team-out": lazy_gettext(
        "Seat %(seat)s plays for %(team_name)s, which is out of tables, so it cannot bid (F6)."
    ),
    "no-convention": Choose(
        "kind",
        {
            "pass": lazy_gettext("A pass carries no convention; only a bid does."),
            "double": lazy_gettext("A double carries no convention; only a bid does."),
            "redouble": lazy_gettext("A redouble carries no convention; only a bid does."),
        },
    ),
    "call-carries-no": Choose(
        "kind",
        {
            "pass": lazy_gettext("A pass carries no %(field)s."),
            "double": lazy_gettext("A double carries no %(field)s."),
            "redouble": lazy_gettext("A redouble carries no %(field)s."),
        },
    ),
    "bid-value": lazy_gettext("A bid's value must be a whole number from 28 to 56."),
    "calls-not-list": lazy_gettext("calls must be a list of calls."),
    # `call` is the call, said here; `rule` and `rule_name` the rule it breaks (its id and name).
    "illegal-call": lazy_gettext(
        "Call %(number)s (%(call)s) is illegal (%(rule)s · %(rule_name)s)."
    ),
    # -- advice (Seep; advice-deal-over Fifty-six's too)
    "advice-hidden-count": lazy_gettext(
        "No moment of a Seep deal leaves %(hidden)s cards unseen: check the hand, the floor "
        "and the cards seen."
    ),
    "advice-deal-over": lazy_gettext("The deal is over: there is no play left to advise."),
    "advice-hand": lazy_gettext("The mover holds %(held)s cards now, none of them played already."),
    "advice-position-or-history": lazy_gettext(
        "A request for advice needs a position (and the cards seen), or a history and a hand."
    ),
    "advice-plays-not-list": lazy_gettext("A history's plays must be a list, as a live deal's."),
    "advice-seen-held": lazy_gettext("%(card)s is both in the hand and among the cards seen."),
    # -- advice (Fifty-six)
    "advice-auction-position": lazy_gettext(
        "Advice is for the card play only: send a trick position, not an auction."
    ),
    "advice-auction": lazy_gettext(
        "Advice is for the card play only: the auction is still on, and it is seat %(seat)s's call."
    ),
    "advice-hand-size": lazy_gettext("Seat %(seat)s holds %(held)s cards now, not %(given)s (F4)."),
    "advice-hand-copies": lazy_gettext(
        "The hand holds %(card)s %(count)s times, but only %(left)s of the pack's two are not "
        "played yet (F3)."
    ),
    "advice-hand-void": lazy_gettext(
        "Seat %(seat)s did not follow %(suit)s earlier, so cannot hold %(card)s (F12)."
    ),
    "advice-unseen-count": lazy_gettext(
        "%(hidden)s cards are neither seen, on the trick nor in the hand, but the other hands "
        "hold %(held)s: the cards seen do not add up (F3, F4)."
    ),
    "advice-card-count": lazy_gettext(
        "%(card)s is seen, on the trick or in the hand %(count)s times; the pack holds it "
        "%(copies)s times (F3)."
    ),
    "advice-voids": lazy_gettext(
        "No deal of the hidden cards fits the suits the other seats showed they hold none of (F12)."
    ),
    # -- advice (Casino)
    "advice-casino-hidden-count": lazy_gettext(
        "No moment of a Casino deal leaves %(hidden)s cards unseen: check the hand, the table "
        "and the cards seen (K2)."
    ),
    "advice-casino-hand-size": lazy_gettext(
        "Seat %(seat)s holds %(held)s cards now, not %(given)s (K2)."
    ),
    "advice-casino-seen": lazy_gettext(
        "%(card)s is on the table or played already, so the mover cannot hold it."
    ),
}

# What the engine names with `what`: its things, said here (a field of the API, such as
# "hand", is not in the table and stays as it is). A team before it has a name is called as
# the pages call it; `letter`, `ordinal` and `field` come from the refusal's params.
WORDS: dict[str, Msgid] = {
    "A move": lazy_gettext("A move"),
    "A request for advice": lazy_gettext("A request for advice"),
    "A tournament": lazy_gettext("A tournament"),
    "A play": lazy_gettext("A play"),
    "A raise": lazy_gettext("A raise"),
    "A build": lazy_gettext("A build"),
    "A build value": lazy_gettext("A build value"),
    "A build's value": lazy_gettext("A build's value"),
    "A build's cards": lazy_gettext("A build's cards"),
    "A build's owner": lazy_gettext("A build's owner"),
    "A house": lazy_gettext("A house"),
    "A house's value": lazy_gettext("A house's value"),
    "A house's cards": lazy_gettext("A house's cards"),
    "An owner": lazy_gettext("An owner"),
    "A sweep": lazy_gettext("A sweep"),
    "A sweep's team": lazy_gettext("A sweep's team"),
    "A sweep's when": lazy_gettext("A sweep's when"),
    "A Seep deal": lazy_gettext("A Seep deal"),
    "A Seep position": lazy_gettext("A Seep position"),
    "A live Seep deal's start": lazy_gettext("A live Seep deal's start"),
    "A Casino deal": lazy_gettext("A Casino deal"),
    "A Casino position": lazy_gettext("A Casino position"),
    "A live Casino deal": lazy_gettext("A live Casino deal"),
    "A Fifty-six deal": lazy_gettext("A Fifty-six deal"),
    "A Fifty-six position": lazy_gettext("A Fifty-six position"),
    "A live Fifty-six deal": lazy_gettext("A live Fifty-six deal"),
    "A live Fifty-six start": lazy_gettext("A live Fifty-six start"),
    "A live start": lazy_gettext("A live start"),
    "A trick position": lazy_gettext("A trick position"),
    "A call": lazy_gettext("A call"),
    "A bid": lazy_gettext("A bid"),
    "A card play": lazy_gettext("A card play"),
    "An auction": lazy_gettext("An auction"),
    "A team out": lazy_gettext("A team out"),
    "team": lazy_gettext("Team %(letter)s"),
    "team-name": lazy_gettext("Team %(letter)s's name"),
    "team-player": lazy_gettext("Team %(letter)s's %(ordinal)s player"),
    "team-cards": lazy_gettext("Team %(letter)s's cards"),
    "team-field": lazy_gettext("Team %(letter)s's %(field)s"),
}

# Params that are lists of codes or numbers (as the API writes them: S, H, D, C and NT), each
# listed with the link its sentence needs: "known: a, b and c", "must be one of a, b or c".
LISTED: dict[str, Literal["and", "or"]] = {"known": "and", "allowed": "or", "aces": "and"}

# A team's players in order (rules/table.py ORDINALS), for "Team A's first player".
ORDINALS = (
    lazy_gettext("first"),
    lazy_gettext("second"),
    lazy_gettext("third"),
    lazy_gettext("fourth"),
    lazy_gettext("fifth"),
    lazy_gettext("sixth"),
)


def in_words(error: InvalidInput) -> str:
    """The refusal as a sentence in the reader's language (the data floor's: words/refusals.py)."""
    sentence = SENTENCES.get(error.key)
    if isinstance(sentence, Choose):
        sentence = sentence.sentences.get(str(error.params.get(sentence.param)))
    if sentence is None:
        # The data floor's (a name, a merge), else the web layer's own, written where raised.
        return refusals.said(error.key, error.params) or error.key
    return fill(str(sentence), _shown(error.params))


def _shown(params: Mapping[str, Any]) -> dict[str, Any]:
    """The params as the sentence shows them: the engine's things in words, lists listed."""
    shown = dict(params)
    for name in LISTED.keys() & params.keys():
        shown[name] = listed([str(item) for item in params[name]], LISTED[name])
    if isinstance(params.get("cards"), list):  # cards as printed (a count stays a number)
        shown["cards"] = listed(params["cards"])
    if "choices" in params:
        # None among an option's choices is the open-ended one (no limit).
        choices = [gettext("open-ended") if c is None else str(c) for c in params["choices"]]
        shown["choices"] = listed(choices, "or")
    # A team (a Casino side) as the pages call it before it is named: Team A, Team B …
    team = params.get("team_label", params.get("side"))
    if isinstance(team, int):
        shown["team_label"] = gettext("Team %(letter)s", letter=_letter(team))
    if "what" in params:
        shown["what"] = _what(params)
    if isinstance(params.get("call"), dict):  # a Fifty-six call, as the engine writes it
        shown["call"] = fifty_six.call(params["call"])
    if isinstance(params.get("said"), dict):  # a Fifty-six contract
        shown["said"] = fifty_six.contract(params["said"])
    if "rule_code" in params:  # a rule broken is named in words, never by the API's code
        shown["rule_name"] = str(RULE_NAMES[params["rule_code"]])
    return shown


def _what(params: Mapping[str, Any]) -> str:
    """The thing a refusal is about, in words: "A move", "Team A's first player", "hand"."""
    what = str(params["what"])
    words = WORDS.get(what)
    if words is None:
        return what
    ordinal = params.get("ordinal")
    facts = {
        "letter": _letter(params.get("team_label", 0)),
        "ordinal": str(ORDINALS[ordinal]) if isinstance(ordinal, int) else "",
        "field": params.get("field", ""),
    }
    return fill(str(words), facts)


def _letter(team: object) -> str:
    """Team 0 is A, team 1 is B, as the pages call teams before they are named."""
    return chr(ord("A") + team) if isinstance(team, int) else str(team)
