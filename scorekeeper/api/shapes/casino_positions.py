"""The shapes of Casino's positions, as asked and as answered: the mover's hand, the table's
loose cards and builds, the variant and how aces count."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from .games import CasinoSeat
from .names import CanonicalCard, Card
from .reading import Shape
from .standings import CasinoBuild
from .writing import LEFT_OUT, doc, ref, ref_among
from .written_as import Inlining, inlined

Players = Literal[2, 3, 4]


class CasinoBuildRequest(Shape):
    """A Casino build as sent."""

    value: Annotated[
        int,
        Field(
            ge=2,
            le=14,
            description="K5: 2–10 in classic, 2–14 in Royal (2–13 with `aces: one`: nobody "
            "holds a card of 14).",
        ),
    ]
    cards: Annotated[
        list[Card],
        Field(
            min_length=2,
            description="Its cards: one set of the value (single) or several (multiple), no "
            "classic face card.",
        ),
    ]
    owner: Annotated[
        int,
        ref_among(
            "allOf",
            "CasinoSeat",
            description="K9: the one owner, who made it or last added to or raised it.",
        ),
    ]
    multiple: Annotated[bool, Field(description="Optional; must agree with the cards.")] = LEFT_OUT


POSITION_EXAMPLES = [
    {
        "players": 2,
        "seat": 0,
        "variant": "classic",
        "hand": ["8S", "6H"],
        "loose": ["AC", "2D", "3H", "5S", "6C", "8D"],
        "builds": [{"value": 7, "cards": ["4C", "3D"], "owner": 1}],
    },
    {
        "players": 2,
        "seat": 0,
        "options": {"variant": "royal", "aces": "capturing"},
        "hand": ["AH", "9S"],
        "loose": ["AD", "KC", "5S"],
        "builds": [],
    },
]


@doc(
    "A Casino position. A position that cannot occur (a card twice, a build its cards cannot "
    "make, two builds of one value, the mover owning a build without a card of its value, ...) "
    "answers 400.",
    examples=POSITION_EXAMPLES,
)
class CasinoPositionRequest(Shape):
    """A Casino position as asked."""

    players: Annotated[Players, Field(description="K1.")]
    seat: Annotated[int, ref_among("allOf", "CasinoSeat", description="The mover.")]
    variant: Annotated[
        str,
        ref_among(
            "allOf",
            "Variant",
            description="K3: the variant, here or in `options` (both: they must agree, else 400 "
            "`bad-field`); classic when neither says.",
        ),
    ] = LEFT_OUT
    options: Annotated[
        Any,
        ref_among(
            "allOf",
            "CasinoOptionsRequest",
            description="The session's options, checked as a session's are (an unknown option "
            "or value answers 400): `variant` and `aces` (K3) decide the moves; the others "
            "change nothing here.",
        ),
    ] = LEFT_OUT
    hand: Annotated[
        list[Card], Field(max_length=4, description="The mover's hand: at most 4 cards (K2).")
    ]
    loose: list[Card] = LEFT_OUT
    builds: Annotated[
        list[CasinoBuildRequest], Field(description="At most one build of each value (K5).")
    ] = LEFT_OUT
    last_play: Annotated[
        bool,
        Field(
            description="Whether this is the deal's last play: a capture that clears the table "
            "is then no sweep (K12)."
        ),
    ] = LEFT_OUT


@inlined
@doc("K3: how an ace counts in this position.")
class CasinoAcesAnswered(Shape):
    """How a Casino position's aces count."""

    aces: Annotated[str, ref("CasinoAces")]


@doc(
    "A Casino position as the API writes it: canonical cards, every build with its owner and "
    "whether it is multiple."
)
class CasinoPosition(Inlining, Shape):
    """A Casino position as answered."""

    players: Players
    seat: CasinoSeat
    variant: Annotated[str, ref("Variant")]
    options: CasinoAcesAnswered
    hand: Annotated[list[CanonicalCard], Field(max_length=4)]
    loose: list[CanonicalCard]
    builds: list[CasinoBuild]
    last_play: bool


SHAPES: tuple[type[Any], ...] = (CasinoBuildRequest, CasinoPositionRequest, CasinoPosition)
