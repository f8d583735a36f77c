"""Fifty-six: the pack, the auction, trick play and table transfers (rules/fifty-six.md).

`FIFTY_SIX` puts them behind the common game interface (rules/game.py): the score keeper's
deal records and standing, and the move checker for both phases of a deal — the auction
(`"phase": "auction"`) and the play of a trick (`"phase": "play"`, the default).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..cards import Card, names
from ..errors import InvalidInput
from ..fields import choice
from ..table import Table
from ..violation import legal
from . import auction, record, score, stats, trick
from .cards import PLAYERS
from .live import LIVE
from .options import check_table as check_seating
from .options import parse_options, table_for

PHASES = ("auction", "play")


def _phase(raw_position: object) -> str:
    """The position's phase: "auction", or "play" when it names none."""
    if not isinstance(raw_position, dict):
        raise InvalidInput("bad-field", "A Fifty-six position must be an object.")
    return choice(raw_position.get("phase", "play"), "phase", PHASES)


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
    points = f"{outcome.points} point" + ("" if outcome.points == 1 else "s")
    return text + (
        f" The trick is complete: {won.pretty}, card {outcome.winner + 1} in playing order, "
        f"wins it with {points}."
    )


class FiftySix:
    """Fifty-six's rules behind the common game interface (see rules/game.py)."""

    name = "fifty-six"
    title = "Fifty-six"
    players: tuple[int, ...] = PLAYERS
    live = LIVE  # play by play (rules/live.py)

    def parse_options(self, raw: object) -> dict[str, Any]:
        """Validated options with the defaults of rules/fifty-six.md."""
        return parse_options(raw)

    def check_table(self, table: Table, options: Mapping[str, Any]) -> None:
        """4, 6 or 8 players (F1), in two sides or in pairs as the `teams` option says (F2)."""
        check_seating(table, options)

    def table_for(self, players: int, options: Mapping[str, Any]) -> Table:
        """Two sides, or pairs of partners opposite, as the `teams` option says (F1, F2)."""
        return table_for(players, options)

    def parse_deal(self, raw: object, table: Table, options: Mapping[str, Any]) -> dict[str, Any]:
        """The deal record in canonical form; the table must be the one the options give (F2)."""
        check_seating(table, options)
        return record.parse_deal(raw, table, options)

    def check_next(
        self,
        table: Table,
        options: Mapping[str, Any],
        standing: Mapping[str, Any],
        record: Mapping[str, Any] | None,
        names: Sequence[str],
    ) -> None:
        """A won game is followed by a new game only; a team that is out cannot bid (F6)."""
        score.check_next(table, options, standing, record, names)

    def standing(
        self, table: Table, options: Mapping[str, Any], deals: Sequence[Mapping[str, Any]]
    ) -> dict[str, Any]:
        """The tables each team holds, derived from the stored records (F6, F14–F17)."""
        return score.standing(table, options, deals)

    def summarize(
        self,
        table: Table,
        options: Mapping[str, Any],
        deals: Sequence[Mapping[str, Any]],
        standing: Mapping[str, Any],
    ) -> dict[str, Any]:
        """The session's facts for the club statistics."""
        return stats.summarize(table, options, deals, standing)

    def check_move(self, raw_position: object, raw_move: object) -> dict[str, Any]:
        """Whether a call or a card is legal, naming the rule it breaks or showing what follows."""
        if _phase(raw_position) == "auction":
            return self._check_call(raw_position, raw_move)
        return self._check_card(raw_position, raw_move)

    def list_moves(self, raw_position: object, limit: int) -> dict[str, Any]:
        """Up to `limit` legal calls (auction) or different legal cards (trick), and the count."""
        moves: list[dict[str, Any]]
        if _phase(raw_position) == "auction":
            moves = [c.to_json() for c in auction.legal_calls(auction.parse_auction(raw_position))]
        else:
            position = trick.parse_position(raw_position)
            moves = [{"card": str(c)} for c in trick.legal_cards(position)]
        shown = moves[: max(limit, 0)]
        return {"moves": shown, "count": len(moves), "truncated": len(moves) > len(shown)}

    def _check_call(self, raw_position: object, raw_move: object) -> dict[str, Any]:
        before = auction.parse_auction(raw_position)
        call = auction.parse_call(raw_move, before.players)
        violation = auction.check(before, call)
        if violation is not None:
            return violation.to_json()
        after = auction.apply(before, call)
        return legal(after.to_json(), call.to_json(), _describe_call(call, after))

    def _check_card(self, raw_position: object, raw_move: object) -> dict[str, Any]:
        position = trick.parse_position(raw_position)
        card = trick.parse_card_move(raw_move)
        violation = trick.check(position, card)
        if violation is not None:
            return violation.to_json()
        outcome = trick.apply(position, card)
        description = _describe_card(position, card, outcome)
        answer = legal(outcome.position.to_json(), {"card": str(card)}, description)
        if outcome.complete:
            answer |= {"winner": outcome.winner, "points": outcome.points}
        return answer


FIFTY_SIX = FiftySix()
