"""The Fifty-six auction (F7–F11): calls, the state they fold into, `check` and `apply`.

`check` is the single source of truth for legality; `legal_calls` agrees with it (the tests
prove it on many random auctions). The contract follows from the calls alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Literal, TypedDict

from ..errors import InvalidInput
from ..fields import choice, integer, record, required
from ..table import Table
from ..violation import Violation
from .cards import check_players
from .options import table_for
from .trick import TRUMPS  # F8: a trump suit or no-trumps; not ranked

TRUMP_SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "NT": " NT"}
LOWEST_BID, HIGHEST_BID = 28, 56  # F8
TEAMINGS = ("sides", "pairs")  # F2
KINDS = ("bid", "pass", "double", "redouble")
CONVENTIONS = ("number-suit", "suit-number", "NT", "noes", "plus")  # F11: labels only

Kind = Literal["bid", "pass", "double", "redouble"]
_KINDS: dict[str, Kind] = {"bid": "bid", "pass": "pass", "double": "double", "redouble": "redouble"}


def bid_text(value: int, trump: str) -> str:
    """A bid as players say it: 28♦, 30 NT."""
    return f"{value}{TRUMP_SIGNS[trump]}"


@dataclass(frozen=True)
class Call:
    """One call of the auction: a bid (value and trump), a pass, a double or a redouble."""

    seat: int
    kind: Kind
    value: int | None = None
    trump: str | None = None
    # F11: a convention is recorded, never enforced, and does not make a call different.
    convention: str | None = field(default=None, compare=False)

    def to_json(self) -> dict[str, Any]:
        """The call in the API's notation."""
        out: dict[str, Any] = {"seat": self.seat, "call": self.kind}
        if self.kind == "bid":
            out |= {"value": self.value, "trump": self.trump}
        if self.convention is not None:
            out["convention"] = self.convention
        return out


def bid(seat: int, value: int, trump: str, convention: str | None = None) -> Call:
    """A bid call."""
    return Call(seat, "bid", value, trump, convention)


def pass_(seat: int) -> Call:
    """A pass."""
    return Call(seat, "pass")


def double(seat: int) -> Call:
    """A double of the standing bid (F9)."""
    return Call(seat, "double")


def redouble(seat: int) -> Call:
    """A redouble of the doubled bid (F9)."""
    return Call(seat, "redouble")


class StoredContract(TypedDict):
    """A contract as a deal record keeps it (no team: the seat says it): F8, F9."""

    seat: int
    value: int
    trump: str
    double: int


@dataclass(frozen=True)
class Contract:
    """The standing (or final) bid: who made it, their team, the bid and the double level."""

    seat: int
    team: int
    value: int
    trump: str
    double: int = 0  # 0, 1 doubled, 2 redoubled (F9)

    def to_json(self) -> dict[str, Any]:
        """The contract in the API's notation."""
        return {
            "seat": self.seat,
            "team": self.team,
            "value": self.value,
            "trump": self.trump,
            "double": self.double,
        }


def make_table(players: int, teams: str) -> Table:
    """F2: two sides (team = seat mod 2) or pairs of partners opposite (team = seat mod n/2)."""
    return table_for(players, {"teams": teams})


@dataclass(frozen=True)
class Auction:
    """An auction so far: the table, the dealer, the calls, and what they add up to."""

    players: int
    dealer: int
    teams: str = "sides"
    calls: tuple[Call, ...] = ()
    out: frozenset[int] = frozenset()  # F6: teams out of tables, whose seats sit out
    standing: Contract | None = None  # the highest bid and its double level (F8, F9)
    passes: int = 0  # passes in a row since the last bid or double, or since the start
    finished: bool = False

    @property
    def table(self) -> Table:
        """Who sits where (F2)."""
        return make_table(self.players, self.teams)

    def after(self, seat: int) -> int:
        """The next seat in playing order that is in the game (F6: the seats of teams out sit
        out)."""
        table = self.table
        seat = table.after(seat)
        while table.team_of(seat) in self.out:
            seat = table.after(seat)
        return seat

    @property
    def first_bidder(self) -> int:
        """F7: the seat after the dealer opens the auction."""
        return self.after(self.dealer)

    @property
    def bidders(self) -> int:
        """How many seats take part in the auction."""
        return sum(self.table.team_of(seat) not in self.out for seat in range(self.players))

    @property
    def double(self) -> int:
        """0 none, 1 doubled, 2 redoubled (F9)."""
        return self.standing.double if self.standing else 0

    @property
    def next_seat(self) -> int | None:
        """Whose call it is (F7: round in playing order), or None when the auction is over."""
        if self.finished:
            return None
        if not self.calls:
            return self.first_bidder
        return self.after(self.calls[-1].seat)

    @property
    def contract(self) -> Contract | None:
        """The standing bid, or after everyone passed, F10's 28 NT for the first bidder's team."""
        if self.standing is None and self.finished:
            # F10: nobody bid: no trumps, 28, the first bidder's team, never doubled.
            seat = self.first_bidder
            return Contract(seat, self.table.team_of(seat), LOWEST_BID, "NT", 0)
        return self.standing

    def to_json(self) -> dict[str, Any]:
        """The auction in the API's notation, with what it adds up to (API.md's `after`)."""
        return {
            "phase": "auction",
            "players": self.players,
            "dealer": self.dealer,
            "teams": self.teams,
            **({"out": sorted(self.out)} if self.out else {}),
            "calls": [c.to_json() for c in self.calls],
            "finished": self.finished,
            "next_seat": self.next_seat,
            "contract": None if self.contract is None else self.contract.to_json(),
        }


def start(
    players: int, dealer: int, teams: str = "sides", out: frozenset[int] = frozenset()
) -> Auction:
    """An auction with no calls yet; the seats of the teams `out` sit out (F6)."""
    return Auction(players, dealer, teams, out=out)


# -- check ---------------------------------------------------------------------------------


def check(auction: Auction, call: Call) -> Violation | None:
    """None if `call` is legal now, else the first rule it breaks."""
    if auction.finished:
        # F9 (a redouble ends it at once), F10 (everyone else passed): no call is taken.
        rule = "F9" if auction.double == 2 else "F10"
        contract = auction.contract
        assert contract is not None
        said = {"passed": auction.standing is None, "contract": contract.to_json()}
        return Violation(rule, "auction-over", "auction-over", said, tuple(said))
    turn = auction.next_seat
    if call.seat != turn:
        # F7: the calls go round in playing order from the seat after the dealer.
        return Violation(
            "F7",
            "out-of-turn",
            "out-of-turn",
            {"seat": call.seat, "turn": turn},
            ("seat", "turn"),
        )
    if call.kind == "bid":
        return _check_bid(auction, call)
    if call.kind == "double":
        return _check_double(auction, call)
    if call.kind == "redouble":
        return _check_redouble(auction, call)
    return None  # F8: anyone may pass at their turn


def _check_bid(auction: Auction, call: Call) -> Violation | None:
    value, trump = call.value, call.trump
    assert value is not None and trump is not None, "a bid carries a value and a trump"
    if not LOWEST_BID <= value <= HIGHEST_BID:
        # F8: a bid is a number from 28 to 56.
        said = {"seat": call.seat, "value": value if abs(value) < 10**6 else None}
        return Violation(
            "F8",
            "bid-range",
            "bid-range",
            said | {"least": LOWEST_BID, "most": HIGHEST_BID},
            tuple(said),
        )
    standing = auction.standing
    if standing is not None and value <= standing.value:
        # F8: each bid must be numerically higher than the last; suits and NT are not ranked.
        return Violation(
            "F8",
            "bid-too-low",
            "bid-too-low",
            {"seat": call.seat, "bid": {"value": value, "trump": trump}, **_standing(standing)},
            ("seat", "bid", "standing"),
        )
    return None


def _check_double(auction: Auction, call: Call) -> Violation | None:
    standing = auction.standing
    if standing is None:
        # F9: only a standing bid can be doubled.
        return Violation(
            "F9",
            "cannot-double",
            "cannot-double-no-bid",
            {"seat": call.seat, "why": "no-bid"},
            ("seat", "why"),
        )
    if standing.double:
        # F9: a bid is doubled once; a double stands until a higher bid.
        already = "doubled" if standing.double == 1 else "redoubled"
        return Violation(
            "F9",
            "cannot-double",
            "cannot-double-doubled" if standing.double == 1 else "cannot-double-redoubled",
            {"seat": call.seat, "why": already, **_standing(standing)},
            ("seat", "why", "standing"),
        )
    if auction.table.team_of(call.seat) == standing.team:
        # F9: only an opponent of the bidding team may double.
        return Violation(
            "F9",
            "cannot-double",
            "cannot-double-own-team",
            {"seat": call.seat, "why": "own-team", **_standing(standing)},
            ("seat", "why", "standing"),
        )
    return None


def _check_redouble(auction: Auction, call: Call) -> Violation | None:
    standing = auction.standing
    if standing is None or standing.double != 1:
        # F9: a redouble answers a double that stands.
        return Violation(
            "F9",
            "cannot-redouble",
            "cannot-redouble-no-double",
            {"seat": call.seat, "why": "no-double"},
            ("seat", "why"),
        )
    if auction.table.team_of(call.seat) != standing.team:
        # F9: only a member of the doubled team may redouble.
        return Violation(
            "F9",
            "cannot-redouble",
            "cannot-redouble-other-team",
            {"seat": call.seat, "why": "other-team", **_standing(standing)},
            ("seat", "why", "standing"),
        )
    return None


def _standing(standing: Contract) -> dict[str, Any]:
    """The standing bid, as a violation's params give it."""
    return {"standing": standing.to_json()}


# -- apply ---------------------------------------------------------------------------------


def apply(auction: Auction, call: Call) -> Auction:
    """The auction after `call` (assumed legal); the auction itself is never changed."""
    calls = (*auction.calls, call)
    standing = auction.standing
    if call.kind == "bid":
        assert call.value is not None and call.trump is not None
        # F9: a higher bid replaces the standing one and cancels its double.
        seat = call.seat
        standing = Contract(seat, auction.table.team_of(seat), call.value, call.trump, 0)
        return replace(auction, calls=calls, standing=standing, passes=0)
    if call.kind in ("double", "redouble"):
        assert standing is not None
        level = 1 if call.kind == "double" else 2
        # F9: a redouble ends the auction at once.
        return replace(
            auction,
            calls=calls,
            standing=replace(standing, double=level),
            passes=0,
            finished=level == 2,
        )
    passes = auction.passes + 1
    # F10: after a bid or a double, every other player passed; with no bid, everyone did.
    needed = auction.bidders - 1 if standing is not None else auction.bidders
    return replace(auction, calls=calls, passes=passes, finished=passes >= needed)


def legal_calls(auction: Auction) -> list[Call]:
    """Every call `check` accepts now: for the seat to call, or none when the auction is over."""
    seat = auction.next_seat
    if seat is None:
        return []
    candidates = [
        pass_(seat),
        double(seat),
        redouble(seat),
        *(bid(seat, v, t) for v in range(LOWEST_BID, HIGHEST_BID + 1) for t in TRUMPS),
    ]
    return [c for c in candidates if check(auction, c) is None]


def plus(auction: Auction, n: int) -> int:
    """F11: a "plus N" bid means the standing bid's number plus N (recorded, never enforced).

    >>> plus(apply(start(4, 0), bid(1, 30, "S")), 2)
    32
    """
    standing = auction.standing
    base = standing.value if standing is not None else LOWEST_BID - 1
    return base + n


# -- notation ------------------------------------------------------------------------------

CALL_FIELDS = ("seat", "call", "value", "trump", "convention")
AUCTION_FIELDS = ("phase", "players", "dealer", "teams", "out", "calls")
DERIVED_FIELDS = ("finished", "next_seat", "contract")  # written by to_json, recomputed here


def parse_call(raw: object, players: int | None = None) -> Call:
    """Read a call in the API's notation; raise InvalidInput if it cannot be read.

    `players`, when given, bounds the seat; a value out of 28–56 is read, and `check`
    refuses it (F8 bid-range); a trump that is not S, H, D, C or NT cannot be read.
    """
    fields = record(raw, "A call", CALL_FIELDS)
    top = (players or 8) - 1  # F1: at most 8 players
    seat = integer(required(fields, "seat", "A call"), "seat", 0, top)
    kind = _KINDS[choice(required(fields, "call", "A call"), "call", KINDS)]
    convention = fields.get("convention")
    if convention is not None:
        convention = choice(convention, "convention", CONVENTIONS)
        if kind != "bid":
            raise InvalidInput("bad-field", "no-convention", kind=kind)
    if kind != "bid":
        extra = [name for name in ("value", "trump") if fields.get(name) is not None]
        if extra:
            raise InvalidInput("bad-field", "call-carries-no", kind=kind, field=extra[0])
        return Call(seat, kind)
    value = required(fields, "value", "A bid")
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidInput("bad-field", "bid-value")
    trump = choice(required(fields, "trump", "A bid"), "trump", TRUMPS)
    return bid(seat, value, trump, convention)


def parse_auction(raw: object) -> Auction:
    """Read an auction in the API's notation; its calls must all be legal (else bad-auction).

    The fields `to_json` adds (finished, next_seat, contract) may be sent back; they are
    recomputed from the calls, so a position can be written and read back.
    """
    fields = record(raw, "An auction", (*AUCTION_FIELDS, *DERIVED_FIELDS))
    if "phase" in fields:
        choice(fields["phase"], "phase", ("auction",))
    players = check_players(required(fields, "players", "An auction"))  # F1: 4, 6 or 8
    dealer = integer(required(fields, "dealer", "An auction"), "dealer", 0, players - 1)
    teams = choice(fields.get("teams", "sides"), "teams", TEAMINGS)
    raw_calls = fields.get("calls", [])
    if not isinstance(raw_calls, list):
        raise InvalidInput("bad-field", "calls-not-list")
    auction = start(players, dealer, teams, _out(fields.get("out", []), make_table(players, teams)))
    for number, item in enumerate(raw_calls, start=1):
        call = parse_call(item, players)
        violation = check(auction, call)
        if violation is not None:
            raise InvalidInput(
                "bad-auction",
                "illegal-call",
                number=number,
                call=call.to_json(),
                rule=violation.rule,
                rule_code=violation.code,
            )
        auction = apply(auction, call)
    return auction


def _out(raw: object, table: Table) -> frozenset[int]:
    """The teams out of tables (F6): distinct team numbers, leaving two or more in the game."""
    if not isinstance(raw, list):
        raise InvalidInput("bad-field", "out-not-list")
    teams = [integer(team, "A team out", 0, table.teams - 1) for team in raw]
    if len(set(teams)) != len(teams) or table.teams - len(teams) < 2:
        raise InvalidInput("bad-field", "out-teams")
    return frozenset(teams)
