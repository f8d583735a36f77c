"""The shapes of Fifty-six's auctions and tricks: the calls and the contract as sent and as
answered, an auction or a trick as asked, what a legal call or card leaves, the legal moves."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field, RootModel

from .deals import TeamsOut
from .games import BidNumber, BidValue, DoubleLevel, FiftySixSeat, Trump
from .moves import Legal
from .reading import Shape
from .writing import ALONE, BY_NAME, LEFT_OUT, Documented, doc, ref, ref_among
from .written_as import Inlining, inlined, named

Players = Annotated[Literal[4, 6, 8], Field(description="F1.")]
Bidding = Annotated[Literal["bid"], ALONE]
Other = Literal["pass", "double", "redouble"]
Convention = Literal["number-suit", "suit-number", "NT", "noes", "plus"]
IGNORED = "Ignored (recomputed from the calls), so that an answer's `after` can be sent back."
Ignored = Annotated[Any, Field(description=IGNORED)]


@inlined
class FiftySixBidAsked(Shape):
    """A bid as sent."""

    seat: FiftySixSeat
    call: Bidding
    value: BidNumber
    trump: Trump
    convention: Annotated[
        Convention | None,
        Field(description="F11: how the bid was said; recorded, never enforced."),
    ] = LEFT_OUT


@inlined
class FiftySixCallAsked(Shape):
    """A pass, a double or a redouble as sent: nothing of a bid beside it."""

    seat: FiftySixSeat
    call: Other
    value: None = LEFT_OUT
    trump: None = LEFT_OUT
    convention: None = LEFT_OUT


@doc(
    "A call: a bid (value and trump), a pass, a double or a redouble (F8, F9). The seat must be "
    "at the table.",
    examples=[
        {"seat": 1, "call": "bid", "value": 28, "trump": "D"},
        {"seat": 2, "call": "double"},
    ],
)
class CallRequest(Inlining, Documented, RootModel[FiftySixBidAsked | FiftySixCallAsked]):
    """A Fifty-six call as sent."""


@inlined
class FiftySixBid(Shape):
    """A bid as answered."""

    seat: FiftySixSeat
    call: Bidding
    value: BidValue
    trump: Trump
    convention: Annotated[Convention, Field(description="F11: as recorded.")] = LEFT_OUT


@inlined
class FiftySixCall(Shape):
    """A pass, a double or a redouble as answered."""

    seat: FiftySixSeat
    call: Other


@doc("A call as the API writes it.")
class Call(Inlining, Documented, RootModel[FiftySixBid | FiftySixCall]):
    """A Fifty-six call as answered."""


@inlined
class FiftySixContractAsked(Shape):
    """A contract as sent."""

    seat: FiftySixSeat
    value: BidValue
    trump: Trump
    double: DoubleLevel = 0  # type: ignore[assignment]  # the document's default, never read


@doc(
    "The contract: the final bid's seat, value and trump, and how it was doubled; null when "
    "everyone passed (F10: 28 no-trumps for the first bidder's team, never doubled)."
)
class FiftySixContractRequest(Inlining, Documented, RootModel[FiftySixContractAsked | None]):
    """A Fifty-six deal's contract as sent."""


AUCTION_EXAMPLE = {
    "phase": "auction",
    "players": 4,
    "dealer": 0,
    "teams": "sides",
    "calls": [{"seat": 1, "call": "bid", "value": 28, "trump": "D"}, {"seat": 2, "call": "pass"}],
}


@doc(
    "A Fifty-six auction (F7–F10): the table, the dealer and the calls so far.",
    examples=[AUCTION_EXAMPLE],
)
class AuctionRequest(Inlining, Shape):
    """A Fifty-six auction as asked."""

    phase: Annotated[Literal["auction"], ALONE]
    players: Players
    dealer: FiftySixSeat
    teams: Annotated[Literal["sides", "pairs"], named("Teaming")] = "sides"
    out: TeamsOut = Field(default=[])  # type: ignore[assignment]  # the document's default
    calls: Annotated[
        list[CallRequest],
        Field(
            description="The calls so far, in order, from the seat after the dealer (F7); each "
            "must be legal, else 400 `bad-auction`."
        ),
    ] = Field(default=[])
    finished: Ignored = LEFT_OUT
    next_seat: Ignored = LEFT_OUT
    contract: Ignored = LEFT_OUT


# Once the auction is over no seat is to call and a contract stands; until then a seat is.
OVER: dict[str, Any] = {
    "if": {"properties": {"finished": {"const": True}}},
    "then": {
        "properties": {"next_seat": {"type": "null"}, "contract": {BY_NAME: "FiftySixContract"}}
    },
    "else": {"properties": {"next_seat": {BY_NAME: "FiftySixSeat"}}},
}


@doc("An auction as the API writes it, with what the calls add up to.")
class FiftySixAuction(Shape):
    """A Fifty-six auction as answered."""

    model_config = ConfigDict(json_schema_extra=OVER)
    phase: Annotated[Literal["auction"], ALONE]
    players: Players
    dealer: FiftySixSeat
    teams: Annotated[Literal["sides", "pairs"], ref("Teaming")]
    out: Annotated[TeamsOut, Field(description="Present when a team is out.")] = LEFT_OUT
    calls: list[Call]
    finished: Annotated[
        bool,
        Field(
            description="Whether the auction is over (F9 a redouble, F10 all the others passed)."
        ),
    ]
    next_seat: Annotated[
        int | None,
        ref_among(
            "oneOf",
            "FiftySixSeat",
            {"type": "null"},
            description="Whose call it is; null once the auction is over.",
        ),
    ]
    contract: Annotated[
        Any,
        ref_among(
            "oneOf",
            "FiftySixContract",
            {"type": "null"},
            description="The standing bid; once everyone passed, F10's 28 NT for the first "
            "bidder's team; null while no bid stands.",
        ),
    ]


class LegalCall(Shape):
    """A legal Fifty-six call."""

    legal: Legal
    after: Annotated[FiftySixAuction, Field(description="The auction after the call.")]
    move: Call
    description: Annotated[
        str,
        Field(
            min_length=1,
            description="The call in words, and the contract once the auction is over.",
        ),
    ]


SHAPES: tuple[type[Any], ...] = (
    CallRequest, Call, FiftySixContractRequest, AuctionRequest, FiftySixAuction, LegalCall,
)  # fmt: skip
