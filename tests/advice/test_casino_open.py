"""Casino with every hand known (advice/casino.py): the open-cards search agrees with brute force
on random endgames of two, three and four players, classic and Royal, and a deal plays to its
end by the checker's rules, scoring what its record scores (K10-K12)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pytest

from scorekeeper.advice.casino import CasinoOpen, from_deal
from scorekeeper.advice.search import Search
from scorekeeper.rules.cards import Card, Suit
from scorekeeper.rules.casino import score
from scorekeeper.rules.casino.generate import legal_moves
from scorekeeper.rules.casino.moves import Capture, Trail
from scorekeeper.rules.casino.options import parse_options
from scorekeeper.rules.casino.play import apply
from scorekeeper.rules.casino.position import Pile
from scorekeeper.rules.casino.selfplay import Deal, play_deal
from scorekeeper.rules.casino.values import ACES, CLASSIC, ROYAL
from tests.helpers.open_deals import brute

SHAPES = [(2, False), (3, False), (4, False), (4, True)]  # K1
ALL = range(len(SHAPES))
# The endgames' shapes in turn: fewer of four players, whose endgames cost brute force most.
TURNS = (0, 1, 2, 0, 1, 3, 0, 1)
FROM_EACH = 8  # endgames from each self-played deal, at most
# Brute force's cost grows with the plays left and the loose cards a capture or build may take:
# an endgame's loose cards and plays left add up to BRUTE at most. (Then no table grows beyond
# what generate.py will search: its loose cards never number more than BRUTE.)
BRUTE = 12
ACE_SUITS = (Suit.SPADES, Suit.CLUBS, Suit.HEARTS, Suit.DIAMONDS)  # a record's `aces` order
BIG, LITTLE = Card(10, Suit.DIAMONDS), Card(2, Suit.SPADES)


def shape(rng: random.Random, n: int) -> tuple[int, bool, dict[str, Any]]:
    """The n-th shape in turn (players and partnerships), with options drawn at random."""
    players, paired = SHAPES[n % len(SHAPES)]
    variant = rng.choice((CLASSIC, ROYAL))
    chosen = {
        "variant": variant,
        "aces": rng.choice(ACES) if variant == ROYAL else "choice",
        "sweeps": rng.choice(("off", "on")),
        "partnerships": "on" if paired else "off",
    }
    return players, paired, parse_options(chosen)


def played(rng: random.Random, n: int) -> tuple[Deal, dict[str, Any]]:
    """A self-played deal of the n-th shape, and its options."""
    players, paired, options = shape(rng, n)
    variant, sweeps, aces = options["variant"], options["sweeps"] == "on", options["aces"]
    return play_deal(rng, players, paired, variant, sweeps, aces=aces), options


def endgames(
    rng: random.Random, count: int, per_seat: int = 2, shapes: Sequence[int] = TURNS
) -> list[CasinoOpen]:
    """`count` endgames: self-played deals of the `shapes` in turn, from the first moment every
    seat holds at most `per_seat` cards played on at random until a number of plays is left,
    up to FROM_EACH from each deal with as many numbers (brute force small enough, BRUTE); the
    seat advised drawn at random."""
    found: list[CasinoOpen] = []
    n = 0
    while True:
        deal, options = played(rng, shapes[n % len(shapes)])
        n += 1
        most = per_seat * deal.table.seats
        start = len(deal.plays) - most  # K2: every seat plays one card a round
        for left in rng.sample(range(1, most + 1), min(FROM_EACH, most)):
            open_deal = from_deal(deal, start, options, rng.randrange(deal.table.seats))
            while open_deal.plays_left > left and small(open_deal):
                open_deal = open_deal.after(rng.choice(open_deal.moves()))[0]
            if open_deal.plays_left == left and small(open_deal):
                found.append(open_deal)
                if len(found) == count:
                    return found


def small(deal: CasinoOpen) -> bool:
    """Whether brute force can afford the deal (BRUTE)."""
    return len(deal.loose) + deal.plays_left <= BRUTE


def test_the_search_agrees_with_brute_force_on_1000_endgames_of_two_cards_a_seat_at_most() -> None:
    for deal in endgames(random.Random(38), 1000):
        value, exact = Search().value(deal, None)
        assert exact and value == brute(deal), deal


@pytest.mark.parametrize("n", ALL)
def test_each_moves_value_is_its_points_and_the_best_line_after_it(n: int) -> None:
    for deal in endgames(random.Random(n), 40, shapes=[n]):
        search = Search()
        valued = search.values(deal, None)
        assert [m for m, _, _ in valued] == list(deal.moves())
        for move, value, exact in valued:
            child, gained = deal.after(move)
            assert exact and value == gained + brute(child)
        best = max if deal.team == 0 else min
        assert best(v for _, v, _ in valued) == search.value(deal, None)[0]


def record(deal: Deal, sweeps: bool) -> dict[str, Any]:
    """The deal's record (record.py) from selfplay's piles: an oracle apart from the open deal."""
    piles = deal.captured

    def side(card: Card) -> int:
        return next(n for n, pile in enumerate(piles) if card in pile)

    taken = {
        "cards": [len(p) for p in piles],
        "spades": [sum(c.suit is Suit.SPADES for c in p) for p in piles],
        "aces": [side(Card(1, suit)) for suit in ACE_SUITS],
        "big_casino": side(BIG),
        "little_casino": side(LITTLE),
    }
    return taken | ({"sweeps": list(deal.sweeps)} if sweeps else {})


def margin(points: list[float], home: int) -> float:
    """The advised side's points less the mean of the others' (with two sides, less the
    other's)."""
    others = [p for side, p in enumerate(points) if side != home]
    return points[home] - sum(others) / len(others)


def taken_before(deal: Deal, index: int, sweeps: bool) -> list[float]:
    """Each side's points from the captures before play `index` (K11, K12), by apply."""
    points = [0.0] * deal.table.teams
    for position, move in deal.plays[:index]:
        if isinstance(move, Capture):
            outcome = apply(position, move)
            cards = outcome.captured
            side = deal.table.team_of(position.seat)
            points[side] += sum(c.rank == 1 for c in cards) + 2 * (BIG in cards)
            points[side] += (LITTLE in cards) + (outcome.sweep and sweeps)
    return points


@pytest.mark.parametrize("n", ALL)
def test_the_moves_played_score_what_the_deals_record_says(n: int) -> None:
    """A self-played deal replayed through the open deal from its first play (every batch is
    known by then) and from a random one: the points so far, each move's points and the end's
    (K10-K12) make the record's margin, for a seat advised at random."""
    rng = random.Random(n * 11)
    for _ in range(20):
        deal, options = played(rng, n)
        sweeps = options["sweeps"] == "on"
        points = [float(p) for p in score.deal_points(record(deal, sweeps), deal.table.teams)[0]]
        for first in (0, rng.randrange(len(deal.plays))):
            for_seat = rng.randrange(deal.table.seats)
            open_deal = from_deal(deal, first, options, for_seat)
            so_far = margin(taken_before(deal, first, sweeps), open_deal.home)
            for position, move in deal.plays[first:]:
                assert open_deal.seat == position.seat and move in open_deal.moves()
                open_deal, gained = open_deal.after(move)
                so_far += gained
            assert open_deal.over
            want = margin(points, open_deal.home)
            assert so_far + open_deal.rest() == pytest.approx(want, abs=1e-9)


def test_three_or_four_sides_count_the_others_points_as_their_mean() -> None:
    """The paranoid reading: the advised seat is team 0, every other seat team 1, and a point
    of another side counts minus 1/(sides - 1)."""
    ace, five = Card(1, Suit.HEARTS), Card(5, Suit.CLUBS)
    deal = CasinoOpen(
        3,
        1,
        ((Card(9, Suit.CLUBS),), (Card(1, Suit.CLUBS),), (Card(7, Suit.CLUBS),)),
        ((), (), ()),
        (ace, five),
        (),
        parse_options(None),
        (10, 12, 27),
        (3, 4, 5),
        last_capturer=2,
        for_seat=2,
    )
    assert (deal.team, deal.home, deal.sides) == (1, 2, 3)
    take = Capture(Card(1, Suit.CLUBS), frozenset({ace}))
    assert take in deal.moves()
    after, gained = deal.after(take)
    assert gained == -1.0  # two aces to seat 1: -2/2
    assert after.cards == (10, 14, 27) and after.last_capturer == 1
    assert replace(deal, seat=2).team == 0


@pytest.mark.parametrize(
    ("players", "paired", "teams"), [(2, "off", (0, 1)), (4, "on", (0, 1, 0, 1))]
)
def test_two_sides_are_the_two_teams_whoever_is_advised(
    players: int, paired: str, teams: tuple[int, ...]
) -> None:
    """Two players, or four in partnerships (K1): side 0 is team 0, whatever `for_seat` says."""
    options = parse_options({"partnerships": paired})
    empty = tuple(() for _ in range(players))
    for for_seat in range(players):
        deal = CasinoOpen(players, 0, empty, empty, (), (), options, (0, 0), (0, 0), None, for_seat)
        assert tuple(replace(deal, seat=s).team for s in range(players)) == teams
        assert (deal.weight(0), deal.weight(1)) == (1.0, -1.0)


def test_the_end_gives_the_table_to_the_last_capturer_then_most_cards_and_spades() -> None:
    """K10, K11: the loose cards and builds left go to the last capturer with their points;
    most cards 3 and most spades 1 on the final counts, nothing on a tie."""
    build = Pile(7, (Card(4, Suit.SPADES), Card(3, Suit.HEARTS)), 0)
    deal = CasinoOpen(
        2,
        0,
        ((), ()),
        ((), ()),
        (Card(1, Suit.DIAMONDS), BIG),
        (build,),
        parse_options(None),
        (22, 26),
        (6, 6),
        last_capturer=0,
    )
    # Side 0 takes A♦ (1), 10♦ (2), then 26 cards each (a tie) and 7 spades to 6 (1).
    assert deal.over and deal.rest() == 4.0
    # Nobody captured: the dealer's side (seat 1's) takes them, as selfplay.py has it: 3 for
    # the ace and casino, most cards (30 to 22) 3, most spades (7 to 6) 1.
    assert replace(deal, last_capturer=None).rest() == -7.0
    # Seat 0 the dealer (a live deal may have any): once over, the turn is back with the seat
    # after the dealer, so side 0 takes them, as the last capturer would (4 points).
    assert replace(deal, seat=1, last_capturer=None).rest() == 4.0


@pytest.mark.parametrize("n", ALL)
def test_a_horizon_gives_an_estimate_not_an_exact_value(n: int) -> None:
    """Three cards a seat, searched two plays deep: a number of points, not exact."""
    rng = random.Random(n)
    deal, options = played(rng, n)
    players = deal.table.seats
    open_deal = from_deal(deal, len(deal.plays) - 3 * players, options, rng.randrange(players))
    value, exact = Search().value(open_deal, 2)
    assert not exact and abs(value) < 20  # not infinity or NaN: K11's 11 points and sweeps


def test_an_owner_left_without_a_card_of_its_build_still_plays() -> None:
    """Only a claim a live deal let through (flagged once every 9 is seen) leaves seat 0
    owning a build of 9 with no 9: the checker allows it nothing (K9), so it plays as the live
    deal lets it, as though holding a 9, and else trails; the search's values stay finite."""
    c = Card.parse
    build = Pile(9, (c("5D"), c("4H")), 0)
    deal = CasinoOpen(
        2,
        0,
        ((c("3C"), c("8C")), (c("2H"), c("KS"))),
        ((), ()),
        (c("KD"), c("6D")),
        (build,),
        parse_options(None),
        (20, 24),
        (5, 6),
        last_capturer=1,
    )
    assert not list(legal_moves(deal.position()))
    moves = deal.moves()
    assert {m.card for m in moves} == {c("3C")}  # 3 and the loose 6 added to the 9 (K7)
    stuck = replace(deal, hands=((c("8C"),), (c("2H"),)), loose=(c("KD"),))
    assert stuck.moves() == [Trail(c("8C"))]
    for open_deal in (deal, stuck):
        value, exact = Search().value(open_deal, None)
        assert exact and abs(value) < 20
