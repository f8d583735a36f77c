"""A round's length as a session's options carry it, and a tournament table's result
(rules/lengths.py; shared/API.md, "A table's round ends"): `deals: n` in every game (finished
after its nth deal), Seep's `baazis: 1` (M4), Fifty-six's `games: 1` (F6: finished when a game
is won) and Casino's (K13: the race to 21). The winner: Seep more baazis, then the lead (M1, M4);
Fifty-six more tables (F6, F15); Casino the higher score (K11, K13); otherwise a draw. Game
points: Seep the sum of the per-deal margins (E2, sweeps in), Fifty-six the tables won minus
those lost (F15–F17), Casino the points minus the other side's. Worked out by hand from the
rules text."""

from __future__ import annotations

import doctest
from typing import Any

import pytest

from scorekeeper.rules import GAMES, InvalidInput, Table, get_game, lengths
from scorekeeper.rules.limits import MOST_DEALS
from tests.helpers.casino import FOUR_SEVEN, SEVEN_FOUR
from tests.helpers.casino import deal as casino

from .helpers import contract
from .helpers import deal as seep_deal

Json = dict[str, Any]
FOUR, TWO, THREE = Table(2, 2), Table(2, 1), Table(3, 1)
ALL_A = casino([40, 12], [10, 3], [0, 0, 0, 0], 0, 0)  # 3 + 1 + 4 + 2 + 1 = 11 to A
ALL_B = casino([12, 40], [3, 10], [1, 1, 1, 1], 1, 1)  # 11 to B
EVEN = casino([26, 26], [7, 6], [0, 0, 1, 1], 1, 0)  # cards tie (K11): A 1+2+1 = 4, B 2+2 = 4
# B 3 (cards) + 1 (2♠) = 4; A 1 (spades) + 2 (10♦) + 4 (aces) = 7: A more, B counts first.
B_COUNTS_FIRST = casino([22, 30], [7, 6], [0, 0, 0, 0], 0, 1)

# F6, 12 tables each: team 0 makes 56 redoubled (F15 4 × F16 4 = 16; team 1 pays its 12, F17).
TEAM_0_TAKES_ALL = contract(0, 56, 56, double=2)


def played(name: str, table: Table, deals: list[Json], options: Json) -> tuple[Any, Json, Any]:
    """The game, its parsed options and the standing of these deals."""
    rules = get_game(name)
    parsed = rules.parse_options(options)
    records = [rules.parse_deal(deal, table, parsed) for deal in deals]
    return rules, parsed, rules.standing(table, parsed, records)


# -- the options ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_every_game_has_deals_open_ended_by_default(name: str) -> None:
    rules = GAMES[name]
    assert rules.parse_options(None)["deals"] is None  # no length: today's sessions
    assert rules.parse_options({"deals": None})["deals"] is None
    assert rules.parse_options({"deals": 8})["deals"] == 8
    for beyond in (0, MOST_DEALS + 1, "8", 2.5, True):
        with pytest.raises(InvalidInput) as refused:
            rules.parse_options({"deals": beyond})
        assert refused.value.code == "bad-option"
    (declared,) = [o for o in rules.options if o.name == "deals"]
    assert (declared.low, declared.high, declared.default) == (1, MOST_DEALS, None)


@pytest.mark.parametrize(
    ("name", "option", "rule"),
    [("seep", "baazis", "M4"), ("fifty-six", "games", "F6"), ("casino", "games", "K13")],
)
def test_one_baazi_or_one_game_is_each_game_s_own_option(name: str, option: str, rule: str) -> None:
    rules = GAMES[name]
    (declared,) = [o for o in rules.options if o.name == option]
    assert declared.rule == rule and declared.default is None and 1 in declared.choices
    assert rules.parse_options({option: 1})[option] == 1
    # Seep has no `games`, and Fifty-six and Casino no `baazis`: a length the game has not.
    other = "games" if option == "baazis" else "baazis"
    with pytest.raises(InvalidInput) as refused:
        rules.parse_options({other: 1})
    assert refused.value.code == "unknown-option"


# -- `deals: n`: the nth deal finishes the session, and the round is over ------------------


@pytest.mark.parametrize(
    ("name", "table", "deals", "options"),
    [
        ("seep", FOUR, [seep_deal(60), seep_deal(30), seep_deal(55)], {"deals": 3}),
        ("seep", TWO, [seep_deal(50)], {"deals": 1}),
        ("fifty-six", FOUR, [contract(1, 40, 45), contract(0, 28, 30)], {"deals": 2}),
        ("casino", TWO, [SEVEN_FOUR, FOUR_SEVEN], {"deals": 2}),
        ("casino", Table(4, 1), [casino([13] * 4, [4, 3, 3, 3], [0, 1, 2, 3], 0, 1)], {"deals": 1}),
    ],
)
def test_the_nth_deal_finishes_the_session_and_the_round(
    name: str, table: Table, deals: list[Json], options: Json
) -> None:
    rules = get_game(name)
    parsed = rules.parse_options(options)
    records = [rules.parse_deal(deal, table, parsed) for deal in deals]
    for n in range(len(records)):
        before = rules.standing(table, parsed, records[:n])
        assert not before["finished"] and not rules.round_over(parsed, before), n
    standing = rules.standing(table, parsed, records)
    assert standing["finished"] and not standing["ended"]
    assert standing["winner"] is None  # nobody won by the game's rules (M4, F6, K13)
    # It goes to the team ahead, as a session the table ends does (Game.end).
    assert standing["session_winner"] == rules.ended_winner(table, parsed, standing)
    assert rules.round_over(parsed, standing)
    # Ending it changes nothing: it is finished already.
    assert rules.end(table, parsed, standing)["session_winner"] == standing["session_winner"]
    # The same deals with no length: the session goes on, and is no round.
    unbounded = rules.standing(table, rules.parse_options(options | {"deals": None}), records)
    assert not unbounded["finished"] and not rules.round_over(parsed | {"deals": None}, unbounded)


def test_seep_goes_on_from_a_standing_to_the_nth_deal_as_when_folded_whole() -> None:
    rules = GAMES["seep"]
    parsed = rules.parse_options({"deals": 2})
    records = [rules.parse_deal(d, FOUR, parsed) for d in (seep_deal(60), seep_deal(30))]
    assert rules.extend is not None
    one_on = rules.extend(FOUR, parsed, rules.standing(FOUR, parsed, records[:1]), records[1])
    assert one_on == rules.standing(FOUR, parsed, records)
    assert one_on["finished"] and one_on["session_winner"] == 1  # M1: 40 behind after 20 ahead


def test_a_session_stored_without_the_option_has_no_length() -> None:
    # Options stored before `deals` was declared lack it: read as no length.
    rules = GAMES["casino"]
    stored = {k: v for k, v in rules.parse_options(None).items() if k not in ("deals", "games")}
    standing = rules.standing(TWO, stored, [SEVEN_FOUR])
    assert not standing["finished"] and not rules.round_over(stored, standing)
    assert rules.table_result(TWO, stored, standing)["over"] is False


# -- one baazi, one game --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "table", "deals", "options", "over"),
    [
        # M4, one baazi: team 0 leads by 20 (M1), then team 1 scores 5, under 9 (M3).
        ("seep", FOUR, [seep_deal(60), seep_deal(95)], {"baazis": 1}, True),
        # M4, best of 3 and no length: decided, but no tournament round.
        ("seep", FOUR, [seep_deal(95), seep_deal(96)], {"baazis": 3}, False),
        # ... best of 3 at a table whose length is its deals: decided first, the round is over.
        ("seep", FOUR, [seep_deal(95), seep_deal(96)], {"baazis": 3, "deals": 8}, True),
        # F6, one game: won in one deal.
        ("fifty-six", FOUR, [TEAM_0_TAKES_ALL], {"games": 1}, True),
        # F6 without `games`: a won game is followed by the next: no round's end.
        ("fifty-six", FOUR, [TEAM_0_TAKES_ALL], {}, False),
        # ... nor at a table whose length is its deals: the next game starts.
        ("fifty-six", FOUR, [TEAM_0_TAKES_ALL], {"deals": 3}, False),
        # K13, one game: 7, 14, 21 against 4, 8, 12.
        ("casino", TWO, [SEVEN_FOUR] * 3, {"games": 1}, True),
        # K13 without `games`: the same race, won, but no tournament round (400 game-over).
        ("casino", TWO, [SEVEN_FOUR] * 3, {}, False),
        # ... at a table whose length is its deals: won before them, the round is over.
        ("casino", TWO, [SEVEN_FOUR] * 3, {"deals": 10}, True),
    ],
)
def test_a_won_baazi_or_game_ends_the_round_its_options_set(
    name: str, table: Table, deals: list[Json], options: Json, over: bool
) -> None:
    rules, parsed, standing = played(name, table, deals, options)
    assert standing["finished"] and standing["winner"] is not None
    assert rules.round_over(parsed, standing) is over
    assert rules.table_result(table, parsed, standing)["over"] is over
    # One deal fewer: nothing won yet, and the round goes on.
    *_, earlier = played(name, table, deals[:-1], options)
    assert not rules.round_over(parsed, earlier)


def test_a_fifty_six_game_won_before_the_round_s_deals_goes_on_with_the_next_game() -> None:
    deals = [TEAM_0_TAKES_ALL, contract(1, 40, 45, new_game=True), contract(1, 28, 30)]
    rules, parsed, standing = played("fifty-six", FOUR, deals[:2], {"deals": 3})
    assert not standing["finished"] and not rules.round_over(parsed, standing)
    *_, standing = played("fifty-six", FOUR, deals, {"deals": 3})
    assert standing["finished"] and rules.round_over(parsed, standing)


# -- a table's result -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "table", "deals", "options", "winner", "game_points"),
    [
        # Seep, no baazi: 60-40 then 30-70 (M1): team 1 leads by 20; margins 20 - 40.
        ("seep", FOUR, [seep_deal(60), seep_deal(30)], {"deals": 2}, 1, [-20, 20]),
        # A sweep counts in the margin (C4, E2): 60 + 50 against 40, then 30-70: +70 - 40.
        ("seep", FOUR, [seep_deal(60, "0:play"), seep_deal(30)], {"deals": 2}, 0, [30, -30]),
        # More baazis before the lead: team 1's under-9 baazi (M3: 5-95), then team 0 leads by 40
        # (M1: 60-40 twice); margins -90 + 20 + 20.
        ("seep", TWO, [seep_deal(5), seep_deal(60), seep_deal(60)], {"deals": 3}, 1, [-50, 50]),
        # Level, no baazi: a draw.
        ("seep", FOUR, [seep_deal(50)], {"deals": 1}, None, [0, 0]),
        # One baazi each and the lead back at 0 (M3 twice): a draw; margins -90 + 90.
        ("seep", FOUR, [seep_deal(5), seep_deal(95)], {"deals": 2}, None, [0, 0]),
        # M4, one baazi: team 0's, by M3 (95-5) after leading by 20: margins 20 + 90.
        ("seep", FOUR, [seep_deal(60), seep_deal(95)], {"baazis": 1}, 0, [110, -110]),
        # Fifty-six: team 1 makes 40 (F15: 2 tables, 10-14), team 0 makes 28 (1, 11-13).
        ("fifty-six", FOUR, [contract(1, 40, 45), contract(0, 28, 30)], {"deals": 2}, 1, [-1, 1]),
        # Each loses a 28 (F15: pays 2): 10-14, then 12-12: a draw.
        ("fifty-six", FOUR, [contract(0, 28, 20), contract(1, 28, 10)], {"deals": 2}, None, [0, 0]),
        # F6, one game: team 0 takes all 12 (F17: team 1 pays what it has).
        ("fifty-six", FOUR, [TEAM_0_TAKES_ALL], {"games": 1}, 0, [12, -12]),
        # Game 1 team 0's (+12), then in game 2 team 1 takes 2 and 1 (10-14, 9-15): team 0 won
        # more games, the session's own rule, though it has fewer tables in the game on.
        (
            "fifty-six",
            FOUR,
            [TEAM_0_TAKES_ALL, contract(1, 40, 45, new_game=True), contract(1, 28, 30)],
            {"deals": 3},
            0,
            [9, -9],
        ),
        # Casino 7-4 twice (K11): 14-8.
        ("casino", TWO, [SEVEN_FOUR, SEVEN_FOUR], {"deals": 2}, 0, [6, -6]),
        # 7-4, 4-7: 11-11, a draw.
        ("casino", TWO, [SEVEN_FOUR, FOUR_SEVEN], {"deals": 2}, None, [0, 0]),
        # K13, one game: 21-12.
        ("casino", TWO, [SEVEN_FOUR] * 3, {"games": 1}, 0, [9, -9]),
        # K13 counting out: B reaches 21 at cards, A ends higher (26-23): the race's winner
        # stands (the session's own), and the game points are the points.
        (
            "casino",
            TWO,
            [ALL_A, ALL_B, EVEN, EVEN, B_COUNTS_FIRST],
            {"games": 1, "count_out": "on"},
            1,
            [3, -3],
        ),
    ],
)
def test_a_table_s_result(
    name: str,
    table: Table,
    deals: list[Json],
    options: Json,
    winner: int | None,
    game_points: list[int],
) -> None:
    rules, parsed, standing = played(name, table, deals, options)
    assert standing["finished"]
    result = rules.table_result(table, parsed, standing)
    assert result == {"winner": winner, "game_points": game_points, "over": True}
    assert standing["session_winner"] == winner  # the scoreboard's winner is the table's


@pytest.mark.parametrize(
    ("name", "table", "deals", "options", "winner", "game_points"),
    [
        # Seep, 2 of 4 deals: team 1 ahead by 20 so far.
        ("seep", FOUR, [seep_deal(60), seep_deal(30)], {"deals": 4}, 1, [-20, 20]),
        ("fifty-six", FOUR, [contract(1, 40, 45)], {"games": 1}, 1, [-2, 2]),
        ("casino", TWO, [SEVEN_FOUR], {"games": 1}, 0, [3, -3]),
        ("casino", TWO, [], {"deals": 3}, None, [0, 0]),
    ],
)
def test_a_round_under_way_has_its_result_so_far_not_over(
    name: str,
    table: Table,
    deals: list[Json],
    options: Json,
    winner: int | None,
    game_points: list[int],
) -> None:
    rules, parsed, standing = played(name, table, deals, options)
    assert not standing["finished"]
    result = rules.table_result(table, parsed, standing)
    assert result == {"winner": winner, "game_points": game_points, "over": False}


def test_an_ended_table_s_result_is_the_team_it_went_to_but_its_round_is_not_over() -> None:
    # The table ended it after one deal of three (Game.end): its length was not reached.
    rules, parsed, standing = played("seep", FOUR, [seep_deal(70)], {"deals": 3})
    ended = rules.end(FOUR, parsed, standing)
    assert rules.table_result(FOUR, parsed, ended) == {
        "winner": 0,
        "game_points": [40, -40],
        "over": False,
    }


def test_a_table_of_more_than_two_sides_has_no_table_result() -> None:
    rules, parsed, standing = played("casino", THREE, [], {"deals": 1})
    with pytest.raises(ValueError, match="two sides"):
        rules.table_result(THREE, parsed, standing)


def test_lengths_doctests() -> None:
    assert doctest.testmod(lengths).failed == 0
