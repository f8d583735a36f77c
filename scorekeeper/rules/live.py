"""Play-by-play: a deal followed play by play from what the table can see.

A live deal is stored as its start and the list of plays as they were sent; its state is always
derived again from them (so a reload or a restart loses nothing, and an undo is a shorter list).
Each game offers a `LiveRules`; nobody's hand is known, so it checks what is public and keeps
what a player declares by a move, to flag it when a later play contradicts it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Protocol, Self

from .table import Table
from .violation import Violation

JSON = dict[str, Any]


class PlayRefused(Exception):
    """A play the table can see is illegal: the rule broken; nothing is stored."""

    def __init__(self, violation: Violation) -> None:
        super().__init__(str(violation))  # for a log; the web layer writes the sentence
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

    def record(self) -> Mapping[str, Any]:
        """The deal record the engine fills in (raw, as parse_deal takes it); once finished."""
        ...

    def play(self, raw: object) -> Self:
        """The state after one more play (as sent: {"seat", ...the move}); raise InvalidInput
        for a malformed play and PlayRefused for an illegal one."""
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

    def begin(self, table: Table, options: Mapping[str, Any], start: Mapping[str, Any]) -> LiveDeal:
        """The live deal before any play, from a stored start."""
        ...

    def derive(
        self,
        table: Table,
        options: Mapping[str, Any],
        start: Mapping[str, Any],
        plays: Sequence[object],
    ) -> LiveDeal:
        """The state after `plays`; InvalidInput or PlayRefused for the first bad one."""
        return deque(self.states(table, options, start, plays), maxlen=1)[0]  # the last

    def replay(
        self,
        table: Table,
        options: Mapping[str, Any],
        start: Mapping[str, Any],
        plays: Sequence[object],
    ) -> list[JSON]:
        """Each step of a deal: the state before any play, then after each, with what the
        play did under "play"; the plays are left out of each step (the replay lists them once)."""
        return [step_json(state) for state in self.states(table, options, start, plays)]

    def states(
        self,
        table: Table,
        options: Mapping[str, Any],
        start: Mapping[str, Any],
        plays: Sequence[object],
    ) -> Iterator[LiveDeal]:
        """The state before any play, then after each (a game may change one state in place:
        read each before asking for the next)."""
        state = self.begin(table, options, start)
        yield state
        for raw in plays:
            state = state.play(raw)
            yield state


def step_json(state: LiveDeal) -> JSON:
    """One step of a replay: the state without its plays, and what the last one did."""
    shown = {name: value for name, value in state.to_json().items() if name != "plays"}
    return shown | {"play": state.last_play_json()}
