"""What should I play, in Fifty-six: the hidden hands sampled as the table allows (for
advisor.py), from a position and the cards seen, or from the live deal so far and the hand.

What the table knows. The pack (F3: every card twice, so cards are counted as a multiset), the
mover's hand, the cards played (the tricks done, `seen`, and the trick in progress), and so
how many cards each seat holds: the whole pack is dealt (F4) and a trick takes one card from
every seat (F13), so at a trick's start every seat holds as many as the others, and a seat that
has played to the trick in progress holds one fewer. And the voids: a seat that did not follow
the suit led holds none of it (F12; the live deal's `voids`, kept by rules/fifty_six/live.py).
Every sample deals the hidden cards to the other seats in those numbers, no seat getting a
suit it is void in.

The sampling. Without voids, a shuffle dealt out: every deal that fits is as likely. With
voids, a constructive fill: the seat with the least room to spare (the cards it may hold
beyond the cards it needs) is dealt first, its cards the first it may hold in the shuffled
rest, and so on; a fill that leaves a seat short starts again (TRIES times), and then the
cards are dealt one at a time, each to the seat whose turn it is only if the rest still fits
(Hall's condition over the suits, as the live deal's own check). That is close to uniform over
the deals that fit, not exactly: a seat dealt early takes its cards from the whole rest.

What it does not use: the auction. A bid tells of the bidder's hand, F11's conventions even
more ("number-suit" holds the top trump, "noes" a void), but the rules tie no call to a hand
(F11: recorded, never enforced), so the samples ignore the calls. Nor does it read a card's
choice (a seat that ducked may not hold the higher card): nothing in the rules says so.

"Made". F14: the contracting team counts the card points of its tricks and makes the contract
when they reach its bid. `Target` is what that needs: a seat of the contracting team, its bid
and the points it took in the tricks done. The samples' sides are the contracting team against
the rest (as moments' are), so the points still to come split between two sides: the
contracting team's share of them is (left + its margin) / 2, whatever the search says.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from ..rules.cards import Card, Suit
from ..rules.errors import InvalidInput
from ..rules.fifty_six.cards import COPIES, card_points, deck, hand_size, in_pack
from ..rules.fifty_six.trick import TrickPosition
from ..rules.table import Table
from .fifty_six import FiftySixOpen, Hand, live_deal

TRIES = 20  # fills that may leave a seat short before the cards are dealt one at a time
Voids = Mapping[int, Collection[Suit]]  # by seat: the suits it showed it holds none of


@dataclass(frozen=True)
class CardPosition:
    """The mover's view of the card play: its hand, the trick so far and who led it."""

    players: int
    trump: Suit | None  # None: no-trumps
    hand: Hand
    leader: int  # the seat that led the trick in progress (the mover, when it is empty)
    trick: Hand  # the cards played to it so far, the leader's first
    options: Mapping[str, Any]  # the session's options: `teams` (F2)

    @property
    def seat(self) -> int:
        """The seat to move."""
        return (self.leader + len(self.trick)) % self.players

    def holding(self) -> tuple[int, ...]:
        """How many cards each seat holds now: as many as the mover, or one fewer for a seat
        that has played to the trick (F4, F13)."""
        played = {(self.leader + n) % self.players for n in range(len(self.trick))}
        return tuple(len(self.hand) - (seat in played) for seat in range(self.players))

    @property
    def hidden(self) -> bool:
        """Whether any hidden card's place is unknown: two other seats or more hold cards (with
        one, its cards are the ones unseen)."""
        holding = self.holding()
        return sum(1 for s, n in enumerate(holding) if s != self.seat and n) >= 2


def from_trick(position: TrickPosition, options: Mapping[str, Any]) -> CardPosition:
    """A trick position (as /api/v1/moves takes it) as the mover's view: its seats are not
    given, so the leader is put at seat 0 (the sides are the same, turned round the table)."""
    return CardPosition(position.players, position.trump, position.hand, 0, position.trick, options)


@dataclass(frozen=True)
class Target:
    """What the contract needs (F14): a seat of the contracting team, its bid, and the card
    points the team took in the tricks done."""

    seat: int
    bid: int
    taken: int

    def made(self, deal: FiftySixOpen, value: float) -> bool:
        """Whether the contract is made on the open `deal` after a move whose value (side 0's
        margin still to come, the move's points included) is `value`; `deal`'s sides must be
        the contracting team against the rest (as `sampled` deals them)."""
        left = card_points(card for hand in deal.hands for card in hand) + card_points(deal.trick)
        ours = value if deal.sides[self.seat] == 0 else -value
        return self.taken + (left + ours) / 2 >= self.bid


def sampled(
    position: CardPosition,
    seen: Iterable[Card],
    rng: random.Random,
    voids: Voids | None = None,
    target: Target | None = None,
) -> Iterator[FiftySixOpen]:
    """Open deals without end, each with the hidden cards dealt at random as the table allows:
    the pack's cards neither in the hand, on the trick nor `seen` (the tricks done) go to the
    other seats, as many as each holds, none to a seat void in its suit. The sides are the
    contracting team's against the rest when `target` is given, else the mover's (the
    paranoid reading, fifty_six.py). InvalidInput at once when the cards cannot add up or
    no deal fits the voids."""
    hidden = unseen(position, seen)
    holding = position.holding()
    need = {seat: n for seat, n in enumerate(holding) if seat != position.seat}
    if len(hidden) != sum(need.values()):
        raise InvalidInput(
            "bad-position", "advice-unseen-count", hidden=len(hidden), held=sum(need.values())
        )
    barred = {seat: frozenset((voids or {}).get(seat, ())) for seat in need}
    if not fits(Counter(card.suit for card in hidden), need, barred):
        raise InvalidInput("bad-position", "advice-voids")
    for_seat = position.seat if target is None else target.seat
    return _samples(position, hidden, need, barred, rng, for_seat)


def _samples(
    position: CardPosition,
    hidden: Sequence[Card],
    need: Mapping[int, int],
    barred: Mapping[int, frozenset[Suit]],
    rng: random.Random,
    for_seat: int,
) -> Iterator[FiftySixOpen]:
    while True:
        hands = dealt(hidden, need, barred, rng)
        hands[position.seat] = list(position.hand)
        yield FiftySixOpen(
            position.players,
            position.trump,
            tuple(tuple(hands[seat]) for seat in range(position.players)),
            position.leader,
            position.trick,
            position.options,
            for_seat,
        )


def unseen(position: CardPosition, seen: Iterable[Card]) -> list[Card]:
    """The pack less the hand, the trick and `seen`, as a multiset (F3); InvalidInput for a
    card not in the pack or out of it more often than the pack holds it."""
    out = Counter([*position.hand, *position.trick, *seen])
    for card, count in out.items():
        check_in_pack(card, position.players)
        if count > COPIES:
            raise InvalidInput(
                "bad-position", "advice-card-count", card=card.pretty, count=count, copies=COPIES
            )
    return list((Counter(deck(position.players)) - out).elements())


def check_in_pack(card: Card, players: int) -> None:
    """InvalidInput, as the live deal's, for a card the pack for `players` has not (F3)."""
    if not in_pack(card, players):
        removed = "2s–6s" if players == 8 else "2s–8s"
        raise InvalidInput(
            "not-in-pack", "not-in-pack", card=card.pretty, players=players, removed=removed
        )


def fits(
    suits: Mapping[Suit, int], need: Mapping[int, int], barred: Mapping[int, frozenset[Suit]]
) -> bool:
    """Whether cards of `suits` (so many of each) can fill the seats' `need`, no seat taking a
    suit barred to it, when there are as many cards as needed. Hall's condition (supply and
    demand, as rules/fifty_six/live.py checks a play): every set of suits has no more cards
    than the seats that may hold one of them still need."""
    present = [suit for suit, n in suits.items() if n]
    for size in range(1, len(present) + 1):
        for group in combinations(present, size):
            cards = sum(suits[suit] for suit in group)
            room = sum(n for seat, n in need.items() if not all(s in barred[seat] for s in group))
            if cards > room:
                return False
    return True


def dealt(
    hidden: Sequence[Card],
    need: Mapping[int, int],
    barred: Mapping[int, frozenset[Suit]],
    rng: random.Random,
) -> dict[int, list[Card]]:
    """One deal of the hidden cards to the seats that need them (the module's "sampling")."""
    for _ in range(TRIES):
        hands = _filled(hidden, need, barred, rng)
        if hands is not None:
            return hands
    return _one_by_one(hidden, need, barred, rng)


def _filled(
    hidden: Sequence[Card],
    need: Mapping[int, int],
    barred: Mapping[int, frozenset[Suit]],
    rng: random.Random,
) -> dict[int, list[Card]] | None:
    """The seat with least room to spare first, its cards the first it may hold in the
    shuffled rest; None when a seat is left short."""
    rest = list(hidden)
    rng.shuffle(rest)
    hands: dict[int, list[Card]] = {}
    left = dict(need)
    while left:
        seat = min(left, key=lambda s: sum(c.suit not in barred[s] for c in rest) - left[s])
        taken: list[Card] = []
        kept: list[Card] = []
        for card in rest:
            if len(taken) < left[seat] and card.suit not in barred[seat]:
                taken.append(card)
            else:
                kept.append(card)
        if len(taken) < left[seat]:
            return None
        hands[seat], rest = taken, kept
        del left[seat]
    return hands


def _one_by_one(
    hidden: Sequence[Card],
    need: Mapping[int, int],
    barred: Mapping[int, frozenset[Suit]],
    rng: random.Random,
) -> dict[int, list[Card]]:
    """Seat by seat, each card the first in the shuffled rest that leaves a deal that fits
    (there is one, since the whole deal fits: `sampled` checked)."""
    rest = list(hidden)
    rng.shuffle(rest)
    left = dict(need)
    hands: dict[int, list[Card]] = {seat: [] for seat in need}
    for seat in need:
        while left[seat]:
            left[seat] -= 1
            for index, card in enumerate(rest):
                others = [*rest[:index], *rest[index + 1 :]]
                if card.suit not in barred[seat] and fits(
                    Counter(c.suit for c in others), left, barred
                ):
                    hands[seat].append(card)
                    rest = others
                    break
            else:
                raise AssertionError("no deal fits, though sampled checked that one does")
    return hands


def from_history(
    table: Table,
    options: Mapping[str, Any],
    start: Mapping[str, Any],
    plays: Sequence[object],
    hand: Sequence[Card],
) -> tuple[CardPosition, tuple[Card, ...], dict[int, frozenset[Suit]], Target]:
    """The deal so far as a live deal records it, and the mover's hand: the mover's position,
    the cards of the tricks done, every seat's voids (F12) and the contract's `Target` (F14).
    InvalidInput during the auction (advice is for the card play only), once the deal is over,
    and for a hand the mover cannot hold: the wrong number of cards (F4), a card more often
    than the pack still has it (F3), or a suit the mover showed it holds none of (F12)."""
    state = live_deal(table, options, start, plays)
    seat = state.next_seat
    if not state.bidding.finished:
        raise InvalidInput("bad-position", "advice-auction", seat=seat)
    if seat is None:
        raise InvalidInput("bad-position", "advice-deal-over")
    current, contract = state.current, state.contract
    assert current is not None and contract is not None
    held = hand_size(table.seats) - len(state.tricks)
    if len(hand) != held:
        raise InvalidInput(
            "bad-position", "advice-hand-size", seat=seat, held=held, given=len(hand)
        )
    voids = {s: frozenset(suits) for s, suits in state.voids.items() if suits}
    for card, count in Counter(hand).items():
        check_in_pack(card, table.seats)
        if count + state.played[card] > COPIES:
            left = COPIES - state.played[card]
            raise InvalidInput(
                "bad-position", "advice-hand-copies", card=card.pretty, count=count, left=left
            )
        if card.suit in voids.get(seat, ()):
            raise InvalidInput(
                "bad-position",
                "advice-hand-void",
                seat=seat,
                suit=card.suit.symbol,
                card=card.pretty,
            )
    position = CardPosition(
        table.seats,
        state.trump,
        tuple(sorted(hand)),
        current.leader,
        tuple(play.card for play in current.plays),
        options,
    )
    seen = tuple(play.card for done in state.tricks for play in done.plays)
    target = Target(contract.seat, contract.value, state.points()[contract.team])
    return position, seen, voids, target
