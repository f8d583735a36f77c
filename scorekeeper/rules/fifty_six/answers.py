"""The move checker's answers for Fifty-six: /api/v1/check and /api/v1/moves (API.md), for
both phases of a deal — the auction (`"phase": "auction"`: auction.py, F6–F11) and the play
of a trick (`"phase": "play"`, the default: trick.py, F12, F13).
"""

from __future__ import annotations

from typing import Any

from ..cards import Card
from ..errors import InvalidInput
from ..fields import choice
from ..violation import Description, answer, legal, notation
from . import auction, trick

PHASES = ("auction", "play")


def check_move(raw_position: object, raw_move: object) -> dict[str, Any]:
    """Whether a call or a card is legal, naming the rule it breaks or showing what follows."""
    if _phase(raw_position) == "auction":
        before = auction.parse_auction(raw_position)
        call = auction.parse_call(raw_move, before.players)
        return answer(before, call, auction.check, _called)
    position = trick.parse_position(raw_position)
    return answer(position, trick.parse_card_move(raw_move), trick.check, _played)


def list_moves(raw_position: object, limit: int) -> dict[str, Any]:
    """Up to `limit` legal calls (auction) or different legal cards (trick), and the count."""
    moves: list[dict[str, Any]]
    if _phase(raw_position) == "auction":
        moves = [c.to_json() for c in auction.legal_calls(auction.parse_auction(raw_position))]
    else:
        position = trick.parse_position(raw_position)
        moves = [{"card": str(c)} for c in trick.legal_cards(position)]
    shown = moves[: max(limit, 0)]
    return {"moves": shown, "count": len(moves), "truncated": len(moves) > len(shown)}


def _phase(raw_position: object) -> str:
    """The position's phase: "auction", or "play" when it names none."""
    if not isinstance(raw_position, dict):
        raise InvalidInput("bad-field", "not-object", what="A Fifty-six position")
    return choice(raw_position.get("phase", "play"), "phase", PHASES)


def _called(before: auction.Auction, call: auction.Call) -> dict[str, Any]:
    """A legal call's answer: the auction after it."""
    after = auction.apply(before, call)
    return legal(after.to_json(), call.to_json(), _describe_call(call, after))


def _played(position: trick.TrickPosition, card: Card) -> dict[str, Any]:
    """A legal card's answer: the trick after it and, once complete, who won it (F13)."""
    outcome = trick.apply(position, card)
    description = _describe_card(position, card, outcome)
    after = legal(outcome.position.to_json(), {"card": str(card)}, description)
    if outcome.complete:
        after |= {"winner": outcome.winner, "points": outcome.points}
    return after


def _describe_call(call: auction.Call, after: auction.Auction) -> Description:
    """The call, and once the auction is over its contract ("passed": F10, nobody bid)."""
    said: dict[str, object] = call.to_json()
    contract = after.contract
    if after.finished and contract is not None:
        said |= {"contract": contract.to_json(), "passed": after.standing is None}
    return Description("fifty-six-call", said)


def _describe_card(
    position: trick.TrickPosition, card: Card, outcome: trick.TrickOutcome
) -> Description:
    """The card, the cards it is played on and, once the trick is complete, who wins it."""
    said: dict[str, object] = {"card": str(card), "trick": notation(position.trick)}
    if outcome.winner is not None and outcome.points is not None:
        won = outcome.position.trick[outcome.winner]
        # "winner": the winning card's place in playing order, counted from 1.
        said |= {"won": str(won), "winner": outcome.winner + 1, "points": outcome.points}
    return Description("fifty-six-card", said)
