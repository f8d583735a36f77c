"""A session is finished by its rules (M4, F6, K13) or ended by the table where it stands
(Game.end); it goes to a team only once it is finished. Ended, it goes to the team ahead: Seep
more baazis, then the lead; Fifty-six more games won, then more tables in the game on; Casino
the higher score; level is nobody's (the rule shared/API.md gives a tournament table's result).
Its figures and its finished games (the ratings') are the same ended or not. Worked out by hand
from the rules text."""

from __future__ import annotations

import doctest
from typing import Any

import pytest

from scorekeeper.rules import Table, game, get_game
from tests.helpers.casino import FOUR_SEVEN, SEVEN_FOUR

from .helpers import contract
from .helpers import deal as seep_deal

Json = dict[str, Any]
FOUR, TWO = Table(2, 2), Table(2, 1)


def played(name: str, table: Table, deals: list[Json], options: Json) -> tuple[Any, Json, Any]:
    """The game, its parsed options and the standing of these deals."""
    rules = get_game(name)
    parsed = rules.parse_options(options)
    records = [rules.parse_deal(deal, table, parsed) for deal in deals]
    return rules, parsed, rules.standing(table, parsed, records)


SEEP_ONE_EACH = [seep_deal(5), seep_deal(95)]  # M3: under 9 each way, a baazi to each team
# F6, 12 tables each: team 0 makes 56 redoubled (16, F16; team 1 pays its 12, F17): game 1 is
# team 0's. Game 2: team 1 makes 40 (F15: 2 tables), 10-14.
FIFTY_SIX_GAME_ON = [contract(0, 56, 56, double=2), contract(1, 40, 45, new_game=True)]


@pytest.mark.parametrize(
    ("name", "table", "deals", "options", "unended", "ended"),
    [
        # Seep played on (M4 sets no number): a baazi ahead is nobody's win until ended; then
        # the team with more baazis takes it.
        ("seep", TWO, [seep_deal(5)], {}, None, 1),
        # One baazi each, then 60-40 (M1): the lead decides, team 0.
        ("seep", FOUR, [*SEEP_ONE_EACH, seep_deal(60)], {}, None, 0),
        # ... and 40-60: team 1 leads.
        ("seep", FOUR, [*SEEP_ONE_EACH, seep_deal(40)], {}, None, 1),
        # One baazi each and the lead back at 0 after a baazi: level, nobody's.
        ("seep", FOUR, SEEP_ONE_EACH, {}, None, None),
        # Best of 3 at one baazi to none: ended early, it goes to the team ahead.
        ("seep", FOUR, [seep_deal(5)], {"baazis": 3}, None, 1),
        # Fifty-six: game 1 team 0's, game 2 on with team 1 ahead 14-10: more games first.
        ("fifty-six", FOUR, FIFTY_SIX_GAME_ON, {}, None, 0),
        # No game won: more tables (team 1, 14-10).
        ("fifty-six", FOUR, [contract(1, 40, 45)], {}, None, 1),
        # No game won, tables level (a 28 lost, then one made the other way): nobody's.
        ("fifty-six", FOUR, [contract(0, 28, 20), contract(1, 28, 10)], {}, None, None),
        # Casino before 21 (K13): 7-4, so side 0; then 4-7: level at 11, nobody's.
        ("casino", TWO, [SEVEN_FOUR], {}, None, 0),
        ("casino", TWO, [SEVEN_FOUR, FOUR_SEVEN], {}, None, None),
    ],
)
def test_an_unfinished_session_is_nobody_s_until_the_table_ends_it(
    name: str,
    table: Table,
    deals: list[Json],
    options: Json,
    unended: int | None,
    ended: int | None,
) -> None:
    rules, parsed, standing = played(name, table, deals, options)
    assert (standing["finished"], standing["ended"], standing["session_winner"]) == (
        False,
        False,
        unended,
    )
    summary = rules.summarize(table, parsed, deals, standing)
    assert (summary["finished"], summary["winner"]) == (False, unended)
    over = rules.end(table, parsed, standing)
    assert (over["finished"], over["ended"], over["session_winner"]) == (True, True, ended)
    assert over["winner"] == standing["winner"]  # the rules' winner is the rules' alone
    assert not standing["ended"]  # the standing kept for the deals is not changed
    summary_ended = rules.summarize(table, parsed, deals, over)
    assert (summary_ended["finished"], summary_ended["winner"]) == (True, ended)
    # Its figures and its finished games (the ratings') are the same, ended or not.
    assert summary_ended["teams"] == summary["teams"]
    assert summary_ended["games"] == summary["games"]


def test_an_ended_seep_session_keeps_its_baazis() -> None:
    rules, parsed, standing = played("seep", TWO, [seep_deal(5)], {})
    summary = rules.summarize(TWO, parsed, [seep_deal(5)], rules.end(TWO, parsed, standing))
    assert [team["baazis_won"] for team in summary["teams"]] == [0, 1]  # M3
    assert summary["games"] == [{"ranks": [1, 0], "deal": 1}]  # the baazi, rated


@pytest.mark.parametrize(
    ("name", "table", "deals", "options", "winner"),
    [
        # M4, best of 1: decided by an under-9 (M3).
        ("seep", TWO, [seep_deal(5)], {"baazis": 1}, 1),
        # K13: 7, 14, 21 against 4, 8, 12.
        ("casino", TWO, [SEVEN_FOUR] * 3, {}, 0),
        # F6: a game won by team 0 (12 tables taken, F16, F17).
        ("fifty-six", FOUR, FIFTY_SIX_GAME_ON[:1], {}, 0),
    ],
)
def test_a_session_finished_by_its_rules_goes_to_its_winner_ended_or_not(
    name: str, table: Table, deals: list[Json], options: Json, winner: int
) -> None:
    rules, parsed, standing = played(name, table, deals, options)
    assert (standing["finished"], standing["session_winner"]) == (True, winner)
    over = rules.end(table, parsed, standing)
    assert (over["finished"], over["ended"], over["session_winner"]) == (True, True, winner)


def test_a_fifty_six_session_of_one_game_each_is_drawn() -> None:
    # F6: game 1 team 0's, game 2 team 1's (each by 56 redoubled): finished, level, nobody's.
    second = contract(1, 56, 56, double=2, new_game=True)
    *_, standing = played("fifty-six", FOUR, [FIFTY_SIX_GAME_ON[0], second], {})
    assert standing["games"] == [0] and standing["winner"] == 1
    assert (standing["finished"], standing["session_winner"]) == (True, None)


def test_ahead_doctests() -> None:
    assert doctest.testmod(game).failed == 0
    assert game.ahead([(3, 1), (3, 2), (1, 9)]) == 1  # more of the first, then of the next
