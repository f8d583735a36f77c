"""A finished live deal replayed step by step (rules/live.py's `LiveRules.replay`): each step is
the state the deal had after that many plays, for every game."""

from __future__ import annotations

import pytest

from scorekeeper.rules import GAMES
from scorekeeper.rules.live import PlayRefused
from tests.helpers import live_deals


@pytest.mark.parametrize("game_name", sorted(live_deals.DEALS))
def test_each_step_of_a_replay_is_the_state_after_that_many_plays(game_name: str) -> None:
    game = GAMES[game_name]
    options = game.parse_options({})
    table = game.table_for(4, options)
    body, plays = live_deals.DEALS[game_name](7)
    start = game.live.start(table, options, game.standing(table, options, []), body)

    steps = game.live.replay(table, options, start, plays)

    assert len(steps) == len(plays) + 1
    assert steps[-1]["finished"] is True and steps[0]["finished"] is False
    for done in (0, 1, len(plays) // 2, len(plays)):
        state = game.live.derive(table, options, start, plays[:done])
        expected = {name: value for name, value in state.to_json().items() if name != "plays"}
        assert steps[done] == expected | {"play": state.last_play_json()}, f"step {done}"
    assert all("plays" not in step for step in steps)


def test_a_replay_stops_at_the_first_refused_play() -> None:
    game = GAMES["seep"]
    options = game.parse_options({})
    table = game.table_for(4, options)
    body, plays = live_deals.seep(7)
    start = game.live.start(table, options, game.standing(table, options, []), body)
    wrong_turn = {**plays[1], "seat": plays[0]["seat"]}

    with pytest.raises(PlayRefused) as refused:
        game.live.replay(table, options, start, [plays[0], wrong_turn])
    assert refused.value.violation.code == "not-your-turn"
