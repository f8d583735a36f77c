"""Whole Seep deals played by a policy: deal, bid, 48 plays, end of deal (rules S1–S4, E1–E2).

Randomness comes only from the `random.Random` passed in, so a seed replays a deal exactly.

>>> deal = next(play_deals(1, seed=7))
>>> len(deal.plays), sum(deal.record.points()) >= 100
(48, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..cards import Card, full_deck
from ..table import Table
from .generate import legal_moves
from .moves import Move
from .options import parse_rule_options
from .play import Outcome, apply
from .position import HOUSE_VALUES, House, Position
from .record import Bid, SeepDeal, Sweep

Policy = Callable[[Position, random.Random], Move]
Bidder = Callable[[tuple[Card, ...], random.Random], int]
Piles = tuple[tuple[Card, ...], tuple[Card, ...]]  # captured cards, team 0's and team 1's

FIRST_DEAL = 4  # S1: to the bidder, to the floor and, with two players, to the dealer
REST_FOUR = {"bidder": 8, "others": 12}  # S4: the bidder ends with 11, everyone else 12
REST_TWO = 8  # S4: each player's second batch; later 12 more each
LATER_TWO = 12


class SelfPlayError(Exception):
    """The engine left a player without a legal move, or a deal that cannot end."""


@dataclass(frozen=True)
class Board:
    """Everything on the table at one moment: hands, floor, undealt stock, captured piles."""

    hands: tuple[tuple[Card, ...], ...]
    loose: tuple[Card, ...]
    houses: tuple[House, ...]
    stock: tuple[Card, ...]
    captured: Piles = ((), ())
    sweeps: tuple[Sweep, ...] = ()
    last_capturer: int | None = None

    def cards(self) -> list[Card]:
        """Every card on the table, wherever it lies (52 if none is lost)."""
        in_houses = [c for h in self.houses for c in h.cards]
        in_hands = [c for hand in self.hands for c in hand]
        captured = [*self.captured[0], *self.captured[1]]
        return [*in_hands, *self.loose, *in_houses, *self.stock, *captured]


@dataclass(frozen=True)
class Play:
    """One play: the table before it, what the mover saw, the move, and its outcome."""

    seat: int
    board: Board
    position: Position
    move: Move
    outcome: Outcome


@dataclass(frozen=True)
class SelfPlayDeal:
    """A deal played out: the record the score keeper stores, and how it came about."""

    record: SeepDeal
    plays: tuple[Play, ...]
    end: Board
    redeals: int

    @property
    def positions(self) -> tuple[Position, ...]:
        """The positions each mover faced, in order."""
        return tuple(play.position for play in self.plays)

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves made, in order."""
        return tuple(play.move for play in self.plays)


def random_policy(position: Position, rng: random.Random) -> Move:
    """A move chosen uniformly among the legal moves."""
    moves = list(legal_moves(position))
    if not moves:
        raise SelfPlayError(f"No legal move in {position.to_json()}")
    return rng.choice(moves)


def bids(hand: Sequence[Card]) -> list[int]:
    """The values the bidder may bid: 9 to 13, held in hand (S2)."""
    return sorted({c.rank for c in hand if c.rank in HOUSE_VALUES})


def random_bid(hand: tuple[Card, ...], rng: random.Random) -> int:
    """A bid chosen uniformly among the values the bidder may bid."""
    return rng.choice(bids(hand))


def shuffled(rng: random.Random) -> tuple[Card, ...]:
    """A freshly shuffled pack."""
    deck = list(full_deck())
    rng.shuffle(deck)
    return tuple(deck)


def bidder_after(dealer: int, players: int) -> int:
    """S1: the seat after the dealer bids (two teams: of two partners, or of one player)."""
    return Table(2, players // 2).after(dealer)


def first_deal(deck: tuple[Card, ...], dealer: int, players: int) -> Board:
    """S1: 4 cards to the bidder, 4 to the floor and, with two players, 4 to the dealer."""
    hands: list[tuple[Card, ...]] = [() for _ in range(players)]
    hands[bidder_after(dealer, players)], deck = deck[:FIRST_DEAL], deck[FIRST_DEAL:]
    loose, deck = deck[:FIRST_DEAL], deck[FIRST_DEAL:]
    if players == 2:
        hands[dealer], deck = deck[:FIRST_DEAL], deck[FIRST_DEAL:]
    return Board(tuple(hands), loose, (), deck)


def deal_out(board: Board, bidder: int) -> Board:
    """S4 after the opening play: in fours (four players) or 8 each (two players)."""
    if len(board.hands) == 2:
        return give(board, {seat: REST_TWO for seat in range(2)}, start=bidder)
    wanted = {seat: REST_FOUR["bidder" if seat == bidder else "others"] for seat in range(4)}
    while any(wanted.values()):
        board = give(board, {s: min(n, 4) for s, n in wanted.items()}, start=bidder)
        wanted = {s: n - min(n, 4) for s, n in wanted.items()}
    return board


def give(board: Board, counts: Mapping[int, int], start: int) -> Board:
    """Deal `counts[seat]` cards from the stock to each seat, going round from `start`."""
    hands, stock = list(board.hands), board.stock
    for offset in range(len(hands)):
        seat = (start + offset) % len(hands)
        n = counts.get(seat, 0)
        hands[seat], stock = (*hands[seat], *stock[:n]), stock[n:]
    return replace(board, hands=tuple(hands), stock=stock)


def next_seat(board: Board, seat: int) -> int:
    """The next seat in playing order that still holds cards."""
    seats = len(board.hands)
    return next(s % seats for s in range(seat + 1, seat + 1 + seats) if board.hands[s % seats])


def cards_to_play(board: Board) -> int:
    """How many plays are left: the cards in hands and in the stock."""
    return sum(map(len, board.hands)) + len(board.stock)


def position_of(board: Board, seat: int, bid: int | None, options: Mapping[str, Any]) -> Position:
    """What the mover sees; the play is the last when it uses the last card (S4)."""
    last = cards_to_play(board) == 1
    hand, players = board.hands[seat], len(board.hands)
    return Position(players, seat, hand, board.loose, board.houses, bid, last, options)


def after_play(board: Board, seat: int, position: Position, outcome: Outcome) -> Board:
    """The board after the mover's play, with captured cards and sweeps scored (C3, C4)."""
    hands = list(board.hands)
    hands[seat] = outcome.position.hand
    board = replace(
        board, hands=tuple(hands), loose=outcome.position.loose, houses=outcome.position.houses
    )
    if not outcome.captured:
        return board
    team = position.team_of(seat)
    board = replace(board, captured=add(board.captured, team, outcome.captured), last_capturer=team)
    if outcome.swept:
        board = replace(board, sweeps=(*board.sweeps, Sweep(team, outcome.swept)))
    return board


def add(piles: Piles, team: int, cards: Sequence[Card]) -> Piles:
    """The captured piles with `cards` added to one team's."""
    if team == 0:
        return (*piles[0], *cards), piles[1]
    return piles[0], (*piles[1], *cards)


def finish(board: Board) -> Board:
    """E1: the loose cards left go to the team of the last capture (not a sweep)."""
    if board.houses:
        raise SelfPlayError(f"A house is left at the end of the deal (H5): {board.houses}")
    if board.last_capturer is None:
        raise SelfPlayError("Nobody captured anything in the whole deal.")
    captured = add(board.captured, board.last_capturer, board.loose)
    return replace(board, loose=(), captured=captured)


def deal_to_bid(
    rng: random.Random, dealer: int, players: int, bidder_policy: Bidder
) -> tuple[Board, int, int]:
    """S1 and S2: deal until the bidder can bid; the board, the bid and how many redeals."""
    bidder = bidder_after(dealer, players)
    redeals = 0
    # S2: a bidder with no card above 8 throws the cards in; the same dealer deals again.
    while not bids((board := first_deal(shuffled(rng), dealer, players)).hands[bidder]):
        redeals += 1
    bid = bidder_policy(board.hands[bidder], rng)
    if bid not in bids(board.hands[bidder]):
        raise SelfPlayError(f"Bid {bid} is not a value 9 to 13 in the bidder's hand (S2).")
    return board, bid, redeals


def play_deal(
    rng: random.Random,
    dealer: int,
    players: int = 4,
    options: Mapping[str, Any] | None = None,
    policy: Policy = random_policy,
    bidder_policy: Bidder = random_bid,
) -> SelfPlayDeal:
    """One whole deal: S1 to S4, then E1; a hand with no card above 8 is dealt again (S2)."""
    rules = parse_rule_options(options)
    bidder = bidder_after(dealer, players)
    board, bid, redeals = deal_to_bid(rng, dealer, players, bidder_policy)
    plays = [make_play(board, bidder, bid, rules, policy, rng)]  # S3
    board = deal_out(after_play(board, bidder, plays[0].position, plays[0].outcome), bidder)
    seat = bidder
    while cards_to_play(board):
        if not any(board.hands):
            # S4, two players: when both hands are empty, 12 more each, no floor cards.
            board = give(board, {s: LATER_TWO for s in range(players)}, start=bidder)
        seat = next_seat(board, seat)
        play = make_play(board, seat, None, rules, policy, rng)
        plays.append(play)
        board = after_play(board, seat, play.position, play.outcome)
    end = finish(board)
    deal = SeepDeal(end.captured, end.sweeps, Bid(bidder, bid), dealer)
    return SelfPlayDeal(deal, tuple(plays), end, redeals)


def make_play(
    board: Board,
    seat: int,
    bid: int | None,
    options: Mapping[str, Any],
    policy: Policy,
    rng: random.Random,
) -> Play:
    """The mover's position, the policy's move and its outcome."""
    position = position_of(board, seat, bid, options)
    move = policy(position, rng)
    return Play(seat, board, position, move, apply(position, move))


def play_deals(
    count: int,
    seed: int,
    players: int = 4,
    options: Mapping[str, Any] | None = None,
    policy: Policy = random_policy,
) -> Iterator[SelfPlayDeal]:
    """`count` deals from one seed, lazily; the deal passes round the table."""
    rng = random.Random(seed)
    for n in range(count):
        yield play_deal(rng, n % players, players, options, policy)
