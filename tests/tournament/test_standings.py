"""Standings: match points (a bye 2), Buchholz (a bye adds nothing), difference, head-to-head
between two tied entrants only, shared ranks (1, 2, 2, 4), players of rotating tables, and
independence from the order the tables report in. Every figure is worked out by hand."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.tournament.rounds import Entrant, Format, Result, Round, Table
from scorekeeper.tournament.standings import Standing, standings

RUNS = settings(max_examples=60, deadline=None, derandomize=True, database=None)


def table(entrants: tuple[int, ...], match: tuple[int, int], game: tuple[int, int]) -> Table:
    return Table(entrants, Result(match, game))


def lines(got: list[Standing]) -> list[tuple[int, int, int, dict[str, int | None]]]:
    return [(s["entrant"], s["rank"], s["match_points"], s["tiebreaks"]) for s in got]


ENTRANTS = [Entrant(e) for e in (1, 2, 3, 4)]


def test_two_entrants_level_on_everything_share_a_rank_and_the_next_rank_skips() -> None:
    rounds = [
        Round((table((1, 2), (1, 1), (3, 3)), table((3, 4), (2, 0), (4, 2)))),
        Round((table((1, 3), (2, 0), (4, 2)), table((2, 4), (0, 2), (2, 4)))),
        Round((table((1, 4), (0, 2), (1, 3)), table((2, 3), (2, 0), (5, 3)))),
    ]
    # 4: 0 + 2 + 2 points; 1 and 2: 3 points, difference 0, and a draw with each other.
    assert lines(standings(ENTRANTS, rounds, "round-robin")) == [
        (4, 1, 4, {"difference": 2, "head_to_head": None}),
        (1, 2, 3, {"difference": 0, "head_to_head": 1}),
        (2, 2, 3, {"difference": 0, "head_to_head": 1}),
        (3, 4, 2, {"difference": -2, "head_to_head": None}),
    ]


def test_head_to_head_separates_two_entrants_level_before_it() -> None:
    rounds = [
        Round((table((1, 2), (2, 0), (5, 4)), table((3, 4), (1, 1), (3, 3)))),
        Round((table((1, 3), (0, 2), (3, 5)), table((2, 4), (2, 0), (4, 4)))),
        Round((table((1, 4), (1, 1), (2, 2)), table((2, 3), (1, 1), (3, 3)))),
    ]
    # 1 and 2: 3 points and a difference of −1 each; 1 beat 2.
    assert lines(standings(ENTRANTS, rounds, Format.ROUND_ROBIN)) == [
        (3, 1, 4, {"difference": 2, "head_to_head": None}),
        (1, 2, 3, {"difference": -1, "head_to_head": 2}),
        (2, 3, 3, {"difference": -1, "head_to_head": 0}),
        (4, 4, 2, {"difference": 0, "head_to_head": None}),
    ]


def test_swiss_breaks_ties_by_buchholz_first_and_a_bye_adds_nothing_to_it() -> None:
    rounds = [
        Round((table((1, 2), (2, 0), (10, 4)), table((3, 4), (1, 1), (5, 5))), (5,)),
        Round((table((1, 3), (0, 2), (2, 9)), table((2, 5), (2, 0), (6, 3))), (4,)),
    ]
    # Points: 1: 2, 2: 2, 3: 1 + 2, 4: 1 + the bye's 2, 5: the bye's 2.
    # Buchholz: 1 met 2 (2) and 3 (3); 2 met 1 (2) and 5 (2); 3 met 4 (3) and 1 (2);
    # 4 met only 3 (3); 5 met only 2 (2).
    got = standings([Entrant(e) for e in (1, 2, 3, 4, 5)], rounds, "swiss")
    assert lines(got) == [
        (3, 1, 3, {"buchholz": 5, "difference": 7, "head_to_head": None}),
        (4, 2, 3, {"buchholz": 3, "difference": 0, "head_to_head": None}),
        (1, 3, 2, {"buchholz": 5, "difference": -1, "head_to_head": None}),
        (2, 4, 2, {"buchholz": 4, "difference": -3, "head_to_head": None}),
        (5, 5, 2, {"buchholz": 2, "difference": -3, "head_to_head": None}),
    ]


def test_three_entrants_level_share_a_rank_without_head_to_head() -> None:
    rounds = [Round((table((1, 2), (1, 1), (0, 0)), table((3, 4), (1, 1), (0, 0))))]
    got = standings(ENTRANTS, rounds, "round-robin")
    assert [(s["rank"], s["tiebreaks"]["head_to_head"]) for s in got] == [(1, None)] * 4


def test_rotating_players_take_their_side_s_result() -> None:
    rounds = [
        Round(
            (
                table((1, 2, 3, 4), (2, 0), (10, 6)),  # 1 and 3 beat 2 and 4
                table((5, 6, 7, 8), (1, 1), (4, 4)),
            ),
            (9,),
        )
    ]
    got = standings([Entrant(p) for p in range(1, 10)], rounds, "rotating")
    assert lines(got) == [
        (1, 1, 2, {"difference": 4, "head_to_head": 0}),  # partners: never opponents
        (3, 1, 2, {"difference": 4, "head_to_head": 0}),
        (9, 3, 2, {"difference": 0, "head_to_head": None}),  # the bye: 2 points, no difference
        (5, 4, 1, {"difference": 0, "head_to_head": None}),
        (6, 4, 1, {"difference": 0, "head_to_head": None}),
        (7, 4, 1, {"difference": 0, "head_to_head": None}),
        (8, 4, 1, {"difference": 0, "head_to_head": None}),
        (2, 8, 0, {"difference": -4, "head_to_head": 0}),
        (4, 8, 0, {"difference": -4, "head_to_head": 0}),
    ]


def test_a_table_without_a_result_counts_nothing_yet_and_the_withdrawn_stay() -> None:
    entrants = [Entrant(1), Entrant(2, withdrawn=True), Entrant(3), Entrant(4)]
    rounds = [
        Round((table((1, 2), (0, 2), (1, 4)), table((3, 4), (2, 0), (3, 1)))),
        Round((Table((1, 3)), Table((2, 4)))),
    ]
    got = standings(entrants, rounds, "swiss")
    assert [(s["entrant"], s["rank"], s["match_points"]) for s in got] == [
        (2, 1, 2),
        (3, 2, 2),
        (4, 3, 0),  # Buchholz 2 each; 4 lost by 2, 1 by 3
        (1, 4, 0),
    ]
    assert got[0]["tiebreaks"] == {"buchholz": 0, "difference": 3, "head_to_head": None}


def test_an_entrant_outside_the_tournament_is_refused() -> None:
    with pytest.raises(ValueError, match="entrant 9 of round 1"):
        standings(ENTRANTS, [Round((Table((1, 9)),))], "swiss")


def mirrored(one: Table) -> Table:
    """The same table reported the other way round: sides and results swapped."""
    seats = one.entrants
    swapped = tuple(seats[i ^ 1] for i in range(len(seats)))
    if one.result is None:
        return Table(swapped)
    match, game = one.result.match_points, one.result.game_points
    return Table(swapped, Result((match[1], match[0]), (game[1], game[0])))


def random_rounds(rng: random.Random, n: int, rounds: int, size: int) -> list[Round]:
    """Rounds of random tables of `size` seats over entrants 1..n, some without a result."""
    made = []
    for _ in range(rounds):
        everyone = list(range(1, n + 1))
        rng.shuffle(everyone)
        seated = len(everyone) - len(everyone) % size
        tables = []
        for start in range(0, seated, size):
            won = rng.choice(((2, 0), (1, 1), (0, 2)))
            result = Result(won, (rng.randint(0, 9), rng.randint(0, 9)))
            tables.append(Table(tuple(everyone[start : start + size]), result))
            if rng.random() < 0.1:
                tables[-1] = Table(tables[-1].entrants)
        made.append(Round(tuple(tables), tuple(everyone[seated:])))
    return made


@RUNS
@given(st.sampled_from(list(Format)), st.integers(2, 13), st.integers(1, 6), st.randoms())
def test_standings_do_not_depend_on_the_order_tables_report_in(
    format: Format, n: int, rounds: int, rng: random.Random
) -> None:
    size = 4 if format is Format.ROTATING else 2
    if n < size:
        n = size
    entrants = [Entrant(e, withdrawn=rng.random() < 0.2) for e in range(1, n + 1)]
    played = random_rounds(rng, n, rounds, size)
    reported = []
    for one in played:
        tables = [mirrored(t) if rng.random() < 0.5 else t for t in one.tables]
        rng.shuffle(tables)
        reported.append(Round(tuple(tables), one.byes))
    rng.shuffle(reported)
    got = standings(entrants, played, format)
    assert standings(entrants, reported, format) == got
    # And they hold together: ranks never fall behind the order, shared only by equals.
    for before, after in pairwise(got):
        assert before["rank"] <= after["rank"]
        if before["rank"] == after["rank"]:
            assert before["match_points"] == after["match_points"]
            assert before["tiebreaks"] == after["tiebreaks"]
        else:
            assert after["rank"] == got.index(after) + 1
