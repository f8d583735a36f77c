"""Seep with every hand known (advice/seep.py): the open-cards search agrees with brute force on
random endgames, and a deal plays to its end by the checker's rules, scoring what it should."""

from __future__ import annotations

import random

import pytest

from scorekeeper.advice.search import Search
from scorekeeper.advice.seep import SeepOpen, from_board
from scorekeeper.rules.seep.cards import card_points
from scorekeeper.rules.seep.options import parse_rule_options
from scorekeeper.rules.seep.selfplay import play_deal
from tests.helpers.open_deals import brute

OPTIONS = parse_rule_options(None)


def endgame(rng: random.Random, players: int, per_seat: int) -> SeepOpen:
    """A random deal played at random until every seat holds at most `per_seat` cards."""
    deal = play_deal(rng, rng.randrange(players), players)
    for play in deal.plays[1:]:
        board = play.board
        if not board.stock and max(map(len, board.hands)) <= per_seat:
            return from_board(board, play.seat, OPTIONS)
    raise AssertionError("a deal ends with every hand empty")


def endgames(rng: random.Random, players: int, per_seat: int) -> list[SeepOpen]:
    """Every moment of a random deal at which each seat holds at most `per_seat` cards (a deal
    self-played costs far more than its endgames' searches: each gives several)."""
    deal = play_deal(rng, rng.randrange(players), players)
    return [
        from_board(play.board, play.seat, OPTIONS)
        for play in deal.plays[1:]
        if not play.board.stock and max(map(len, play.board.hands)) <= per_seat
    ]


def test_the_search_agrees_with_brute_force_on_1000_endgames_of_two_cards_a_seat() -> None:
    """At most two cards a seat, of two or four players, each moment a different mover."""
    rng = random.Random(38)
    found: list[SeepOpen] = []
    while len(found) < 1000:
        found += endgames(rng, players=4 if len(found) % 2 else 2, per_seat=2)
    for deal in found[:1000]:
        value, exact = Search().value(deal, None)
        assert exact and value == brute(deal), deal


@pytest.mark.parametrize("players", [2, 4])
def test_each_moves_value_is_its_points_and_the_best_line_after_it(players: int) -> None:
    rng = random.Random(players)
    for _ in range(50):
        deal = endgame(rng, players, 2)
        search = Search()
        valued = search.values(deal, None)
        assert [m for m, _, _ in valued] == list(deal.moves())
        for move, value, exact in valued:
            child, gained = deal.after(move)
            assert exact and value == gained + brute(child)
        best = max if deal.team == 0 else min
        assert best(v for _, v, _ in valued) == search.value(deal, None)[0]


@pytest.mark.parametrize("players", [2, 4])
def test_the_moves_played_score_what_the_deals_record_says(players: int) -> None:
    """A self-played deal replayed through the open deal from the first moment every card is in
    a hand: the points so far, each move's points and the end's (E1) make the record's margin."""
    rng = random.Random(players * 11)
    for _ in range(40):
        played = play_deal(rng, rng.randrange(players), players)
        first = next(i for i, p in enumerate(played.plays) if i and not p.board.stock)
        board = played.plays[first].board
        so_far = [card_points(pile) for pile in board.captured]
        for sweep in board.sweeps:
            so_far[sweep.team] += sweep.points
        deal = from_board(board, played.plays[first].seat, OPTIONS)
        margin = float(so_far[0] - so_far[1])
        for play in played.plays[first:]:
            assert deal.seat == play.seat and play.move in deal.moves()
            deal, gained = deal.after(play.move)
            margin += gained
        assert deal.over
        points = played.record.points()
        assert margin + deal.rest() == points[0] - points[1]


def test_a_horizon_gives_an_estimate_not_an_exact_value() -> None:
    deal = endgame(random.Random(3), 4, 3)
    value, exact = Search().value(deal, 2)
    assert not exact and abs(value) < 1000  # a number of points, not infinity or NaN
