"""One Seep deal as recorded at the table: captured cards, sweeps, bid and dealer (S1–S3, C4,
E2)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, NotRequired, TypedDict

from ..cards import BY_NAME, Card, ensure_distinct, parse_cards, pretty
from ..errors import InvalidInput
from ..fields import choice, integer, record, required
from ..table import Table
from .cards import POINT_CARDS, card_points, stored_points

# C4: a sweep scores 50; on the opening play 25; on the last play 0.
SWEEP_POINTS = {"opening": 25, "play": 50, "last": 0}
TEAMS = 2
# A sweep needs a card on the floor first, so at most every other one of the 48 plays.
MAX_SWEEPS = 24


class SweepRecord(TypedDict):
    """A sweep as stored: the team that made it and when (C4)."""

    team: int
    when: str


class BidRecord(TypedDict):
    """The opening bid as stored: the bidder's seat and the house value (S2)."""

    seat: int
    value: int


class SeepRecord(TypedDict):
    """A Seep deal's record in canonical form, as stored: each team's cards, the sweeps."""

    captured: list[list[str]]
    sweeps: list[SweepRecord]
    bid: NotRequired[BidRecord]
    dealer: NotRequired[int]


@dataclass(frozen=True)
class Sweep:
    """A capture that cleared the floor."""

    team: int
    when: str

    @property
    def points(self) -> int:
        """What the sweep scores (C4)."""
        return SWEEP_POINTS[self.when]


@dataclass(frozen=True)
class Bid:
    """The opening bid: who bid and the house value 9 to 13."""

    seat: int
    value: int


@dataclass(frozen=True)
class SeepDeal:
    """A deal's raw record, validated."""

    captured: tuple[tuple[Card, ...], tuple[Card, ...]]
    sweeps: tuple[Sweep, ...] = ()
    bid: Bid | None = None
    dealer: int | None = None
    # Counted when read back from storage (faster by name); else counted from the cards.
    counted: tuple[int, int] | None = field(default=None, compare=False, repr=False)

    @cached_property
    def _card_points(self) -> tuple[int, int]:
        if self.counted is not None:
            return self.counted
        return card_points(self.captured[0]), card_points(self.captured[1])

    def card_points(self) -> tuple[int, int]:
        """Each team's points from captured cards (E2)."""
        return self._card_points

    @cached_property
    def _sweep_points(self) -> tuple[int, int]:
        totals = [0, 0]
        for sweep in self.sweeps:
            totals[sweep.team] += sweep.points
        return totals[0], totals[1]

    def sweep_points(self) -> tuple[int, int]:
        """Each team's points from sweeps (C4)."""
        return self._sweep_points

    @cached_property
    def _points(self) -> tuple[int, int]:
        cards, sweeps = self.card_points(), self.sweep_points()
        return cards[0] + sweeps[0], cards[1] + sweeps[1]

    def points(self) -> tuple[int, int]:
        """Each team's deal score: card points plus sweep points (E2)."""
        return self._points

    def to_json(self) -> SeepRecord:
        """The canonical record, as stored and as the API returns it."""
        out: SeepRecord = {
            "captured": [[str(c) for c in pile] for pile in self.captured],
            "sweeps": [{"team": s.team, "when": s.when} for s in self.sweeps],
        }
        if self.bid is not None:
            out["bid"] = {"seat": self.bid.seat, "value": self.bid.value}
        if self.dealer is not None:
            out["dealer"] = self.dealer
        return out


def from_stored(stored: Mapping[str, Any]) -> SeepDeal:
    """A record that parse_deal accepted when it was written, read back without checks."""
    piles = stored["captured"]
    bid = stored.get("bid")
    return SeepDeal(
        (tuple(map(BY_NAME.__getitem__, piles[0])), tuple(map(BY_NAME.__getitem__, piles[1]))),
        tuple(Sweep(s["team"], s["when"]) for s in stored.get("sweeps", ())),
        Bid(bid["seat"], bid["value"]) if bid else None,
        stored.get("dealer"),
        (stored_points(piles[0]), stored_points(piles[1])),
    )


def read_deal(raw: object, table: Table, options: Mapping[str, Any]) -> SeepRecord:
    """The deal record in canonical form, as stored (the registry's parse_deal)."""
    return parse_deal(raw, table).to_json()


def parse_deal(raw: object, table: Table) -> SeepDeal:
    """Read and validate a deal record; raise InvalidInput naming the problem."""
    fields = record(raw, "A Seep deal", ("captured", "sweeps", "bid", "dealer"))
    captured = _parse_captured(required(fields, "captured", "A Seep deal"))
    dealer = fields.get("dealer")
    if dealer is not None:
        dealer = integer(dealer, "dealer", 0, table.seats - 1)
    bid = _parse_bid(fields.get("bid"), table)
    if bid is not None and dealer is not None and bid.seat != table.after(dealer):
        # S1: the bidder is the seat after the dealer.
        raise InvalidInput("bad-bid", "bidder-after-dealer", seat=table.after(dealer))
    sweeps = _parse_sweeps(fields.get("sweeps"), bid, table)
    return SeepDeal(captured, sweeps, bid, dealer)


def _parse_captured(raw: object) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    if not isinstance(raw, list) or len(raw) != TEAMS:
        raise InvalidInput("bad-field", "captured-not-two-lists")
    piles = (
        parse_cards(raw[0], "team-cards", team_label=0),
        parse_cards(raw[1], "team-cards", team_label=1),
    )
    ensure_distinct(piles[0] + piles[1])
    given = set(piles[0]) | set(piles[1])
    missing = [card for card in POINT_CARDS if card not in given]
    if missing:
        raise InvalidInput("missing-point-card", "point-card-unowned", cards=pretty(missing))
    return piles


def _parse_bid(raw: object, table: Table) -> Bid | None:
    if raw is None:
        return None
    fields = record(raw, "bid", ("seat", "value"))
    seat = integer(required(fields, "seat", "bid"), "bid seat", 0, table.seats - 1)
    # S2: a bid is a house value from 9 to 13.
    value = integer(required(fields, "value", "bid"), "bid value", 9, 13)
    return Bid(seat, value)


def _parse_sweeps(raw: object, bid: Bid | None, table: Table) -> tuple[Sweep, ...]:
    if raw is None:
        return ()  # optional, like bid and dealer
    if not isinstance(raw, list):
        raise InvalidInput("bad-field", "sweeps-not-list")
    sweeps = []
    for item in raw:
        fields = record(item, "A sweep", ("team", "when"))
        team = integer(required(fields, "team", "A sweep"), "A sweep's team", 0, TEAMS - 1)
        when = choice(fields.get("when", "play"), "A sweep's when", tuple(SWEEP_POINTS))
        sweeps.append(Sweep(team, when))
    if len(sweeps) > MAX_SWEEPS:
        raise InvalidInput("bad-sweep", "too-many-sweeps", most=MAX_SWEEPS)
    for when in ("opening", "last"):
        if sum(s.when == when for s in sweeps) > 1:
            raise InvalidInput("bad-sweep", "one-sweep-when", when=when)
    opening = next((s for s in sweeps if s.when == "opening"), None)
    if opening and bid and opening.team != table.team_of(bid.seat):
        # S3: the opening play is the bidder's.
        raise InvalidInput("bad-sweep", "opening-sweep-bidder")
    return tuple(sweeps)
