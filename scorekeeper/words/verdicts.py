"""The checker's verdicts in the reader's words: the engine says why a move is illegal, or what a
legal move does, as data (a sentence's key and its params: cards in notation, values, seats);
this writes each as one gettext sentence, cards as printed (K♠), players by name where the
table's names are known.

Each game's sentences are a table from key to writer (floor.py, fifty_six.py);
`SENTENCES` and `DESCRIPTIONS` join them, and a test proves every key the engine gives has one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..rules.violation import Description, Violation
from .fifty_six import FIFTY_SIX_DESCRIPTIONS, FIFTY_SIX_SENTENCES
from .floor import FLOOR_DESCRIPTIONS, FLOOR_SENTENCES, Writer

JSON = dict[str, Any]
Seats = Sequence[str] | None

SENTENCES: dict[str, Writer] = FLOOR_SENTENCES | FIFTY_SIX_SENTENCES
DESCRIPTIONS: dict[str, Writer] = FLOOR_DESCRIPTIONS | FIFTY_SIX_DESCRIPTIONS


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
