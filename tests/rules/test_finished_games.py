"""The games a session finished, as the club's ratings take them (rules/*/stats.py
`finished_games`): where each team came, and the deal that ended the game. Worked out by hand
from the rules text."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules import Table, get_game
from scorekeeper.rules.stats import ranked

from .helpers import deal as seep_deal

Json = dict[str, Any]


def finished(game: str, table: Table, deals: list[Json], **options: Any) -> list[Json]:
    """The finished games of a session through the game's public interface."""
    rules = get_game(game)
    parsed = rules.parse_options(options)
    records = [rules.parse_deal(deal, table, parsed) for deal in deals]
    standing = rules.standing(table, parsed, records)
    return list(rules.finished_games(table, parsed, standing))


def contract(seat: int, value: int, points: int) -> Json:
    return {"contract": {"seat": seat, "value": value, "trump": "S"}, "points": points}


def casino(cards: list[int], spades: list[int], aces: list[int], big: int, little: int) -> Json:
    record = {"cards": cards, "spades": spades, "aces": aces, "big_casino": big}
    return record | {"little_casino": little}


@pytest.mark.parametrize(
    ("game", "table", "deals", "options", "games"),
    [
        # M3: 5 points is under 9, the baazi to team 1; M1: 60-40 moves the lead only; M2: 95
        # leaves team 1 under 9 too: the baazi to team 0. Each baazi a game.
        (
            "seep",
            Table(2, 2),
            [seep_deal(5), seep_deal(60), seep_deal(95)],
            {},
            [{"ranks": [1, 0], "deal": 1}, {"ranks": [0, 1], "deal": 3}],
        ),
        # No baazi yet: nothing finished.
        ("seep", Table(2, 2), [seep_deal(60)], {}, []),
        # F6, F17, six in pairs at 2 tables: team 1's lost 28 pays team 2 both its tables (out
        # in deal 1); team 2's 40 made takes team 0's 2 (out in deal 2): team 2, 0, 1.
        (
            "fifty-six",
            Table(3, 2),
            [contract(1, 28, 10), contract(2, 40, 40)],
            {"teams": "pairs", "tables": 2},
            [{"ranks": [1, 2, 0], "deal": 2}],
        ),
        # F6: at 1 table, team 0's 28 made takes one from each: both out in deal 1, equal.
        # Game 2: team 1's lost 28 pays its table to team 2; two hold tables: unfinished, it
        # counts nothing.
        (
            "fifty-six",
            Table(3, 2),
            [contract(0, 28, 30), contract(1, 28, 10)],
            {"teams": "pairs", "tables": 1},
            [{"ranks": [0, 1, 1], "deal": 1}],
        ),
        # K13: 7-4 three times is 21-12 (side 0 wins in deal 3).
        (
            "casino",
            Table(2, 1),
            [casino([30, 22], [7, 6], [0, 1, 0, 1], 1, 0)] * 3,
            {},
            [{"ranks": [0, 1], "deal": 3}],
        ),
        # K11, three alone: side 0 takes cards, spades, the 10♦ and three aces (9) each deal,
        # side 1 the A♦ and the 2♠ (2), side 2 nothing; three deals: 27, 6, 0. A second
        # game is another session.
        (
            "casino",
            Table(3, 1),
            [casino([30, 12, 10], [9, 2, 2], [0, 0, 0, 1], 0, 1)] * 3,
            {},
            [{"ranks": [0, 1, 2], "deal": 3}],
        ),
        # K13 counting out: 6-5 three times is 18-15; then side 0's most cards (3) bring it
        # to 21 first, though side 1's spades, casinos, aces and 3 sweeps (11) end it at 26:
        # the winner still comes first.
        (
            "casino",
            Table(2, 1),
            [casino([30, 22], [7, 6], [1, 1, 1, 1], 0, 1)] * 3
            + [casino([30, 22], [6, 7], [1, 1, 1, 1], 1, 1) | {"sweeps": [0, 3]}],
            {"count_out": "on", "sweeps": "on"},
            [{"ranks": [0, 1], "deal": 4}],
        ),
        # Not yet 21: nothing finished.
        ("casino", Table(2, 1), [casino([30, 22], [7, 6], [0, 1, 0, 1], 1, 0)], {}, []),
    ],
)
def test_finished_games(
    game: str, table: Table, deals: list[Json], options: Json, games: list[Json]
) -> None:
    assert finished(game, table, deals, **options) == games


def test_casino_sides_level_at_the_end_come_equal() -> None:
    """K11, K13: side 0 takes cards, spades, the 10♦, the 2♠, A♠ and A♣ (9) each deal, side 1
    the A♥ and side 2 the A♦ (1 each); three deals: 27, 3, 3. Side 0 wins, sides 1 and 2 end
    level and come second together."""
    deals = [casino([30, 11, 11], [9, 2, 2], [0, 0, 1, 2], 0, 0)] * 3
    assert finished("casino", Table(3, 1), deals) == [{"ranks": [0, 1, 1], "deal": 3}]


def test_ranked_counts_the_teams_that_got_further() -> None:
    assert ranked([21, 25, 21]) == [1, 0, 1]
    assert ranked([3, 2, 1]) == [0, 1, 2]
    assert ranked([1, 1]) == [0, 0]
