"""Casino play by play (issue 11): a live deal derived from its start and its plays (K1–K9).

The start is `{"dealer": d, "table": [4 cards]}` (K2; the dealer defaults to the session's
next one, K1); a play is `{"seat": s, ...a move as /api/v1/check takes it}`. Seat `dealer + 1`
plays first and the turn passes round the table; every seat plays the 4 cards of a round
before 4 more each are dealt (K2): 48 plays, in 6, 4 or 3 rounds for 2, 3 or 4 players.

Nobody's hand is known. Each play is checked by play.py's own `check` and `apply` with a hand
the table can vouch for: the card played (which must not have been seen already), plus, for
every build the mover owns after the play, one card of its value that is still unseen (K5–K7,
K9: the mover declares holding it), no more such cards than the mover has left this round.
So check decides every rule it decides for the checker: K3, K4, K5–K7 (sums, values, single
or multiple), K9's trailing restriction, and K9's "left owning a build without a card of its
value" wherever the table can see it — the owner's hand is empty, too small for the values
owned, or every card of the value is already seen. What stays unknowable: whether the mover
really holds the card played, and the card of a build's value (K5–K7, K9) while one is unseen.

Those claims are kept as declarations (seat, value, play). One is kept when the seat later
plays a card of that value in the same round (every card held is played by the round's end);
it is flagged, not refused, when the table can see that it was false: every card of the value
is seen, or the seat has fewer cards left than values still owed. A later play that is itself
legal is never refused for an earlier false claim (the table may go back and fix it); a build
whose owner's claim is already shown false does not block that owner's later plays.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..cards import Card, Suit, ensure_distinct, full_deck, parse_cards
from ..errors import InvalidInput
from ..fields import integer, record, required
from ..live import LiveRules, PlayRefused
from ..table import Table
from ..violation import Violation
from . import score
from .moves import FIELDS as MOVE_FIELDS
from .moves import Build, Capture, Move, Raise, parse_move
from .options import check_table
from .play import apply, check
from .position import Pile, Position
from .record import PACK
from .selfplay import HAND, TABLE
from .values import ACES, CHOICE, VARIANTS, played_value, values

JSON = dict[str, Any]
PLAYS = PACK - TABLE  # K2: every card but the table's 4 is played
ACE_CARDS = tuple(Card.parse(ace) for ace in score.ACES)  # the order of a record's `aces`
BIG_CASINO, LITTLE_CASINO = Card(10, Suit.DIAMONDS), Card(2, Suit.SPADES)  # K11
START_FIELDS = ("dealer", "table")
DECK = full_deck()
# The cards of each value a build may have (K3, K5): a Royal ace is a card of 14 unless
# aces always count 1 (with `capturing` it may take a build of 14).
OF_VALUE = {
    (variant, aces): {
        v: frozenset(c for c in DECK if v in values(c, variant, aces)) for v in range(1, 15)
    }
    for variant in VARIANTS
    for aces in ACES
}


@dataclass
class Declaration:
    """A seat's claim, made by a play, to hold a card of `value` (K5–K7, K9)."""

    seat: int
    value: int
    play: int  # the play's number (from 1) that made the claim
    rule: str
    round: int
    kept: int | None = None  # the later play of that seat with a card of the value
    flagged: bool = False

    def to_json(self) -> JSON:
        """The declaration as the live state shows it."""
        return {
            "seat": self.seat,
            "value": self.value,
            "play": self.play,
            "rule": self.rule,
            "kept": self.kept,
            "flagged": self.flagged,
        }


class CasinoLiveDeal:
    """A Casino deal after its plays so far, from what the table can see."""

    def __init__(self, table: Table, options: Mapping[str, Any], start: Mapping[str, Any]):
        self.table = table
        self.variant: str = options["variant"]
        self.aces: str = options.get("aces", CHOICE)  # K3; sessions from before it: the default
        self.sweeps_on = options["sweeps"] == "on"
        self.dealer, self.start_cards = _parse_start(start, table)
        self.loose: tuple[Card, ...] = self.start_cards
        self.builds: tuple[Pile, ...] = ()
        self.seen: set[Card] = set(self.start_cards)
        self.piles: list[list[Card]] = [[] for _ in range(table.teams)]
        self.swept = [0] * table.teams
        self.last_capturer: int | None = None
        self.hands = [HAND] * table.seats
        self.plays: list[JSON] = []
        self.declarations: list[Declaration] = []
        self.flags: list[JSON] = []
        self.last: JSON = {}
        self.residue: JSON | None = None  # K10: the cards left at the end, and who took them

    # -- the turn ------------------------------------------------------------------------

    @property
    def finished(self) -> bool:
        """Whether all 48 cards have been played (K2)."""
        return len(self.plays) == PLAYS

    @property
    def round_size(self) -> int:
        """Plays in a round: every seat plays its 4 cards (K2)."""
        return HAND * self.table.seats

    @property
    def round(self) -> int:
        """The round (from 1) of the next play, or of the last one once finished."""
        return min(len(self.plays), PLAYS - 1) // self.round_size + 1

    @property
    def next_seat(self) -> int | None:
        """Whose turn it is: from the seat after the dealer, round the table (K1)."""
        if self.finished:
            return None
        return (self.dealer + 1 + len(self.plays)) % self.table.seats

    # -- one play ------------------------------------------------------------------------

    def play(self, raw: object) -> CasinoLiveDeal:
        """Check one play against what is public and apply it; raise PlayRefused if illegal."""
        seat, move = _parse_play(raw, self.table)
        number = len(self.plays) + 1
        expected = self.next_seat
        if expected is None:
            raise PlayRefused(Violation(None, "not-your-turn", "deal-over", {"plays": PLAYS}))
        if seat != expected:
            raise PlayRefused(
                Violation(None, "not-your-turn", "not-your-turn", {"seat": seat, "turn": expected})
            )
        if move.card in self.seen:
            # K2: one pack, so a card seen already is in nobody's hand.
            raise PlayRefused(
                Violation(None, "not-in-hand", "seen-already", {"card": str(move.card)})
            )
        position = self._position(seat, move)
        outcome = apply(position, move)
        self._record(seat, move, number, outcome.captured, outcome.sweep)
        self.loose, self.builds = outcome.position.loose, outcome.position.builds
        self._declare(seat, move, number, position)
        self._flag(number)
        if number % self.round_size == 0 and not self.finished:
            self.hands = [HAND] * self.table.seats  # K2: 4 more each, none to the table
        if self.finished:
            self._residue()
        return self

    def _position(self, seat: int, move: Move) -> Position:
        """The position with the hand the table can vouch for; PlayRefused if none makes the
        move legal."""
        bare = Position(
            self.table.seats,
            seat,
            self.variant,
            (move.card,),
            self.loose,
            self.builds,
            last_play=len(self.plays) == PLAYS - 1,
            aces=self.aces,
        )
        violation = check(bare, move)
        if violation is None:
            return bare
        if violation.code != "must-hold":
            raise PlayRefused(violation)
        # The move itself is legal: which build values must the mover still hold?
        owed = sorted(apply(bare, move).position.owned())
        left = self.hands[seat] - 1
        vouched: list[Card] = []
        phantoms: list[Card] = []
        short: list[int] = []
        for value in owed:
            unseen = self._unseen(value) - {move.card}
            if unseen and len(vouched) < left:
                vouched.append(min(unseen))
            elif value in bare.owned() and not self._unseen(value):
                # A claim shown false before this play (flagged): it does not block its owner.
                phantoms.append(_any_of(value, self.of_value(value), move.card))
            else:
                short.append(value)
        hand = (move.card, *vouched, *phantoms)
        position = bare.with_(hand=hand)
        violation = check(position, move)
        if violation is None:
            return position
        if short:
            value = short[0]
            said: dict[str, Any] = {"seat": seat, "value": value}
            if not self._unseen(value) - {move.card}:
                key = "hold-all-seen"
            elif left == 0:
                key = "hold-last-card"
            else:
                key, said = "hold-too-few", said | {"left": left, "builds": owed}
            violation = Violation(violation.rule, violation.code, key, said)
        raise PlayRefused(violation)

    def _unseen(self, value: int) -> set[Card]:
        """The cards of this value nobody has seen yet."""
        return set(self.of_value(value) - self.seen)

    def of_value(self, value: int) -> frozenset[Card]:
        """The cards that may take a build of this value (K3)."""
        return OF_VALUE[self.variant, self.aces][value]

    def _record(
        self, seat: int, move: Move, number: int, captured: tuple[Card, ...], sweep: bool
    ) -> None:
        self.plays.append({"seat": seat} | move.to_json())
        self.seen.add(move.card)
        self.hands[seat] -= 1
        self.last = {"number": number, "seat": seat, "action": _action(move)}
        self.last |= {"captured": [str(c) for c in captured], "sweep": False, "sweep_points": 0}
        if isinstance(move, Capture):
            side = self.last_capturer = self.table.team_of(seat)
            self.piles[side].extend(captured)
            # K12: a sweep scores 1 with the option on; apply() never calls the last play one.
            self.last["sweep"] = sweep
            if sweep and self.sweeps_on:
                self.swept[side] += 1
                self.last["sweep_points"] = 1

    def _declare(self, seat: int, move: Move, number: int, before: Position) -> None:
        """Keep the claims a card played fulfils, and make the claims the play implies."""
        played = set(values(move.card, self.variant, self.aces))
        for claim in self._open(seat):
            if claim.value in played:
                claim.kept = number
        owned = {b.value for b in self.builds if b.owner == seat}
        owed = {c.value for c in self._open(seat)}
        for value in sorted(owned - owed):
            rule = _claim_rule(move, before, value)
            self.declarations.append(Declaration(seat, value, number, rule, self.round_of(number)))

    def round_of(self, number: int) -> int:
        """The round (from 1) of the play with this number."""
        return (number - 1) // self.round_size + 1

    def _open(self, seat: int) -> list[Declaration]:
        """The seat's claims of this round not yet kept."""
        current = self.round_of(len(self.plays))
        return [
            d for d in self.declarations if d.seat == seat and d.kept is None and d.round == current
        ]

    def _flag(self, number: int) -> None:
        """Flag the claims the table can now see were false: no card of the value is unseen,
        or the seat has fewer cards left than values it still owes (a claim flagged already
        owes nothing more)."""
        for seat in range(self.table.seats):
            for claim in self._open(seat):
                if not claim.flagged and not self._unseen(claim.value):
                    self._flag_one(number, claim, {"why": "seen"})
            claims = [c for c in self._open(seat) if not c.flagged]
            owed = sorted({c.value for c in claims})
            held = self.hands[seat]
            if len(owed) > held:
                why = {"why": "too-few", "left": held, "owed": owed}
                for claim in claims:
                    self._flag_one(number, claim, why)

    def _flag_one(self, number: int, claim: Declaration, why: JSON) -> None:
        """Flag `claim` at play `number`, for `why` as data (the web layer words it): "seen",
        every card of its value is; "too-few", the `left` cards cannot hold the values `owed`."""
        claim.flagged = True
        where = {"play": number, "seat": claim.seat, "value": claim.value}
        self.flags.append(where | {"declared_at": claim.play, "rule": claim.rule, **why})

    def _residue(self) -> None:
        """K10: the table cards left go to the side that captured last (the dealer's if none)."""
        residue = [*self.loose, *(c for b in self.builds for c in b.cards)]
        side = self.last_capturer
        if side is None:
            side = self.table.team_of(self.dealer)
        self.piles[side].extend(residue)
        self.last |= {"residue": [str(c) for c in residue], "residue_side": side}
        # The cards stay on show in the position, as Seep's floor does: the residue names them.
        self.residue = {"side": side, "cards": [str(c) for c in residue]}

    # -- what it shows -------------------------------------------------------------------

    def taken(self) -> JSON:
        """What each side has taken so far, in the record's terms (None: not taken yet)."""
        sides = range(self.table.teams)

        def taker(card: Card) -> int | None:
            return next((s for s in sides if card in self.piles[s]), None)

        return {
            "cards": [len(p) for p in self.piles],
            "spades": [sum(c.suit is Suit.SPADES for c in p) for p in self.piles],
            "aces": [taker(ace) for ace in ACE_CARDS],
            "big_casino": taker(BIG_CASINO),
            "little_casino": taker(LITTLE_CASINO),
            "sweeps": list(self.swept),
        }

    def to_json(self) -> JSON:
        """The state as the API shows it."""
        out: JSON = {
            "dealer": self.dealer,
            "table": [str(c) for c in self.start_cards],
            "plays": [dict(p) for p in self.plays],
            "next_seat": self.next_seat,
            "round": self.round,
            "rounds": PLAYS // self.round_size,
            "hands": [0] * self.table.seats if self.finished else list(self.hands),
            "position": {
                "loose": [str(c) for c in self.loose],
                "builds": [b.to_json() for b in self.builds],
            },
            "taken": self.taken(),
            "last_capturer": self.last_capturer,
            "declarations": [d.to_json() for d in self.declarations],
            "flags": [dict(f) for f in self.flags],
            "finished": self.finished,
        }
        if self.residue is not None:
            # Once over: the cards left and who took them (K10), each side's points (K11, K12).
            out |= {"residue": dict(self.residue), "points": self.points()}
        return out

    def points(self) -> list[int]:
        """Each side's points for the deal, as the standing scores its record (K11, K12)."""
        return score.deal_points(self.record(), self.table.teams)[0]

    def last_play_json(self) -> JSON:
        """What the last play did: its cards captured, sweep and sweep points; the residue."""
        return dict(self.last)

    def record(self) -> JSON:
        """The raw deal record (record.py) the score keeper stores; only once finished."""
        if not self.finished:
            raise InvalidInput(
                "not-finished", "its-plays-left", played=len(self.plays), plays=PLAYS
            )
        taken = self.taken()
        out: JSON = {key: taken[key] for key in ("cards", "spades", "aces")}
        out |= {"big_casino": taken["big_casino"], "little_casino": taken["little_casino"]}
        if self.sweeps_on:
            out["sweeps"] = taken["sweeps"]
        return out


class CasinoLive(LiveRules):
    """Casino's play-by-play (rules/live.py's LiveRules)."""

    def start(
        self,
        table: Table,
        options: Mapping[str, Any],
        standing: Mapping[str, Any],
        body: object,
    ) -> JSON:
        """`{"dealer", "table"}` checked, the dealer filled in from the standing (K1, K2)."""
        check_table(table, options)
        fields = record(body, "A live Casino deal", START_FIELDS)
        dealer = fields.get("dealer")
        if dealer is None:  # left out or null: the session's next dealer
            dealer = standing.get("next_dealer", table.before(0))
        start = {"dealer": dealer, "table": required(fields, "table", "A live Casino deal")}
        dealer, cards = _parse_start(start, table)
        return {"dealer": dealer, "table": [str(c) for c in cards]}

    def begin(
        self, table: Table, options: Mapping[str, Any], start: Mapping[str, Any]
    ) -> CasinoLiveDeal:
        """The deal before its first play: the table's four cards (K2)."""
        return CasinoLiveDeal(table, options, start)


LIVE = CasinoLive()


def _parse_start(start: Mapping[str, Any], table: Table) -> tuple[int, tuple[Card, ...]]:
    dealer = integer(start.get("dealer"), "dealer", 0, table.seats - 1)
    cards = parse_cards(start.get("table"), "table")
    if len(cards) != TABLE:
        # K2: four cards go face up to the table.
        raise InvalidInput("bad-field", "table-size", table=TABLE)
    ensure_distinct(cards)
    return dealer, cards


def _parse_play(raw: object, table: Table) -> tuple[int, Move]:
    fields = record(raw, "A play", ("seat", *MOVE_FIELDS))
    seat = integer(required(fields, "seat", "A play"), "seat", 0, table.seats - 1)
    return seat, parse_move({k: v for k, v in fields.items() if k != "seat"})


def _action(move: Move) -> str:
    return str(move.to_json()["action"])


def _claim_rule(move: Move, before: Position, value: int) -> str:
    """The rule that makes the mover hold a card of `value` after the move (as check names it)."""
    if isinstance(move, Build) and value == move.value:
        return "K7" if before.build(value) else "K5"
    raised = before.build(move.build) if isinstance(move, Raise) else None
    if (
        isinstance(move, Raise)
        and raised is not None
        and value == raised.value + played_value(move.card, before.variant, move.ace_high)
    ):
        return "K6"
    return "K9"


def _any_of(value: int, cards: frozenset[Card], other: Card) -> Card:
    """A card of `cards` (of one value) other than `other`: it stands for a claim shown false."""
    return min(cards - {other})
