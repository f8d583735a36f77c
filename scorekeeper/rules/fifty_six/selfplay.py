"""Whole Fifty-six deals and games played by a policy (F3, F4, F7, F10, F12–F17).

Randomness comes only from the `random.Random` passed in, so a seed replays a game exactly.
In self-play the players of a team that is out keep their seats and cards: the rules do not
say how fewer players would redeal, and the tables (the only thing the score keeper keeps)
follow the same rules either way.

>>> deal = play_deal(random.Random(1), Table(2, 2), dealer=0, trump=None)
>>> len(deal.tricks), sum(deal.points)
(12, 56)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import Card, Suit
from ..table import Table
from .cards import deck, hand_size
from .record import FiftySixRecord, parse_deal
from .score import FiftySixStanding, next_seat_in, standing
from .trick import TrickOutcome, TrickPosition, apply, check, legal_cards, trump_name

Policy = Callable[[TrickPosition, random.Random], Card]
Contracter = Callable[[random.Random, Table, Sequence[int], int], dict[str, Any] | None]
TRUMPS: tuple[Suit | None, ...] = (*Suit, None)


class SelfPlayError(Exception):
    """The engine left a player without a legal card, or a policy played an illegal one."""


@dataclass(frozen=True)
class Play:
    """One card: who played it, what they saw, and what it left."""

    seat: int
    position: TrickPosition
    card: Card
    outcome: TrickOutcome


@dataclass(frozen=True)
class Trick:
    """A whole trick: its plays from the leader on, the seat that won it and its points."""

    plays: tuple[Play, ...]
    winner: int
    points: int

    @property
    def leader(self) -> int:
        """The seat that led the trick."""
        return self.plays[0].seat


@dataclass(frozen=True)
class PlayedDeal:
    """A deal played out: the hands dealt, the tricks, and each team's card points (F14)."""

    dealer: int
    trump: Suit | None
    hands: tuple[tuple[Card, ...], ...]
    tricks: tuple[Trick, ...]
    points: tuple[int, ...]


@dataclass(frozen=True)
class PlayedGame:
    """A game played out: the deals, their records as the score keeper stores them, the end."""

    deals: tuple[PlayedDeal, ...]
    records: tuple[FiftySixRecord, ...]
    standing: FiftySixStanding


def random_card(position: TrickPosition, rng: random.Random) -> Card:
    """A card chosen uniformly among the legal ones."""
    cards = legal_cards(position)
    if not cards:
        raise SelfPlayError(f"No legal card in {position.to_json()}")
    return rng.choice(cards)


def deal_hands(rng: random.Random, players: int, dealer: int) -> tuple[tuple[Card, ...], ...]:
    """A shuffled pack shared out from the seat after the dealer (F3, F4)."""
    cards = list(deck(players))
    rng.shuffle(cards)
    size = hand_size(players)
    hands: list[tuple[Card, ...]] = [() for _ in range(players)]
    for n in range(players):
        seat = (dealer + 1 + n) % players
        hands[seat] = tuple(cards[n * size : (n + 1) * size])
    return tuple(hands)


def play_trick(
    hands: list[tuple[Card, ...]],
    leader: int,
    trump: Suit | None,
    policy: Policy,
    rng: random.Random,
) -> Trick:
    """One trick from `leader` round the table; `hands` lose the cards played."""
    players = len(hands)
    trick: tuple[Card, ...] = ()
    plays = []
    for n in range(players):
        seat = (leader + n) % players
        position = TrickPosition(players, trump, hands[seat], trick)
        card = policy(position, rng)
        violation = check(position, card)
        if violation is not None:
            raise SelfPlayError(str(violation))
        outcome = apply(position, card)
        plays.append(Play(seat, position, card, outcome))
        hands[seat], trick = outcome.position.hand, outcome.position.trick
    last = plays[-1].outcome
    assert last.winner is not None and last.points is not None
    return Trick(tuple(plays), (leader + last.winner) % players, last.points)


def play_deal(
    rng: random.Random,
    table: Table,
    dealer: int,
    trump: Suit | None,
    leader: int | None = None,
    policy: Policy = random_card,
) -> PlayedDeal:
    """Deal, then play every trick: the seat after the dealer leads first, each winner next."""
    dealt = deal_hands(rng, table.seats, dealer)
    hands = list(dealt)
    seat = table.after(dealer) if leader is None else leader  # F12
    tricks = []
    points = [0] * table.teams
    while any(hands):
        trick = play_trick(hands, seat, trump, policy, rng)
        tricks.append(trick)
        points[table.team_of(trick.winner)] += trick.points  # F14: a team counts its tricks
        seat = trick.winner  # F13: the winner leads the next trick
    return PlayedDeal(dealer, trump, dealt, tuple(tricks), tuple(points))


def random_contract(
    rng: random.Random, table: Table, tables: Sequence[int], dealer: int
) -> dict[str, Any] | None:
    """A contract for a seat whose team still holds tables, or None (everyone passed)."""
    if rng.random() < 0.1:
        return None
    seats = [s for s in range(table.seats) if tables[table.team_of(s)] > 0]
    return {
        "seat": rng.choice(seats),
        "value": rng.randint(28, 56),
        "trump": trump_name(rng.choice(TRUMPS)),
        "double": rng.choice((0, 0, 0, 1, 2)),
    }


def play_game(
    rng: random.Random,
    table: Table,
    options: Mapping[str, Any],
    max_deals: int = 1000,
    contracter: Contracter = random_contract,
    policy: Policy = random_card,
) -> PlayedGame:
    """Deals until one team holds every table (F6), each scored as the score keeper would."""
    deals: list[PlayedDeal] = []
    records: list[FiftySixRecord] = []
    now = standing(table, options, records)
    while now["winner"] is None:
        if len(deals) == max_deals:
            raise SelfPlayError(f"No winner after {max_deals} deals.")
        dealer, tables = now["next_dealer"], now["tables"]
        contract = contracter(rng, table, tables, dealer)
        # F10: everyone passed: 28 no-trumps for the first bidder's team.
        seat = next_seat_in(table, dealer, tables) if contract is None else contract["seat"]
        trump_text = "NT" if contract is None else contract["trump"]
        trump = None if trump_text == "NT" else Suit(trump_text)
        deal = play_deal(rng, table, dealer, trump, next_seat_in(table, dealer, tables), policy)
        raw = {"contract": contract, "points": deal.points[table.team_of(seat)], "dealer": dealer}
        records.append(parse_deal(raw, table, options, records))
        deals.append(deal)
        now = standing(table, options, records)
    return PlayedGame(tuple(deals), tuple(records), now)
