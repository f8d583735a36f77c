"""The shapes of Seep's positions and moves, as asked and as answered, the verdicts on a move
that it is legal, and the list of the legal moves; and a Seep deal's bid as sent."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field, RootModel, WithJsonSchema

from ..option_schemas import option_schemas
from .games import Bid
from .names import CanonicalCard, Card
from .reading import Shape
from .standings import SEEP_SEAT, House, HouseRequest
from .writing import ALONE, LEFT_OUT, Documented, doc, ref
from .written_as import Inlining, inlined, only_for

HouseValue = Annotated[int, Field(ge=9, le=13)]
# A loose card named beside a raise or a throw: none (an empty list, or left out).
NoLoose = Annotated[list[Any], WithJsonSchema({"type": "array", "maxItems": 0})]
Words = Annotated[str, Field(min_length=1, description="The move in words.")]
COUNT = "The exact number of legal moves."
TRUNCATED = "Whether `count` is more than the moves listed."
BY_CARD = "How many legal moves each card has, by kind."
POSITION_EXAMPLE = {
    "players": 4,
    "seat": 1,
    "hand": ["KS", "4H", "9C"],
    "loose": ["9D", "5C"],
    "houses": [{"value": 13, "cards": ["10C", "3H"], "owners": [3]}],
    "opening_bid": None,
    "last_play": False,
    "options": {"capture": "maximal", "throw": "strict"},
}
TAKES_HOUSE = "Whether the house of the card's value is taken."
MOVE_EXAMPLE = {"card": "KS", "action": "capture", "loose": [], "house": True}


Capture = Annotated[Literal["capture"], ALONE]
Build = Annotated[Literal["build"], ALONE]
Raise = Annotated[Literal["raise"], ALONE]
Throw = Annotated[Literal["throw"], ALONE]
Legal = Annotated[Literal[True], ALONE]
BuiltValue = Annotated[
    int,
    Field(
        ge=1,
        le=99,
        description="The house value (a value outside 9–13 is an illegal move, rule house-value).",
    ),
]


@doc(
    "A Seep position. A position that cannot occur in a game (a card twice, a loose card of a "
    "house's value, a house its cards cannot make, ...) answers 400.",
    examples=[POSITION_EXAMPLE],
)
class PositionRequest(Shape):
    """A Seep position as asked."""

    players: Literal[2, 4]
    seat: Annotated[int, Field(ge=0, le=3, description="The mover; teams are seat mod 2.")]
    hand: Annotated[list[Card], Field(max_length=12)]
    loose: list[Card] = LEFT_OUT
    houses: Annotated[list[HouseRequest], Field(max_length=5)] = LEFT_OUT
    opening_bid: Annotated[
        int | None, Field(ge=9, le=13, description="Set only for the bidder's opening play.")
    ] = LEFT_OUT
    last_play: bool = LEFT_OUT
    options: Annotated[Any, ref("RuleOptionsRequest")] = LEFT_OUT


@inlined
class SeepCaptureAsked(Shape):
    """A capture as asked."""

    card: Card
    action: Capture
    loose: list[Card] = LEFT_OUT
    house: Annotated[bool, Field(description=TAKES_HOUSE)] = LEFT_OUT


@inlined
class SeepBuildAsked(Shape):
    """A build as asked."""

    card: Card
    action: Build
    value: BuiltValue
    loose: list[Card] = LEFT_OUT


@inlined
class SeepRaiseAsked(Shape):
    """A raise as asked."""

    card: Card
    action: Raise
    house: Annotated[int, Field(ge=1, le=13, description="The value of the house raised.")]
    loose: NoLoose = LEFT_OUT


@inlined
class SeepThrowAsked(Shape):
    """A throw as asked."""

    card: Card
    action: Throw
    loose: NoLoose = LEFT_OUT


@doc("A move: capture, build, raise or throw.", examples=[MOVE_EXAMPLE])
class MoveRequest(
    Inlining,
    Documented,
    RootModel[SeepCaptureAsked | SeepBuildAsked | SeepRaiseAsked | SeepThrowAsked],
):
    """A Seep move as asked."""


def _rules_answered() -> dict[str, Any]:
    """Seep's rules of play as a position answers them: the checker's options, all there."""
    asked = option_schemas()["RuleOptionsRequest"]
    return {**asked, "type": "object", "required": list(asked["properties"])}


@doc(
    "A position as the API writes it: canonical cards, every house with its owners and whether "
    "it is cemented."
)
class Position(Shape):
    """A Seep position as answered."""

    players: Literal[2, 4]
    seat: Annotated[int, Field(ge=0, le=3, description=SEEP_SEAT)]
    hand: Annotated[list[CanonicalCard], Field(max_length=12)]
    loose: list[CanonicalCard]
    houses: Annotated[list[House], Field(max_length=5)]
    opening_bid: HouseValue | None
    last_play: bool
    options: Annotated[dict[str, str], WithJsonSchema(_rules_answered())]


@inlined
class SeepCapture(Shape):
    """A capture as answered."""

    card: CanonicalCard
    action: Capture
    loose: list[CanonicalCard]
    house: bool


@inlined
class SeepBuild(Shape):
    """A build as answered."""

    card: CanonicalCard
    action: Build
    value: HouseValue
    loose: list[CanonicalCard]


@inlined
class SeepRaise(Shape):
    """A raise as answered."""

    card: CanonicalCard
    action: Raise
    house: HouseValue


@inlined
class SeepThrow(Shape):
    """A throw as answered."""

    card: CanonicalCard
    action: Throw


@doc(
    "A move in canonical form; a build names none of the loose cards of its value (H2 absorbs "
    "them anyway)."
)
class Move(Inlining, Documented, RootModel[SeepCapture | SeepBuild | SeepRaise | SeepThrow]):
    """A Seep move as answered."""


class LegalMove(Shape):
    """A legal Seep move."""

    model_config = only_for("move", "capture", "captured", "sweep", "sweep_points")
    legal: Legal
    after: Annotated[
        Position,
        Field(description="The position after the move, the played card out of the hand."),
    ]
    move: Move
    description: Words
    captured: Annotated[
        list[CanonicalCard],
        Field(min_length=2, description="A capture's cards, the played card included."),
    ] = LEFT_OUT
    sweep: bool = LEFT_OUT
    sweep_points: Literal[0, 25, 50] = LEFT_OUT


Positive = Annotated[int, Field(ge=1)]


@inlined
class SeepActions(Shape):
    """How many legal moves a card has, by kind."""

    model_config = ConfigDict(json_schema_extra={"minProperties": 1})
    capture: Positive = LEFT_OUT
    build: Positive = LEFT_OUT
    raise_: Annotated[Positive, Field(alias="raise")] = LEFT_OUT
    throw: Positive = LEFT_OUT


@inlined
class SeepByCard(Shape):
    """A card's legal moves, counted."""

    card: CanonicalCard
    count: Positive
    actions: SeepActions


class SeepMovesAnswer(Inlining, Shape):
    """Seep's legal moves."""

    moves: Annotated[
        list[Move],
        Field(
            max_length=10_000,
            description="Up to `limit` legal moves, grouped by card in hand order; each play once.",
        ),
    ]
    count: Annotated[int, Field(ge=0, description=COUNT)]
    truncated: Annotated[bool, Field(description=TRUNCATED)]
    by_card: Annotated[list[SeepByCard], Field(description=BY_CARD)]


@doc("The opening bid, if recorded.")
class BidRequest(Inlining, Documented, RootModel[Bid | None]):
    """A Seep deal's bid as sent."""


SHAPES: tuple[type[Any], ...] = (
    PositionRequest, MoveRequest, Position, Move, LegalMove, SeepMovesAnswer, BidRequest,
)  # fmt: skip
