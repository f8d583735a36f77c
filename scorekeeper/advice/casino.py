"""A Casino deal with every hand known, for the open-cards search (search.py).

Each play is the move checker's own: the mover's position (rules/casino/position.py), its
legal moves (generate.py) and what a move leaves (play.py), so the search plays by every rule
the checker knows, classic or Royal and each `aces` option (K3-K9). The turn passes round the
table in seat order (K1); when every hand is empty each seat gets its next batch of 4, none to
the table (K2). The batches still to be dealt are known by seat, as a finished deal recorded
play by play shows them.

What a play scores is what its capture takes at once (K11): each ace 1, the 10♦ 2, the 2♠ 1,
and with `sweeps: on` a sweep 1 (K12; play.py never calls the last play a sweep). The rest of
the deal's points come at its end (`rest`): the table cards left go to the side that captured
last (K10; the dealer's side if nobody did, as selfplay.py and live.py have it), with their aces
and casinos, and then most cards 3 and most spades 1, nothing on a tie (K11, score.most). So
each side's numbers of cards and spades taken so far are part of the deal and of its `key`.

Sides are the engine's (options.table_for): two players, each a side; four in partnerships,
seats 0 and 2 against 1 and 3. Those are the search's two teams, side 0 its team 0. With three
sides or four (three players, or four playing alone) the search still has two teams: the side of
`for_seat`, the seat it advises, is team 0 and every other seat is team 1. This is the
"paranoid" reading: the others are taken to play together against the advised player, and a
point is counted as the advised side's points minus the mean of the other sides' points, so a
point taken by one of the others counts -1/2 with three sides and -1/3 with four. Most cards and
most spades are still decided among every side (K11: a tie for the most scores nothing). A value
is then what the advised player can be sure of by that count whatever the others play: at a
real table, where each of them plays for himself, he does at least as well. With two sides
`for_seat` changes nothing.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from ..rules.cards import Card, Suit
from ..rules.casino import score
from ..rules.casino.generate import legal_moves
from ..rules.casino.live import BIG_CASINO, LITTLE_CASINO
from ..rules.casino.moves import Capture, Move
from ..rules.casino.options import table_for
from ..rules.casino.play import apply
from ..rules.casino.position import Pile, Position
from ..rules.casino.selfplay import HAND, Deal
from ..rules.table import Table

Hand = tuple[Card, ...]
Counts = tuple[int, ...]  # one number a side

# The evaluation's weights at a search's horizon: what share of the points a side can expect of
# a point card held in its hands (or still to be dealt to it), lying loose with its turn to play,
# or in a build it owns.
HELD, LOOSE, OWNED = 0.5, 0.3, 0.8
# K11: the cards that score when taken, and what each scores.
POINTS = {Card(1, suit): score.ACE for suit in Suit} | {
    BIG_CASINO: score.BIG_CASINO,
    LITTLE_CASINO: score.LITTLE_CASINO,
}


@dataclass(frozen=True)
class CasinoOpen:
    """A Casino deal at one moment, every card's place known."""

    players: int
    seat: int  # the seat to move
    hands: tuple[Hand, ...]
    later: tuple[tuple[Hand, ...], ...]  # each seat's batches still to be dealt, in order (K2)
    loose: Hand
    builds: tuple[Pile, ...]
    options: Mapping[str, Any]  # the session's (options.py): variant, aces, sweeps, partnerships
    cards: Counts  # the cards each side has taken so far (K11: most cards)
    spades: Counts  # the spades each side has taken so far (K11: most spades)
    last_capturer: int | None = None  # the side of the last capture (K10)
    for_seat: int = 0  # the seat advised: its side is team 0 when there are more than two sides

    @property
    def seating(self) -> Table:
        """The engine's seating for these options: who plays for which side (K1)."""
        return seating_of(self.players, self.options["partnerships"])

    @property
    def sides(self) -> int:
        """How many sides score."""
        return self.seating.teams

    def side_of(self, seat: int) -> int:
        """The side that plays in `seat`."""
        return self.seating.team_of(seat)

    @property
    def home(self) -> int:
        """The side that is team 0: side 0 of two, else the advised seat's (paranoid)."""
        return 0 if self.sides == 2 else self.side_of(self.for_seat)

    def weight(self, side: int) -> float:
        """What a point of `side` counts for team 0: 1 its own, minus a share of it otherwise."""
        return 1.0 if side == self.home else -1.0 / (self.sides - 1)

    @property
    def team(self) -> int:
        """The mover's team: 0 for the home side, 1 for any other."""
        return 0 if self.side_of(self.seat) == self.home else 1

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
            self.options["variant"],
            self.hands[self.seat],
            self.loose,
            self.builds,
            self.plays_left == 1,  # K12: no sweep on the last play
            self.options["aces"],
        )

    def moves(self) -> Sequence[Move]:
        """The mover's legal moves."""
        return list(legal_moves(self.position()))

    def after(self, move: Move) -> tuple[CasinoOpen, float]:
        """The deal after `move`, and its points: team 0's minus team 1's."""
        outcome = apply(self.position(), move)
        left = outcome.position
        hands = (*self.hands[: self.seat], left.hand, *self.hands[self.seat + 1 :])
        later = self.later
        if not any(hands) and any(later):
            # K2: every hand is empty, so each seat gets its next batch.
            hands = tuple(batches[0] if batches else () for batches in later)
            later = tuple(batches[1:] for batches in later)
        cards, spades, last, gained = self.cards, self.spades, self.last_capturer, 0.0
        if isinstance(move, Capture):
            last = self.side_of(self.seat)
            cards, spades = self.counted(last, outcome.captured)
            swept = outcome.sweep and self.options["sweeps"] == "on"
            gained = self.weight(last) * (card_points(outcome.captured) + score.SWEEP * swept)
        # Built field by field, not by replace(): the search makes one at every step.
        deal = CasinoOpen(
            self.players,
            (self.seat + 1) % self.players,  # K1: every seat plays each round
            hands,
            later,
            left.loose,
            left.builds,
            self.options,
            cards,
            spades,
            last,
            self.for_seat,
        )
        return deal, gained

    def counted(self, side: int, taken: Sequence[Card]) -> tuple[Counts, Counts]:
        """Each side's cards and spades taken, once `side` has taken `taken` too."""
        cards, spades = list(self.cards), list(self.spades)
        cards[side] += len(taken)
        spades[side] += sum(card.suit is Suit.SPADES for card in taken)
        return tuple(cards), tuple(spades)

    def rest(self) -> float:
        """Once over: K10's table cards to the last capturer, then most cards and most spades
        (K11, none on a tie), team 0's points minus team 1's."""
        residue = (*self.loose, *(card for build in self.builds for card in build.cards))
        taker = self.last_capturer
        if taker is None:
            taker = self.side_of(self.players - 1)  # nobody captured: the dealer's side
        cards, spades = self.counted(taker, residue)
        value = self.weight(taker) * card_points(residue)
        for counts, points in ((cards, score.MOST_CARDS), (spades, score.MOST_SPADES)):
            most = score.most(counts)
            if most is not None:
                value += self.weight(most) * points
        return value

    def estimate(self) -> float:
        """A guess at the points still to come: a share of each point card by where it lies
        (HELD, LOOSE, OWNED), and the most-cards and most-spades bonuses (bonus_shares)."""
        value = 0.0
        for seat in range(self.players):
            held = (*self.hands[seat], *(c for batch in self.later[seat] for c in batch))
            value += self.weight(self.side_of(seat)) * HELD * card_points(held)
        value += self.weight(self.side_of(self.seat)) * LOOSE * card_points(self.loose)
        for build in self.builds:
            value += self.weight(self.side_of(build.owner)) * OWNED * card_points(build.cards)
        unseen = self.unplaced()
        for counts, left, points in (
            (self.cards, len(unseen), score.MOST_CARDS),
            (self.spades, sum(c.suit is Suit.SPADES for c in unseen), score.MOST_SPADES),
        ):
            for side, share in enumerate(bonus_shares(counts, left)):
                value += self.weight(side) * share * points
        return value

    def unplaced(self) -> Hand:
        """The cards nobody has taken yet: in hand, still to be dealt, or on the table."""
        later = (c for batches in self.later for batch in batches for c in batch)
        table = (c for build in self.builds for c in build.cards)
        return (*(c for hand in self.hands for c in hand), *later, *self.loose, *table)

    def key(self) -> Hashable:
        """The seat to move and every card's place (the order within a hand or the table does
        not matter), the builds with their owners, the last capturer and each side's cards and
        spades taken. The options and the advised seat are the same throughout one search."""
        return (
            self.seat,
            tuple(frozenset(hand) for hand in self.hands),
            tuple(tuple(frozenset(b) for b in batches) for batches in self.later),
            frozenset(self.loose),
            frozenset((b.value, frozenset(b.cards), b.owner) for b in self.builds),
            self.last_capturer,
            self.cards,
            self.spades,
        )


@cache
def seating_of(players: int, partnerships: str) -> Table:
    """options.table_for, once for each number of players and `partnerships` (it reads no
    other option)."""
    return table_for(players, {"partnerships": partnerships})


def card_points(cards: Iterable[Card]) -> int:
    """K11: what the cards score when taken: each ace 1, the 10♦ 2, the 2♠ 1."""
    return sum(POINTS.get(card, 0) for card in cards)


def bonus_shares(counts: Sequence[int], left: int) -> list[float]:
    """Each side's expected share of a most-of bonus: all of it to a side that the `left` cards
    still to be taken cannot catch, else shares in proportion to what each side has (equal
    shares while nobody has any)."""
    for side, count in enumerate(counts):
        others = [n for s, n in enumerate(counts) if s != side]
        if count > max(others) + left:
            return [float(s == side) for s in range(len(counts))]
    total = sum(counts)
    if not total:
        return [1 / len(counts)] * len(counts)
    return [n / total for n in counts]


def from_deal(deal: Deal, index: int, options: Mapping[str, Any], for_seat: int = 0) -> CasinoOpen:
    """A self-played deal (rules/casino/selfplay.py) just before its play `index`: each seat's
    hand and later batches as its recorded positions show them, the table as the mover saw it,
    and what each side had taken, replayed through play.py's apply."""
    position = deal.plays[index][0]
    players = position.players
    if table_for(players, options) != deal.table:
        raise ValueError("the options do not seat the deal's sides")
    batch = HAND * players  # K2: the plays of one batch, each seat playing its 4 cards
    first = index - index % batch
    hands: list[Hand] = []
    later: list[tuple[Hand, ...]] = []
    for seat in range(players):
        # A seat's hand is unchanged until it next plays, if it has a card left this batch.
        turns = [n for n in range(index, first + batch) if n % players == seat]
        hands.append(deal.plays[turns[0]][0].hand if turns else ())
        starts = range(first + batch + seat, len(deal.plays), batch)
        later.append(tuple(deal.plays[n][0].hand for n in starts))
    sides = deal.table.teams
    open_deal = CasinoOpen(
        players,
        position.seat,
        tuple(hands),
        tuple(later),
        position.loose,
        position.builds,
        options,
        (0,) * sides,
        (0,) * sides,
        for_seat=for_seat,
    )
    for before, move in deal.plays[:index]:
        if isinstance(move, Capture):
            side = deal.table.team_of(before.seat)
            cards, spades = open_deal.counted(side, apply(before, move).captured)
            open_deal = replace(open_deal, cards=cards, spades=spades, last_capturer=side)
    return open_deal
