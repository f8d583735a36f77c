"""Rotating partners: new partners every round while the field allows, byes by turn,
opponents spread (no two meet more than twice as often as the least met, counting a pair
that never met as once), whole schedules and round by round alike."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.tournament.rotating import (
    Spread,
    next_rotating_round,
    opponent_spread,
    rotating_schedule,
    sit_outs,
)
from scorekeeper.tournament.rounds import Round, Table, byes_had, partnerships

RUNS = settings(max_examples=12, deadline=None, derandomize=True, database=None)


def round_by_round(players: Sequence[int], rounds: int) -> list[Round]:
    """The schedule as a keeper pairs it: each round asked for with the rounds left."""
    played: list[Round] = []
    for number in range(rounds):
        played.append(next_rotating_round(players, played, rounds - number))
    return played


def assert_seated_by_turn(players: Sequence[int], schedule: Sequence[Round]) -> None:
    """Each round seats all but the players beyond a multiple of four, four to a table, and
    sits out only players with the fewest byes so far."""
    for number, one in enumerate(schedule):
        assert all(len(table.entrants) == 4 for table in one.tables)
        assert sorted([*one.seated, *one.byes]) == sorted(players)
        assert len(one.byes) == len(players) % 4
        had = byes_had(schedule[:number])
        fewest = sorted(had[p] for p in players)[len(one.byes) - 1] if one.byes else 0
        assert all(had[p] <= fewest for p in one.byes), (number, one.byes, had)


def fair(spread: Spread) -> bool:
    """No two players met more than twice as often as the least met two (never: once)."""
    return spread.most <= 2 * max(spread.fewest, 1)


def test_eight_players_over_seven_rounds_partner_everyone_once_and_oppose_everyone_twice() -> None:
    players = list(range(1, 9))
    for schedule in (rotating_schedule(players, 7), round_by_round(players, 7)):
        assert set(partnerships(schedule).values()) == {1}
        assert len(partnerships(schedule)) == 28
        assert opponent_spread(schedule, players) == Spread(2, 2)


EVENINGS = [(8, 3), (8, 4), (9, 3), (9, 4), (10, 3), (10, 4), (11, 3), (11, 4), (12, 5), (13, 6)]


@pytest.mark.parametrize(("n", "rounds"), EVENINGS)
@pytest.mark.parametrize("plan", [rotating_schedule, round_by_round])
def test_small_evenings(n: int, rounds: int, plan: object) -> None:
    players = [10 * p for p in range(1, n + 1)]
    assert callable(plan)
    schedule = plan(players, rounds)
    assert len(schedule) == rounds
    assert max(partnerships(schedule).values()) == 1
    assert fair(opponent_spread(schedule, players)), opponent_spread(schedule, players)
    assert_seated_by_turn(players, schedule)
    byes = byes_had(schedule)
    assert max(byes[p] for p in players) - min(byes[p] for p in players) <= 1


def test_sixty_four_players_over_seven_rounds_never_meet_twice() -> None:
    players = list(range(1, 65))
    schedule = rotating_schedule(players, 7)
    assert max(partnerships(schedule).values()) == 1
    assert opponent_spread(schedule, players) == Spread(1, 0)


def test_sitting_out_goes_by_turn_from_the_end_of_the_list() -> None:
    assert sit_outs([1, 2, 3, 4, 5, 6], [], 4) == [[6, 5], [4, 3], [2, 1], [6, 5]]
    # After the rounds played: the fewest byes first, then the longest since one.
    played = [Round((Table((1, 2, 3, 4)),), (5,)), Round((Table((1, 2, 3, 5)),), (4,))]
    assert sit_outs([1, 2, 3, 4, 5], played, 3) == [[3], [2], [1]]


def test_opponent_spread_counts_every_two_players() -> None:
    schedule = [Round((Table((1, 2, 3, 4)),)), Round((Table((1, 3, 2, 4)),))]
    # 1 and 3 were partners, then opponents; 1 and 4 opponents twice; 1 and 2 once.
    assert opponent_spread(schedule, [1, 2, 3, 4]) == Spread(2, 1)
    assert opponent_spread(schedule, [1, 2, 3, 4, 5]) == Spread(2, 0)


def test_the_same_players_and_seed_give_the_same_schedule() -> None:
    players = list(range(1, 15))
    assert rotating_schedule(players, 4, seed=3) == rotating_schedule(players, 4, seed=3)


@pytest.mark.parametrize(
    ("players", "rounds", "problem"),
    [([1, 2, 3], 1, "four"), ([1, 2, 3, 3], 1, "four"), ([1, 2, 3, 4], 0, "no rounds")],
)
def test_what_cannot_be_planned_is_refused(players: list[int], rounds: int, problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        rotating_schedule(players, rounds)


def partner_rounds(n: int) -> int:
    """Rounds in which the field can always find new partners (and this search finds them):
    a whist design's length where there is one, else half the field."""
    return {0: n - 1, 1: n}.get(n % 4, n // 2)


@RUNS
@given(st.data(), st.integers(4, 14), st.integers(0, 1000))
def test_no_partner_twice_while_the_field_allows(data: st.DataObject, n: int, seed: int) -> None:
    rounds = data.draw(st.integers(1, min(partner_rounds(n), 7)))
    players = list(range(1, n + 1))
    schedule = rotating_schedule(players, rounds, seed=seed)
    assert max(partnerships(schedule).values()) == 1
    assert_seated_by_turn(players, schedule)


@RUNS
@given(st.integers(9, 14), st.integers(2, 5), st.integers(0, 1000))
def test_a_withdrawn_player_is_never_seated_again(n: int, rounds: int, seed: int) -> None:
    players = list(range(1, n + 1))
    played: list[Round] = []
    gone = []
    for number in range(rounds):
        if number == 1:
            gone.append(players.pop(seed % len(players)))
        played.append(next_rotating_round(players, played, rounds - number, seed=seed))
        assert not (played[-1].seated | set(played[-1].byes)) & set(gone)
    assert max(partnerships(played).values()) == 1
    counts: Counter[int] = byes_had(played)
    assert max(counts[p] for p in players) - min(counts[p] for p in players) <= 1
