"""Swiss pairing: score groups, floaters, no avoidable rematch (against a brute-force oracle),
byes to the lowest ranked without one, late and withdrawn entrants."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.tournament.rounds import Result, Round, Table, byes_had, meetings
from scorekeeper.tournament.swiss import pair_swiss
from tests.helpers.tournaments import add_points, could_avoid_rematches, played

RUNS = settings(max_examples=60, deadline=None, derandomize=True, database=None)


def won(first: int, second: int) -> Table:
    """A table the first entrant won."""
    return Table((first, second), Result((2, 0), (5, 1)))


def pairs(round_: Round) -> set[frozenset[int]]:
    return {frozenset(table.entrants) for table in round_.tables}


def test_the_first_round_pairs_top_half_against_bottom_half() -> None:
    got = pair_swiss([1, 2, 3, 4, 5, 6, 7, 8], {})
    assert [table.entrants for table in got.tables] == [(1, 5), (2, 6), (3, 7), (4, 8)]
    assert got.byes == ()


def test_entrants_pair_within_their_score_group() -> None:
    first = Round((won(1, 5), won(2, 6), won(3, 7), won(4, 8)))
    points = {1: 2, 2: 2, 3: 2, 4: 2}
    got = pair_swiss([1, 2, 3, 4, 5, 6, 7, 8], points, [first])
    assert pairs(got) == {frozenset(p) for p in ((1, 3), (2, 4), (5, 7), (6, 8))}


def test_an_odd_group_floats_its_lowest_ranked_down() -> None:
    # 1, 2 and 3 lead with 2 points; 3, the lowest ranked of them, floats to the zeros.
    first = Round((won(1, 4), won(2, 5), won(3, 6)))
    got = pair_swiss([1, 2, 3, 4, 5, 6], {1: 2, 2: 2, 3: 2}, [first])
    assert frozenset((1, 2)) in pairs(got)
    assert pairs(got) & {frozenset((3, 4)), frozenset((3, 5))}  # not 6: they have met
    assert max(meetings([first, got]).values()) == 1


def test_the_only_round_without_a_rematch_is_found_across_the_groups() -> None:
    # 1 leads, 2 and 3 follow; 1 has met both, so 1 meets 4 and 2 meets 3.
    rounds = [Round((won(1, 2), won(3, 4))), Round((won(1, 3), won(2, 4)))]
    points = {1: 4, 2: 2, 3: 2, 4: 0}
    got = pair_swiss([1, 2, 3, 4], points, rounds)
    assert pairs(got) == {frozenset((1, 4)), frozenset((2, 3))}


def test_when_every_pairing_has_a_rematch_the_fewest_are_played() -> None:
    # Four entrants who have all met: one round of two rematches, each met only once before.
    rounds = [
        Round((won(1, 2), won(3, 4))),
        Round((won(1, 3), won(2, 4))),
        Round((won(1, 4), won(2, 3))),
        Round((won(1, 2), won(3, 4))),
    ]
    got = pair_swiss([1, 2, 3, 4], {1: 8, 2: 4, 3: 4, 4: 0}, rounds)
    assert len(got.tables) == 2
    assert frozenset((1, 2)) not in pairs(got) and frozenset((3, 4)) not in pairs(got)


def test_five_entrants_over_three_rounds_give_the_bye_to_a_different_entrant_each_round() -> None:
    ranked = [1, 2, 3, 4, 5]
    rounds: list[Round] = []
    points: Counter[int] = Counter()
    byes = []
    for _ in range(3):
        order = sorted(ranked, key=lambda e: (-points[e], ranked.index(e)))
        paired = pair_swiss(order, points, rounds)
        byes.extend(paired.byes)
        # Every table won by its first entrant: the higher placed.
        result = Round(tuple(won(*t.entrants) for t in paired.tables), paired.byes)
        add_points(points, result)
        rounds.append(result)
    assert byes == [5, 4, 3]  # the lowest ranked without a bye, each round
    assert max(meetings(rounds).values()) == 1


def test_the_bye_moves_up_rather_than_force_a_rematch() -> None:
    # 1, 2 and 5 have had no bye. The lowest ranked of them, 5, would leave 1 with 2, 3 and
    # 4, all met: 2 sits out instead, and 1 meets 5.
    rounds = [
        Round((won(1, 3), won(5, 2)), (4,)),
        Round((won(1, 2), won(5, 4)), (3,)),
        Round((won(1, 4), won(5, 2)), (3,)),
    ]
    got = pair_swiss([1, 2, 3, 4, 5], {}, rounds)
    assert got.byes == (2,)
    assert pairs(got) == {frozenset((1, 5)), frozenset((3, 4))}


def test_a_late_entrant_plays_from_zero() -> None:
    rounds = [Round((won(1, 2), won(3, 4)))]
    got = pair_swiss([1, 3, 2, 4, 9], {1: 2, 3: 2}, rounds)
    assert got.byes == (9,)  # the lowest ranked, with none yet
    assert pairs(got) == {frozenset((1, 3)), frozenset((2, 4))}


def test_the_same_input_gives_the_same_round() -> None:
    rng = random.Random(5)
    ranked = list(range(1, 31))
    rounds: list[Round] = []
    points: Counter[int] = Counter()
    for _ in range(3):
        result = played(rng, pair_swiss(ranked, points, rounds))
        add_points(points, result)
        rounds.append(result)
    assert pair_swiss(ranked, points, rounds) == pair_swiss(ranked, dict(points), list(rounds))


def test_an_entrant_twice_in_the_rank_order_is_refused() -> None:
    with pytest.raises(ValueError, match="once each"):
        pair_swiss([1, 2, 1], {})


@pytest.mark.parametrize(("ranked", "tables", "byes"), [([], 0, ()), ([7], 0, (7,))])
def test_tiny_fields(ranked: list[int], tables: int, byes: tuple[int, ...]) -> None:
    got = pair_swiss(ranked, {})
    assert (len(got.tables), got.byes) == (tables, byes)


@RUNS
@given(st.integers(2, 11), st.integers(1, 11), st.integers(0, 2**32), st.booleans())
def test_random_tournaments_keep_the_rules(
    n: int, rounds: int, seed: int, withdrawals: bool
) -> None:
    """Every round: everyone still playing seated once or out on the bye; no rematch while
    the oracle finds a round without one; the bye to one with the fewest byes, never a
    withdrawn entrant paired again; late entrants joining from zero."""
    rng = random.Random(seed)
    playing = list(range(1, n + 1))
    gone: set[int] = set()
    history: list[Round] = []
    points: Counter[int] = Counter()
    for number in range(rounds):
        if withdrawals and len(playing) > 2 and rng.random() < 0.3:
            gone.add(playing.pop(rng.randrange(len(playing))))
        if rng.random() < 0.2:
            playing.append(100 + number)  # a late entrant
        ranked = sorted(playing, key=lambda e: (-points[e], e))
        met, byes = meetings(history), byes_had(history)
        paired = pair_swiss(ranked, points, history)
        assert sorted([*paired.seated, *paired.byes]) == sorted(playing)
        assert len(paired.byes) == len(playing) % 2
        assert not (paired.seated | set(paired.byes)) & gone
        if paired.byes:
            assert byes[paired.byes[0]] == min(byes[e] for e in playing)
        if could_avoid_rematches(ranked, met, byes):
            assert not any(met[pair] for pair in pairs(paired)), (number, paired)
        result = played(rng, paired)
        add_points(points, result)
        history.append(result)


@RUNS
@given(st.integers(3, 13).filter(lambda n: n % 2), st.integers(0, 2**32))
def test_an_odd_field_gives_each_bye_to_a_different_entrant_while_it_can(n: int, seed: int) -> None:
    rng = random.Random(seed)
    ranked = list(range(1, n + 1))
    history: list[Round] = []
    points: Counter[int] = Counter()
    for _ in range(n):
        order = sorted(ranked, key=lambda e: (-points[e], e))
        result = played(rng, pair_swiss(order, points, history))
        add_points(points, result)
        history.append(result)
    assert sorted(e for one in history for e in one.byes) == ranked


def test_two_hundred_entrants_pair_within_groups_without_rematches() -> None:
    rng = random.Random(37)
    ranked = list(range(1, 201))
    history: list[Round] = []
    points: Counter[int] = Counter()
    for _ in range(6):
        order = sorted(ranked, key=lambda e: (-points[e], e))
        result = played(rng, pair_swiss(order, points, history))
        add_points(points, result)
        history.append(result)
    order = sorted(ranked, key=lambda e: (-points[e], e))
    got = pair_swiss(order, points, history)
    assert max(meetings([*history, got]).values()) == 1
    gaps = Counter(abs(points[a] - points[b]) for a, b in (t.entrants for t in got.tables))
    # With 13 score groups, only the floaters between them play across a gap, of one point.
    assert gaps[0] >= 85 and set(gaps) <= {0, 1}, gaps
    assert len(got.tables) == 100
