"""Club statistics: each game's session summary (rules/*/stats.py) and the aggregate across
sessions (rules/stats.py). Every expectation is worked out by hand from the rules text."""

from __future__ import annotations

import doctest
from typing import Any

import pytest

from scorekeeper.rules import Table, get_game
from scorekeeper.rules.fifty_six import stats as fifty_six_stats
from scorekeeper.rules.stats import aggregate, head_to_head

from .helpers import deal as seep_deal

Json = dict[str, Any]
FOUR, TWO = Table(2, 2), Table(2, 1)
CASINO_DEAL = {  # K11: side 0 has 3 + 1 + little casino 1 + two aces, and 2 sweeps: 9; side 1: 4
    "cards": [30, 22],
    "spades": [7, 6],
    "aces": [0, 1, 1, 0],
    "big_casino": 1,
    "little_casino": 0,
    "sweeps": [2, 0],
}


def summary(game: str, table: Table, deals: list[Json], **options: Any) -> Json:
    """The summary of a session through the game's public interface."""
    rules = get_game(game)
    parsed = rules.parse_options(options)
    return rules.summarize(table, parsed, deals, rules.standing(table, parsed, deals))


def contract(seat: int, value: int, points: int, double: int = 0) -> Json:
    return {
        "contract": {"seat": seat, "value": value, "trump": "S", "double": double},
        "points": points,
    }


# -- one session -------------------------------------------------------------------------

# Seep, target 100, played on: 60-40 (lead +20); 5 is under 9 (M3: baazi to team 1, lead 0);
# 90 and a sweep of 50 against 10 (lead +130: baazi to team 0); 30 against 70, an opening
# sweep (25) and a last one (0) for team 1 (lead -65). One baazi each: nobody's session.
SEEP_SESSION = [
    seep_deal(60),
    seep_deal(5),
    seep_deal(90, "0:play"),
    seep_deal(30, "1:opening", "1:last"),
]
SEEP_TEAMS = [
    {
        "deals": 4,
        "points": 235,
        "sweeps": 1,
        "best_deal": 140,
        "deal_points": {"60": 1, "5": 1, "140": 1, "30": 1},
        "baazis_won": 1,
        "baazis_lost": 1,
        "under9_losses": 1,
    },
    {
        "deals": 4,
        "points": 240,
        "sweeps": 2,
        "best_deal": 95,
        "deal_points": {"40": 1, "95": 2, "10": 1},
        "baazis_won": 1,
        "baazis_lost": 1,
        "under9_losses": 0,
    },
]


def test_seep_summary_per_team_and_per_deal() -> None:
    got = summary("seep", FOUR, SEEP_SESSION)
    assert got["teams"] == SEEP_TEAMS
    assert got["deals"] == [
        {"points": [60, 40], "sweeps": [0, 0]},
        {"points": [5, 95], "sweeps": [0, 0]},
        {"points": [140, 10], "sweeps": [1, 0]},
        {"points": [30, 95], "sweeps": [0, 2]},
    ]
    assert (got["finished"], got["winner"]) == (False, None)


@pytest.mark.parametrize(
    ("deals", "options", "finished", "winner"),
    [
        ([seep_deal(5)], {"baazis": 1}, True, 1),  # M4: best of 1, decided by an under-9
        ([seep_deal(5)], {"baazis": 3}, False, None),  # one baazi of the two needed
        # Played on (M4 sets no number), a session never finishes by itself: a baazi ahead,
        # it is still nobody's win until the table ends it (tests/rules/test_ending.py).
        ([seep_deal(5)], {}, False, None),
        ([seep_deal(60)], {}, False, None),  # played on, no baazi yet
    ],
)
def test_seep_session_winner(
    deals: list[Json], options: Json, finished: bool, winner: int | None
) -> None:
    got = summary("seep", TWO, deals, **options)
    assert (got["finished"], got["winner"]) == (finished, winner)


def test_casino_summary_three_deals_to_21() -> None:
    # K13: 9, 18, 27 against 4, 8, 12: side 0 passes 21 in the third deal.
    got = summary("casino", TWO, [CASINO_DEAL] * 3, sweeps="on")
    assert got["teams"] == [
        {"deals": 3, "points": 27, "sweeps": 6, "best_deal": 9, "deal_points": {"9": 3}},
        {"deals": 3, "points": 12, "sweeps": 0, "best_deal": 4, "deal_points": {"4": 3}},
    ]
    assert got["deals"] == [{"points": [9, 4], "sweeps": [2, 0]}] * 3
    assert (got["finished"], got["winner"]) == (True, 0)


def test_casino_summary_without_sweeps_counts_none() -> None:
    plain = {k: v for k, v in CASINO_DEAL.items() if k != "sweeps"}
    got = summary("casino", Table(3, 1), [plain | {"cards": [30, 12, 10], "spades": [7, 3, 3]}])
    assert [team["sweeps"] for team in got["teams"]] == [0, 0, 0]
    assert [team["points"] for team in got["teams"]] == [7, 4, 0]
    assert (got["finished"], got["winner"]) == (False, None)


def fifty_six_figures(**given: Any) -> Json:
    figures: Json = {
        "deals": 3,
        "contracts": 0,
        "made": 0,
        "lost": 0,
        "by_bid": {band: {"made": 0, "lost": 0} for band in ("28-39", "40-47", "48-55", "56")},
        "doubled": {"made": 0, "lost": 0},
        "redoubled": {"made": 0, "lost": 0},
        "tables_won": 0,
        "tables_lost": 0,
        "games": 1,
        "games_won": 0,
    }
    for key, value in given.items():
        if isinstance(value, dict):
            for inner, counts in value.items():
                if isinstance(counts, dict):
                    figures[key][inner] |= counts
                else:
                    figures[key][inner] = counts
        else:
            figures[key] = value
    return figures


def test_fifty_six_summary_contracts_doubles_and_tables() -> None:
    # 12 tables each (F6). Seat 0 makes 40 (F15: 2 tables) -> 14/10; seat 1 loses 30
    # doubled (2 x 2 = 4, F16) -> 18/6; seat 2 makes 56 redoubled (4 x 4 = 16, but team 1
    # holds 6, F17) -> 24/0: team 0 wins the game.
    deals = [contract(0, 40, 45), contract(1, 30, 20, double=1), contract(2, 56, 56, double=2)]
    got = summary("fifty-six", FOUR, deals)
    assert got["teams"] == [
        fifty_six_figures(
            contracts=2,
            made=2,
            by_bid={"40-47": {"made": 1}, "56": {"made": 1}},
            redoubled={"made": 1},
            tables_won=12,
            games_won=1,
        ),
        fifty_six_figures(
            contracts=1, lost=1, by_bid={"28-39": {"lost": 1}}, doubled={"lost": 1}, tables_lost=12
        ),
    ]
    assert got["deals"][1] == {"team": 1, "value": 30, "double": 1, "made": False, "points": 20}
    assert (got["finished"], got["winner"]) == (True, 0)


def test_fifty_six_everyone_passing_is_a_28_contract_and_games_are_counted() -> None:
    # F10: everyone passed, so 28 no-trumps for the first bidder's team (seat 1, team 1),
    # lost with 10 points: 2 tables to team 0, each starting with 2 (F15) -> 4/0, game 1 to
    # team 0. A new game from 2/2: team 1 makes 56 (4 tables; team 0 pays its 2, F17) -> 0/4,
    # game 2 to team 1.
    deals = [
        {"contract": None, "points": 10},
        contract(1, 56, 56) | {"new_game": True},
    ]
    got = summary("fifty-six", FOUR, deals, tables=2)
    team0, team1 = got["teams"]
    assert team1["by_bid"]["28-39"] == {"made": 0, "lost": 1}
    assert team1["by_bid"]["56"] == {"made": 1, "lost": 0}
    assert (team0["tables_won"], team0["tables_lost"]) == (2, 2)
    assert [team0["games"], team0["games_won"], team1["games_won"]] == [2, 1, 1]
    assert (got["finished"], got["winner"]) == (True, None)  # one game each: nobody's session


def test_fifty_six_doctests() -> None:
    assert doctest.testmod(fifty_six_stats).failed == 0


# -- across sessions ---------------------------------------------------------------------


def seep_figures(deals: int, points: int, sweeps: int, best: int) -> Json:
    return {"deals": deals, "points": points, "sweeps": sweeps, "best_deal": best}


def session(
    number: int,
    game: str,
    date: str,
    teams: list[list[str]],
    winner: int | None,
    *figures: Json,
    finished: bool = True,
) -> Json:
    summary = {
        "teams": list(figures),
        "deals": [{}] * figures[0]["deals"],
        "finished": finished,
        "winner": winner,
    }
    return {"id": number, "game": game, "date": date, "teams": teams, "summary": summary}


SESSIONS = [
    # The pair a & b wins twice, sitting in either order and as either team.
    session(
        1,
        "seep",
        "2024-01-02",
        [["a", "b"], ["c", "d"]],
        0,
        seep_figures(2, 100, 1, 60),
        seep_figures(2, 50, 0, 30),
    ),
    session(
        2,
        "seep",
        "2024-01-01T20:00",
        [["d", "c"], ["b", "a"]],
        1,
        seep_figures(4, 80, 0, 40),
        seep_figures(4, 120, 2, 70),
    ),
    # Not finished: nobody's win, and not yet played; its figures count.
    session(
        3,
        "seep",
        "2024-01-03",
        [["a", "c"], ["b", "d"]],
        None,
        seep_figures(1, 30, 0, 30),
        seep_figures(1, 70, 1, 70),
        finished=False,
    ),
    session(
        4,
        "casino",
        "2024-01-01",
        [["a"], ["b"]],
        0,
        seep_figures(3, 21, 0, 9),
        seep_figures(3, 10, 0, 5),
    ),
    # No deals yet: not played.
    {
        "id": 5,
        "game": "seep",
        "date": "2024-01-04",
        "teams": [["a", "b"], ["c", "d"]],
        "summary": {"teams": [{}, {}], "deals": [], "finished": False, "winner": None},
    },
]


def met(played: int, won: list[int], decided: int, unfinished: int, points: list[int]) -> Json:
    """A head-to-head row: sessions finished, won by each, decided, not finished, points."""
    return {
        "played": played,
        "won": won,
        "decided": decided,
        "unfinished": unfinished,
        "points": points,
    }


def row(rows: list[Json], **key: Any) -> Json:
    return next(r for r in rows if all(r[k] == v for k, v in key.items()))


@pytest.mark.parametrize(
    ("player", "played", "won", "decided", "rate", "points", "deals", "sweeps", "best"),
    [
        # a: sessions 2 (team 1: 120 in 4), 1 (team 0: 100 in 2), and 3 not finished (team 0:
        # 30 in 1): played 2, but the figures of all three
        ("a", 2, 2, 2, 1.0, 250, 7, 3, 70),
        ("b", 2, 2, 2, 1.0, 290, 7, 4, 70),  # 120 + 100 + 70 (session 3, team 1)
        ("c", 2, 0, 2, 0.0, 160, 7, 0, 40),  # 80 + 50 + 30
        ("d", 2, 0, 2, 0.0, 200, 7, 1, 70),  # 80 + 50 + 70
    ],
)
def test_seep_per_player(
    player: str,
    played: int,
    won: int,
    decided: int,
    rate: float,
    points: int,
    deals: int,
    sweeps: int,
    best: int,
) -> None:
    got = row(aggregate(SESSIONS)["games"]["seep"]["players"], player=player)
    assert (got["played"], got["won"], got["decided"], got["unfinished"], got["win_rate"]) == (
        played,
        won,
        decided,
        1,  # session 3
        rate,
    )
    figures = got["figures"]
    assert (figures["points"], figures["deals"], figures["sweeps"], figures["best_deal"]) == (
        points,
        deals,
        sweeps,
        best,
    )
    assert figures["average_points"] == round(points / deals, 3)
    assert figures["sweeps_per_deal"] == round(sweeps / deals, 3)


@pytest.mark.parametrize(
    ("players", "played", "won", "unfinished", "points", "rate"),
    [
        (["a", "b"], 2, 2, 0, 220, 1.0),  # one team whichever order and side they sat
        (["c", "d"], 2, 0, 0, 130, 0.0),
        (["a", "c"], 0, 0, 1, 30, None),  # session 3 alone, not finished: no rate yet
        (["b", "d"], 0, 0, 1, 70, None),
    ],
)
def test_seep_per_team(
    players: list[str], played: int, won: int, unfinished: int, points: int, rate: float | None
) -> None:
    teams = aggregate(SESSIONS)["games"]["seep"]["teams"]
    assert len(teams) == 4
    got = row(teams, players=players)
    assert (got["played"], got["won"], got["unfinished"], got["win_rate"]) == (
        played,
        won,
        unfinished,
        rate,
    )
    assert got["figures"]["points"] == points


def test_games_are_apart_and_single_players_make_no_team() -> None:
    casino = aggregate(SESSIONS)["games"]["casino"]
    assert casino["teams"] == []
    assert [(r["player"], r["played"], r["won"]) for r in casino["players"]] == [
        ("a", 1, 1),
        ("b", 1, 0),
    ]


def test_form_is_the_win_rate_after_each_session_in_date_order() -> None:
    form = row(aggregate(SESSIONS)["games"]["seep"]["players"], player="c")["form"]
    assert form == [
        {"session": 2, "date": "2024-01-01T20:00", "result": "lost", "win_rate": 0.0},
        {"session": 1, "date": "2024-01-02", "result": "lost", "win_rate": 0.0},
        {"session": 3, "date": "2024-01-03", "result": None, "win_rate": 0.0},
    ]
    mixed = [
        session(
            7,
            "seep",
            "2024-02-01",
            [["x"], ["y"]],
            0,
            seep_figures(1, 10, 0, 10),
            seep_figures(1, 9, 0, 9),
        ),
        session(
            8,
            "seep",
            "2024-02-02",
            [["x"], ["y"]],
            1,
            seep_figures(1, 10, 0, 10),
            seep_figures(1, 9, 0, 9),
        ),
        session(
            9,
            "seep",
            "2024-02-03",
            [["y"], ["x"]],
            1,
            seep_figures(1, 10, 0, 10),
            seep_figures(1, 9, 0, 9),
        ),
    ]
    rates = [
        f["win_rate"] for f in row(aggregate(mixed)["games"]["seep"]["players"], player="x")["form"]
    ]
    assert rates == [1.0, 0.5, 0.667]
    # A draw is played and not won: the rate falls. A session not finished changes nothing.
    level = seep_figures(1, 10, 0, 10)
    mixed.append(session(10, "seep", "2024-02-04", [["x"], ["y"]], None, level, level))
    mixed.append(
        session(11, "seep", "2024-02-05", [["x"], ["y"]], None, level, level, finished=False)
    )
    form = row(aggregate(mixed)["games"]["seep"]["players"], player="x")["form"]
    assert [(f["result"], f["win_rate"]) for f in form] == [
        ("won", 1.0),
        ("lost", 0.5),
        ("won", 0.667),
        ("drawn", 0.5),
        (None, 0.5),
    ]


def test_a_merged_player_is_one_player() -> None:
    # The caller merges by giving one id: "a" and "a2" become "a" and their sessions add up.
    split = [
        session(1, "casino", "2024-01-01", [["a"], ["b"]], 0, *[seep_figures(1, 5, 0, 5)] * 2),
        session(2, "casino", "2024-01-02", [["a2"], ["b"]], 0, *[seep_figures(1, 5, 0, 5)] * 2),
    ]
    merged = [s | {"teams": [["a"], ["b"]]} for s in split]
    partners = [
        session(
            3, "seep", "2024-01-03", [["a", "a2"], ["b", "c"]], 0, *[seep_figures(1, 5, 0, 5)] * 2
        )
    ]
    once = aggregate([s | {"teams": [["a", "a"], ["b", "c"]]} for s in partners])["games"]["seep"]
    assert [(r["player"], r["played"]) for r in once["players"]] == [("a", 1), ("b", 1), ("c", 1)]
    assert [t["players"] for t in once["teams"]] == [["b", "c"]]  # "a" alone is no pair
    assert len(aggregate(split)["games"]["casino"]["players"]) == 3
    got = row(aggregate(merged)["games"]["casino"]["players"], player="a")
    assert (got["played"], got["won"]) == (2, 2)


@pytest.mark.parametrize(
    ("first", "second", "games"),
    [
        # sessions 1 and 2 opposite (a won both); session 3 together; casino: a beat b
        (["a"], ["c"], {"seep": met(2, [2, 0], 2, 0, [220, 130])}),
        (
            ["a"],
            ["b"],
            {
                "casino": met(1, [1, 0], 1, 0, [21, 10]),
                "seep": met(0, [0, 0], 0, 1, [30, 70]),  # session 3, not finished: its points
            },
        ),
        # session 3: a & c against b & d, not finished
        (["a"], ["d"], {"seep": met(2, [2, 0], 2, 1, [250, 200])}),
        (["a", "b"], ["d", "c"], {"seep": met(2, [2, 0], 2, 0, [220, 130])}),
        (["a", "b"], ["a", "c"], {}),  # never opposite
        (["a"], ["z"], {}),  # z never played
    ],
)
def test_head_to_head(first: list[str], second: list[str], games: Json) -> None:
    """Sessions met in count as played once finished; the points of every one count."""
    got = head_to_head(SESSIONS, first, second)
    assert got["games"] == games
    assert (got["first"], got["second"]) == (sorted(first), sorted(second))


def test_ids_are_listed_in_increasing_order() -> None:
    figures = seep_figures(1, 10, 0, 10)
    numbered = [session(1, "seep", "2024-01-01", [[10, 9], [2, 11]], 0, figures, figures)]
    assert [t["players"] for t in aggregate(numbered)["games"]["seep"]["teams"]] == [
        [9, 10],
        [2, 11],
    ]
    got = head_to_head(numbered, [10, 9], [11, 2])
    assert (got["first"], got["second"]) == ([9, 10], [2, 11])
