"""A Seep deal with every hand known, for the open-cards search (search.py).

Each play is the move checker's own: the mover's position (rules/seep/position.py), its legal
moves (generate.py) and what a move leaves (play.py), so the search plays by every rule the
checker knows. What a play scores is what it captures (card points, C3) and its sweep (C4);
the end of the deal gives the loose cards left to the team of the last capture (E1).

The cards still to be dealt are known too (a finished deal recorded play by play shows every
seat's cards): each seat's batches, dealt as S4 deals them: four players, the rest after the
opening play; two players, 8 each after it and 12 each once both hands are empty.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..rules.cards import Card, full_deck
from ..rules.errors import InvalidInput
from ..rules.seep.cards import card_points
from ..rules.seep.generate import legal_moves
from ..rules.seep.live import LIVE, PLAYS, SeepLiveDeal
from ..rules.seep.moves import Move
from ..rules.seep.play import apply
from ..rules.seep.position import House, Position
from ..rules.seep.selfplay import Board
from ..rules.table import Table
from .review import Moment

Hand = tuple[Card, ...]

TWO_PLAYER_BATCH = 24  # S4, two players: both hands are empty after 24 plays
BATCH_TWO = 12  # S4, two players: the second batch, 12 each
DECK = full_deck()

# The evaluation's weights at a search's horizon: what share of the points a team can expect of
# a point card held in its hands, lying loose with its turn to play, or in a house it owns.
HELD, LOOSE, OWNED = 0.5, 0.3, 0.8


@dataclass(frozen=True)
class SeepOpen:
    """A Seep deal at one moment, every card's place known."""

    players: int
    seat: int  # the seat to move
    hands: tuple[Hand, ...]
    later: tuple[tuple[Hand, ...], ...]  # each seat's batches still to be dealt, in order
    loose: Hand
    houses: tuple[House, ...]
    options: Mapping[str, Any]
    last_capturer: int | None = None  # the team of the last capture (E1)
    bid: int | None = None  # the opening bid, while the opening play is to be made

    @property
    def team(self) -> int:
        """Seats 0 and 2 are team 0; with two players, each seat its own team."""
        return self.seat % 2

    @property
    def plays_left(self) -> int:
        """The cards still to be played: in hand and still to be dealt."""
        held = sum(map(len, self.hands))
        return held + sum(len(batch) for batches in self.later for batch in batches)

    @property
    def over(self) -> bool:
        """Whether all 48 plays are made."""
        return self.plays_left == 0

    def position(self) -> Position:
        """What the mover sees, as the checker reads it; the last play is the last card."""
        return Position(
            self.players,
            self.seat,
            self.hands[self.seat],
            self.loose,
            self.houses,
            self.bid,
            self.plays_left == 1,
            self.options,
        )

    def moves(self) -> Sequence[Move]:
        """The mover's legal moves."""
        return list(legal_moves(self.position()))

    def after(self, move: Move) -> tuple[SeepOpen, float]:
        """The deal after `move`, and its points: team 0's minus team 1's."""
        outcome = apply(self.position(), move)
        hands = list(self.hands)
        hands[self.seat] = outcome.position.hand
        gained = card_points(outcome.captured) + outcome.sweep_points if outcome.captured else 0
        deal = replace(
            self,
            hands=tuple(hands),
            loose=outcome.position.loose,
            houses=outcome.position.houses,
            last_capturer=self.team if outcome.captured else self.last_capturer,
            bid=None,
        )
        deal = deal.dealt(opening=self.bid is not None)
        return deal.moved_on(), float(gained if self.team == 0 else -gained)

    def dealt(self, opening: bool) -> SeepOpen:
        """S4: the next batch to every seat after the opening play, and (two players) once
        every hand is empty."""
        if not any(self.later) or not (opening or not any(self.hands)):
            return self
        pairs = zip(self.hands, self.later, strict=True)
        hands = tuple((*hand, *batches[0]) if batches else hand for hand, batches in pairs)
        return replace(self, hands=hands, later=tuple(batches[1:] for batches in self.later))

    def moved_on(self) -> SeepOpen:
        """The turn to the next seat in playing order that still holds cards."""
        if self.over:
            return self
        for step in range(1, self.players + 1):
            seat = (self.seat + step) % self.players
            if self.hands[seat]:
                return replace(self, seat=seat)
        return self

    def rest(self) -> float:
        """E1: the loose cards left go to the team of the last capture."""
        points = card_points(self.loose)
        if self.last_capturer is None or not points:
            return 0.0
        return float(points if self.last_capturer == 0 else -points)

    def estimate(self) -> float:
        """A guess at the points still to come: a share of each point card by where it lies
        (HELD, LOOSE, OWNED), for the team likeliest to take it."""
        value = 0.0
        for seat, hand in enumerate(self.hands):
            value += sign(seat % 2) * HELD * card_points(hand)
        value += sign(self.team) * LOOSE * card_points(self.loose)
        for house in self.houses:
            teams = {owner % 2 for owner in house.owners}
            if len(teams) == 1:
                value += sign(teams.pop()) * OWNED * card_points(house.cards)
        return value

    def key(self) -> Hashable:
        """The seat to move and every card's place (the order within a hand or the floor does
        not matter), the houses with their owners, the last capturer and the bid."""
        return (
            self.seat,
            tuple(frozenset(hand) for hand in self.hands),
            tuple(tuple(frozenset(b) for b in batches) for batches in self.later),
            frozenset(self.loose),
            frozenset((h.value, frozenset(h.cards), h.owners) for h in self.houses),
            self.last_capturer,
            self.bid,
        )


def from_board(board: Board, seat: int, options: Mapping[str, Any]) -> SeepOpen:
    """A self-played deal's board (rules/seep/selfplay.py) after its opening play, `seat` to
    move: every hand, the floor and the captures as they lie (its stock is dealt by then)."""
    if board.stock:
        raise ValueError("the board still has cards to deal: its batches are not known by seat")
    empty = tuple(() for _ in board.hands)
    return SeepOpen(
        len(board.hands),
        seat,
        board.hands,
        empty,
        board.loose,
        board.houses,
        options,
        board.last_capturer,
    )


def moments(
    table: Table, options: Mapping[str, Any], start: Mapping[str, Any], plays: Sequence[object]
) -> list[Moment]:
    """A finished live deal (its stored start and plays) as moments to review: every seat's
    cards are the ones it played, so each moment after the opening knows every hand and the
    batches still to come (S4). The opening play's other three cards are any three of the
    bidder's later ones: it is left unvalued."""
    states = live_states(table, options, start, plays)
    final = states[-1]
    made = [(p.number, p.seat, p.move) for p in final.plays]
    rules = final.rules
    found = [Moment(made[0][0], made[0][1], made[0][2], None)]
    for number, seat, move in made[1:]:
        before = states[number - 1]
        hands, later = held(made, number, table.seats)
        deal = SeepOpen(
            table.seats,
            seat,
            hands,
            later,
            before.loose,
            before.houses,
            rules,
            before.last_capturer,
        )
        found.append(Moment(number, seat, move, deal))
    return found


def live_states(
    table: Table, options: Mapping[str, Any], start: Mapping[str, Any], plays: Sequence[object]
) -> list[SeepLiveDeal]:
    """The live deal before any play, then after each (rules/seep/live.py)."""
    found = []
    for state in LIVE.states(table, options, start, plays):
        assert isinstance(state, SeepLiveDeal)
        found.append(state)
    return found


def held(
    made: Sequence[tuple[int, int, Move]], number: int, players: int
) -> tuple[tuple[Hand, ...], tuple[tuple[Hand, ...], ...]]:
    """Each seat's hand before play `number` (the cards it plays from then to the end of the
    batch) and its batch still to come: two players get their second 12 after play 24 (S4)."""
    end = TWO_PLAYER_BATCH if players == 2 and number <= TWO_PLAYER_BATCH else len(made)
    hands = tuple(
        tuple(m.card for n, s, m in made if s == seat and number <= n <= end)
        for seat in range(players)
    )
    later = tuple(
        (tuple(m.card for n, s, m in made if s == seat and n > end),) if end < len(made) else ()
        for seat in range(players)
    )
    return hands, later


# -- the hidden cards, sampled ------------------------------------------------------------------


@dataclass(frozen=True)
class Layout:
    """How many hidden cards each seat holds now and still gets later (S1, S4), and which
    house values each seat must hold a card of (H5)."""

    held: tuple[int, ...]
    later: tuple[tuple[int, ...], ...]
    owed: tuple[tuple[int, int], ...]  # (seat, value): the seat owns a house of that value


def layout(position: Position, hidden: int) -> Layout:
    """Where the `hidden` cards lie, from the mover's position and how many are hidden; an
    InvalidInput when no moment of a deal has that many hidden."""
    players, seat, mine = position.players, position.seat, len(position.hand)
    if position.opening_bid is not None:
        held, later = _opening_layout(players, seat)
    elif players == 4:
        held, later = _four_layout(seat, mine, hidden), ((),) * 4
    else:
        held, later = _two_layout(seat, mine, hidden)
    if sum(held) + sum(n for batches in later for n in batches) != hidden:
        raise InvalidInput("bad-position", "advice-hidden-count", hidden=hidden)
    owed = tuple(
        (owner, house.value) for house in position.houses for owner in house.owners if owner != seat
    )
    return Layout(held, later, owed)


def _opening_layout(players: int, seat: int) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """S1, S4: before the opening play the bidder (the mover) holds 4; with two players the
    dealer 4 too; the rest is still to be dealt."""
    if players == 4:
        later = tuple((8,) if s == seat else (12,) for s in range(4))
        return (0, 0, 0, 0), later
    held = tuple(0 if s == seat else 4 for s in range(2))
    return held, ((8, 12), (8, 12))


def _four_layout(seat: int, mine: int, hidden: int) -> tuple[int, ...]:
    """Four players, everything dealt: the seats that played this round before the mover
    hold one card fewer than the mover, the others as many (the mover's own are not hidden)."""
    before = 3 * mine - hidden
    if not 0 <= before <= 3:
        raise InvalidInput("bad-position", "advice-hidden-count", hidden=hidden)
    return tuple(
        0 if s == seat else mine - 1 if (seat - s) % 4 <= before else mine for s in range(4)
    )


def _two_layout(
    seat: int, mine: int, hidden: int
) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """Two players: the other holds as many as the mover or one fewer, and while the first
    24 plays last each gets 12 more (S4)."""
    first_half = hidden >= BATCH_TWO * 2
    theirs = hidden - BATCH_TWO * 2 if first_half else hidden
    if theirs not in (mine - 1, mine):
        raise InvalidInput("bad-position", "advice-hidden-count", hidden=hidden)
    held = tuple(0 if s == seat else theirs for s in range(2))
    later = ((BATCH_TWO,), (BATCH_TWO,)) if first_half else ((), ())
    return held, later


def sampled(
    position: Position,
    seen: Collection[Card],
    rng: random.Random,
    last_capturer: int | None = None,
) -> Iterator[SeepOpen]:
    """Open deals without end, each with the hidden cards dealt at random as the table allows:
    every card neither held, on the floor nor `seen` lies in another hand or is still to be
    dealt, and every other owner of a house holds a card of its value (H5)."""
    shown = {*position.hand, *position.loose, *(c for h in position.houses for c in h.cards)}
    hidden = [card for card in DECK if card not in shown and card not in set(seen)]
    where = layout(position, len(hidden))
    while True:
        yield _dealt_open(position, where, hidden, rng, last_capturer)


def _dealt_open(
    position: Position,
    where: Layout,
    hidden: Sequence[Card],
    rng: random.Random,
    last_capturer: int | None,
) -> SeepOpen:
    """One sample: each owner's card of its house value first, then the rest at random."""
    cards = list(hidden)
    rng.shuffle(cards)
    hands: list[list[Card]] = [[] for _ in range(position.players)]
    for owner, value in where.owed:
        if any(card.rank == value for card in hands[owner]):
            continue  # one card of the value is enough for every house of it
        found = next((c for c in cards if c.rank == value), None)
        if found is not None and len(hands[owner]) < where.held[owner]:
            cards.remove(found)
            hands[owner].append(found)
    for seat in range(position.players):
        if seat != position.seat:
            need = where.held[seat] - len(hands[seat])
            hands[seat].extend(cards[:need])
            cards = cards[need:]
    hands[position.seat] = list(position.hand)
    later = []
    for seat in range(position.players):
        batches = []
        for size in where.later[seat]:
            batches.append(tuple(cards[:size]))
            cards = cards[size:]
        later.append(tuple(batches))
    return SeepOpen(
        position.players,
        position.seat,
        tuple(map(tuple, hands)),
        tuple(later),
        position.loose,
        position.houses,
        position.options,
        last_capturer,
        position.opening_bid,
    )


def from_history(
    table: Table,
    options: Mapping[str, Any],
    start: Mapping[str, Any],
    plays: Sequence[object],
    hand: Sequence[Card],
) -> tuple[Position, frozenset[Card], int | None]:
    """The deal so far as a live deal records it, and the mover's hand: the mover's position,
    the cards out of play (the floor turned up and every card played, wherever they lie now)
    and the team of the last capture (E1). InvalidInput when the hand cannot be the mover's."""
    state = live_states(table, options, start, plays)[-1]
    seat = state.next_seat
    if seat is None:
        raise InvalidInput("bad-position", "advice-deal-over")
    if len(hand) != state.in_hand(seat) or set(hand) & state.seen:
        raise InvalidInput("bad-position", "advice-hand", held=state.in_hand(seat))
    bid = state.start.bid.value if not state.plays else None
    last = len(state.plays) == PLAYS - 1
    position = Position(
        table.seats, seat, tuple(hand), state.loose, state.houses, bid, last, state.rules
    )
    return position, state.seen, state.last_capturer


def sign(team: int) -> int:
    """+1 for team 0, -1 for team 1."""
    return 1 if team == 0 else -1
