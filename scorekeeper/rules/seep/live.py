"""Seep play by play: a deal followed from what the table sees (rules/live.py's `LiveRules`).

Nobody's hand is known. Each play is checked by the move checker's own `check` and `apply`
(play.py) on a position whose hand is built from what the play itself shows: the played card,
plus, for every house the mover owns after the play, a card of its value that nobody has seen
yet (the mover declares holding one, H5), and no more such cards than the mover has left in
hand. So every rule the floor decides (C1, C2, B1, B2, H1–H3, R1, T2, T3, S3) is checked as in
the checker, and H5 (with B4, R2 and S2) is refused when the table can see it is broken: every
other card of the value has been seen, or the mover has too few cards left. Unknowable from
public information: whether the mover really holds the played card (only a card already seen
is refused, `not-in-hand`) and really holds the declared card of a house's value.

A declaration that another player's play later contradicts (the owners of a house need more
cards of its value than are still unseen: someone played the last one) is not the revealing
play's fault — that card was really played; by H5 an owner broke the rule earlier. Such a
house is flagged (rule H5, the play that revealed it) and its owners are no longer held to it,
so the deal can go on; if it still stands at the end, its cards go with the residue (E1).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..cards import Card, Suit, ensure_distinct, full_deck, parse_cards
from ..errors import InvalidInput
from ..fields import integer, record, required
from ..live import JSON, LiveRules, PlayRefused
from ..table import Table
from ..violation import Violation
from .cards import card_points
from .moves import Capture, Move, parse_move
from .options import RULE_CHOICES
from .play import Outcome, apply, check
from .position import HOUSE_VALUES, House, Position
from .record import Bid, SeepDeal, SeepRecord, Sweep

PLAYS = 48  # S4: 48 plays in all, with two players or four
FLOOR = 4  # S1: four cards to the floor
FIRST_HAND = 4  # S1: four cards to the bidder (and, with two players, to the dealer)
BATCH = 12  # S4: a hand holds 12 cards over the deal; with two players, twice
Piles = tuple[tuple[Card, ...], tuple[Card, ...]]
WHAT = "A live Seep deal's start"
DECK = full_deck()


@dataclass(frozen=True)
class Start:
    """How the deal began: the dealer, the opening bid and the four floor cards turned up."""

    dealer: int
    bid: Bid
    floor: tuple[Card, ...]

    def to_json(self) -> JSON:
        """The start as stored."""
        return {
            "dealer": self.dealer,
            "bid": {"seat": self.bid.seat, "value": self.bid.value},
            "floor": [str(c) for c in self.floor],
        }


def parse_start(raw: object, table: Table, dealer: int | None = None) -> Start:
    """Read a start; `dealer` is the one to assume when the start names none."""
    fields = record(raw, WHAT, ("dealer", "bid", "floor"))
    given = dealer if fields.get("dealer") is None else fields["dealer"]  # null: left out
    if given is None:
        raise InvalidInput("missing-field", "missing-field", what=WHAT, field="dealer")
    dealer = integer(given, "dealer", 0, table.seats - 1)
    bid_fields = record(required(fields, "bid", WHAT), "bid", ("seat", "value"))
    seat = integer(required(bid_fields, "seat", "bid"), "bid seat", 0, table.seats - 1)
    if seat != table.after(dealer):
        # S1: the bidder is the seat after the dealer.
        raise InvalidInput("bad-bid", "bidder-after-dealer", seat=table.after(dealer))
    # S2: a bid is a house value from 9 to 13.
    value = integer(required(bid_fields, "value", "bid"), "bid value", 9, 13)
    floor = parse_cards(required(fields, "floor", WHAT), "floor")
    ensure_distinct(floor)
    if len(floor) != FLOOR:
        # S1: the dealer turns up four floor cards.
        raise InvalidInput("bad-floor", "floor-size", floor=FLOOR, given=len(floor))
    if sum(c.rank == value for c in floor) == len(Suit):
        # S2: the bidder must hold a card of the bid, and all four are on the floor.
        raise InvalidInput("bad-bid", "bid-not-in-bidders-hand", bid=value)
    return Start(dealer, Bid(seat, value), floor)


@dataclass(frozen=True)
class LivePlay:
    """One play: its number (from 1), the seat, the move and what it did."""

    number: int
    seat: int
    move: Move
    outcome: Outcome

    def to_json(self) -> JSON:
        """The play as the API lists it."""
        return {"seat": self.seat, **self.move.to_json()}

    def result_json(self) -> JSON:
        """What a capture took, and its sweep (C3, C4); nothing for other moves."""
        if not isinstance(self.move, Capture):
            return {}
        outcome = self.outcome
        return {
            "captured": [str(c) for c in outcome.captured],
            "sweep": outcome.sweep,
            "sweep_points": outcome.sweep_points,
        }


@dataclass(frozen=True)
class Declaration:
    """A house owner's claim, made by the play numbered `play`, to hold a card of `value`."""

    seat: int
    value: int
    play: int

    def to_json(self) -> JSON:
        """The declaration as the API shows it."""
        return {"seat": self.seat, "value": self.value, "play": self.play}


@dataclass(frozen=True)
class Flag:
    """A declaration the table later saw broken: more owners than unseen cards of the value."""

    play: int
    value: int
    owners: tuple[int, ...]
    left: int  # the cards of the value left unseen, fewer than the owners
    marker: Card  # a card of the flagged house, to know whether it still stands

    def to_json(self) -> JSON:
        """The flag as the API shows it (its "reason" the web layer writes: words/live.py)."""
        return {
            "play": self.play,
            "rule": "H5",
            "value": self.value,
            "owners": list(self.owners),
        }


@dataclass(frozen=True)
class SeepLiveDeal:
    """The state of a live Seep deal after its plays so far (rules/live.py's `LiveDeal`)."""

    table: Table
    rules: Mapping[str, Any]
    start: Start
    plays: tuple[LivePlay, ...] = ()
    loose: tuple[Card, ...] = ()
    houses: tuple[House, ...] = ()
    captured: Piles = ((), ())
    sweeps: tuple[tuple[Sweep, int], ...] = ()  # each sweep with its play's number
    last_capturer: int | None = None
    declarations: tuple[Declaration, ...] = ()
    flags: tuple[Flag, ...] = ()

    # -- what the table can see ---------------------------------------------------------------

    @property
    def finished(self) -> bool:
        """Whether the 48th card has been played (S4)."""
        return len(self.plays) == PLAYS

    @property
    def bidder(self) -> int:
        """The seat after the dealer (S1)."""
        return self.start.bid.seat

    @property
    def next_seat(self) -> int | None:
        """S3, S4: the bidder opens, then play goes round in seat order; None once over."""
        if self.finished:
            return None
        return (self.bidder + len(self.plays)) % self.table.seats

    @property
    def seen(self) -> frozenset[Card]:
        """Every card the table has seen: the floor turned up and every card played."""
        return frozenset((*self.start.floor, *(p.move.card for p in self.plays)))

    def in_hand(self, seat: int) -> int:
        """How many cards `seat` holds now (S1, S4; two players: the second 12 once due)."""
        done = len(self.plays)
        if done == 0:
            # S1: the bidder's four cards and, with two players, the dealer's.
            return FIRST_HAND if seat == self.bidder or self.table.seats == 2 else 0
        return self._dealt(done) - _plays_by(seat, done, self.bidder, self.table.seats)

    def left_after(self, seat: int) -> int:
        """How many cards `seat` holds right after making the next play (H5 looks there)."""
        done = len(self.plays)
        if done == 0:
            return FIRST_HAND - 1  # S4: the rest is dealt after the opening play
        return self._dealt(done) - _plays_by(seat, done + 1, self.bidder, self.table.seats)

    def _dealt(self, done: int) -> int:
        """Cards dealt to each seat once `done` plays are made (after the opening)."""
        if self.table.seats == 2 and done >= PLAYS // 2:
            return 2 * BATCH  # S4: both hands empty, 12 more each
        return BATCH

    def residue(self) -> tuple[Card, ...]:
        """E1: what is left on the floor at the end (houses too, if a flagged one stood)."""
        return (*self.loose, *(c for h in self.houses for c in h.cards))

    def final_piles(self) -> Piles:
        """The captured piles, with the residue to the last capturer once the deal is over."""
        if not self.finished or self.last_capturer is None:
            return self.captured
        return _add(self.captured, self.last_capturer, self.residue())

    # -- LiveDeal -----------------------------------------------------------------------------

    def to_json(self) -> JSON:
        """The state as the API shows it (API.md "Live deals")."""
        piles = self.final_piles()
        out: JSON = {
            **self.start.to_json(),
            "plays": [p.to_json() for p in self.plays],
            "next_seat": self.next_seat,
            "position": {
                "loose": [str(c) for c in self.loose],
                "houses": [h.to_json() for h in self.houses],
            },
            "captured_points": [card_points(piles[0]), card_points(piles[1])],
            "sweeps": [
                {"team": s.team, "when": s.when, "points": s.points, "play": n}
                for s, n in self.sweeps
            ],
            "in_hand": [self.in_hand(seat) for seat in range(self.table.seats)],
            "last_capturer": self.last_capturer,
            "declarations": [d.to_json() for d in self.declarations],
            "flags": [f.to_json() for f in self.flags],
            "finished": self.finished,
        }
        if self.finished:
            out["residue"] = {
                "team": self.last_capturer,
                "cards": [str(c) for c in self.residue()],
            }
        return out

    def last_play_json(self) -> JSON:
        """What the last play took, for a capture: captured, sweep, sweep_points."""
        return self.plays[-1].result_json() if self.plays else {}

    def record(self) -> SeepRecord:
        """The deal record as the score keeper stores it (record.py), once the deal is over."""
        if not self.finished:
            raise InvalidInput("not-finished", "plays-left", played=len(self.plays), plays=PLAYS)
        if self.last_capturer is None:
            raise InvalidInput("no-capture", "no-capture")
        sweeps = tuple(s for s, _ in self.sweeps)
        return SeepDeal(self.final_piles(), sweeps, self.start.bid, self.start.dealer).to_json()

    # -- one play -----------------------------------------------------------------------------

    def play(self, raw: object) -> SeepLiveDeal:
        """The state after one more play; raise InvalidInput or PlayRefused (nothing changes)."""
        seat, move = parse_play(raw, self.table)
        number = len(self.plays) + 1
        if self.finished:
            raise InvalidInput("deal-over", "all-played", plays=PLAYS)
        if seat != self.next_seat:
            said = {"say": "turn", "seat": self.next_seat}
            raise PlayRefused(Violation(None, "not-your-turn", "turn", said, tuple(said)))
        if move.card in self.seen:
            raise PlayRefused(_seen_already(move.card, self.loose, self.houses))
        # What the floor decides first, with the mover holding every value (H5 set aside).
        violation = check(self._position(seat, move, _every_value(move.card)), move)
        if violation is not None:
            raise PlayRefused(violation)
        position = self._position(seat, move, self._declared_hand(seat, move))
        violation = check(position, move)
        if violation is not None:
            # H5 (B4, R2, S2), as far as the table can see.
            seen: dict[str, Any] = {**self._why_not_held(seat, move), "reason": violation}
            # The key is the "say" one: what the table sees, after the rule's own sentence.
            key = str(seen["say"])
            raise PlayRefused(replace(violation, key=key, params=seen, shown=tuple(seen)))
        outcome = apply(position, move)
        return self._after(LivePlay(number, seat, move, outcome))

    def _declared_hand(self, seat: int, move: Move) -> tuple[Card, ...]:
        """The played card, and a card of each house value the mover owns after the play that
        nobody has seen (H5: the mover declares it), as many as the mover has cards left."""
        bare = Position(self.table.seats, seat, (move.card,), self.loose, self.houses)
        owned = [h.value for h in apply(bare, move).position.houses if seat in h.owners]
        flagged = self.flagged_values()
        unseen = [c for c in _unseen(self.seen) if c != move.card]
        room = self.left_after(seat)
        hand = [move.card]
        for value in owned:
            if value in flagged:
                # A contradiction already flagged: the owners are not held to it again.
                hand.append(_of_value(value, move.card))
            elif room > 0 and (card := next((c for c in unseen if c.rank == value), None)):
                hand.append(card)
                room -= 1
        return tuple(hand)

    def _why_not_held(self, seat: int, move: Move) -> JSON:
        """What the table sees that makes H5 fail: no such card unseen, or too few cards left
        (as data for the web layer's words)."""
        hand = self._declared_hand(seat, move)
        bare = Position(self.table.seats, seat, (move.card,), self.loose, self.houses)
        for house in apply(bare, move).position.houses:
            if seat in house.owners and all(c.rank != house.value for c in hand[1:]):
                unseen = [c for c in _unseen(self.seen) if c.rank == house.value]
                if all(c == move.card for c in unseen):
                    return {"say": "all-seen", "value": house.value}
        return {"say": "cards-left", "seat": seat, "left": self.left_after(seat)}

    def _position(self, seat: int, move: Move, hand: tuple[Card, ...]) -> Position:
        """The mover's position with `hand`, on the floor as it is."""
        return Position(
            self.table.seats,
            seat,
            hand,
            self.loose,
            self.houses,
            self.start.bid.value if not self.plays else None,  # S3
            len(self.plays) == PLAYS - 1,  # C4
            self.rules,
        )

    def _after(self, play: LivePlay) -> SeepLiveDeal:
        """The state once `play` is made: floor, captures, sweeps, declarations, flags."""
        outcome, team = play.outcome, self.table.team_of(play.seat)
        state = replace(
            self,
            plays=(*self.plays, play),
            loose=outcome.position.loose,
            houses=outcome.position.houses,
        )
        if outcome.captured:
            # C3: the captured cards and the capturing card go to the capturer's team.
            state = replace(
                state, captured=_add(self.captured, team, outcome.captured), last_capturer=team
            )
        if outcome.swept:
            sweep = Sweep(team, outcome.swept)  # C4
            state = replace(state, sweeps=(*self.sweeps, (sweep, play.number)))
        return state._declared(play.number)._flagged(play.number)

    def _declared(self, number: int) -> SeepLiveDeal:
        """H5: every owner of a standing house declares a card of its value, since it owns it."""
        since = {(d.seat, d.value): d.play for d in self.declarations}
        declarations = tuple(
            Declaration(seat, h.value, since.get((seat, h.value), number))
            for h in sorted(self.houses, key=lambda h: h.value)
            for seat in sorted(h.owners)
        )
        return replace(self, declarations=declarations)

    def _flagged(self, number: int) -> SeepLiveDeal:
        """Flag a house whose owners need more cards of its value than remain unseen (H5)."""
        if not self.houses:
            return self
        standing = self.flagged_values()
        unseen = _unseen(self.seen)
        new = []
        for house in self.houses:
            left = sum(c.rank == house.value for c in unseen)
            if house.value in standing or len(house.owners) <= left:
                continue
            owners = tuple(sorted(house.owners))
            new.append(Flag(number, house.value, owners, left, house.cards[0]))
        return replace(self, flags=(*self.flags, *new)) if new else self

    def flagged_values(self) -> set[int]:
        """The values of the flagged houses that still stand: their owners are held no more."""
        return {f.value for f in self.flags if self._stands(f)}

    def _stands(self, flag: Flag) -> bool:
        """Whether the flagged house still stands (its card in a house of its value)."""
        return any(h.value == flag.value and flag.marker in h.cards for h in self.houses)


class SeepLive(LiveRules):
    """Seep's play by play (rules/live.py's `LiveRules`)."""

    def start(
        self,
        table: Table,
        options: Mapping[str, Any],
        standing: Mapping[str, Any],
        body: object,
    ) -> JSON:
        """The start as stored; the dealer, if left out, is the session's next (M5)."""
        return parse_start(body, table, standing.get("next_dealer")).to_json()

    def begin(
        self, table: Table, options: Mapping[str, Any], start: Mapping[str, Any]
    ) -> SeepLiveDeal:
        """The deal before its first play: the four floor cards loose (S1)."""
        rules = {name: options[name] for name in RULE_CHOICES}
        state = SeepLiveDeal(table, rules, parse_start(dict(start), table))
        return replace(state, loose=state.start.floor)


LIVE = SeepLive()


def parse_play(raw: object, table: Table) -> tuple[int, Move]:
    """Read `{"seat": s, ...the move as /api/v1/check takes it}`."""
    if not isinstance(raw, dict):
        raise InvalidInput("bad-field", "play-not-object")
    seat = integer(required(raw, "seat", "A play"), "seat", 0, table.seats - 1)
    return seat, parse_move({k: v for k, v in raw.items() if k != "seat"})


def _plays_by(seat: int, done: int, bidder: int, seats: int) -> int:
    """How many of the first `done` plays were `seat`'s (play goes round from the bidder)."""
    return sum((bidder + n) % seats == seat for n in range(done))


def _unseen(seen: frozenset[Card]) -> list[Card]:
    return [card for card in DECK if card not in seen]


def _of_value(value: int, besides: Card) -> Card:
    """A card of `value` other than `besides`: one the hand is assumed to hold."""
    return next(Card(value, suit) for suit in Suit if Card(value, suit) != besides)


def _every_value(card: Card) -> tuple[Card, ...]:
    """The played card, and a card of every house value (H1) beside it."""
    return (card, *(_of_value(value, card) for value in HOUSE_VALUES))


def _add(piles: Piles, team: int, cards: Sequence[Card]) -> Piles:
    if team == 0:
        return (*piles[0], *cards), piles[1]
    return piles[0], (*piles[1], *cards)


def _seen_already(card: Card, loose: Sequence[Card], houses: Sequence[House]) -> Violation:
    on_floor = card in loose or any(card in h.cards for h in houses)
    key = "seen-on-floor" if on_floor else "seen-played"
    return Violation(None, "not-in-hand", key, {"card": str(card)})
