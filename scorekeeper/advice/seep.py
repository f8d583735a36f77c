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

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..rules.cards import Card
from ..rules.seep.cards import card_points
from ..rules.seep.generate import legal_moves
from ..rules.seep.live import LIVE, SeepLiveDeal
from ..rules.seep.moves import Move
from ..rules.seep.play import apply
from ..rules.seep.position import House, Position
from ..rules.seep.selfplay import Board
from ..rules.table import Table
from .review import Moment

Hand = tuple[Card, ...]

TWO_PLAYER_BATCH = 24  # S4, two players: both hands are empty after 24 plays

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


def sign(team: int) -> int:
    """+1 for team 0, -1 for team 1."""
    return 1 if team == 0 else -1
