"""The games' small shapes that no option shapes: seats, sides, bids, contracts, teams as
answered, a card played."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, RootModel

from .names import CanonicalCard, Card
from .reading import Shape
from .writing import Documented, doc

TeamName = Annotated[str, Field(min_length=1, max_length=60)]


@doc(
    "A seat in playing order: 0 to n − 1 with n players (4, 6 or 8, F1). With T teams, seat k "
    "plays for team k mod T (F2)."
)
class FiftySixSeat(Documented, RootModel[Annotated[int, Field(ge=0, le=7)]]):
    """A Fifty-six seat."""


@doc("A team: 0 (Team A) to T − 1. Two sides (T = 2), or pairs (T = n/2: 2, 3 or 4 teams) (F2).")
class FiftySixTeamNumber(Documented, RootModel[Annotated[int, Field(ge=0, le=3)]]):
    """A Fifty-six team."""


@doc("F8: a trump suit, or NT for no-trumps.")
class Trump(Documented, RootModel[Literal["S", "H", "D", "C", "NT"]]):
    """A trump."""


BidNumber = Annotated[
    int,
    Field(
        description="The bid's number: one outside 28–56 is read, and is illegal (`bid-range`, F8)."
    ),
]  # a bid as sent: read, then judged by the rules (BidValue is a bid as answered)


@doc("F8: a bid, a number from 28 to 56.")
class BidValue(Documented, RootModel[Annotated[int, Field(ge=28, le=56)]]):
    """A Fifty-six bid."""


@doc("F9: 0 not doubled, 1 doubled, 2 redoubled.")
class DoubleLevel(Documented, RootModel[Literal[0, 1, 2]]):
    """A contract's double level."""


class FiftySixContractRecord(Shape):
    """A deal's contract as recorded."""

    seat: FiftySixSeat
    value: BidValue
    trump: Trump
    double: DoubleLevel


@doc("A contract: the bidder's seat and team, the bid, the trump and the double level.")
class FiftySixContract(Shape):
    """A contract in a standing."""

    seat: FiftySixSeat
    team: FiftySixTeamNumber
    value: BidValue
    trump: Trump
    double: DoubleLevel


class Bid(Shape):
    """A Seep deal's bid."""

    seat: Annotated[
        int, Field(ge=0, le=3, description="The bidder: the seat after the dealer (S1).")
    ]
    value: Annotated[int, Field(ge=9, le=13, description="S2: the house value bid.")]


@doc("A side, by number: 0 (Team A) to T − 1, T the number of sides (K1).")
class CasinoSide(Documented, RootModel[Annotated[int, Field(ge=0, le=3)]]):
    """A Casino side."""


@doc("A seat in playing order, 0 to n − 1 with n players (K1); seat k plays for side k mod T.")
class CasinoSeat(Documented, RootModel[Annotated[int, Field(ge=0, le=3)]]):
    """A Casino seat."""


@doc("The play's number, from 1.")
class LivePlayNumber(Documented, RootModel[Annotated[int, Field(ge=1, le=1000)]]):
    """A live play's number."""


@doc("The card to play.")
class CardMoveRequest(Shape):
    """A Fifty-six trick's move as asked."""

    card: Card


class CardMove(Shape):
    """A Fifty-six trick's move as answered."""

    card: CanonicalCard


class MadeLost(Shape):
    """Contracts made and lost."""

    made: Annotated[int, Field(ge=0)]
    lost: Annotated[int, Field(ge=0)]


class Team(Shape):
    """A Seep team as answered."""

    name: TeamName
    players: Annotated[list[str], Field(min_length=1, max_length=2)]


class FiftySixTeam(Shape):
    """A Fifty-six team as answered."""

    name: TeamName
    players: Annotated[list[str], Field(min_length=2, max_length=4)]


class CasinoTeam(Shape):
    """A Casino side as answered."""

    name: TeamName
    players: Annotated[list[str], Field(min_length=1, max_length=2)]


SHAPES: tuple[type[Any], ...] = (
    FiftySixSeat, FiftySixTeamNumber, Trump, BidValue, DoubleLevel, FiftySixContractRecord,
    FiftySixContract, Bid, CasinoSide, CasinoSeat, LivePlayNumber, CardMoveRequest, CardMove,
    MadeLost, Team, FiftySixTeam, CasinoTeam,
)  # fmt: skip
