"""Casino: the score keeper's deal records and the race to 21, and the move checker.

`CASINO` puts them behind the common game interface (rules/game.py): options.py (K1, K3,
K12, K13), record.py (what a deal's record says), score.py (K11–K13) and, for the move
checker, answers.py.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..table import Table
from . import answers, score, stats
from .live import LIVE
from .options import PLAYERS, parse_options, table_for
from .options import check_table as check_seating
from .record import parse_deal


class Casino:
    """Casino's rules behind the common game interface (see rules/game.py)."""

    name = "casino"
    title = "Casino"
    players: tuple[int, ...] = PLAYERS
    live = LIVE  # play by play (rules/live.py)

    def parse_options(self, raw: object) -> dict[str, Any]:
        """Validated options with the defaults of rules/casino.md."""
        return parse_options(raw)

    def check_table(self, table: Table, options: Mapping[str, Any]) -> None:
        """2, 3 or 4 sides of one player, or two partnerships of two (K1)."""
        check_seating(table, options)

    def table_for(self, players: int, options: Mapping[str, Any]) -> Table:
        """Everyone alone, or four players in two partnerships as the options say (K1)."""
        return table_for(players, options)

    def parse_deal(self, raw: object, table: Table, options: Mapping[str, Any]) -> dict[str, Any]:
        """The deal record in canonical form; the table must be the one the options give."""
        check_seating(table, options)
        return parse_deal(raw, table, options)

    def check_next(
        self,
        table: Table,
        options: Mapping[str, Any],
        standing: Mapping[str, Any],
        record: Mapping[str, Any] | None,
        names: Sequence[str],
    ) -> None:
        """No deal follows a won game (K13): a rematch starts the next."""
        score.check_next(standing, record, names)

    def standing(
        self, table: Table, options: Mapping[str, Any], deals: Sequence[Mapping[str, Any]]
    ) -> dict[str, Any]:
        """The race to 21, derived from the stored records (validated when written)."""
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
        """Whether a move is legal, naming the rule it breaks or showing the table after it."""
        return answers.check_move(raw_position, raw_move)

    def list_moves(self, raw_position: object, limit: int) -> dict[str, Any]:
        """Up to `limit` legal moves and their exact count."""
        return answers.list_moves(raw_position, limit)


CASINO = Casino()
