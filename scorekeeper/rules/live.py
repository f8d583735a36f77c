"""Play-by-play: a deal followed play by play from what the table can see.

A live deal is stored as its start and the list of plays as they were sent; its state is always
derived again from them (so a reload or a restart loses nothing, and an undo is a shorter list).
Each game offers a `LiveRules`; nobody's hand is known, so it checks what is public and keeps
what a player declares by a move, to flag it when a later play contradicts it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from .table import Table
from .violation import Violation

JSON = dict[str, Any]


class PlayRefused(Exception):
    """A play the table can see is illegal: the rule broken; nothing is stored."""

    def __init__(self, violation: Violation) -> None:
        super().__init__(violation.reason)
        self.violation = violation


class LiveDeal(Protocol):
    """A live deal's state after its plays so far."""

    @property
    def finished(self) -> bool:
        """Whether the deal is over (the last card played)."""
        ...

    def to_json(self) -> JSON:
        """The state as the API shows it (API.md, "Live deals"): plays, next_seat, finished …"""
        ...

    def last_play_json(self) -> JSON:
        """What the last play did, for its answer (Seep: captured, sweep, sweep_points)."""
        ...

    def record(self) -> JSON:
        """The deal record the engine fills in (raw, as parse_deal takes it); once finished."""
        ...


class LiveRules(Protocol):
    """A game's play-by-play: start a live deal, and derive its state from its plays."""

    def start(
        self,
        table: Table,
        options: Mapping[str, Any],
        standing: Mapping[str, Any],
        body: object,
    ) -> JSON:
        """The start as it will be stored (defaults filled in: the dealer from `standing`);
        raise InvalidInput for a malformed or impossible start."""
        ...

    def derive(
        self,
        table: Table,
        options: Mapping[str, Any],
        start: Mapping[str, Any],
        plays: Sequence[object],
    ) -> LiveDeal:
        """The state after `plays` (as sent: {"seat", ...the move}); raise InvalidInput for a
        malformed play and PlayRefused for the first illegal one."""
        ...
