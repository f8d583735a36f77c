"""Casino score keeping: rules/casino.md K1 (seating), K11 (points per deal), K12 (sweeps),
K13 (the race to 21 and counting out), the options of API.md and a deal record's checks.

Every expectation is worked out from the rules text by hand, not read off the engine.
"""

from __future__ import annotations

import doctest
import random
from typing import Any

import pytest

from scorekeeper.rules import InvalidInput, Table
from scorekeeper.rules.casino import CASINO
from scorekeeper.rules.casino import options as options_module
from scorekeeper.rules.casino import record as record_module
from scorekeeper.rules.casino import score as score_module

from .helpers import refused

Json = dict[str, Any]
TWO, THREE, FOUR, PAIRS = Table(2, 1), Table(3, 1), Table(4, 1), Table(2, 2)


def opts(**given: Any) -> Json:
    return CASINO.parse_options(given)


def rec(
    cards: list[int],
    spades: list[int],
    aces: list[int],
    big: int,
    little: int,
    sweeps: list[int] | None = None,
) -> Json:
    """A deal record as API.md writes it."""
    out: Json = {
        "cards": cards,
        "spades": spades,
        "aces": aces,
        "big_casino": big,
        "little_casino": little,
    }
    return out if sweeps is None else out | {"sweeps": sweeps}


# Two-player deals and their points by hand (K11).
ALL_A = rec([40, 12], [10, 3], [0, 0, 0, 0], 0, 0)  # 3 + 1 + 4 + 2 + 1 = 11 to A
ALL_B = rec([12, 40], [3, 10], [1, 1, 1, 1], 1, 1)  # 11 to B
EVEN = rec([26, 26], [7, 6], [0, 0, 1, 1], 1, 0)  # cards tie: A 1+2+1 = 4, B 2+2 = 4
A6_B5 = rec([30, 22], [6, 7], [0, 0, 1, 1], 1, 0)  # A 3+2+1 = 6, B 1+2+2 = 5
# B 3 (cards) + 1 (2♠) = 4; A 1 (spades) + 2 (10♦) + 4 (aces) = 7: A has more, B counts first.
B_COUNTS_FIRST = rec([22, 30], [7, 6], [0, 0, 0, 0], 0, 1)


def test_options_default_to_classic_without_sweeps_or_counting_out() -> None:
    defaults = {"variant": "classic", "sweeps": "off", "count_out": "off", "partnerships": "off"}
    defaults |= {"games": None, "deals": None}  # a round's length (rules/lengths.py): none
    assert CASINO.parse_options(None) == defaults | {"aces": "choice"}  # K3
    given = {"variant": "royal", "sweeps": "on", "count_out": "on", "partnerships": "on"}
    for aces in ("choice", "capturing", "one"):
        assert CASINO.parse_options(given | {"aces": aces}) == defaults | given | {"aces": aces}


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ({"variant": "modern"}, "bad-option"),
        ({"sweeps": True}, "bad-option"),
        ({"count_out": 1}, "bad-option"),
        ({"aces": "fourteen"}, "bad-option"),  # K3
        ({"aces": 14}, "bad-option"),
        ({"ace": "one"}, "unknown-option"),
        ({"target": 21}, "unknown-option"),
        (["royal"], "bad-options"),
    ],
)
def test_bad_options_are_refused(raw: object, code: str) -> None:
    with pytest.raises(InvalidInput) as caught:
        CASINO.parse_options(raw)
    assert caught.value.code == code


@pytest.mark.parametrize("raw", [{"aces": "fourteen"}, {"aces": 14}, {"ace": "one"}])
def test_a_bad_aces_option_is_named(raw: dict[str, object]) -> None:
    """K3: the refusal names the option and, for a bad value, the values there are."""
    with pytest.raises(InvalidInput) as caught:
        CASINO.parse_options(raw)
    assert caught.value.params["option"] == next(iter(raw))
    if caught.value.code == "bad-option":
        assert caught.value.params["choices"] == ["choice", "capturing", "one"]


# -- K1: who sits where ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "partnerships", "table"),
    [
        (2, "off", TWO),
        (3, "off", THREE),
        (4, "off", FOUR),
        (4, "on", PAIRS),  # K1: two partnerships, partners opposite
        (2, "on", TWO),  # nobody to pair
        (3, "on", THREE),
    ],
)
def test_k1_tables(players: int, partnerships: str, table: Table) -> None:
    options = opts(partnerships=partnerships)
    assert CASINO.table_for(players, options) == table
    CASINO.check_table(table, options)


@pytest.mark.parametrize(
    ("table", "partnerships", "match"),
    [
        (PAIRS, "off", "partnerships"),  # two teams of two need the option
        (FOUR, "on", "2 sides of 2"),
        (Table(3, 2), "off", "2, 3 or 4 players"),
        (Table(5, 1), "off", "2, 3 or 4 players"),
        (Table(2, 3), "on", "2, 3 or 4 players"),
    ],
)
def test_k1_other_tables_are_refused(table: Table, partnerships: str, match: str) -> None:
    with refused(match) as caught:
        CASINO.check_table(table, opts(partnerships=partnerships))
    assert caught.value.code in ("bad-teams", "bad-players")


def test_k1_five_players_are_refused() -> None:
    with refused("K1"):
        CASINO.table_for(5, opts())


# -- K11, K12: points per deal -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("deal", "sides", "points", "most"),
    [
        (ALL_A, 2, [11, 0], {"cards": 0, "spades": 0}),
        (ALL_B, 2, [0, 11], {"cards": 1, "spades": 1}),
        # K11: a tie for most cards scores nothing: 8 points in the deal.
        (EVEN, 2, [4, 4], {"cards": None, "spades": 0}),
        (A6_B5, 2, [6, 5], {"cards": 0, "spades": 1}),
        # Three sides: a tie for most spades (5, 5, 3) scores nothing either.
        (
            rec([20, 20, 12], [5, 5, 3], [0, 1, 2, 2], 2, 0),
            3,
            [2, 1, 4],
            {"cards": None, "spades": None},
        ),
        (rec([12, 25, 15], [6, 4, 3], [2, 1, 0, 0], 1, 0), 3, [4, 6, 1], {"cards": 1, "spades": 0}),
        # Four sides: the spread of 11 points.
        (
            rec([10, 16, 13, 13], [1, 5, 4, 3], [0, 1, 2, 3], 3, 2),
            4,
            [1, 5, 2, 3],
            {"cards": 1, "spades": 1},
        ),
        # K12: each sweep 1, on top of the 11 (sweeps given when the option is on).
        (rec([40, 12], [10, 3], [0, 0, 0, 0], 0, 0, [2, 3]), 2, [13, 3], {"cards": 0, "spades": 0}),
    ],
)
def test_k11_k12_points_per_deal(deal: Json, sides: int, points: list[int], most: Json) -> None:
    assert score_module.deal_points(deal, sides) == (points, most)


def test_k11_a_deal_scores_11_less_ties_plus_sweeps_on_random_records() -> None:
    """Random valid records: the points add up to 11, less 3 for a tie for cards and 1 for a
    tie for spades, plus one per sweep (K11, K12)."""
    rng = random.Random(8)
    for _ in range(500):
        sides = rng.choice((2, 3, 4))
        table = Table(sides, 1)
        deal = CASINO.parse_deal(random_record(rng, sides), table, opts(sweeps="on"))
        points, _most = score_module.deal_points(deal, sides)
        cards_tie = deal["cards"].count(max(deal["cards"])) > 1
        spades_tie = deal["spades"].count(max(deal["spades"])) > 1
        assert sum(points) == 11 - 3 * cards_tie - spades_tie + sum(deal["sweeps"])


def random_record(rng: random.Random, sides: int) -> Json:
    """A record a real deal could give: 52 cards dealt out, the scoring cards among them."""
    owner = [rng.randrange(sides) for _ in range(52)]  # 0-12 spades (A♠ 0, 2♠ 1), 13 10♦ …
    cards = [owner.count(s) for s in range(sides)]
    spades = [owner[:13].count(s) for s in range(sides)]
    aces = [owner[0], owner[14], owner[27], owner[40]]
    sweeps = [rng.randrange(cards[s] // 2 + 1) for s in range(sides)]
    return rec(cards, spades, aces, owner[13], owner[1], sweeps)


# -- K13: the race to 21 -----------------------------------------------------------------------


def race(deals: list[Json], **options: Any) -> Json:
    return CASINO.standing(TWO, opts(**options), deals)


@pytest.mark.parametrize(
    ("deals", "options", "scores", "winner", "won"),
    [
        ([], {}, [0, 0], None, None),
        ([ALL_A], {}, [11, 0], None, None),
        # K13: the first side to reach 21 wins.
        ([ALL_A, ALL_A], {}, [22, 0], 0, {"deal": 2, "by": "first", "at": None}),
        (
            [ALL_A, ALL_B, EVEN, EVEN, A6_B5],
            {},
            [25, 24],
            0,
            {"deal": 5, "by": "higher", "at": None},
        ),
        # K13: several pass 21 in one deal: the higher total wins (A, though B counts first).
        (
            [ALL_A, ALL_B, EVEN, EVEN, B_COUNTS_FIRST],
            {},
            [26, 23],
            0,
            {"deal": 5, "by": "higher", "at": None},
        ),
        # K13: equal totals play another deal; the next one decides.
        ([ALL_A, ALL_B, EVEN, EVEN, EVEN], {}, [23, 23], None, None),
        (
            [ALL_A, ALL_B, EVEN, EVEN, EVEN, A6_B5],
            {},
            [29, 28],
            0,
            {"deal": 6, "by": "higher", "at": None},
        ),
        # K13 counting out: cards, spades, big casino, little casino, aces ♠ ♣ ♥ ♦, sweeps.
        # From 19–19 B's 3 for cards come first: B wins although A ends higher.
        (
            [ALL_A, ALL_B, EVEN, EVEN, B_COUNTS_FIRST],
            {"count_out": "on"},
            [26, 23],
            1,
            {"deal": 5, "by": "count_out", "at": "cards"},
        ),
        # From 15–15 A counts cards 18, little casino 19, A♠ 20, A♣ 21 (spades and big casino
        # are B's): A wins at its second ace.
        (
            [ALL_A, ALL_B, EVEN, A6_B5],
            {"count_out": "on"},
            [21, 20],
            0,
            {"deal": 4, "by": "count_out", "at": "AC"},
        ),
        # From 11: cards 14, spades 15, big casino 17, little casino 18, A♠ 19, A♣ 20, A♥ 21.
        (
            [ALL_A, ALL_A],
            {"count_out": "on"},
            [22, 0],
            0,
            {"deal": 2, "by": "count_out", "at": "AH"},
        ),
    ],
)
def test_k13_race_to_21(
    deals: list[Json], options: Json, scores: list[int], winner: int | None, won: Json | None
) -> None:
    standing = race(deals, **options)
    assert standing["scores"] == scores
    assert standing["winner"] == winner
    assert standing["won"] == won
    assert standing["finished"] == (winner is not None)


def test_k13_counting_out_goes_cards_spades_casinos_aces_sweeps() -> None:
    order = [name for name, _ in score_module.deal_items(A6_B5 | {"sweeps": [0, 0]}, 2)]
    assert order == [
        "cards",
        "spades",
        "big_casino",
        "little_casino",
        "AS",
        "AC",
        "AH",
        "AD",
        "sweeps",
    ]


def test_k13_equal_totals_past_21_play_on_and_the_standing_says_so() -> None:
    standing = race([ALL_A, ALL_B, EVEN, EVEN, EVEN])
    assert standing["tied"] is True
    CASINO.check_next(TWO, opts(), standing, EVEN, ["Ann", "Bob"])  # another deal is played


def test_k12_k13_counting_out_sweeps_last_can_tie_and_play_on() -> None:
    """From 15–15 the deal's items bring both to 19, then two sweeps each to 21 at once."""
    even_sweeps = rec([26, 26], [7, 6], [0, 0, 1, 1], 1, 0, [2, 2])
    standing = race([ALL_A, ALL_B, EVEN, even_sweeps], count_out="on", sweeps="on")
    assert standing["scores"] == [21, 21]
    assert (standing["winner"], standing["tied"]) == (None, True)
    standing = race([ALL_A, ALL_B, EVEN, even_sweeps, A6_B5], count_out="on", sweeps="on")
    assert standing["winner"] == 0
    assert standing["won"] == {"deal": 5, "by": "count_out", "at": "cards"}


def test_k13_a_deal_after_the_game_is_won_is_refused() -> None:
    standing = race([ALL_A, ALL_A])
    for record in (ALL_B, None):
        with refused("Ann won the race to 21") as caught:
            CASINO.check_next(TWO, opts(), standing, record, ["Ann", "Bob"])
        assert caught.value.code == "game-over"
    CASINO.check_next(TWO, opts(), race([ALL_A]), ALL_B, ["Ann", "Bob"])


@pytest.mark.parametrize(
    ("table", "options", "dealers", "next_dealer"),
    [
        # K1: seats are numbered from the seat after the dealer, so the last seat deals first;
        # the deal then passes on round the table.
        (TWO, {}, [1, 0, 1], 0),
        (THREE, {}, [2, 0, 1], 2),
        (PAIRS, {"partnerships": "on"}, [3, 0, 1], 2),
    ],
)
def test_k1_the_deal_passes_round_the_table(
    table: Table, options: Json, dealers: list[int], next_dealer: int
) -> None:
    sides = table.teams
    deal = rec([52] + [0] * (sides - 1), [13] + [0] * (sides - 1), [0] * 4, 0, 0)
    standing = CASINO.standing(table, opts(**options), [deal] * 3)
    assert [row["dealer"] for row in standing["deals"]] == dealers
    assert standing["next_dealer"] == next_dealer


def test_partnership_points_go_to_the_side() -> None:
    standing = CASINO.standing(PAIRS, opts(partnerships="on"), [A6_B5, A6_B5])
    assert [row["points"] for row in standing["deals"]] == [[6, 5], [6, 5]]
    assert standing["scores"] == [12, 10]


# -- a deal's record -------------------------------------------------------------------------


def parse(raw: object, table: Table = TWO, **options: Any) -> Json:
    return CASINO.parse_deal(raw, table, opts(**options))


def test_a_good_record_is_kept_as_given() -> None:
    assert parse(A6_B5) == A6_B5
    # K12: with the option off a list of no sweeps is no sweep; with it on, none is [0, 0].
    assert parse(A6_B5 | {"sweeps": [0, 0]}) == A6_B5
    assert parse(A6_B5, sweeps="on") == A6_B5 | {"sweeps": [0, 0]}
    assert parse(A6_B5 | {"sweeps": [1, 2]}, sweeps="on")["sweeps"] == [1, 2]


@pytest.mark.parametrize(
    ("raw", "table", "options", "code", "match"),
    [
        (A6_B5 | {"cards": [31, 22]}, TWO, {}, "bad-cards", "add up to 53, not 52"),
        (A6_B5 | {"cards": [30, 21]}, TWO, {}, "bad-cards", "add up to 51, not 52"),
        (A6_B5 | {"spades": [7, 7]}, TWO, {}, "bad-spades", "add up to 14, not 13"),
        (A6_B5 | {"aces": [0, 0, 1, 1, 0]}, TWO, {}, "bad-aces", "ace given twice"),
        (A6_B5 | {"aces": [0, 0, 1]}, TWO, {}, "bad-aces", "not 3 entries"),
        (A6_B5 | {"aces": {"AS": 0}}, TWO, {}, "bad-aces", "exactly 4"),
        (A6_B5 | {"aces": [0, 0, 2, 1]}, TWO, {}, "bad-side", "A♥.*side 2, which does not exist"),
        (
            rec([20, 20, 12], [5, 5, 3], [0, 1, 2, 2], 3, 0),
            THREE,
            {},
            "bad-side",
            "10♦.*sides are 0 to 2",
        ),
        (A6_B5 | {"little_casino": True}, TWO, {}, "bad-side", "2♠"),
        (A6_B5 | {"little_casino": -1}, TWO, {}, "bad-side", "does not exist"),
        (A6_B5 | {"cards": [30, 22, 0]}, TWO, {}, "bad-field", "one number per side: 2"),
        (A6_B5 | {"cards": [60, -8]}, TWO, {}, "bad-field", "0 to 52"),
        (A6_B5 | {"cards": [30.0, 22]}, TWO, {}, "bad-field", "whole number"),
        (A6_B5 | {"sweeps": [1, 0]}, TWO, {}, "sweeps-off", "K12"),
        (A6_B5 | {"sweeps": [16, 0]}, TWO, {"sweeps": "on"}, "bad-sweeps", "16 sweeps"),
        (A6_B5 | {"points": [6, 5]}, TWO, {}, "unknown-field", "points"),
        ({k: v for k, v in A6_B5.items() if k != "aces"}, TWO, {}, "missing-field", "aces"),
        ("30-22", TWO, {}, "bad-field", "object"),
        # A side holds at least the scoring cards it took.
        (rec([48, 4], [13, 0], [1, 1, 1, 1], 1, 0), TWO, {}, "bad-cards", "5 aces and casinos"),
        (rec([30, 22], [13, 0], [0, 0, 0, 1], 0, 1), TWO, {}, "bad-spades", "A♠ or the 2♠"),
        (rec([30, 22], [0, 13], [0, 0, 0, 0], 0, 0), TWO, {}, "bad-spades", "A♠ or the 2♠"),
        (rec([2, 50], [3, 10], [1, 1, 1, 1], 1, 1), TWO, {}, "bad-spades", "3 spades but only 2"),
        # K1: the record's table must be the one the options give.
        (A6_B5, PAIRS, {}, "bad-teams", "partnerships"),
    ],
)
def test_bad_records_are_refused(
    raw: object, table: Table, options: Json, code: str, match: str
) -> None:
    with refused(match) as caught:
        parse(raw, table, **options)
    assert caught.value.code == code


@pytest.mark.parametrize(
    ("raw", "options", "facts"),
    [
        # K2: a side's spades are among its cards.
        (
            rec([2, 50], [3, 10], [1, 1, 1, 1], 1, 1),
            {},
            {"problem": "spades-over-cards", "side": 0, "spades": 3, "cards": 2},
        ),
        # K11: the aces and casinos a side took are among its cards …
        (
            rec([48, 4], [13, 0], [1, 1, 1, 1], 1, 0),
            {},
            {"problem": "specials-over-cards", "side": 1, "specials": 5, "cards": 4},
        ),
        # … and its A♠ and 2♠ among its spades.
        (
            rec([30, 22], [13, 0], [1, 0, 0, 1], 0, 1),
            {},
            {"problem": "spade-cards-over-spades", "side": 1, "spades": 0, "taken": ["AS", "2S"]},
        ),
        # K12: a sweep takes two cards at least.
        (
            A6_B5 | {"sweeps": [0, 12]},
            {"sweeps": "on"},
            {"problem": "sweeps-over-cards", "side": 1, "sweeps": 12, "cards": 22},
        ),
    ],
)
def test_a_refusal_gives_its_side_and_counts_as_data(raw: Json, options: Json, facts: Json) -> None:
    """The web layer names the side as the table does: the engine gives its number, no name."""
    with pytest.raises(InvalidInput) as caught:
        parse(raw, TWO, **options)
    assert caught.value.params == facts


def test_doctests() -> None:
    for module in (options_module, record_module, score_module):
        assert doctest.testmod(module).failed == 0
