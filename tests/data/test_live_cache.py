"""The live deal's snapshot (data/live_cache.py): the cached path answers as a fresh derivation.

Random play-outs of each game's self-played deals, with plays taken back, plays changed and plays
written where this process never saw them (another worker): after every step, the state the
snapshot path gives (or the refusal it raises) is the one a derivation from scratch gives.
"""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.data import live_cache
from scorekeeper.rules import InvalidInput
from scorekeeper.rules.cards import full_deck
from scorekeeper.rules.casino import options as casino_options
from scorekeeper.rules.casino.live import LIVE as CASINO
from scorekeeper.rules.fifty_six import options as fifty_six_options
from scorekeeper.rules.fifty_six.live import LIVE as FIFTY_SIX
from scorekeeper.rules.live import LiveRules, PlayRefused
from scorekeeper.rules.seep import options as seep_options
from scorekeeper.rules.seep.live import LIVE as SEEP
from tests.helpers import live_deals

Json = dict[str, Any]
# Each game: its rules, its options module, its players, a deal by seed, and a play of `card`
# by `seat` that the table may well allow (a card thrown or trailed to the floor, or led).
GAMES: dict[str, tuple[LiveRules, Any, int, Callable[[int], Any], Callable[[int, str], Json]]] = {
    "seep": (
        SEEP,
        seep_options,
        4,
        live_deals.seep,
        lambda s, c: {"seat": s, "card": c, "action": "throw"},
    ),
    "fifty-six": (
        FIFTY_SIX,
        fifty_six_options,
        4,
        live_deals.fifty_six,
        lambda s, c: {"seat": s, "card": c},
    ),
    "casino": (
        CASINO,
        casino_options,
        2,
        lambda seed: live_deals.casino(seed, players=2),
        lambda s, c: {"seat": s, "card": c, "action": "trail"},
    ),
}
CARDS = [str(card) for card in full_deck()]


class Deal:
    """One live deal: its fake session (what live_cache reads of it) and its stored truth."""

    def __init__(self, game: str, seed: int, live_id: int) -> None:
        rules, options, players, dealt, self.other = GAMES[game]
        chosen = options.parse_options({})
        self.session = SimpleNamespace(
            id=f"s{seed}",
            game_name=game,
            game=SimpleNamespace(live=rules),
            table=options.table_for(players, chosen),
            options=chosen,
        )
        self.start, self.line = dealt(seed)  # the self-played line of plays
        self.live = SimpleNamespace(id=live_id, start=self.start)
        self.rules = rules

    def fresh(self, plays: list[Json]) -> Any:
        """The answers of a derivation from scratch (or the refusal)."""
        return answers(
            lambda: self.rules.derive(self.session.table, self.session.options, self.start, plays)
        )

    def cached(self, plays: list[Json]) -> Any:
        """The answers through the snapshot (or the refusal)."""
        return answers(lambda: live_cache.derived(self.session, self.live, plays))  # type: ignore[arg-type]

    def changed(self, plays: list[Json], pick: int) -> list[Json] | None:
        """`plays` with the last one replaced by another the table allows, if any."""
        if not plays:
            return None
        seat = plays[-1]["seat"]
        for offset in range(len(CARDS)):
            candidate = self.other(seat, CARDS[(pick + offset) % len(CARDS)])
            tried = [*plays[:-1], candidate]
            if candidate != plays[-1] and not isinstance(self.fresh(tried), tuple):
                return tried
        return None


def answers(derive: Callable[[], Any]) -> Any:
    """What the API answers from a state: its JSON, its last play, its record once over; or
    the refusal's kind and words."""
    try:
        state = derive()
    except (InvalidInput, PlayRefused) as refused:
        return (type(refused).__name__, str(refused))
    record = dict(state.record()) if state.finished else None
    return {"state": state.to_json(), "play": state.last_play_json(), "record": record}


STEPS = st.lists(
    st.tuples(
        st.sampled_from(["next", "next", "next", "back", "change", "elsewhere"]), st.integers(0, 60)
    ),
    min_size=20,
    max_size=90,
)


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(1, 10_000), steps=STEPS)
def test_the_snapshot_path_answers_as_a_fresh_derivation_after_every_step(
    game: str, seed: int, steps: list[tuple[str, int]]
) -> None:
    live_cache.forget()
    deal = Deal(game, seed, live_id=1)
    truth: list[Json] = []
    for step, n in steps:
        if step in ("next", "elsewhere") and len(truth) < len(deal.line):
            truth = [*truth, deal.line[len(truth)]]  # the line's next play (refused after a change)
        elif step == "back":
            truth = truth[: max(0, len(truth) - 1 - n % 3)]  # an undo, or several
        elif step == "change":
            truth = deal.changed(truth, n) or truth  # the last play entered differently
        if step == "elsewhere":
            continue  # written by another worker: this process derives nothing for it
        assert deal.cached(truth) == deal.fresh(truth), (step, len(truth))


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_deal_through_the_snapshot_is_the_fresh_one_play_by_play(game: str) -> None:
    live_cache.forget()
    deal = Deal(game, 7, live_id=1)
    for number in range(len(deal.line) + 1):
        plays = deal.line[:number]
        assert deal.cached(plays) == deal.fresh(plays), number


@pytest.mark.parametrize("game", GAMES)
def test_the_next_play_leaves_the_state_it_carried_on_from_as_it_was(game: str) -> None:
    live_cache.forget()
    deal = Deal(game, 5, live_id=1)
    before = live_cache.derived(deal.session, deal.live, deal.line[:20])  # type: ignore[arg-type]
    shown = before.to_json()
    live_cache.derived(deal.session, deal.live, deal.line[:21])  # type: ignore[arg-type]
    with pytest.raises((InvalidInput, PlayRefused)):
        live_cache.derived(deal.session, deal.live, [*deal.line[:21], deal.line[0]])  # type: ignore[arg-type]
    assert before.to_json() == shown  # Fifty-six and Casino play in place: on a copy
    assert deal.cached(deal.line[:22]) == deal.fresh(deal.line[:22])


@pytest.mark.parametrize("game", ["seep", "casino"])  # a Fifty-six start is its dealer alone
def test_a_snapshot_of_another_start_under_the_same_id_is_not_used(game: str) -> None:
    live_cache.forget()
    first, second = Deal(game, 1, live_id=9), Deal(game, 2, live_id=9)  # an id used again
    live_cache.derived(first.session, first.live, [])  # type: ignore[arg-type]
    assert first.start != second.start  # no play yet: only the start tells them apart
    assert second.cached(second.line[:10]) == second.fresh(second.line[:10])
