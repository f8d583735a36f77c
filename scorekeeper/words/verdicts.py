"""The checker's verdicts in the reader's words: the engine says why a move is illegal, or what a
legal move does, as data (a sentence's key and its params: cards in notation, values, seats);
this writes each as one gettext sentence, cards as printed (K♠), players by name where the
table's names are known.

Each game's sentences are a table from key to writer (floor.py, fifty_six.py);
`SENTENCES` and `DESCRIPTIONS` join them, and a test proves every key the engine gives has one.
A rule broken is shown by its id and its name in the reader's words ("S3 · Opening bid"), never
by the API's code: `RULE_NAMES` names every code, and the pages' script is handed them
(`rule_names`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..rules.violation import Description, Violation
from . import lazy_pgettext
from .fifty_six import FIFTY_SIX_DESCRIPTIONS, FIFTY_SIX_SENTENCES
from .floor import FLOOR_DESCRIPTIONS, FLOOR_SENTENCES, Writer

JSON = dict[str, Any]
Seats = Sequence[str] | None

SENTENCES: dict[str, Writer] = FLOOR_SENTENCES | FIFTY_SIX_SENTENCES
DESCRIPTIONS: dict[str, Writer] = FLOOR_DESCRIPTIONS | FIFTY_SIX_DESCRIPTIONS

# Each code a Violation gives (`rule` in the API), named as a player would name the rule broken.
RULE_NAMES = {
    # Every game
    "not-in-hand": lazy_pgettext("rule", "Card not in hand"),
    "not-your-turn": lazy_pgettext("rule", "Not this player's turn"),
    "not-on-floor": lazy_pgettext("rule", "Not on the table"),
    "nothing-captured": lazy_pgettext("rule", "Nothing captured"),
    "bad-sum": lazy_pgettext("rule", "Cards that do not add up"),
    # Seep
    "opening-bid": lazy_pgettext("rule", "Opening bid"),
    "capture-not-maximal": lazy_pgettext("rule", "A capture takes all it can"),
    "house-value": lazy_pgettext("rule", "House value"),
    "must-hold": lazy_pgettext("rule", "A card kept for the house"),
    "raise-own-house": lazy_pgettext("rule", "Raising one's own house"),
    "raise-cemented-house": lazy_pgettext("rule", "Cemented house"),
    "throw-can-capture": lazy_pgettext("rule", "A card that could capture"),
    "throw-matches-house": lazy_pgettext("rule", "A card that matches a house"),
    # Fifty-six
    "out-of-turn": lazy_pgettext("rule", "Out of turn"),
    "bid-range": lazy_pgettext("rule", "Bids from 28 to 56"),
    "bid-too-low": lazy_pgettext("rule", "A bid must go higher"),
    "cannot-double": lazy_pgettext("rule", "Who may double"),
    "cannot-redouble": lazy_pgettext("rule", "Who may redouble"),
    "auction-over": lazy_pgettext("rule", "The auction is over"),
    "must-follow-suit": lazy_pgettext("rule", "Follow suit"),
    # Casino
    "ace-counts-one": lazy_pgettext("rule", "How aces count"),
    "face-card": lazy_pgettext("rule", "Face cards only pair"),
    "build-value": lazy_pgettext("rule", "Build value"),
    "owner-cannot-trail": lazy_pgettext("rule", "A build's owner cannot trail"),
    "raise-multiple-build": lazy_pgettext("rule", "A multiple build cannot be raised"),
}


def rule_names() -> dict[str, str]:
    """Every code's name in the reader's language, for a page's script (a page's
    data-rule-names, which verdict.js reads)."""
    return {code: str(name) for code, name in RULE_NAMES.items()}


def reason(violation: Violation, seats: Seats = None) -> str:
    """Why the move is illegal, in the reader's words (players by name when `seats` names them)."""
    params = {name: _shown(value, seats) for name, value in violation.params.items()}
    return SENTENCES[violation.key](params, seats)


def description(described: Description, seats: Seats = None) -> str:
    """A legal move in the reader's words."""
    return DESCRIPTIONS[described.key](described.params, seats)


def shown_params(violation: Violation, seats: Seats = None) -> JSON:
    """The params the API shows with a refusal (a violation among them as its sentence)."""
    return {name: _shown(violation.params[name], seats) for name in violation.shown}


def worded(answer: Mapping[str, Any], seats: Seats = None) -> JSON:
    """The checker's answer with its verdict written: `reason` (and the params the API shows)
    for an illegal move, `description` for a legal one."""
    out = dict(answer)
    said = out.get("reason")
    if isinstance(said, Violation):
        out["reason"] = reason(said, seats)
        out |= {"params": params} if (params := shown_params(said, seats)) else {}
    described = out.get("description")
    if isinstance(described, Description):
        out["description"] = description(described, seats)
    return out


def _shown(value: Any, seats: Seats) -> Any:
    return reason(value, seats) if isinstance(value, Violation) else value
