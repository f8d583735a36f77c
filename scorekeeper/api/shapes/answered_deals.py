"""The deals of every game as one: a Seep deal as answered, and the unions a deal's write takes
(posted, corrected) and a read answers, whichever the session's game."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, RootModel

from .deals import Sweep
from .games import Bid
from .names import CanonicalCard
from .reading import Shape
from .records import (
    DealRecord,
    FiftySixDealRecord,
    _DealIdentity,
)
from .standings import SEEP_SEAT
from .writing import LEFT_OUT, Documented, doc
from .written_as import each_game, in_place


class _SweepMade(Shape):
    """A Seep sweep as answered: its `when` always written (the document names no schema)."""

    team: Annotated[Literal[0, 1], Field(description=Sweep.model_fields["team"].description)]
    when: Literal["opening", "play", "last"]


@doc("A deal's identity, then its record in canonical form.")
class SeepDeal(_DealIdentity):
    """A Seep deal as answered."""

    captured: Annotated[list[list[CanonicalCard]], Field(min_length=2, max_length=2)]
    sweeps: Annotated[list[Annotated[Any, in_place(_SweepMade)]], Field(max_length=24)]
    bid: Bid = LEFT_OUT
    dealer: Annotated[int, Field(ge=0, le=3, description=SEEP_SEAT)] = LEFT_OUT


class Deal(Documented, RootModel[Annotated[Any, each_game("Deal")]]):
    """A deal of any game as answered."""


def _first(shape: type[Documented]) -> Any:
    """The first of a shape's examples."""
    return (shape.EXAMPLES or [None])[0]


# One record of each game: Seep's and Fifty-six's first examples, and a Casino deal of four sides.
RECORDS = [
    _first(DealRecord),
    _first(FiftySixDealRecord),
    {
        "cards": [16, 12, 14, 10],
        "spades": [5, 3, 3, 2],
        "aces": [0, 1, 2, 0],
        "big_casino": 2,
        "little_casino": 0,
    },
]


@doc(
    "A deal record of the session's game (the other game's record answers 400), optionally with "
    "the number it was entered as.",
    examples=RECORDS,
)
class PostedDeal(
    Documented,
    RootModel[Annotated[Any, each_game("PostedDeal")]],
):
    """A deal of the session's game, posted."""


@doc("A correction of the session's game, or a deal as GET answered it.", examples=RECORDS)
class CorrectedDeal(
    Documented,
    RootModel[Annotated[Any, each_game("CorrectedDeal")]],
):
    """A deal of the session's game, corrected."""


SHAPES: tuple[type[Any], ...] = (SeepDeal, Deal, PostedDeal, CorrectedDeal)
