"""The shapes of Casino's moves, as asked and as answered, what a legal move leaves, and the
list of the legal moves."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field, RootModel

from .casino_positions import CasinoPosition
from .moves import (
    BY_CARD,
    COUNT,
    TRUNCATED,
    Build,
    Capture,
    Legal,
    NoLoose,
    Positive,
    Raise,
    Words,
)  # fmt: skip
from .names import CanonicalCard, Card
from .reading import Shape
from .writing import ALONE, LEFT_OUT, Documented, doc, ref_among
from .written_as import Inlining, inlined, only_for

Trail = Annotated[Literal["trail"], ALONE]
UniqueValues = Field(json_schema_extra={"uniqueItems": True})
AskedValue = Annotated[int, Field(ge=1, le=99)]
BuildValue = Annotated[int, Field(ge=2, le=14)]
ACE = (
    "K3: a Royal ace played as 14 (only an ace, only in Royal, else 400 `bad-field`). With "
    "`aces: capturing` only a capture may say it, with `aces: one` no move: else the move is "
    "illegal, `ace-counts-one`."
)
AceAsked = Annotated[Literal[1, 14], Field(description=ACE)]
AceAnswered = Annotated[
    Literal[14], ALONE, Field(description="Present when a Royal ace is played as 14 (K3).")
]


@inlined
@doc("K4: a capture.")
class CasinoCaptureAsked(Shape):
    """A capture as asked."""

    card: Card
    action: Capture
    loose: Annotated[
        list[Card],
        Field(description="The loose cards taken, in groups each worth the card's value (K4)."),
    ] = LEFT_OUT
    builds: Annotated[
        list[AskedValue], UniqueValues, Field(description="The values of the builds taken.")
    ] = LEFT_OUT
    ace: AceAsked = 1


@inlined
@doc("K5, K7: a build.")
class CasinoBuildAsked(Shape):
    """A build as asked."""

    card: Card
    action: Build
    value: Annotated[
        AskedValue,
        Field(
            description="The build's value: a new build, or the sets join the build of that "
            "value (K5, K7)."
        ),
    ]
    loose: list[Card] = LEFT_OUT
    ace: AceAsked = 1


@inlined
@doc("K6: a raise.")
class CasinoRaiseAsked(Shape):
    """A raise as asked."""

    card: Card
    action: Raise
    build: Annotated[AskedValue, Field(description="The value of the single build raised.")]
    loose: Annotated[
        list[Card], Field(description="Loose sets of the new value absorbed (K6).")
    ] = LEFT_OUT
    ace: AceAsked = 1


@inlined
@doc("K8: a trail.")
class CasinoTrailAsked(Shape):
    """A trail as asked."""

    card: Card
    action: Trail
    loose: NoLoose = LEFT_OUT
    ace: AceAsked = 1


CASINO_MOVE_EXAMPLE = {"card": "8S", "action": "capture", "loose": ["8D", "6C", "2D"], "builds": []}


@doc(
    "A Casino move: capture, build, raise or trail.",
    examples=[CASINO_MOVE_EXAMPLE],
)
class CasinoMoveRequest(
    Inlining,
    Documented,
    RootModel[CasinoCaptureAsked | CasinoBuildAsked | CasinoRaiseAsked | CasinoTrailAsked],
):
    """A Casino move as asked."""


@inlined
class CasinoCapture(Shape):
    """A capture as answered."""

    card: CanonicalCard
    action: Capture
    loose: list[CanonicalCard]
    builds: Annotated[list[BuildValue], UniqueValues]
    ace: AceAnswered = LEFT_OUT


@inlined
class CasinoBuilding(Shape):
    """A build as answered."""

    card: CanonicalCard
    action: Build
    value: BuildValue
    loose: list[CanonicalCard]
    ace: AceAnswered = LEFT_OUT


@inlined
class CasinoRaise(Shape):
    """A raise as answered."""

    card: CanonicalCard
    action: Raise
    build: BuildValue
    loose: Annotated[list[CanonicalCard], Field(min_length=1)] = LEFT_OUT
    ace: AceAnswered = LEFT_OUT


@inlined
class CasinoTrail(Shape):
    """A trail as answered."""

    card: CanonicalCard
    action: Trail


@doc("A Casino move in canonical form (a raise names `loose` only when it absorbs loose sets).")
class CasinoMove(
    Inlining,
    Documented,
    RootModel[CasinoCapture | CasinoBuilding | CasinoRaise | CasinoTrail],
):
    """A Casino move as answered."""


@doc("A legal Casino move: `captured` and `sweep` for a capture.")
class CasinoLegalMove(Shape):
    """A legal Casino move."""

    model_config = only_for("move", "capture", "captured", "sweep")
    legal: Legal
    after: Annotated[
        CasinoPosition,
        ref_among(
            "allOf",
            "CasinoPosition",
            description="The position after the move, the played card out of the hand; the "
            "mover owns a build made, added to or raised (K9).",
        ),
    ]
    move: CasinoMove
    description: Words
    captured: Annotated[
        list[CanonicalCard],
        Field(min_length=2, description="A capture's cards, the played card included."),
    ] = LEFT_OUT
    sweep: Annotated[
        bool,
        Field(
            description="Whether the capture took every table card, not on the deal's last "
            "play (K12)."
        ),
    ] = LEFT_OUT


@inlined
class CasinoActions(Shape):
    """How many legal moves a card has, by kind."""

    model_config = ConfigDict(json_schema_extra={"minProperties": 1})
    capture: Positive = LEFT_OUT
    build: Positive = LEFT_OUT
    raise_: Annotated[Positive, Field(alias="raise")] = LEFT_OUT
    trail: Positive = LEFT_OUT


@inlined
class CasinoByCard(Shape):
    """A card's legal moves, counted."""

    card: CanonicalCard
    count: Positive
    actions: CasinoActions


class CasinoMovesAnswer(Inlining, Shape):
    """Casino's legal moves."""

    moves: Annotated[
        list[CasinoMove],
        Field(
            max_length=10_000,
            description="Up to `limit` legal moves, grouped by card in hand order; each play "
            "once (a Royal ace as 1 and as 14 are two plays).",
        ),
    ]
    count: Annotated[int, Field(ge=0, description=COUNT)]
    truncated: Annotated[bool, Field(description=TRUNCATED)]
    by_card: Annotated[list[CasinoByCard], Field(description=BY_CARD)]


SHAPES: tuple[type[Any], ...] = (
    CasinoMoveRequest, CasinoMove, CasinoLegalMove, CasinoMovesAnswer,
)  # fmt: skip
