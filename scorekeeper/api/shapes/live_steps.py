"""A live deal's answers after its start: the state after a play with what the play did, the
steps of a replay, and a deal taken back with its plays."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, RootModel

from .live_states import (
    CallOrCard,
    CasinoLiveState,
    CasinoNow,
    CasinoStarted,
    FiftySixLiveState,
    FiftySixNow,
    FiftySixStarted,
    Move,
    Seat,
    SeepLiveState,
    SeepNow,
    SeepStarted,
    Serial,
)
from .names import CanonicalCard
from .reading import Shape
from .writing import LEFT_OUT, Documented, doc, ref
from .written_as import among, open_object

Open = Annotated[dict[str, Any], open_object()]
Played = Annotated[dict[str, Any], open_object("What the play did.")]
Captured = list[CanonicalCard]
Deal = Annotated[Any, ref("Deal")]


class SeepLivePlayAnswer(SeepLiveState):
    """A live Seep deal's state after a play, and what the play did."""

    plays: list[Move]  # without the state's bound
    captured: Captured = LEFT_OUT
    sweep: bool = LEFT_OUT
    sweep_points: Literal[0, 25, 50] = LEFT_OUT
    play: Played
    deal: Deal = LEFT_OUT


class FiftySixLivePlayAnswer(FiftySixLiveState):
    """A live Fifty-six deal's state after a play, and the call or card played."""

    plays: list[CallOrCard]  # without the state's bound
    call: Open = LEFT_OUT
    auction_finished: bool = LEFT_OUT
    card: CanonicalCard = LEFT_OUT
    seat: Seat = LEFT_OUT
    trick_complete: bool = LEFT_OUT
    winner: Seat = LEFT_OUT
    play: Played
    deal: Deal = LEFT_OUT


class CasinoLivePlayAnswer(CasinoLiveState):
    """A live Casino deal's state after a play, and what the play did."""

    plays: list[Move]  # without the state's bound
    captured: Captured = LEFT_OUT
    sweep: bool = LEFT_OUT
    sweep_points: Annotated[
        Literal[0, 1],
        Field(description="K12: a sweep scores 1 in Royal Casino with sweeps on; otherwise 0."),
    ] = LEFT_OUT
    number: Serial = LEFT_OUT
    seat: Seat = LEFT_OUT
    action: Literal["capture", "build", "raise", "trail"] = LEFT_OUT
    residue_side: int | None = LEFT_OUT
    play: Played
    deal: Deal = LEFT_OUT


@doc(
    "The live state; what the play did under `play`, and beside the state where no name clashes "
    "(Seep and Casino: `captured`, `sweep`, `sweep_points` for a capture; Casino: `number`, "
    "`seat`, `action`, and `residue`, `residue_side` on the last play; Fifty-six: the `call` and "
    "whether the auction is finished, or the `card` and, once the trick is complete, its "
    "`winner`); and `deal` when the last play recorded the deal."
)
class LivePlayAnswer(
    Documented,
    RootModel[
        Annotated[
            SeepLivePlayAnswer | FiftySixLivePlayAnswer | CasinoLivePlayAnswer,
            among("oneOf", "SeepLivePlayAnswer", "FiftySixLivePlayAnswer", "CasinoLivePlayAnswer"),
        ]
    ],
):
    """A play's answer, whichever the game."""


StepPlay = Annotated[
    dict[str, Any], open_object("What the step's play did (empty before the first play).")
]
STEP = "One step of a replayed {} live deal: its state after that many plays, without the plays."


@doc(STEP.format("Seep"))
class SeepLiveStep(SeepNow, SeepStarted):
    """A replayed Seep deal's state after some of its plays."""

    play: StepPlay


@doc(STEP.format("FiftySix"))
class FiftySixLiveStep(FiftySixNow, FiftySixStarted):
    """A replayed Fifty-six deal's state after some of its plays."""

    play: StepPlay


@doc(STEP.format("Casino"))
class CasinoLiveStep(CasinoNow, CasinoStarted):
    """A replayed Casino deal's state after some of its plays."""

    play: StepPlay


Step = Annotated[
    SeepLiveStep | FiftySixLiveStep | CasinoLiveStep,
    among("oneOf", "SeepLiveStep", "FiftySixLiveStep", "CasinoLiveStep"),
]
CORRECTED = (
    "Whether the deal was corrected on the scoreboard since its plays recorded it: the scoreboard "
    "counts it as corrected, the steps show it as played."
)


@doc(
    "A deal that was played live, to replay: its start, its plays, and the state before any "
    "play and after each."
)
class LiveReplay(Shape):
    """`GET …/deals/<id>/plays`: a live deal played again, step by step."""

    deal: Annotated[int, Field(ge=1, description="The deal's id.")]
    start: Annotated[
        dict[str, Any], open_object("The live deal's start, as stored (defaults filled in).")
    ]
    plays: Annotated[
        list[Annotated[dict[str, Any], open_object("`seat` and the move as sent.")]],
        Field(max_length=1000),
    ]
    steps: Annotated[
        list[Step],
        Field(
            min_length=1,
            max_length=1001,
            description="steps[k] is the state after k plays: one more step than plays.",
        ),
    ]
    corrected: Annotated[bool, Field(description=CORRECTED)]


@doc(
    "A live deal taken back (no deal is under way now): its start, to be put right and sent "
    "again, and the plays discarded with it."
)
class LiveStartTakenBack(Shape):
    """`DELETE …/live`: the live deal taken back."""

    start: Annotated[
        dict[str, Any], open_object("The start as it was stored (defaults filled in).")
    ]
    plays: Annotated[
        list[Open],
        Field(
            max_length=1000,
            description="The plays discarded, in order, as they were sent (without their numbers).",
        ),
    ]
    version: Annotated[int, Field(ge=1, description="The session's version after the change.")]


SHAPES: tuple[type[Any], ...] = (
    SeepLivePlayAnswer, FiftySixLivePlayAnswer, CasinoLivePlayAnswer, LivePlayAnswer,
    SeepLiveStep, FiftySixLiveStep, CasinoLiveStep, LiveReplay, LiveStartTakenBack,
)  # fmt: skip
