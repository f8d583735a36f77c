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

A finished live deal (rules/casino/live.py) is reviewed as `moments`, each with its open deal:
every hand is known then, since every card is played. Its hidden cards, for advice before
then, are sampled in casino_hidden.py.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from ..rules.cards import Card, Suit, full_deck
from ..rules.casino import score
from ..rules.casino.generate import legal_moves
from ..rules.casino.live import BIG_CASINO, LITTLE_CASINO, LIVE, PLAYS, CasinoLiveDeal
from ..rules.casino.moves import Capture, Move, Trail, parse_move
from ..rules.casino.options import DEFAULTS, check_table, table_for
from ..rules.casino.play import apply
from ..rules.casino.position import Pile, Position
from ..rules.casino.selfplay import HAND, Deal
from ..rules.casino.values import held, values
from ..rules.errors import InvalidInput
from ..rules.table import Table
from .review import Moment

Hand = tuple[Card, ...]
FULL_DECK = full_deck()
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
        """The mover's legal moves (never none: see stranded)."""
        found = list(legal_moves(self.position()))
        return found if found or self.over else self.stranded()

    def stranded(self) -> list[Move]:
        """The moves of an owner left without a card of its build's value, whom the checker
        allows none (K9): only a claim a live deal let through (live.py, flagged once shown
        false) leaves one so. As the live deal does, the owner plays as though holding a card
        of each such value (one not in play here), with the cards it does hold; failing that,
        it trails one."""
        position = self.position()
        variant, aces = position.variant, position.aces
        lacking = position.owned() - held(position.hand, variant, aces)
        in_play = {*position.loose, *(c for b in position.builds for c in b.cards)}
        phantoms = tuple(
            min(
                (c for c in FULL_DECK if value in values(c, variant, aces)),
                key=in_play.__contains__,
            )
            for value in sorted(lacking)
        )
        playing = position.with_(hand=(*position.hand, *phantoms))
        found = [m for m in legal_moves(playing) if m.card in position.hand]
        return found or [Trail(card) for card in position.hand]

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
            # Nobody captured: the dealer's side. 48 plays are whole rounds for 2, 3 or 4
            # players (K1, K2), so once over the turn is back with the seat after the dealer.
            taker = self.side_of((self.seat - 1) % self.players)
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
        not matter), the builds with their owners, the last capturer, each side's cards and
        spades taken, and the home side (a review's moments share one table, each advising its
        mover). The options are the same throughout one search."""
        return (
            self.home,
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


# -- a live deal, as the table saw it ----------------------------------------------------------


@dataclass(frozen=True)
class Shown:
    """What the table showed before a play (live.py's state copied: it changes in place)."""

    loose: Hand
    builds: tuple[Pile, ...]
    cards: Counts  # each side's cards taken so far
    spades: Counts
    last_capturer: int | None


def session_rules(table: Table, options: Mapping[str, Any]) -> dict[str, Any]:
    """The session's options with their defaults (live.py reads an older session's missing
    `aces` as the default too); InvalidInput unless `table` seats the sides they give (K1)."""
    rules = DEFAULTS | dict(options)
    check_table(table, rules)
    return rules


def replayed(
    table: Table, rules: Mapping[str, Any], start: Mapping[str, Any], plays: Sequence[object]
) -> tuple[list[Shown], list[tuple[int, Move]], CasinoLiveDeal]:
    """The live deal (rules/casino/live.py) replayed: what the table showed before any play and
    after each, each play's seat and move, and the last state."""
    shown, made = [], []
    state: CasinoLiveDeal | None = None
    for step in LIVE.states(table, rules, start, plays):
        assert isinstance(step, CasinoLiveDeal)
        state = step
        taken = state.taken()
        shown.append(
            Shown(
                state.loose,
                state.builds,
                tuple(taken["cards"]),
                tuple(taken["spades"]),
                state.last_capturer,
            )
        )
        if state.plays:
            play = state.plays[-1]
            made.append((play["seat"], parse_move({k: v for k, v in play.items() if k != "seat"})))
    assert state is not None
    return shown, made, state


def moments(
    table: Table, options: Mapping[str, Any], start: Mapping[str, Any], plays: Sequence[object]
) -> list[Moment]:
    """A finished live deal (its stored start and plays) as moments to review, each advising
    its mover (`for_seat`: with three or four sides, the paranoid reading from the mover's view).

    Nothing is unknown: every card but the table's first four is played (K2), in batches of 4
    to each seat, so a seat's hand before a play is the cards it plays from then to the end of
    that batch, and its batches still to come are its later plays, batch by batch. The table,
    the builds, each side's cards and spades taken and the last capturer are the live deal's.
    The one play that may not be valued is one the table let through on a claim (K5-K7, K9)
    that the real hand shows false: it is not legal with that hand, and the review says so.
    InvalidInput ("not-finished") while plays are left: the hands are not known then."""
    rules = session_rules(table, options)
    shown, made, final = replayed(table, rules, start, plays)
    if not final.finished:
        raise InvalidInput("not-finished", "its-plays-left", played=len(made), plays=PLAYS)
    batch = HAND * table.seats  # K2: every seat plays its 4 cards before the next 4 come
    found = []
    for index, (seat, move) in enumerate(made):
        first = index - index % batch
        hands = tuple(cards_of(made, s, index, first + batch) for s in range(table.seats))
        later = tuple(
            tuple(cards_of(made, s, n, n + batch) for n in range(first + batch, PLAYS, batch))
            for s in range(table.seats)
        )
        before = shown[index]
        deal = CasinoOpen(
            table.seats,
            seat,
            hands,
            later,
            before.loose,
            before.builds,
            rules,
            before.cards,
            before.spades,
            before.last_capturer,
            for_seat=seat,
        )
        found.append(Moment(index + 1, seat, move, deal))
    return found


def cards_of(made: Sequence[tuple[int, Move]], seat: int, begin: int, end: int) -> Hand:
    """The cards `seat` played from play index `begin` up to `end`."""
    return tuple(move.card for s, move in made[begin:end] if s == seat)
