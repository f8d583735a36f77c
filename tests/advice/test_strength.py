"""bench/strength.py on one pair of deals a game and opponent, at a tiny budget: the seatings
share their cards, each deal's points add up to its total, the margin turns round with the
sides, the baselines play as documented, and the report has a row for each opponent (every play
passes the game's live rules as it is made)."""

from __future__ import annotations

import pytest

from bench import strength
from scorekeeper.rules.cards import Card, Suit
from scorekeeper.rules.fifty_six.trick import TrickPosition, legal_cards
from scorekeeper.rules.seep.generate import legal_moves as seep_moves
from scorekeeper.rules.seep.moves import Capture
from scorekeeper.rules.seep.position import Position as SeepPosition

BUDGET = 0.003  # seconds a decision: the invariants, not the strength


@pytest.fixture(scope="module")
def found() -> dict[tuple[str, str], list[strength.Pair]]:
    deals = dict.fromkeys(strength.GAME_NAMES, 1)
    return strength.run(deals, BUDGET, processes=1, log=lambda _: None)


def test_each_game_and_opponent_is_played(
    found: dict[tuple[str, str], list[strength.Pair]],
) -> None:
    wanted = {(game, opponent) for game in strength.GAME_NAMES for opponent in strength.OPPONENTS}
    assert set(found) == wanted
    assert all(len(pairs) == 1 for pairs in found.values())


def test_a_pair_is_one_deal_with_the_sides_swapped(
    found: dict[tuple[str, str], list[strength.Pair]],
) -> None:
    for pairs in found.values():
        for first, second in pairs:
            assert (first.advisor, second.advisor) == (0, 1)
            assert first.start == second.start  # the same dealer, floor and bid: the same cards
            # The margin is the advisor's team's: team 0's lead, then team 1's.
            assert first.margin == first.points[0] - first.points[1]
            assert second.margin == second.points[1] - second.points[0]
            assert first.times and second.times  # the advisor was asked, and timed


def test_each_deal_s_points_add_up_to_its_total(
    found: dict[tuple[str, str], list[strength.Pair]],
) -> None:
    for (game, _), pairs in found.items():
        for seating in (s for pair in pairs for s in pair):
            if game == "seep":
                assert seating.deal is not None
                assert sum(seating.deal.card_points()) == 100  # every point card (E2)
                sweeps = sum(seating.deal.sweep_points())
                assert sum(seating.points) == 100 + sweeps
            elif game == "casino":
                # K11: 11 a deal, less the 3 for most cards when two players take 26 each.
                assert sum(seating.points) in (11, 8)
            else:
                assert sum(seating.points) == 56  # F5
                assert seating.made == (seating.points[seating.declarer or 0] >= 28)


def test_the_advisor_declares_in_one_seating_of_each_fifty_six_deal(
    found: dict[tuple[str, str], list[strength.Pair]],
) -> None:
    for opponent in strength.OPPONENTS:
        for first, second in found[("fifty-six", opponent)]:
            assert first.declarer == second.declarer
            assert (first.declarer == first.advisor) != (second.declarer == second.advisor)


def test_the_starts_follow_the_fixed_rules(
    found: dict[tuple[str, str], list[strength.Pair]],
) -> None:
    for (game, _), pairs in found.items():
        start = pairs[0][0].start
        # Deal 0: the deal's number mod 4; Casino's last seat deals, so seat 0 plays first (K1).
        assert start["dealer"] == (1 if game == "casino" else 0)
        if game == "seep":
            assert start["bid"]["seat"] == 1 and 9 <= start["bid"]["value"] <= 13  # S1, S2


def test_greedy_takes_the_sweep_in_seep() -> None:
    position = SeepPosition(
        4, 0, (Card(5, Suit.SPADES), Card(13, Suit.HEARTS)), (Card(5, Suit.HEARTS),)
    )
    moves = list(seep_moves(position))
    move = strength.seep_greedy(position, moves)
    assert isinstance(move, Capture) and move.card == Card(5, Suit.SPADES)
    assert strength.seep_gain(position, move) == (5 + 50, 2, 0)  # the 5♠ and a sweep (C4)


def test_greedy_gives_fifty_six_s_fewest_points_when_it_cannot_win() -> None:
    position = TrickPosition(
        4, None, (Card(9, Suit.HEARTS), Card(12, Suit.HEARTS)), (Card(11, Suit.HEARTS),)
    )
    assert strength.fifty_six_greedy(position, list(legal_cards(position))) == Card(12, Suit.HEARTS)


def test_the_report_has_a_row_for_each_opponent(
    found: dict[tuple[str, str], list[strength.Pair]],
) -> None:
    rows = strength.report(found)
    assert {(r.game, r.opponent) for r in rows} == set(found)
    table = strength.markdown(rows)
    assert table.count("\n") == len(rows) + 1  # the header, its rule and a line a row
    for row in rows:
        assert row.low <= row.mean <= row.high
        assert row.decisions > 0 and row.median_ms > 0


def test_wilson_interval_holds_the_share() -> None:
    share, low, high = strength.wilson(8, 10)
    assert low < share == 0.8 < high <= 1
    assert strength.wilson(0, 0) == (0.0, 0.0, 1.0)


def test_the_session_folds_count_baazis_and_games() -> None:
    make = strength.Seating
    won = [make(0, (11, 0), (), {}), make(1, (0, 11), (), {}), make(0, (0, 11), (), {})]
    assert strength.games_won(won) == (1, 0)  # 22 to 11 after two deals: the advisor's game
