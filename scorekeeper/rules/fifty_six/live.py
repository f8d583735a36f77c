"""Fifty-six play by play: the auction call by call, then the tricks card by card (F6–F14).

Nobody's hand is known, so what is checked is what the table sees: every call with the
auction's own `check` (F6–F11); each card's turn, that it is in the pack and not a third copy
(F3); and following suit as far as it shows (F12). A player who does not follow the suit led
declares a void in it; a revoke becomes visible when that player later plays the suit, or when
the cards still to come no longer fit in the hands that may hold them (the seats void in a
suit cannot hold it, and each hand holds as many cards as it has still to play). Such a play
is refused, citing F12: the rules give no penalty for a revoke, so a deal with one has no
score of its own; the table corrects the card, or undoes back to the trick where the suit was
not followed.

Readings kept from self-play (selfplay.py): the seats of a team that is out of tables pass
over in the auction (F6) but keep their cards and play them; the first trick is led by the
first bidder, the seat after the dealer that is still in the game (F7, F12).

>>> deal = LIVE.derive(Table(2, 2), {"teams": "sides"}, {"dealer": 0},
...     [{"seat": 1, "call": "bid", "value": 28, "trump": "D"}, {"seat": 2, "call": "pass"},
...      {"seat": 3, "call": "pass"}, {"seat": 0, "call": "pass"}, {"seat": 1, "card": "KH"}])
>>> deal.to_json()["contract"]["value"], deal.to_json()["next_seat"]
(28, 2)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations
from typing import Any

from ..cards import Card, Suit
from ..errors import InvalidInput
from ..fields import integer, record, required
from ..live import JSON, LiveRules, PlayRefused
from ..table import Table
from ..violation import Violation
from . import auction, trick
from .cards import COPIES, deck, hand_size, in_pack
from .record import FiftySixRecord
from .score import check_next

START_FIELDS = ("dealer", "new_game")
STORED_FIELDS = ("dealer", "new_game", "out")
CARD_FIELDS = ("seat", "card")
PHASES = ("auction", "tricks")


@dataclass(frozen=True)
class CardPlay:
    """One card on a trick: who played it."""

    seat: int
    card: Card

    def to_json(self) -> JSON:
        """The play in the API's notation."""
        return {"seat": self.seat, "card": str(self.card)}


@dataclass(frozen=True)
class Trick:
    """A trick so far (or complete: its winning seat and its card points, F13, F14)."""

    number: int
    leader: int
    plays: tuple[CardPlay, ...] = ()
    winner: int | None = None
    points: int | None = None

    def to_json(self) -> JSON:
        """The trick in the API's notation."""
        out: JSON = {
            "number": self.number,
            "leader": self.leader,
            "cards": [p.to_json() for p in self.plays],
        }
        if self.winner is not None:
            out |= {"winner": self.winner, "points": self.points}
        return out


@dataclass
class FiftySixLiveDeal:
    """A live deal's state, built play by play by `play` (see LiveRules.derive)."""

    table: Table
    teams: str
    dealer: int
    out: frozenset[int]
    new_game: bool
    bidding: auction.Auction = field(init=False)
    plays: list[JSON] = field(default_factory=list)
    tricks: list[Trick] = field(default_factory=list)
    current: Trick | None = None
    played: Counter[Card] = field(default_factory=Counter)
    voids: dict[int, set[Suit]] = field(default_factory=dict)
    last: JSON = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.bidding = auction.start(self.table.seats, self.dealer, self.teams, self.out)

    # -- what the table sees ---------------------------------------------------------------

    @property
    def players(self) -> int:
        """How many sit at the table (F1)."""
        return self.table.seats

    @property
    def phase(self) -> str:
        """The phase: auction until the auction ends, then tricks (F10)."""
        return "tricks" if self.bidding.finished else "auction"

    @property
    def contract(self) -> auction.Contract | None:
        """The standing bid, or the contract once the auction is over (F10's 28 NT too)."""
        return self.bidding.contract

    @property
    def trump(self) -> Suit | None:
        """The contract's trump (None: no-trumps); only once the auction is over."""
        contract = self.contract
        assert contract is not None and self.bidding.finished
        return trick.parse_trump(contract.trump)

    @property
    def finished(self) -> bool:
        """Whether every card is played (F4: each hand played out)."""
        return len(self.tricks) == hand_size(self.players)

    @property
    def next_seat(self) -> int | None:
        """Whose call or card it is; None once the deal is over."""
        if not self.bidding.finished:
            return self.bidding.next_seat
        if self.finished:
            return None
        if self.current is None:
            return self._first_leader()
        return (self.current.leader + len(self.current.plays)) % self.players

    def _first_leader(self) -> int:
        """F12: the seat after the dealer leads the first trick (past the seats out, F6)."""
        return self.bidding.first_bidder

    def points(self) -> list[int]:
        """Each team's card points in the tricks it won (F14)."""
        points = [0] * self.table.teams
        for done in self.tricks:
            assert done.winner is not None and done.points is not None
            points[self.table.team_of(done.winner)] += done.points
        return points

    def tricks_won(self) -> list[int]:
        """How many tricks each team has won."""
        won = [0] * self.table.teams
        for done in self.tricks:
            assert done.winner is not None
            won[self.table.team_of(done.winner)] += 1
        return won

    def to_json(self) -> JSON:
        """The live state as the API shows it."""
        contract = self.contract
        bidding, n = self.bidding.finished, self.players
        return {
            "players": self.players,
            "dealer": self.dealer,
            "teams": self.teams,
            "out": sorted(self.out),
            "new_game": self.new_game,
            "plays": list(self.plays),
            "phase": self.phase,
            "next_seat": self.next_seat,
            "auction": self.bidding.to_json(),
            "contract": None if contract is None else contract.to_json(),
            "trump": trick.trump_name(self.trump) if bidding else None,
            "trick": None if self.current is None else self.current.to_json(),
            "tricks": [t.to_json() for t in self.tricks],
            "tricks_won": self.tricks_won(),
            "points": self.points(),
            # F12: per seat, the suits it showed it holds none of.
            "voids": [sorted(s.value for s in self.voids.get(seat, ())) for seat in range(n)],
            "finished": self.finished,
        }

    def last_play_json(self) -> JSON:
        """What the last play did: the call and the contract, or the card and the trick."""
        return dict(self.last)

    def record(self) -> FiftySixRecord:
        """The deal record (record.parse_deal's shape), with the auction as called."""
        if not self.finished:
            raise InvalidInput("not-finished", "cards-to-play")
        contract = self.contract
        assert contract is not None
        out: FiftySixRecord = {
            # F10: everyone passed: no contract recorded, the first bidder's team's points.
            "contract": None if self.bidding.standing is None else _stored(contract),
            # F14: the card points of the contracting team.
            "points": self.points()[contract.team],
            "dealer": self.dealer,
            "auction": [c.to_json() for c in self.bidding.calls],
        }
        if self.new_game:
            out["new_game"] = True
        return out

    # -- one play --------------------------------------------------------------------------

    def play(self, raw: object) -> FiftySixLiveDeal:
        """Take one play (as sent), or raise InvalidInput / PlayRefused and change nothing."""
        if not isinstance(raw, dict):
            raise InvalidInput("bad-field", "play-not-object")
        if not self.bidding.finished or "call" in raw:
            self._call(raw)
        else:
            self._card(raw)
        return self

    def _turn(self, seat: int) -> None:
        turn = self.next_seat
        if turn is None:
            raise PlayRefused(
                Violation(None, "not-your-turn", "every-card-played", {"over": True}, ("over",))
            )
        if seat != turn:
            # The turn itself: calls go round from the first bidder (F7), cards from the leader.
            what = "call" if self.phase == "auction" else "card"
            raise PlayRefused(
                Violation(
                    None,
                    "not-your-turn",
                    "not-your-call" if what == "call" else "not-your-card",
                    {"seat": seat, "turn": turn, "what": what},
                    ("seat", "turn", "what"),
                )
            )

    def _call(self, raw: Mapping[str, Any]) -> None:
        if "card" in raw and "call" not in raw:
            raise InvalidInput("bad-field", "auction-on", seat=self.next_seat)
        call = auction.parse_call(raw, self.players)
        if not self.bidding.finished:
            self._turn(call.seat)
        violation = auction.check(self.bidding, call)  # F6–F11, auction-over after it ends
        if violation is not None:
            raise PlayRefused(violation)
        self.bidding = auction.apply(self.bidding, call)
        self.plays.append(call.to_json())
        contract = self.contract
        self.last = {
            "call": call.to_json(),
            "auction_finished": self.bidding.finished,
            "contract": None if contract is None else contract.to_json(),
        }
        if self.bidding.finished:
            self.current = Trick(1, self._first_leader())

    def _card(self, raw: Mapping[str, Any]) -> None:
        fields = record(raw, "A card play", CARD_FIELDS)
        seat = integer(required(fields, "seat", "A card play"), "seat", 0, self.players - 1)
        card = Card.parse(required(fields, "card", "A card play"))
        self._turn(seat)
        self._check_card(seat, card)
        current = self.current
        assert current is not None
        led = current.plays[0].card.suit if current.plays else None
        before = tuple(p.card for p in current.plays)
        # The trick's own rules (F13): the hand is unknown, so the card is its only card.
        outcome = trick.apply(trick.TrickPosition(self.players, self.trump, (card,), before), card)
        plays = (*current.plays, CardPlay(seat, card))
        self.played[card] += 1
        if led is not None and card.suit != led:
            self.voids.setdefault(seat, set()).add(led)  # F12: declared: holds no card of led
        self.plays.append({"seat": seat, "card": str(card)})
        self.last = {"seat": seat, "card": str(card), "trick": current.number}
        if outcome.winner is None:
            self.current = replace(current, plays=plays)
            return
        winner = (current.leader + outcome.winner) % self.players
        done = Trick(current.number, current.leader, plays, winner, outcome.points)
        self.tricks.append(done)
        # F13: the winner leads the next trick.
        self.current = None if self.finished else Trick(done.number + 1, winner)
        self.last |= {"trick_complete": True, "winner": winner, "points": outcome.points}

    def _check_card(self, seat: int, card: Card) -> None:
        """F3: in the pack, at most twice; F12: no revoke the table can see."""
        if not in_pack(card, self.players):
            removed = "2s–6s" if self.players == 8 else "2s–8s"
            raise InvalidInput(
                "not-in-pack",
                "not-in-pack",
                card=card.pretty,
                players=self.players,
                removed=removed,
            )
        if self.played[card] >= COPIES:
            raise InvalidInput(
                "duplicate-card",
                "played-too-often",
                card=card.pretty,
                played=self.played[card],
                copies=COPIES,
            )
        if card.suit in self.voids.get(seat, set()):
            # F12: a player who did not follow this suit held none of it then, so cannot now.
            where = self._void_shown(seat, card.suit)
            raise PlayRefused(
                Violation(
                    "F12",
                    "must-follow-suit",
                    "revoke-shown",
                    {"seat": seat, "suit": card.suit.value, "trick": where, "card": str(card)},
                )
            )
        current = self.current
        assert current is not None
        led = current.plays[0].card.suit if current.plays else None
        voids = {s: set(v) for s, v in self.voids.items()}
        if led is not None and card.suit != led:
            voids.setdefault(seat, set()).add(led)
        played = self.played + Counter([card])
        left = [hand_size(self.players) - self._cards_played(s) for s in range(self.players)]
        left[seat] -= 1
        short = _unplaceable(self.players, played, left, voids)
        if short is not None:
            suits, holders, cards, room = short
            # F12: the cards still to come must fit in the hands that may hold them.
            raise PlayRefused(
                Violation(
                    "F12",
                    "must-follow-suit",
                    "cannot-place",
                    {
                        "seat": seat,
                        "card": str(card),
                        "cards": cards,
                        "suits": [s.value for s in suits],
                        "holders": holders,
                        "room": room,
                    },
                )
            )

    def _cards_played(self, seat: int) -> int:
        done = sum(1 for t in self.tricks for p in t.plays if p.seat == seat)
        now = sum(1 for p in (self.current.plays if self.current else ()) if p.seat == seat)
        return done + now

    def _void_shown(self, seat: int, suit: Suit) -> int:
        """The number of the first trick where `seat` did not follow `suit`."""
        for done in (*self.tricks, *([self.current] if self.current else [])):
            plays = done.plays
            led = plays[0].card.suit if plays else None
            if led == suit and any(p.seat == seat and p.card.suit != suit for p in plays):
                return done.number
        raise AssertionError("a void is always shown in some trick")


def _unplaceable(
    players: int, played: Counter[Card], left: Sequence[int], voids: Mapping[int, set[Suit]]
) -> tuple[list[Suit], list[int], int, int] | None:
    """A set of suits whose cards still to come cannot fit in the hands that may hold them.

    The unplayed cards are exactly the cards in hand (the whole pack is dealt, F3, F4); a seat
    void in a suit holds none of it. By Hall's theorem (supply and demand) they can be placed
    iff for every set of suits, their unplayed cards are no more than the cards left in the
    hands of the seats that may hold one of them. Answers (suits, those seats, cards, room).
    """
    to_come = Counter(c.suit for c in deck(players))
    for card, n in played.items():
        to_come[card.suit] -= n
    for size in range(1, len(Suit) + 1):
        for suits in combinations(list(Suit), size):
            cards = sum(to_come[s] for s in suits)
            holders = [
                s
                for s in range(players)
                if left[s] > 0 and not all(x in voids.get(s, set()) for x in suits)
            ]
            room = sum(left[s] for s in holders)
            if cards > room:
                return list(suits), holders, cards, room
    return None


def _stored(contract: auction.Contract) -> auction.StoredContract:
    """The contract as a deal record keeps it (no team: the seat says it)."""
    return {
        "seat": contract.seat,
        "value": contract.value,
        "trump": contract.trump,
        "double": contract.double,
    }


class FiftySixLive(LiveRules):
    """Fifty-six's play-by-play (rules/live.py's LiveRules)."""

    def start(
        self,
        table: Table,
        options: Mapping[str, Any],
        standing: Mapping[str, Any],
        body: object,
    ) -> JSON:
        """{"dealer": d, "new_game": bool} with the defaults filled in (F6, F7).

        The dealer defaults to the standing's next dealer (F7, past the seats of teams out).
        After a won game the deal starts a new one (as check_next allows, F6): `new_game`
        defaults to whether the game is won, and nobody is out; during a game, the teams out
        of tables sit out of the auction.
        """
        fields = record({} if body is None else body, "A live Fifty-six deal", START_FIELDS)
        dealer = fields.get("dealer")
        if dealer is None:
            dealer = standing["next_dealer"]
        dealer = integer(dealer, "dealer", 0, table.seats - 1)
        new_game = fields.get("new_game")
        if new_game is None:
            new_game = standing["winner"] is not None
        if not isinstance(new_game, bool):
            raise InvalidInput("bad-field", "new-game-not-bool")
        # F6: a won game is followed only by a new game, and a new game only by a won one.
        trial: JSON = {"contract": None, "points": 0, "dealer": dealer}
        check_next(table, options, standing, trial | ({"new_game": True} if new_game else {}))
        out = [] if new_game else sorted(standing["out"])
        return {"dealer": dealer, "new_game": new_game, "out": out}

    def begin(
        self, table: Table, options: Mapping[str, Any], start: Mapping[str, Any]
    ) -> FiftySixLiveDeal:
        """The live deal before any play, from a stored start."""
        fields = record(start, "A live Fifty-six start", STORED_FIELDS)
        dealer = integer(required(fields, "dealer", "A live start"), "dealer", 0, table.seats - 1)
        out = fields.get("out", [])
        if not isinstance(out, list):
            raise InvalidInput("bad-field", "out-not-list")
        teams = frozenset(integer(t, "A team out", 0, table.teams - 1) for t in out)
        if table.teams - len(teams) < 2:
            raise InvalidInput("bad-field", "two-teams-in")
        return FiftySixLiveDeal(
            table, options["teams"], dealer, teams, bool(fields.get("new_game", False))
        )


LIVE = FiftySixLive()
