"""Fifty-six tables (tokens) and the game's standing: rules/fifty-six.md F6, F7, F10, F14–F17,
the session options of API.md (F1, F2, F16) and the deal record's validation.

Every expectation is worked out from the rules text; the schedule of F15 is written out here
again rather than read off the engine. Random deal sequences prove that tables are conserved.
"""

from __future__ import annotations

import doctest
import random
from typing import Any

import pytest

from scorekeeper.rules import InvalidInput, Table
from scorekeeper.rules.fifty_six import options as options_module
from scorekeeper.rules.fifty_six import score as score_module
from scorekeeper.rules.fifty_six.options import check_table, parse_options, table_for
from scorekeeper.rules.fifty_six.record import parse_deal
from scorekeeper.rules.fifty_six.score import after_in_order, settle, standing, tables_moved

from .helpers import refused, said

Json = dict[str, Any]
SIDES4 = Table(2, 2)
PAIRS6 = Table(3, 2)
PAIRS8 = Table(4, 2)


def opts(**given: Any) -> Json:
    return parse_options(given)


def deal(
    seat: int, value: int, points: int, trump: str = "S", double: int = 0, **more: Any
) -> Json:
    return {
        "contract": {"seat": seat, "value": value, "trump": trump, "double": double},
        "points": points,
        **more,
    }


# -- options and seating (F1, F2) ------------------------------------------------------------


def test_options_default_to_sides_multiply_12_tables_and_seat_0_dealing_first() -> None:
    defaults = {"teams": "sides", "doubling": "multiply", "tables": 12, "first_dealer": 0}
    defaults |= {"games": None, "deals": None}  # a round's length (rules/lengths.py): none
    assert parse_options(None) == defaults
    assert parse_options({}) == parse_options(None)
    given = {"teams": "pairs", "doubling": "additive", "tables": 5, "first_dealer": 3}
    assert parse_options(given) == defaults | given


def test_f7_the_first_dealer_is_a_seat_of_the_table() -> None:
    assert table_for(6, opts(first_dealer=5)) == Table(2, 3)
    with refused("F7") as caught:
        table_for(4, opts(first_dealer=4))
    assert caught.value.code == "bad-option"


@pytest.mark.parametrize(
    "raw",
    [
        {"tables": 0},
        {"tables": 100},
        {"tables": True},
        {"tables": 12.0},
        {"tables": "12"},
        {"teams": "trios"},
        {"doubling": "square"},
        {"first_dealer": 8},
        {"first_dealer": -1},
        {"tables": 12, "target": 5},
        ["pairs"],
    ],
    ids=str,
)
def test_bad_options_are_refused(raw: object) -> None:
    with pytest.raises(InvalidInput) as caught:
        parse_options(raw)
    assert caught.value.code in {"bad-option", "unknown-option", "bad-options"}


@pytest.mark.parametrize(
    ("players", "teams", "table", "team_of_seats"),
    [
        pytest.param(4, "sides", Table(2, 2), [0, 1, 0, 1], id="F2: 4 players, two sides"),
        pytest.param(6, "sides", Table(2, 3), [0, 1, 0, 1, 0, 1], id="F2: 3 v 3"),
        pytest.param(8, "sides", Table(2, 4), [0, 1] * 4, id="F2: 4 v 4"),
        pytest.param(4, "pairs", Table(2, 2), [0, 1, 0, 1], id="F2: 4 players, 2 pairs"),
        pytest.param(6, "pairs", Table(3, 2), [0, 1, 2, 0, 1, 2], id="F2: 6 players, 3 pairs"),
        pytest.param(8, "pairs", Table(4, 2), [0, 1, 2, 3] * 2, id="F2: 8 players, 4 pairs"),
    ],
)
def test_seating_follows_f2(
    players: int, teams: str, table: Table, team_of_seats: list[int]
) -> None:
    got = table_for(players, opts(teams=teams))
    assert got == table
    assert [got.team_of(seat) for seat in range(players)] == team_of_seats
    check_table(table, opts(teams=teams))


@pytest.mark.parametrize("players", [2, 3, 5, 10])
def test_f1_other_player_counts_are_refused(players: int) -> None:
    with refused("F1"):
        table_for(players, opts())


def test_a_table_of_the_wrong_shape_is_refused() -> None:
    with refused("F2"):
        check_table(Table(3, 2), opts(teams="sides"))
    with refused("F1"):
        check_table(Table(5, 2), opts(teams="pairs"))


# -- F15, F16: how many tables move ----------------------------------------------------------

# F15 written out: bid -> (made, lost).
SCHEDULE = {28: (1, 2), 39: (1, 2), 40: (2, 3), 47: (2, 3), 48: (3, 4), 55: (3, 4), 56: (4, 5)}


@pytest.mark.parametrize(
    ("value", "made", "double", "doubling", "moved"),
    [
        pytest.param(40, False, 0, "multiply", 3, id="F15 worked example: 40 lost pays 3"),
        pytest.param(40, False, 1, "multiply", 6, id="F16 worked example: doubled pays 6"),
        pytest.param(40, False, 2, "multiply", 12, id="F16 worked example: redoubled pays 12"),
        pytest.param(40, False, 1, "additive", 4, id="F16 additive: doubled 3 + 1"),
        pytest.param(40, False, 2, "additive", 5, id="F16 additive: redoubled 3 + 2"),
        pytest.param(56, True, 2, "multiply", 16, id="F16: 56 made redoubled 4 x 4"),
        pytest.param(56, True, 2, "additive", 6, id="F16 additive: 56 made redoubled 4 + 2"),
        pytest.param(28, True, 1, "multiply", 2, id="F16: 28 made doubled 1 x 2"),
        pytest.param(28, True, 1, "additive", 2, id="F16 additive: 28 made doubled 1 + 1"),
        pytest.param(48, False, 1, "multiply", 8, id="F16: 48 lost doubled 4 x 2"),
    ],
)
def test_tables_moved_rows(value: int, made: bool, double: int, doubling: str, moved: int) -> None:
    assert tables_moved(value, made, double, doubling) == moved


@pytest.mark.parametrize("value", range(28, 57))
def test_f15_schedule_for_every_bid(value: int) -> None:
    low = max(v for v in SCHEDULE if v <= value and (v == 28 or v in (40, 48, 56)))
    made, lost = SCHEDULE[low]
    assert tables_moved(value, True, 0, "multiply") == made
    assert tables_moved(value, False, 0, "multiply") == lost
    assert tables_moved(value, True, 0, "additive") == made


# -- F15, F17: settling a deal ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("table", "before", "team", "amount", "made", "after", "transfers"),
    [
        pytest.param(
            SIDES4,
            (12, 12),
            1,
            3,
            False,
            (15, 9),
            [[1, 0, 3]],
            id="F15 worked example: contract 40 lost pays 3 to the other side",
        ),
        pytest.param(
            SIDES4,
            (12, 12),
            1,
            12,
            False,
            (24, 0),
            [[1, 0, 12]],
            id="F17: redoubled 12 takes every table: out",
        ),
        pytest.param(
            SIDES4,
            (12, 12),
            0,
            2,
            True,
            (14, 10),
            [[1, 0, 2]],
            id="F15: a made contract takes from the other side",
        ),
        pytest.param(
            PAIRS6,
            (12, 12, 12),
            1,
            2,
            False,
            (14, 8, 14),
            [[1, 2, 2], [1, 0, 2]],
            id="F15 pairs, 3 teams: lost pays each other team, in playing order",
        ),
        pytest.param(
            PAIRS6,
            (12, 12, 12),
            2,
            3,
            True,
            (9, 9, 18),
            [[0, 2, 3], [1, 2, 3]],
            id="F15 pairs, 3 teams: made takes from each other team",
        ),
        pytest.param(
            PAIRS8,
            (12, 12, 12, 12),
            0,
            4,
            True,
            (24, 8, 8, 8),
            [[1, 0, 4], [2, 0, 4], [3, 0, 4]],
            id="F15 pairs, 4 teams: made takes from three teams",
        ),
        pytest.param(
            PAIRS8,
            (12, 12, 12, 12),
            2,
            5,
            False,
            (17, 14, 0, 17),
            [[2, 3, 5], [2, 0, 5], [2, 1, 2]],
            id="F17 pairs, 4 teams: out mid-payment, paid from the payer on: 3, 0, 1",
        ),
        pytest.param(
            PAIRS6,
            (10, 12, 5),
            2,
            4,
            False,
            (14, 13, 0),
            [[2, 0, 4], [2, 1, 1]],
            id="F17: a team short pays what it has in playing order and is out",
        ),
        pytest.param(
            PAIRS6,
            (10, 2, 12),
            0,
            4,
            True,
            (16, 0, 8),
            [[1, 0, 2], [2, 0, 4]],
            id="F17: a payer short of a made contract pays what it has",
        ),
        pytest.param(
            PAIRS6,
            (10, 0, 14),
            0,
            2,
            False,
            (8, 0, 16),
            [[0, 2, 2]],
            id="F6: a team that is out neither receives",
        ),
        pytest.param(
            PAIRS6,
            (10, 0, 14),
            2,
            3,
            True,
            (7, 0, 17),
            [[0, 2, 3]],
            id="F6: a team that is out neither pays",
        ),
        pytest.param(
            PAIRS6,
            (10, 0, 14),
            1,
            3,
            True,
            (10, 0, 14),
            [],
            id="F6: a team that is out moves nothing",
        ),
    ],
)
def test_settle_rows(
    table: Table,
    before: tuple[int, ...],
    team: int,
    amount: int,
    made: bool,
    after: tuple[int, ...],
    transfers: list[list[int]],
) -> None:
    assert settle(before, team, amount, made, table) == (after, transfers)


@pytest.mark.parametrize(
    ("table", "team", "order"),
    [(PAIRS8, 2, [3, 0, 1]), (PAIRS6, 0, [1, 2]), (SIDES4, 1, [0])],
    ids=["8 players: 2 pays 3, 0, 1", "6 players: 0 pays 1, 2", "sides: 1 pays 0"],
)
def test_f17_playing_order_from_the_payer_goes_round_the_seats(
    table: Table, team: int, order: list[int]
) -> None:
    assert after_in_order(table, team) == order
    # The same order whichever of the payer's seats one starts from.
    for seat in (s for s in range(table.seats) if table.team_of(s) == team):
        seen = [table.team_of((seat + k) % table.seats) for k in range(1, table.seats)]
        assert list(dict.fromkeys(t for t in seen if t != team)) == order


# -- the standing ----------------------------------------------------------------------------


def fold(table: Table, options: Json, raws: list[Json]) -> Json:
    records = []
    for raw in raws:
        records.append(parse_deal(raw, table, options, records))
    return standing(table, options, records)


def test_worked_example_40_diamonds_lost_by_one_point_in_a_standing() -> None:
    for double, paid in [(0, 3), (1, 6), (2, 12)]:
        got = fold(SIDES4, opts(), [deal(1, 40, 39, "D", double)])
        assert got["deals"][0]["made"] is False
        assert got["deals"][0]["transfers"] == [[1, 0, paid]]
        assert got["tables"] == [12 + paid, 12 - paid]


def test_f14_reaching_the_bid_makes_it() -> None:
    got = fold(SIDES4, opts(), [deal(1, 40, 40, "D")])
    assert got["deals"][0]["made"] is True
    assert got["tables"] == [10, 14]


def test_additive_doubling_in_a_standing() -> None:
    got = fold(SIDES4, opts(doubling="additive"), [deal(1, 40, 39, "D", 2)])
    assert got["deals"][0]["transfers"] == [[1, 0, 5]]


def test_f10_all_pass_is_28_nt_for_the_team_after_the_dealer() -> None:
    got = fold(PAIRS6, opts(teams="pairs"), [{"contract": None, "points": 28, "dealer": 4}])
    row = got["deals"][0]
    assert row["contract"] == {"seat": 5, "team": 2, "value": 28, "trump": "NT", "double": 0}
    assert row["made"] is True
    assert row["transfers"] == [[0, 2, 1], [1, 2, 1]]


def test_f7_the_chosen_first_dealer_deals_first() -> None:
    got = fold(SIDES4, opts(first_dealer=2), [{"contract": None, "points": 10}] * 2)
    assert [r["dealer"] for r in got["deals"]] == [2, 3]
    assert got["deals"][0]["contract"]["seat"] == 3  # F10: the seat after the dealer


def test_f7_the_dealer_rotates_from_seat_0_and_follows_a_recorded_dealer() -> None:
    raws = [{"contract": None, "points": 10}] * 3
    raws = [*raws, {"contract": None, "points": 10, "dealer": 2}, {"contract": None, "points": 10}]
    got = fold(SIDES4, opts(), raws)
    assert [r["dealer"] for r in got["deals"]] == [0, 1, 2, 2, 3]
    assert [r["contract"]["seat"] for r in got["deals"]] == [1, 2, 3, 3, 0]
    assert got["next_dealer"] == 0


def test_the_game_is_won_when_the_other_side_is_out() -> None:
    got = fold(SIDES4, opts(tables=5), [deal(0, 48, 50), deal(3, 56, 30)])
    assert got["deals"][0]["transfers"] == [[1, 0, 3]]  # F15: 48 made, 3
    assert got["deals"][1]["transfers"] == [[1, 0, 2]]  # F17: 5 due, 2 left
    assert got["tables"] == [10, 0]
    assert (got["out"], got["winner"], got["finished"]) == ([1], 0, True)


def test_pairs_one_team_out_then_the_last_team_holding_tables_wins() -> None:
    options = opts(teams="pairs", tables=4)
    first = fold(PAIRS6, options, [deal(1, 40, 20)])  # team 1 pays 3 to 2, then 1 to 0
    assert first["deals"][0]["transfers"] == [[1, 2, 3], [1, 0, 1]]
    assert (first["tables"], first["out"], first["winner"]) == ([5, 0, 7], [1], None)
    second = fold(PAIRS6, options, [deal(1, 40, 20), deal(3, 56, 56, "NT", 1)])
    # Team 0 made 56 doubled: 8 from team 2 (which has 7); team 1 is out and pays nothing.
    assert second["deals"][1]["transfers"] == [[2, 0, 7]]
    assert (second["tables"], second["out"], second["winner"]) == ([12, 0, 0], [1, 2], 0)


def test_the_seats_of_a_team_that_is_out_neither_deal_nor_bid_first() -> None:
    options = opts(teams="pairs", tables=2)
    got = fold(PAIRS6, options, [deal(1, 28, 0), {"contract": None, "points": 0}])
    # Team 1 (seats 1, 4) went out in deal 1; the deal passes from seat 0 to seat 2, and
    # the first bidder after dealer 2 is seat 3.
    assert got["deals"][1]["dealer"] == 2
    assert got["deals"][1]["contract"]["seat"] == 3


# -- deal records ----------------------------------------------------------------------------


def test_a_deal_record_is_returned_in_canonical_form() -> None:
    raw = {"contract": {"seat": 1, "value": 40, "trump": "S"}, "points": 44}
    assert parse_deal(raw, SIDES4, opts()) == deal(1, 40, 44, "S", 0)
    assert parse_deal({"contract": None, "points": 3, "dealer": 3}, SIDES4, opts()) == {
        "contract": None,
        "points": 3,
        "dealer": 3,
    }


BAD_DEALS = [
    ("bad-field", "F8: a bid of 27", deal(1, 27, 30)),
    ("bad-field", "F8: a bid of 57", deal(1, 57, 30)),
    ("bad-field", "F8: a bid of 60", deal(1, 60, 30)),
    ("bad-field", "F5: 57 card points", deal(1, 40, 57)),
    ("bad-field", "F5: -1 card points", deal(1, 40, -1)),
    ("bad-field", "points not whole", deal(1, 40, 30.5)),
    ("bad-field", "points true", deal(1, 40, True)),
    ("bad-field", "a seat that does not exist", deal(4, 40, 30)),
    ("bad-field", "F8: an unknown trump", deal(1, 40, 30, "X")),
    ("bad-field", "F8: a trump in lower case", deal(1, 40, 30, "s")),
    ("bad-field", "F9: double 3", deal(1, 40, 30, "S", 3)),
    ("bad-field", "a dealer that does not exist", deal(1, 40, 30, dealer=4)),
    (
        "bad-double",
        "F10: a double on an all-pass deal",
        {"contract": None, "points": 3, "double": 1},
    ),
    ("unknown-field", "an unknown field", deal(1, 40, 30, bidder=1)),
    (
        "unknown-field",
        "an unknown contract field",
        {"contract": {"seat": 1, "value": 40, "trump": "S", "x": 1}, "points": 1},
    ),
    ("missing-field", "no points", {"contract": None}),
    ("missing-field", "no contract", {"points": 30}),
    ("missing-field", "no trump", {"contract": {"seat": 1, "value": 40}, "points": 1}),
    ("bad-field", "not an object", [1, 40]),
]


@pytest.mark.parametrize(("code", "raw"), [pytest.param(c, r, id=w) for c, w, r in BAD_DEALS])
def test_bad_deals_are_refused(code: str, raw: Any) -> None:
    with pytest.raises(InvalidInput) as caught:
        parse_deal(raw, SIDES4, opts())
    assert caught.value.code == code
    assert said(caught.value)


def test_a_deal_after_the_game_is_won_is_refused() -> None:
    options = opts(tables=1)
    won = [parse_deal(deal(0, 28, 30), SIDES4, options)]
    assert standing(SIDES4, options, won)["winner"] == 0
    with pytest.raises(InvalidInput) as caught:
        parse_deal(deal(1, 28, 30), SIDES4, options, won)
    assert caught.value.code == "game-over"
    assert "Team A holds every table" in said(caught.value)


def test_a_contract_by_a_team_that_is_out_is_refused() -> None:
    options = opts(teams="pairs", tables=1)
    before = [parse_deal(deal(1, 28, 0), PAIRS6, options)]
    assert standing(PAIRS6, options, before)["out"] == [1]
    with pytest.raises(InvalidInput) as caught:
        parse_deal(deal(4, 28, 30), PAIRS6, options, before)
    assert caught.value.code == "team-out"
    parse_deal(deal(5, 28, 30), PAIRS6, options, before)  # team 2 still plays


def test_f6_a_new_game_starts_every_team_at_the_starting_tables() -> None:
    options = opts(tables=1)
    won = [parse_deal(deal(0, 28, 30, dealer=3), SIDES4, options)]
    again = parse_deal({**deal(2, 28, 0), "new_game": True}, SIDES4, options, won)
    assert again["new_game"] is True
    got = standing(SIDES4, options, [*won, again])
    assert [r["game"] for r in got["deals"]] == [1, 2]
    assert got["deals"][1]["dealer"] == 0  # F7: the deal goes on round the table
    assert (got["game"], got["games"], got["tables"], got["winner"]) == (2, [0], [0, 2], 1)


def test_a_new_game_while_one_is_on_is_refused() -> None:
    with pytest.raises(InvalidInput) as caught:
        parse_deal({**deal(2, 28, 0), "new_game": True}, SIDES4, opts(), [])
    assert caught.value.code == "game-not-over"


def test_the_standing_of_any_stored_sequence_is_total() -> None:
    # An edit can leave a deal after a won game without new_game: it starts the next game.
    options = opts(tables=1)
    got = standing(SIDES4, options, [deal(0, 28, 30), deal(1, 28, 30), deal(1, 28, 30)])
    assert (got["games"], got["game"], got["winner"]) == ([0, 1], 3, 1)


def test_a_recorded_auction_is_kept_when_it_gives_the_contract() -> None:
    calls = [
        {"seat": 1, "call": "bid", "value": 28, "trump": "D"},
        {"seat": 2, "call": "double"},
        {"seat": 3, "call": "pass"},
        {"seat": 0, "call": "pass"},
        {"seat": 1, "call": "pass"},
    ]  # the worked example of fifty-six.md: 28♦ for team 1, doubled
    got = parse_deal(deal(1, 28, 30, "D", 1, dealer=0, auction=calls), SIDES4, opts(), [])
    assert got["auction"] == calls
    passes = [{"seat": s, "call": "pass"} for s in (1, 2, 3, 0)]
    all_pass = {"contract": None, "points": 20, "auction": passes}  # seat 0 deals first
    assert parse_deal(all_pass, SIDES4, opts(), [])["auction"] == passes  # F10


def test_f6_the_seats_of_a_team_that_is_out_sit_out_of_the_auction() -> None:
    options = opts(teams="pairs", tables=1)
    before = [parse_deal(deal(1, 28, 0, dealer=0), PAIRS6, options)]  # team 1 is out
    assert standing(PAIRS6, options, before)["next_dealer"] == 2  # F7: past seat 1
    # Seat 4 (team 1) sits out: after seat 3 comes seat 5; everyone passing ends it (F10),
    # and the contract is 28 NT for seat 3's team, as the standing has it.
    passes = [{"seat": s, "call": "pass"} for s in (3, 5, 0, 2)]
    raw = {"contract": None, "points": 30, "auction": passes}
    assert parse_deal(raw, PAIRS6, options, before)["auction"] == passes
    row = standing(PAIRS6, options, [*before, parse_deal(raw, PAIRS6, options, before)])
    assert row["deals"][1]["contract"]["seat"] == 3
    with pytest.raises(InvalidInput) as caught:
        parse_deal(
            {**raw, "auction": [{"seat": 3, "call": "pass"}, {"seat": 4, "call": "pass"}]},
            PAIRS6,
            options,
            before,
        )
    assert caught.value.code == "bad-auction"


BAD_AUCTIONS = [
    ("not a list", deal(1, 28, 30, auction={"seat": 1})),
    ("F8: a call that cannot be read", deal(1, 28, 30, auction=[{"seat": 1, "call": "raise"}])),
    ("F10: not over", deal(1, 28, 30, dealer=0, auction=[{"seat": 1, "call": "pass"}])),
    ("F7: out of turn", deal(2, 28, 30, dealer=0, auction=[{"seat": 2, "call": "pass"}])),
    (
        "another contract",
        deal(
            1,
            29,
            30,
            dealer=0,
            auction=[{"seat": 1, "call": "bid", "value": 28, "trump": "D"}]
            + [{"seat": s, "call": "pass"} for s in (2, 3, 0)],
        ),
    ),
]


@pytest.mark.parametrize("raw", [pytest.param(r, id=w) for w, r in BAD_AUCTIONS])
def test_a_recorded_auction_that_does_not_give_the_contract_is_refused(raw: Json) -> None:
    with pytest.raises(InvalidInput) as caught:
        parse_deal(raw, SIDES4, opts(), [])
    assert caught.value.code in {"bad-auction", "bad-field"}


# -- random deal sequences: tables are conserved ---------------------------------------------

SHAPES = [
    pytest.param(players, teams, doubling, id=f"{players}p-{teams}-{doubling}")
    for players in (4, 6, 8)
    for teams in ("sides", "pairs")
    for doubling in ("multiply", "additive")
]


def random_raw(rng: random.Random, table: Table) -> Json:
    if rng.random() < 0.15:
        return {"contract": None, "points": rng.randint(0, 56)}
    value = rng.choice([28, 30, 35, 39, 40, 44, 47, 48, 52, 55, 56])
    points = rng.randint(max(0, value - 12), 56)
    return deal(
        rng.randrange(table.seats),
        value,
        points,
        rng.choice("SHDC") if rng.random() < 0.8 else "NT",
        rng.choice([0, 0, 0, 1, 2]),
    )


@pytest.mark.parametrize(("players", "teams", "doubling"), SHAPES)
def test_tables_are_conserved_over_random_deal_sequences(
    players: int, teams: str, doubling: str
) -> None:
    rng = random.Random(f"{players}{teams}{doubling}")
    finished = 0
    for _ in range(60):
        options = opts(teams=teams, doubling=doubling, tables=rng.randint(1, 15))
        table = table_for(players, options)
        start = [options["tables"]] * table.teams
        records: list[Json] = []
        while len(records) < 200:
            raw = random_raw(rng, table)
            try:
                records.append(parse_deal(raw, table, options, records))
            except InvalidInput as refused:
                assert refused.code in {"game-over", "team-out"}
                if refused.code == "game-over":
                    break
        got = standing(table, options, records)
        tables = start
        for row in got["deals"]:
            moved = list(tables)
            for payer, payee, n in row["transfers"]:
                assert n > 0 and payer != payee
                assert tables[payer] > 0 and tables[payee] > 0  # F6: the out move nothing
                moved[payer] -= n
                moved[payee] += n
            assert moved == row["tables"]
            assert min(moved) >= 0
            assert sum(moved) == sum(start)  # conserved
            tables = moved
        assert got["tables"] == tables
        assert got["out"] == [t for t, n in enumerate(tables) if n == 0]
        holding = [t for t, n in enumerate(tables) if n]
        assert got["winner"] == (holding[0] if len(holding) == 1 else None)
        finished += got["winner"] is not None
    assert finished > 50  # games do end


def test_module_doctests() -> None:
    for module in (score_module, options_module):
        failed, attempted = doctest.testmod(module)
        assert attempted > 0
        assert failed == 0
