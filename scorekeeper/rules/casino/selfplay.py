"""Whole Casino deals played out by a policy: for tests, benchmarks and examples.

The deal follows K1, K2, K10 and K12: 4 cards each and 4 to the table, then 4 more each
until the pack is gone; the last capturer takes what is left (not a sweep). Randomness
comes only from the `random.Random` passed in.

>>> deal = play_deal(random.Random(7), 3)
>>> sum(len(pile) for pile in deal.captured), len(deal.plays)
(52, 48)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from ..cards import Card, full_deck
from ..table import Table
from .generate import legal_moves
from .moves import Capture, Move
from .play import apply
from .position import Pile, Position
from .values import CHOICE, CLASSIC

Policy = Callable[[Position, random.Random], Move]
HAND = 4  # K2
TABLE = 4  # K2


def random_policy(position: Position, rng: random.Random) -> Move:
    """Any legal move, each as likely."""
    return rng.choice(list(legal_moves(position)))


@dataclass(frozen=True)
class Deal:
    """What a deal left: each side's captured cards and sweeps, and every play made."""

    table: Table
    captured: tuple[tuple[Card, ...], ...]  # by side
    sweeps: tuple[int, ...]  # by side, counted only with sweeps on (K12)
    plays: tuple[tuple[Position, Move], ...]


@dataclass
class _State:
    hands: list[list[Card]]
    loose: tuple[Card, ...]
    builds: tuple[Pile, ...] = ()


def deal_cards(
    rng: random.Random, players: int
) -> tuple[list[Card], list[list[Card]], tuple[Card, ...]]:
    """A shuffled pack less the first deal: the stock, each hand and the table (K2)."""
    stock = list(full_deck())
    rng.shuffle(stock)
    hands: list[list[Card]] = [[] for _ in range(players)]
    table: list[Card] = []
    for _ in range(HAND // 2):  # dealt in twos: each player, then the table
        for hand in hands:
            hand.extend(stock.pop() for _ in range(2))
        table.extend(stock.pop() for _ in range(2))
    return stock, hands, tuple(table)


def play_deal(
    rng: random.Random,
    players: int,
    partnerships: bool = False,
    variant: str = CLASSIC,
    sweeps: bool = False,
    policy: Policy = random_policy,
    aces: str = CHOICE,
) -> Deal:
    """Play one deal; seat 0 sits after the dealer and plays first (K1)."""
    table = Table(2, 2) if partnerships else Table(players, 1)
    stock, hands, loose = deal_cards(rng, players)
    state = _State(hands, loose)
    captured: list[list[Card]] = [[] for _ in range(table.teams)]
    swept = [0] * table.teams
    plays: list[tuple[Position, Move]] = []
    last_capturer: int | None = None
    while any(state.hands):
        for seat in range(players):
            position = Position(
                players,
                seat,
                variant,
                tuple(state.hands[seat]),
                state.loose,
                state.builds,
                last_play=not stock and seat == players - 1 and len(state.hands[seat]) == 1,
                aces=aces,
            )
            move = policy(position, rng)
            plays.append((position, move))
            outcome = apply(position, move)
            after = outcome.position
            state.hands[seat], state.loose, state.builds = (
                list(after.hand),
                after.loose,
                after.builds,
            )
            if isinstance(move, Capture):
                side = last_capturer = table.team_of(seat)
                captured[side].extend(outcome.captured)
                swept[side] += outcome.sweep and sweeps
        if not any(state.hands) and stock:
            for hand in state.hands:  # K2: 4 more each, none to the table
                hand.extend(stock.pop() for _ in range(HAND))
    # K10: what is left goes to the last capturer (the dealer's side if nobody captured).
    residue = (*state.loose, *(c for b in state.builds for c in b.cards))
    side = last_capturer if last_capturer is not None else table.team_of(players - 1)
    captured[side].extend(residue)
    return Deal(table, tuple(map(tuple, captured)), tuple(swept), tuple(plays))
