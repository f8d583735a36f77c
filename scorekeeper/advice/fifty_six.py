"""A Fifty-six deal's card play with every hand known, for the open-cards search (search.py).

Only the card play: the auction is over and its trump (a suit, or None for no-trumps) is given.
Each play is the move checker's own: the mover's trick position (rules/fifty_six/trick.py), its
legal cards (F12: follow suit if you can) and what a card leaves (`apply`), whose winner and
points decide a completed trick (F13: the highest trump, else the highest of the suit led, the
first of two identical cards; F5: J 3, 9 2, A 1, 10 1). So the search plays by every rule the
checker knows, and re-derives none of them. A completed trick's points go to its winner's side
at once, and its winner leads the next (F13); nothing is left for the end of the deal, so
`rest` is 0. The margin is card points of side 0 minus side 1's (F14 counts tricks' points).

Sides. The search is for two sides, 0 and 1. With two teams (F2's default `teams: sides`,
team = seat mod 2, or `teams: pairs` with 4 players) the sides are the teams themselves, and a
caller advising a seat of team 1 reads the margin negated. With `teams: pairs` and three or four
teams (6 or 8 players), the side of `for_seat`, the seat advised, is side 0 and every other team
together is side 1: the "paranoid" reading, where the others play as one against the mover's
side and its margin counts every other team's points against it. For the contracting team that
is the real game (whoever else takes the points, its contract needs its own: with 56 points in
all, its own minus the others' rises and falls with its own). For a defending team it is a
pessimistic one: the other defenders want the contract lost too, yet are searched as foes. So
once the contract is known (a live deal's review, `moments`, and its advice,
fifty_six_hidden.py) `for_seat` is a seat of the contracting team: F14 counts that team's
points alone, and every defender plays with the others against it.

A finished live deal's cards are review moments (`moments`, for review.py), every hand known.
The two packs hold every card twice (F3), so a hand is a multiset: a sorted tuple, never a set.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..rules.cards import Card, Suit
from ..rules.errors import InvalidInput
from ..rules.fifty_six.cards import card_points, check_players, in_pack
from ..rules.fifty_six.live import LIVE, FiftySixLiveDeal
from ..rules.fifty_six.options import table_for
from ..rules.fifty_six.selfplay import PlayedDeal
from ..rules.fifty_six.trick import TrickPosition, apply, legal_cards, winner
from ..rules.table import Table
from .review import Moment

Hand = tuple[Card, ...]

# The evaluation's weights at a search's horizon: the share of the margin a side can expect of
# a point card it holds, and of the points on the trick in progress when it is winning it.
HELD, TAKING = 0.5, 0.7


@dataclass(frozen=True)
class FiftySixOpen:
    """A Fifty-six deal's card play at one moment, every hand known."""

    players: int
    trump: Suit | None  # None: no-trumps
    hands: tuple[Hand, ...]  # by seat, each sorted (built so by __post_init__)
    leader: int  # the seat that led the trick in progress
    trick: Hand  # the cards played to it so far, the leader's first
    options: Mapping[str, Any]  # the session's options (parse_options): `teams` decides sides
    for_seat: int = 0  # the seat advised: its team is side 0 with three or four teams
    sides: tuple[int, ...] = ()  # each seat's side, 0 or 1: worked out when left empty

    def __post_init__(self) -> None:
        """A new deal (no sides yet) is checked, its hands sorted and its sides worked out;
        replace() carries the sides, so the search's deals skip this."""
        if self.sides:
            return
        check_deal(self)
        object.__setattr__(self, "hands", tuple(tuple(sorted(hand)) for hand in self.hands))
        object.__setattr__(self, "sides", sides_of(self.players, self.options, self.for_seat))

    @property
    def seat(self) -> int:
        """The seat to move: the next after those that have played to the trick."""
        return (self.leader + len(self.trick)) % self.players

    @property
    def team(self) -> int:
        """The side to move: 0 or 1."""
        return self.sides[self.seat]

    @property
    def over(self) -> bool:
        """Whether every card has been played (the last card completes the last trick)."""
        return not any(self.hands)

    @property
    def plays_left(self) -> int:
        """The cards still to be played: every card in hand."""
        return sum(map(len, self.hands))

    def position(self) -> TrickPosition:
        """What the mover sees, as the checker reads it."""
        return TrickPosition(self.players, self.trump, self.hands[self.seat], self.trick)

    def moves(self) -> Sequence[Card]:
        """F12: the mover's legal cards, each once (two identical cards are one move)."""
        return legal_cards(self.position())

    def after(self, move: Card) -> tuple[FiftySixOpen, float]:
        """The deal after `move`, and its points: a completed trick's, signed for side 0."""
        seat = self.seat
        outcome = apply(self.position(), move)
        hands = (*self.hands[:seat], outcome.position.hand, *self.hands[seat + 1 :])
        if outcome.winner is None or outcome.points is None:
            return replace(self, hands=hands, trick=outcome.position.trick), 0.0
        # F13: the winner (an index in play order) takes the trick and leads the next.
        taker = (self.leader + outcome.winner) % self.players
        deal = replace(self, hands=hands, leader=taker, trick=())
        return deal, float(outcome.points * sign(self.sides[taker]))

    def rest(self) -> float:
        """Every point is scored with its trick: nothing is left at the end."""
        return 0.0

    def estimate(self) -> float:
        """A guess at the points still to come: a share of each point card for the side that
        holds it (HELD), and of the trick's points for the side now winning it (TAKING)."""
        value = 0.0
        for seat, hand in enumerate(self.hands):
            value += sign(self.sides[seat]) * HELD * card_points(hand)
        if self.trick:
            taking = (self.leader + winner(self.trick, self.trump)) % self.players
            value += sign(self.sides[taking]) * TAKING * card_points(self.trick)
        return value

    def key(self) -> Hashable:
        """Every hand (sorted, so as multisets), the trick in progress and its leader (so the
        seat to move), the trump and the sides."""
        return (self.hands, self.leader, self.trick, self.trump, self.sides)


def check_deal(deal: FiftySixOpen) -> None:
    """Raise ValueError unless the deal could be met in play: F1's players, F3's pack, one
    hand a seat, and a trick that has taken one card from each seat before the mover."""
    players = check_players(deal.players)
    if len(deal.hands) != players or not 0 <= deal.leader < players:
        raise ValueError(f"{players} players need {players} hands and a leader among them")
    if len(deal.trick) >= players or not 0 <= deal.for_seat < players:
        raise ValueError("a trick in progress holds fewer cards than players")
    cards = [card for hand in deal.hands for card in (*hand, *deal.trick)]
    if not all(in_pack(card, players) for card in cards):
        raise ValueError(f"a card is not in the pack for {players} players")
    played = {(deal.leader + n) % players for n in range(len(deal.trick))}
    sizes = {len(hand) + (seat in played) for seat, hand in enumerate(deal.hands)}
    if len(sizes) != 1:
        raise ValueError("every seat must hold as many cards, but for one played to the trick")


def sides_of(players: int, options: Mapping[str, Any], for_seat: int) -> tuple[int, ...]:
    """Each seat's side: its team (F2) with two teams; with more, 0 for `for_seat`'s team and
    1 for every other (the paranoid reading, in the module's docstring)."""
    table = table_for(players, options)
    teams = [table.team_of(seat) for seat in range(players)]
    if table.teams == 2:
        return tuple(teams)
    ours = table.team_of(for_seat)
    return tuple(0 if team == ours else 1 for team in teams)


def from_played(
    deal: PlayedDeal,
    trick: int,
    options: Mapping[str, Any],
    for_seat: int = 0,
    played: int = 0,
) -> FiftySixOpen:
    """A self-played deal (rules/fifty_six/selfplay.py) at its trick number `trick` (from 0),
    after `played` cards of it: every hand as it was then."""
    plays = deal.tricks[trick].plays
    hands = [play.position.hand for play in sorted(plays, key=lambda p: p.seat)]
    for play in plays[:played]:
        hands[play.seat] = play.outcome.position.hand
    return FiftySixOpen(
        len(hands),
        deal.trump,
        tuple(hands),
        plays[0].seat,
        tuple(play.card for play in plays[:played]),
        options,
        for_seat,
    )


def live_deal(
    table: Table, options: Mapping[str, Any], start: Mapping[str, Any], plays: Sequence[object]
) -> FiftySixLiveDeal:
    """The live deal after `plays` (rules/fifty_six/live.py)."""
    state = LIVE.derive(table, options, start, plays)
    assert isinstance(state, FiftySixLiveDeal)
    return state


def moments(
    table: Table, options: Mapping[str, Any], start: Mapping[str, Any], plays: Sequence[object]
) -> list[Moment]:
    """A finished live deal (its stored start and plays) as moments to review, one per card:
    the auction's calls are not reviewed. Every seat plays every card it holds (F4), so its
    hand at any card is the cards it plays from then on, and each moment knows every hand.

    A moment's number is its play's in the live deal (from 1, the calls counted: they all come
    before the first card, F10). Its open deal's sides are the contracting team against the
    rest (`for_seat` a seat of the contracting team): F14 scores the contracting team's card
    points alone, so every other team wants the same, the contract lost. With two teams that
    is the teams themselves; with three or four (pairs), a defender's margin is that of all
    the defenders together against the contracting team."""
    state = live_deal(table, options, start, plays)
    if not state.finished:
        raise InvalidInput("not-finished", "cards-to-play")
    contract = state.contract
    assert contract is not None
    hands = [
        [p.card for t in state.tricks for p in t.plays if p.seat == seat]
        for seat in range(table.seats)
    ]
    number = len(state.bidding.calls)
    found = []
    for trick in state.tricks:
        for count, play in enumerate(trick.plays):
            number += 1
            before = tuple(p.card for p in trick.plays[:count])
            deal = FiftySixOpen(
                table.seats,
                state.trump,
                tuple(map(tuple, hands)),
                trick.leader,
                before,
                options,
                contract.seat,
            )
            found.append(Moment(number, play.seat, play.card, deal))
            hands[play.seat].remove(play.card)
    return found


def sign(side: int) -> int:
    """+1 for side 0, -1 for side 1."""
    return 1 if side == 0 else -1
