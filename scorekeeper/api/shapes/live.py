"""A live deal's requests: its start, and each play (a move of /api/v1/check, numbered, with
its seat). The hand-written readers in api/live.py read them; these declare them."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, RootModel, WithJsonSchema

from .games import BidNumber, CasinoSeat, FiftySixSeat, LivePlayNumber, Trump
from .moves import BuiltValue
from .names import Card
from .reading import Shape
from .standings import NEXT_DEALER, CasinoLiveStartRequest, FiftySixLiveStartRequest
from .writing import ALONE, LEFT_OUT, Documented, doc
from .written_as import among, in_place


class _StartBid(Shape):
    """A live Seep deal's bid, as sent."""

    seat: Annotated[int, Field(ge=0, le=3, description="The seat after the dealer (S1).")]
    value: Annotated[int, Field(ge=9, le=13, description="S2: a house value.")]


@doc("A Seep deal's start.")
class SeepLiveStartRequest(Shape):
    """A live Seep deal's start."""

    dealer: Annotated[int | None, Field(ge=0, le=3, description=NEXT_DEALER)] = LEFT_OUT
    bid: Annotated[_StartBid, in_place(_StartBid)]
    floor: Annotated[
        list[Card],
        Field(min_length=4, max_length=4, description="S1: the four cards the dealer turns up."),
    ]


@doc(
    "The start of the session's game: see the operation. Another field answers 400 `unknown-field`."
)
class LiveStartRequest(
    Documented,
    RootModel[SeepLiveStartRequest | FiftySixLiveStartRequest | CasinoLiveStartRequest],
):
    """`POST …/live`: a live deal's start, whichever the game."""


# A move that lays no loose card beside it (the document gives no type of item).
NoCards = Annotated[
    list[Card], Field(max_length=0), WithJsonSchema({"type": "array", "maxItems": 0})
]
Cards = list[Card]
Capture = Annotated[Literal["capture"], ALONE]
Build = Annotated[Literal["build"], ALONE]
Raise = Annotated[Literal["raise"], ALONE]


class _SeepPlay(Shape):
    """A Seep play's number, seat and card, first in each of its moves."""

    number: LivePlayNumber
    seat: Annotated[int, Field(ge=0, le=3, description="The seat that plays (at the table).")]
    card: Card


class _SeepCapture(_SeepPlay):
    """A Seep capture played."""

    action: Capture
    loose: Cards = LEFT_OUT
    house: Annotated[bool, Field(description="Whether the house of the card's value is taken.")] = (
        LEFT_OUT
    )


class _SeepBuild(_SeepPlay):
    """A Seep house built."""

    action: Build
    value: BuiltValue
    loose: Cards = LEFT_OUT


class _SeepRaise(_SeepPlay):
    """A Seep house raised."""

    action: Raise
    house: Annotated[int, Field(ge=1, le=13, description="The value of the house raised.")]
    loose: NoCards = LEFT_OUT


class _SeepThrow(_SeepPlay):
    """A Seep card thrown."""

    action: Annotated[Literal["throw"], ALONE]
    loose: NoCards = LEFT_OUT


@doc("A Seep play: a move of /api/v1/check, numbered, with its seat.")
class SeepLivePlayRequest(
    Documented,
    RootModel[
        Annotated[
            _SeepCapture | _SeepBuild | _SeepRaise | _SeepThrow,
            among("oneOf", _SeepCapture, _SeepBuild, _SeepRaise, _SeepThrow),
        ]
    ],
):
    """A live Seep play."""


class _FiftySixPlay(Shape):
    """A Fifty-six play's number and seat, first in each of its calls and cards."""

    number: LivePlayNumber
    seat: FiftySixSeat


class _FiftySixBid(_FiftySixPlay):
    """A Fifty-six bid called."""

    call: Annotated[Literal["bid"], ALONE]
    value: BidNumber
    trump: Trump
    convention: Annotated[
        Literal["number-suit", "suit-number", "NT", "noes", "plus"] | None,
        Field(description="F11: how the bid was said; recorded, never enforced."),
    ] = LEFT_OUT


class _FiftySixCall(_FiftySixPlay):
    """A Fifty-six pass, double or redouble called: no bid's fields, or null ones."""

    call: Literal["pass", "double", "redouble"]
    value: None = LEFT_OUT
    trump: None = LEFT_OUT
    convention: None = LEFT_OUT


@doc("The card to play.")
class _FiftySixCard(_FiftySixPlay):
    """A Fifty-six card played to the trick."""

    card: Card


@doc("A Fifty-six play: a call of the auction, or then a card, numbered, with its seat.")
class FiftySixLivePlayRequest(
    Documented,
    RootModel[
        Annotated[
            _FiftySixBid | _FiftySixCall | _FiftySixCard,
            among("oneOf", _FiftySixBid, _FiftySixCall, _FiftySixCard),
        ]
    ],
):
    """A live Fifty-six play."""


ACE = (
    "K3: a Royal ace played as 14 (only an ace, only in Royal, else 400 `bad-field`). With "
    "`aces: capturing` only a capture may say it, with `aces: one` no move: else the move is "
    "illegal, `ace-counts-one`."
)
Value = Annotated[int, Field(ge=1, le=99)]


class _CasinoPlay(Shape):
    """A Casino play's number, seat and card, first in each of its moves; an ace's count."""

    number: LivePlayNumber
    seat: CasinoSeat
    card: Card
    ace: Annotated[Literal[1, 14], Field(description=ACE)] = 1


@doc("K4: a capture.")
class _CasinoCapture(_CasinoPlay):
    """A Casino capture played."""

    action: Capture
    loose: Annotated[
        Cards,
        Field(description="The loose cards taken, in groups each worth the card's value (K4)."),
    ] = LEFT_OUT
    builds: Annotated[
        list[Value],
        Field(
            json_schema_extra={"uniqueItems": True}, description="The values of the builds taken."
        ),
    ] = LEFT_OUT


@doc("K5, K7: a build.")
class _CasinoBuild(_CasinoPlay):
    """A Casino build made or added to."""

    action: Build
    value: Annotated[
        Value,
        Field(
            description="The build's value: a new build, or the sets join the build of that "
            "value (K5, K7)."
        ),
    ]
    loose: Cards = LEFT_OUT


@doc("K6: a raise.")
class _CasinoRaise(_CasinoPlay):
    """A Casino build raised."""

    action: Raise
    build: Annotated[Value, Field(description="The value of the single build raised.")]
    loose: Annotated[Cards, Field(description="Loose sets of the new value absorbed (K6).")] = (
        LEFT_OUT
    )


@doc("K8: a trail.")
class _CasinoTrail(_CasinoPlay):
    """A Casino card trailed."""

    action: Annotated[Literal["trail"], ALONE]
    loose: NoCards = LEFT_OUT


@doc("A Casino play: a move of /api/v1/check, numbered, with its seat.")
class CasinoLivePlayRequest(
    Documented,
    RootModel[
        Annotated[
            _CasinoCapture | _CasinoBuild | _CasinoRaise | _CasinoTrail,
            among("oneOf", _CasinoCapture, _CasinoBuild, _CasinoRaise, _CasinoTrail),
        ]
    ],
):
    """A live Casino play."""


@doc(
    "A play of the session's game: its number and seat, and the move's fields exactly as for "
    "/api/v1/check. Another field answers 400 `unknown-field`."
)
class LivePlayRequest(
    Documented,
    RootModel[SeepLivePlayRequest | FiftySixLivePlayRequest | CasinoLivePlayRequest],
):
    """`POST …/live/plays`: a play, whichever the game."""


SHAPES: tuple[type[Any], ...] = (
    SeepLiveStartRequest, LiveStartRequest, SeepLivePlayRequest, FiftySixLivePlayRequest,
    CasinoLivePlayRequest, LivePlayRequest,
)  # fmt: skip
