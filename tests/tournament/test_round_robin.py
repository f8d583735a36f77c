"""Round-robin by Berger tables: the published tables for 4 and 5 (6 with a bye) entrants,
and every pair meeting exactly once for any field."""

from __future__ import annotations

import doctest
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.tournament import round_robin
from scorekeeper.tournament.round_robin import round_robin_round, rounds_needed
from scorekeeper.tournament.rounds import Round, meetings

RUNS = settings(max_examples=40, deadline=None, derandomize=True, database=None)


def tables(round_: Round) -> list[tuple[int, ...]]:
    return [table.entrants for table in round_.tables]


# Berger's tables as printed (for one, c.w.fox.tripod.com/chess/berger.html), the first side
# (white, home) first.
BERGER_4 = [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]
BERGER_6 = [
    [(1, 6), (2, 5), (3, 4)],
    [(6, 4), (5, 3), (1, 2)],
    [(2, 6), (3, 1), (4, 5)],
    [(6, 5), (1, 4), (2, 3)],
    [(3, 6), (4, 2), (5, 1)],
]

BERGER_8 = [
    [(1, 8), (2, 7), (3, 6), (4, 5)],
    [(8, 5), (6, 4), (7, 3), (1, 2)],
    [(2, 8), (3, 1), (4, 7), (5, 6)],
    [(8, 6), (7, 5), (1, 4), (2, 3)],
    [(3, 8), (4, 2), (5, 1), (6, 7)],
    [(8, 7), (1, 6), (2, 5), (3, 4)],
    [(4, 8), (5, 3), (6, 2), (7, 1)],
]


@pytest.mark.parametrize("number", [1, 2, 3])
def test_four_entrants_follow_berger_s_table(number: int) -> None:
    got = round_robin_round([1, 2, 3, 4], number)
    assert tables(got) == BERGER_4[number - 1]
    assert got.byes == ()


@pytest.mark.parametrize("number", [1, 2, 3, 4, 5])
def test_five_entrants_play_the_six_table_with_the_sixth_a_bye(number: int) -> None:
    got = round_robin_round([1, 2, 3, 4, 5], number)
    expected = BERGER_6[number - 1]
    assert tables(got) == [pair for pair in expected if 6 not in pair]
    assert got.byes == tuple(a + b - 6 for a, b in expected if 6 in (a, b))


@pytest.mark.parametrize("number", range(1, 8))
def test_eight_entrants_follow_berger_s_table(number: int) -> None:
    assert tables(round_robin_round(list(range(1, 9)), number)) == BERGER_8[number - 1]


def test_the_doctests() -> None:
    result = doctest.testmod(round_robin)
    assert result.attempted and not result.failed


def test_entrants_are_numbered_by_their_place_in_the_list() -> None:
    assert tables(round_robin_round([40, 10, 30, 20], 2)) == [(20, 30), (40, 10)]


@pytest.mark.parametrize(("entrants", "rounds"), [(2, 1), (3, 3), (4, 3), (7, 7), (10, 9)])
def test_rounds_needed(entrants: int, rounds: int) -> None:
    assert rounds_needed(entrants) == rounds


@pytest.mark.parametrize("number", [0, 4])
def test_a_round_beyond_the_schedule_is_refused(number: int) -> None:
    with pytest.raises(ValueError, match="round"):
        round_robin_round([1, 2, 3, 4], number)


@RUNS
@given(st.integers(2, 17))
def test_every_pair_meets_exactly_once_and_byes_go_round(n: int) -> None:
    entrants = list(range(100, 100 + n))
    schedule = [round_robin_round(entrants, k) for k in range(1, rounds_needed(n) + 1)]
    met = meetings(schedule)
    assert {pair: met[pair] for pair in map(frozenset, combinations(entrants, 2))} == dict.fromkeys(
        map(frozenset, combinations(entrants, 2)), 1
    )
    byes = Counter(e for one in schedule for e in one.byes)
    assert byes == (Counter(entrants) if n % 2 else Counter())
    for one in schedule:  # everyone plays or sits out, once
        assert sorted([*one.seated, *one.byes]) == entrants


@RUNS
@given(st.integers(3, 12), st.data())
def test_a_withdrawn_entrant_is_never_seated_and_its_opponent_has_a_bye(
    n: int, data: st.DataObject
) -> None:
    entrants = list(range(1, n + 1))
    gone = data.draw(st.sets(st.sampled_from(entrants), max_size=n - 2))
    number = data.draw(st.integers(1, rounds_needed(n)))
    full = round_robin_round(entrants, number)
    got = round_robin_round(entrants, number, withdrawn=gone)
    assert not got.seated & gone and not set(got.byes) & gone
    kept = [t.entrants for t in full.tables if not set(t.entrants) & gone]
    assert tables(got) == kept
    assert set(got.byes) == (set(full.seated) | set(full.byes)) - gone - got.seated
