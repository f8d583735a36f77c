"""The state a live deal's plays lead to, kept per process so a play costs one step, not the deal.

The stored start and plays stay the only truth. A snapshot is tagged with everything it was
derived from (session, game, table, options, start and the plays themselves), so it is used only
when the stored deal still begins with exactly those plays: a play another worker stored, an
undo, an edit or a reused id makes it not match, and the deal is derived afresh. Comparing the
plays costs microseconds; deriving them costs milliseconds. Per process, with no migration: a
worker that missed a play derives once, then carries on from its own snapshot.
"""

from __future__ import annotations

import copy
import dataclasses
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..rules.live import LiveDeal as LiveState
from .memo import Recent

if TYPE_CHECKING:
    from .models import GameSession, LiveDeal

KEPT = 256  # live deals with a snapshot per process (the least recently used go first)


@dataclass(frozen=True)
class Snapshot:
    """A state and exactly what it was derived from."""

    tag: tuple[Any, ...]  # session, game, table, options, start
    plays: tuple[Any, ...]
    state: LiveState


# Each live deal's last state, by its id: safe to keep, as a snapshot is used only when its tag
# and plays match the stored deal's. Listed by the app factory (data/setup.py).
SNAPSHOTS: Recent[int, Snapshot] = Recent(KEPT)


def derived(session: GameSession, live: LiveDeal, plays: Sequence[Any]) -> LiveState:
    """The state after `plays` of `live`: from its snapshot when the snapshot's plays begin
    them, else derived afresh; the result becomes the snapshot."""
    rules, table, options = session.game.live, session.table, session.options
    if live.id is None:  # not stored yet (a restore): nothing to key it by
        return rules.derive(table, options, live.start, plays)
    tag = (session.id, session.game_name, table, _frozen(options), _frozen(live.start))
    kept = SNAPSHOTS.get(live.id)
    if kept is not None and kept.tag == tag and tuple(plays[: len(kept.plays)]) == kept.plays:
        more = plays[len(kept.plays) :]
        if not more:  # a read: the snapshot is the answer, kept as it is (and now the latest)
            return kept.state
        state = _own(kept.state)
        for raw in more:
            state = state.play(raw)
        snapshot = Snapshot(tag, kept.plays + _copied(more), state)
    else:
        state = rules.derive(table, options, live.start, plays)
        snapshot = Snapshot(tag, _copied(plays), state)
    SNAPSHOTS.put(live.id, snapshot)
    return state


def _copied(plays: Sequence[Any]) -> tuple[Any, ...]:
    """The plays as a copy of their own: the caller's lists may change after."""
    return tuple(json.loads(json.dumps(list(plays))))


def forget() -> None:
    """Drop every snapshot (tests; nothing else needs it: a stale one is never used)."""
    SNAPSHOTS.clear()


def _own(state: LiveState) -> LiveState:
    """A state the next play may change: Fifty-six and Casino play in place, so a copy; Seep's
    states are frozen (each play makes a new one), so the state itself."""
    params = getattr(state, "__dataclass_params__", None)
    if dataclasses.is_dataclass(state) and params is not None and params.frozen:
        return state
    return copy.deepcopy(state)


def _frozen(value: Any) -> Any:
    """A JSON value as a hashable, comparable tag (dicts by their items, lists as tuples)."""
    if isinstance(value, dict):
        return tuple(sorted((k, _frozen(v)) for k, v in value.items()))
    if isinstance(value, list | tuple):
        return tuple(_frozen(v) for v in value)
    return value
