"""Fifty-six's card play with every hand known (advice/fifty_six.py): the open-cards search
agrees with brute force on random endgames, and a self-played deal replays through it scoring
the card points its tricks did (F5, F12, F13), with sides or pairs of partners (F2)."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from scorekeeper.advice.fifty_six import FiftySixOpen, from_played, sides_of
from scorekeeper.advice.search import Search
from scorekeeper.rules.cards import Card, Suit
from scorekeeper.rules.fifty_six.options import parse_options, table_for
from scorekeeper.rules.fifty_six.selfplay import TRUMPS, PlayedDeal, play_deal
from tests.helpers.open_deals import brute

SIDES, PAIRS = parse_options({"teams": "sides"}), parse_options({"teams": "pairs"})


def played_deal(rng: random.Random, players: int, options: dict[str, Any]) -> PlayedDeal:
    """A deal played at random from a random dealer, with a random trump or no-trumps."""
    table = table_for(players, options)
    return play_deal(rng, table, rng.randrange(players), rng.choice(TRUMPS))


def endgame(rng: random.Random) -> FiftySixOpen:
    """A random deal's last two tricks (at most 2 cards a seat), often from within the first:
    4, 6 or 8 players, a trump or no-trumps, sides or pairs, advising any seat."""
    players = rng.choice((4, 6, 8))
    options = rng.choice((SIDES, PAIRS))
    deal = played_deal(rng, players, options)
    return from_played(
        deal, len(deal.tricks) - 2, options, rng.randrange(players), rng.randrange(players)
    )


def margin_of(points: list[int] | tuple[int, ...], sides: tuple[int, ...]) -> int:
    """Side 0's points minus side 1's, from each team's (team t's side is seat t's)."""
    return sum(p if sides[team] == 0 else -p for team, p in enumerate(points))


def test_the_search_agrees_with_brute_force_on_1000_endgames_of_two_cards_a_seat() -> None:
    rng = random.Random(38)
    for _ in range(1000):
        deal = endgame(rng)
        value, exact = Search[Card]().value(deal, None)
        assert exact and value == brute(deal), deal


def test_each_moves_value_is_its_points_and_the_best_line_after_it() -> None:
    rng = random.Random(56)
    for _ in range(150):
        deal = endgame(rng)
        search = Search[Card]()
        valued = search.values(deal, None)
        assert [m for m, _, _ in valued] == list(deal.moves())
        for move, value, exact in valued:
            child, gained = deal.after(move)
            assert exact and value == gained + brute(child)
        best = max if deal.team == 0 else min
        assert best(v for _, v, _ in valued) == search.value(deal, None)[0]


@pytest.mark.parametrize("players", [4, 6, 8])
@pytest.mark.parametrize("options", [SIDES, PAIRS], ids=["sides", "pairs"])
def test_the_cards_played_score_what_the_deals_tricks_did(
    players: int, options: dict[str, Any]
) -> None:
    """A self-played deal replayed through the open deal from a trick's start: the points of
    the tricks before it, each card's points and the end's make the deal's own margin."""
    rng = random.Random(players * 7 + len(options["teams"]))
    for _ in range(40):
        played = played_deal(rng, players, options)
        start = rng.randrange(len(played.tricks))
        deal = from_played(played, start, options, rng.randrange(players))
        before = [0] * table_for(players, options).teams
        for trick in played.tricks[:start]:
            before[trick.winner % len(before)] += trick.points
        margin = float(margin_of(before, deal.sides))
        for trick in played.tricks[start:]:
            for play in trick.plays:
                assert deal.seat == play.seat and play.card in deal.moves()
                deal, gained = deal.after(play.card)
                margin += gained
            assert deal.leader == trick.winner  # F13: the winner leads the next
        assert deal.over
        assert margin + deal.rest() == margin_of(played.points, deal.sides)


def test_the_first_of_two_identical_cards_takes_the_trick_and_a_trump_beats_both() -> None:
    """F13's worked example: 10♥ led, J♥, J♥, no trump played: the first J♥ wins; F5 gives the
    trick 7 points. With spades trump, the K♥ thrown in between is a K♠ that takes it."""
    cards = [[Card.parse(c) for c in hand.split()] for hand in ("QD", "KS QS", "JH 9S", "AS")]
    trick = (Card.parse("10H"), Card.parse("JH"))  # led by seat 3, then seat 0
    for trump, taker in ((None, 0), (Suit.SPADES, 1)):
        deal = FiftySixOpen(4, trump, tuple(map(tuple, cards)), 3, trick, SIDES)
        assert deal.seat == 1 and deal.team == 1 and list(deal.moves()) == cards[1][::-1]
        after, gained = deal.after(Card.parse("KS"))  # void in hearts: any card (F12)
        assert gained == 0 and list(after.moves()) == [Card.parse("JH")]  # F12: follow
        last, gained = after.after(Card.parse("JH"))
        assert last.leader == last.seat == taker and last.trick == ()
        assert gained == (7 if taker == 0 else -7)


def test_pairs_with_three_or_four_teams_put_every_other_team_on_one_side() -> None:
    assert sides_of(4, PAIRS, 3) == sides_of(4, SIDES, 0) == (0, 1, 0, 1)
    assert sides_of(6, SIDES, 1) == (0, 1, 0, 1, 0, 1)
    assert sides_of(6, PAIRS, 1) == (1, 0, 1, 1, 0, 1)  # partners 1 and 4
    assert sides_of(8, PAIRS, 6) == (1, 1, 0, 1, 1, 1, 0, 1)  # partners 2 and 6


def test_a_hand_that_could_not_be_met_in_play_is_refused() -> None:
    hands = tuple((Card.parse("QS"),) for _ in range(4))
    with pytest.raises(ValueError):
        FiftySixOpen(4, None, (*hands[:3], ()), 0, (), SIDES)
    with pytest.raises(ValueError):
        FiftySixOpen(4, None, (*hands[:3], (Card.parse("7S"),)), 0, (), SIDES)


def test_a_horizon_gives_an_estimate_not_an_exact_value() -> None:
    played = played_deal(random.Random(3), 6, SIDES)
    deal = from_played(played, len(played.tricks) - 4, SIDES, played=2)
    value, exact = Search[Card]().value(deal, 3)
    assert not exact and abs(value) <= 56  # a number of points, not infinity or NaN
    assert abs(deal.estimate()) <= 56


def test_the_last_three_tricks_of_a_six_player_deal_are_solved_exactly() -> None:
    rng = random.Random(6)
    for options in (SIDES, PAIRS):
        played = played_deal(rng, 6, options)
        deal = from_played(played, len(played.tricks) - 3, options, rng.randrange(6))
        search = Search[Card]()
        began = time.perf_counter()
        value, exact = search.value(deal, None)
        took = time.perf_counter() - began
        print(f"6 players, {options['teams']}, last 3 tricks: {took:.3f} s, {search.nodes} nodes")
        assert exact and took < 10
        left = sum(t.points for t in played.tricks[-3:])
        assert abs(value) <= left and (value - left) % 2 == 0  # a split of the points left
