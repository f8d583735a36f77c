"""The move checker's answers for Fifty-six: /api/v1/check and /api/v1/moves (API.md), for
both phases of a deal — the auction (`"phase": "auction"`: auction.py, F6–F11) and the play
of a trick (`"phase": "play"`, the default: trick.py, F12, F13).
"""

from __future__ import annotations

from typing import Any

from ..cards import Card, names
from ..errors import InvalidInput
from ..fields import choice
from ..violation import answer, legal
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


def _sentence(text: str) -> str:
    """`text` with a capital first letter and a full stop."""
    return text[:1].upper() + text[1:] + "."


def _describe_call(call: auction.Call, after: auction.Auction) -> str:
    """'Seat 0 passes. The auction is over: the contract is 28♦ by seat 1 (team 1), doubled.'"""
    text = _sentence(call.describe())
    contract = after.contract
    if not after.finished or contract is None:
        return text
    if after.standing is None:
        # F10: nobody bid: 28 no-trumps for the first bidder's team.
        return text + f" Everyone passed, so the contract is {contract.describe()}."
    return text + f" The auction is over: the contract is {contract.describe()}."


def _describe_card(position: trick.TrickPosition, card: Card, outcome: trick.TrickOutcome) -> str:
    """'Q♥ is played on K♥.' and, when the trick is complete, who wins it and its points."""
    if not position.trick:
        return f"{card.pretty} leads the trick."
    text = f"{card.pretty} is played on {names(list(position.trick))}."
    if outcome.winner is None or outcome.points is None:
        return text
    won = outcome.position.trick[outcome.winner]
    # No plural made by hand: the web layer writes counts in the reader's words (issue 24).
    return text + (
        f" The trick is complete: {won.pretty}, card {outcome.winner + 1} in playing order, "
        f"wins it; its card points: {outcome.points}."
    )
