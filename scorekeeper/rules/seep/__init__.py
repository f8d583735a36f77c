"""Seep: the score keeper's deal records and standing, and the move checker."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..errors import InvalidInput
from ..table import Table
from ..violation import legal
from . import options, record, score, stats
from .generate import survey
from .live import LIVE
from .moves import Capture, parse_move
from .play import apply, check
from .position import parse_position


class Seep:
    """Seep's rules behind the common game interface (see rules/game.py)."""

    name = "seep"
    title = "Seep"
    players: tuple[int, ...] = (4, 2)
    live = LIVE  # play by play (rules/live.py)

    def parse_options(self, raw: object) -> dict[str, Any]:
        """Validated options with the defaults of rules/seep.md."""
        return options.parse_options(raw)

    def check_table(self, table: Table, options: Mapping[str, Any]) -> None:
        """Two teams of two (partners opposite), or two players alone."""
        if table.teams != 2 or table.players_per_team not in (1, 2):
            raise InvalidInput(
                "bad-teams", "Seep is played by two teams of two players, or by two players."
            )

    def table_for(self, players: int, options: Mapping[str, Any]) -> Table:
        """Two teams: of two partners opposite, or of one player each."""
        if players not in self.players:
            raise InvalidInput("bad-players", "Seep is played by 4 players, or by 2.")
        return Table(2, players // 2)

    def parse_deal(self, raw: object, table: Table, options: Mapping[str, Any]) -> dict[str, Any]:
        """The deal record in canonical form."""
        return record.parse_deal(raw, table).to_json()

    def check_next(
        self,
        table: Table,
        options: Mapping[str, Any],
        standing: Mapping[str, Any],
        record: Mapping[str, Any] | None,
        names: Sequence[str],
    ) -> None:
        """No deal follows once the session is decided (M4)."""
        winner = standing["winner"]
        if winner is not None:
            raise InvalidInput(
                "session-over",
                f"This session is over: {names[winner]} won. Start a rematch to play on.",
            )

    def standing(
        self, table: Table, options: Mapping[str, Any], deals: Sequence[Mapping[str, Any]]
    ) -> dict[str, Any]:
        """The standing, derived from the stored records (validated when they were written)."""
        return score.standing(table, options, [record.from_stored(d) for d in deals])

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
        """Whether a move is legal, naming the rule it breaks or showing the floor after it."""
        position, move = parse_position(raw_position), parse_move(raw_move)
        violation = check(position, move)
        if violation is not None:
            return violation.to_json()
        outcome = apply(position, move)
        answer = legal(outcome.position.to_json(), move.to_json(), move.describe())
        if isinstance(move, Capture):
            answer |= {
                "captured": [str(c) for c in outcome.captured],
                "sweep": outcome.sweep,
                "sweep_points": outcome.sweep_points,
            }
        return answer

    def list_moves(self, raw_position: object, limit: int) -> dict[str, Any]:
        """Up to `limit` legal moves, the exact count, and a summary by card."""
        return survey(parse_position(raw_position)).listing(limit, lambda move: move.to_json())


SEEP = Seep()
