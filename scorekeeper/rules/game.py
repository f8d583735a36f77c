"""What every game offers the web app: one interface, looked up by name."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from .live import LiveRules
from .table import Table

JSON = dict[str, Any]


class Game(Protocol):
    """A game's rules as the score keeper and the move checker use them."""

    name: str
    title: str
    players: tuple[int, ...]  # the numbers of players it is played by, the usual first

    @property
    def live(self) -> LiveRules:
        """Play by play: a deal followed from what the table sees (rules/live.py)."""
        ...

    def table_for(self, players: int, options: Mapping[str, Any]) -> Table:
        """How `players` sit in teams under these (parsed) options; raise InvalidInput."""
        ...

    def parse_options(self, raw: object) -> JSON:
        """Validate session options and fill in defaults; raise InvalidInput."""
        ...

    def check_table(self, table: Table, options: Mapping[str, Any]) -> None:
        """Raise InvalidInput unless this game can be played by these teams, so seated."""
        ...

    def parse_deal(self, raw: object, table: Table, options: Mapping[str, Any]) -> JSON:
        """Validate one deal record and return it in canonical form."""
        ...

    def check_next(
        self,
        table: Table,
        options: Mapping[str, Any],
        standing: Mapping[str, Any],
        record: Mapping[str, Any] | None,
        names: Sequence[str],
    ) -> None:
        """Raise InvalidInput unless canonical `record` may follow the deals folded into
        `standing` (None: unless some deal may); `names` are the teams' names."""
        ...

    def standing(
        self, table: Table, options: Mapping[str, Any], deals: Sequence[Mapping[str, Any]]
    ) -> JSON:
        """Fold the stored deal records into the match standing."""
        ...

    def summarize(
        self,
        table: Table,
        options: Mapping[str, Any],
        deals: Sequence[Mapping[str, Any]],
        standing: Mapping[str, Any],
    ) -> JSON:
        """One session's facts per team and per deal for the club statistics (rules/stats.py)."""
        ...

    def check_move(self, raw_position: object, raw_move: object) -> JSON:
        """The checker's answer: legal with the position after, or the rule broken."""
        ...

    def list_moves(self, raw_position: object, limit: int) -> JSON:
        """Up to `limit` legal moves with their exact count."""
        ...
