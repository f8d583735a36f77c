"""Advice and review (shared/API.md, "Advice and review"): a request for advice on a position or
on a live deal so far, its ranked moves, and a finished live deal's review. The hand-written
reader (advice/answers.py) reads them; these declare them."""

from __future__ import annotations

from collections import Counter
from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field, RootModel

from ...rules.fifty_six.cards import deck
from ...rules.limits import MOST_PLAYS
from .casino_positions import CasinoPositionRequest
from .live import (
    CasinoLivePlayRequest,
    FiftySixLivePlayRequest,
    SeepLivePlayRequest,
    SeepLiveStartRequest,
)
from .moves import PositionRequest
from .names import Card
from .reading import Shape
from .standings import CasinoLiveStartRequest, FiftySixLiveStartRequest
from .tricks import TrickRequest
from .writing import ALONE, LEFT_OUT, Documented, doc, ref_among
from .written_as import Inlining, among, in_place

IGNORING = ConfigDict(extra="ignore")  # as a check's request: other fields are ignored
BUDGET = (
    "The search's time in milliseconds, 1 to 2000 (1000 when left out): the answer comes within "
    "it (p99), worked out by a search worker."
)
Budget = Annotated[int, Field(ge=1, le=2000, description=BUDGET)]
Seen = Annotated[
    list[Card],
    Field(
        max_length=52,
        description="The cards already out of play (captured, or in tricks done): neither in the "
        "position nor in any hidden hand. A card both seen and held answers 400.",
    ),
]
OPTIONS = (
    "The session's options, as a session of the game takes them (the defaults for those not "
    "named): how the deal is played, scored and seated."
)

# A game's session options, as its sessions take them (option_schemas.py builds them).
SeepOptions = Annotated[
    dict[str, Any], ref_among("allOf", "SeepOptionsRequest", description=OPTIONS)
]
FiftySixOptions = Annotated[
    dict[str, Any], ref_among("allOf", "FiftySixOptionsRequest", description=OPTIONS)
]
CasinoOptions = Annotated[
    dict[str, Any], ref_among("allOf", "CasinoOptionsRequest", description=OPTIONS)
]
PLAYERS = "How many play (4 when left out), seated as the options say."
Hand = Annotated[list[Card], Field(max_length=12, description="The mover's cards now.")]
PLAYS = (
    "The deal's plays so far, in order, as posted to a live deal (their numbers may be left "
    "out: their order says). The start must name its dealer: there is no session to say it."
)


Most = Field(max_length=MOST_PLAYS, description=PLAYS)  # a history's plays: at most a deal's


class _SeepHistory(Shape):
    """A live Seep deal so far."""

    start: SeepLiveStartRequest
    plays: Annotated[list[SeepLivePlayRequest], Most]


class _FiftySixHistory(Shape):
    """A live Fifty-six deal so far: its auction done."""

    start: FiftySixLiveStartRequest
    plays: Annotated[list[FiftySixLivePlayRequest], Most]


class _CasinoHistory(Shape):
    """A live Casino deal so far."""

    start: CasinoLiveStartRequest
    plays: Annotated[list[CasinoLivePlayRequest], Most]


class _Asking(Shape):
    """What every request for advice may say beside its position or history."""

    model_config = IGNORING
    budget_ms: Budget = LEFT_OUT


@doc("Seep advice on a position, the cards already out of play beside it.")
class SeepPositionAdvice(_Asking):
    """`POST /advice`: a Seep position."""

    game: Annotated[Literal["seep"], ALONE]
    position: PositionRequest
    seen: Seen = LEFT_OUT
    options: SeepOptions = LEFT_OUT


@doc("Seep advice on a live deal so far and the mover's hand (S2, H5, T3 read from it).")
class SeepHistoryAdvice(_Asking):
    """`POST /advice`: a Seep deal so far."""

    game: Annotated[Literal["seep"], ALONE]
    history: Annotated[_SeepHistory, in_place(_SeepHistory)]
    hand: Hand
    players: Annotated[Literal[2, 4], Field(description=PLAYERS)] = LEFT_OUT
    options: SeepOptions = LEFT_OUT


@doc("Fifty-six advice on a trick (card play only: an auction answers 400).")
class FiftySixPositionAdvice(_Asking):
    """`POST /advice`: a Fifty-six trick."""

    game: Annotated[Literal["fifty-six"], ALONE]
    position: TrickRequest
    seen: Seen = LEFT_OUT
    options: FiftySixOptions = LEFT_OUT


@doc(
    "Fifty-six advice on a live deal so far, its auction over, and the mover's hand (the voids "
    "each seat showed, F12, read from it)."
)
class FiftySixHistoryAdvice(_Asking):
    """`POST /advice`: a Fifty-six deal so far."""

    game: Annotated[Literal["fifty-six"], ALONE]
    history: Annotated[_FiftySixHistory, in_place(_FiftySixHistory)]
    hand: Hand
    players: Annotated[Literal[4, 6, 8], Field(description=PLAYERS)] = LEFT_OUT
    options: FiftySixOptions = LEFT_OUT


@doc("Casino advice on a position, the cards already out of play beside it.")
class CasinoPositionAdvice(_Asking):
    """`POST /advice`: a Casino position."""

    game: Annotated[Literal["casino"], ALONE]
    position: CasinoPositionRequest
    seen: Seen = LEFT_OUT
    options: CasinoOptions = LEFT_OUT


@doc(
    "Casino advice on a live deal so far and the mover's hand (the builds' owners and the "
    "claims still standing, K9, read from it)."
)
class CasinoHistoryAdvice(_Asking):
    """`POST /advice`: a Casino deal so far."""

    game: Annotated[Literal["casino"], ALONE]
    history: Annotated[_CasinoHistory, in_place(_CasinoHistory)]
    hand: Hand
    players: Annotated[Literal[2, 3, 4], Field(description=PLAYERS)] = LEFT_OUT
    options: CasinoOptions = LEFT_OUT


ADVICE_REQUESTS = (
    SeepPositionAdvice,
    SeepHistoryAdvice,
    FiftySixPositionAdvice,
    FiftySixHistoryAdvice,
    CasinoPositionAdvice,
    CasinoHistoryAdvice,
)


# A two-player deal's first play: nothing seen yet.
CASINO_EXAMPLE = {
    "game": "casino",
    "position": {
        "players": 2,
        "seat": 0,
        "hand": ["5H", "9C", "2D", "KS"],
        "loose": ["4D", "10S", "3C", "7H"],
    },
    "budget_ms": 100,
}
# The last trick of four: seat 0 led 10♥; seats 2 and 3 hold Q♠ and 9♠, which of them unknown.
IN_PLAY = Counter(["JH", "10H", "QS", "9S"])
TRICK_EXAMPLE = {
    "game": "fifty-six",
    "position": {"players": 4, "trump": "S", "hand": ["JH"], "trick": ["10H"]},
    "seen": sorted((Counter(str(card) for card in deck(4)) - IN_PLAY).elements()),
    "budget_ms": 100,
}


@doc(
    "A position and the cards seen, or a live deal so far and the mover's hand.",
    examples=[CASINO_EXAMPLE, TRICK_EXAMPLE],
)
class AdviceRequest(
    Inlining,
    Documented,
    RootModel[
        SeepPositionAdvice
        | SeepHistoryAdvice
        | FiftySixPositionAdvice
        | FiftySixHistoryAdvice
        | CasinoPositionAdvice
        | CasinoHistoryAdvice
    ],
):
    """`POST /advice`: whichever the game and the way of asking."""


# A move as the game's /moves lists it: Seep's, Fifty-six's card, Casino's.
AnyMove = Annotated[Any, among("anyOf", "Move", "CardMove", "CasinoMove")]
MARGIN = (
    "The expected margin of the points still to come for the mover's side (Seep: points, "
    "sweeps included, of the mover's team minus the other's; Casino: the deal's points; "
    "Fifty-six: card points of the mover's side minus the other side's), over the samples."
)


class RankedMove(Shape):
    """A legal move with its expected margin."""

    move: AnyMove
    margin: Annotated[float, Field(description=MARGIN)]
    interval: Annotated[
        list[float],
        Field(
            min_length=2,
            max_length=2,
            description="The margin's 95% interval [low, high]; a point when `exact`.",
        ),
    ]
    made: Annotated[
        float,
        Field(
            ge=0,
            le=1,
            description="Fifty-six only: the share of samples in which the contract is made "
            "after this move (F14).",
        ),
    ] = LEFT_OUT


@doc("The legal moves, best first, with how many samples of the hidden cards were searched.")
class AdviceAnswer(Shape):
    """`POST /advice`'s answer."""

    moves: Annotated[list[RankedMove], Field(min_length=1)]
    samples: Annotated[int, Field(ge=1, description="The samples of the hidden cards searched.")]
    exact: Annotated[
        bool, Field(description="Whether every hidden card's place is known (one sample).")
    ]


class ReviewedPlay(Shape):
    """A play beside the best move with every hand as it really was."""

    number: Annotated[int, Field(ge=1, description="The play's number in the live deal.")]
    seat: Annotated[int, Field(ge=0, le=7)]
    move: AnyMove
    best: Annotated[
        Any | None,
        among("anyOf", "Move", "CardMove", "CasinoMove", {"type": "null"}),
        Field(description="The best move; null when the play was best or is not valued."),
    ]
    loss: Annotated[
        float,
        Field(
            ge=0, description="The margin the play gave up against the best (units as advice's)."
        ),
    ]
    exact: Annotated[
        bool, Field(description="Whether every line after the play was searched to the end.")
    ]
    valued: Annotated[
        bool,
        Field(
            description="False for a play that cannot be valued: Seep's opening play (the "
            "bidder's other cards unknown then). Fifty-six's calls are not reviewed: only its "
            "cards are listed."
        ),
    ]
    legal: Annotated[bool, Field(description="Whether the play was legal with the real hands.")]


class SeatLoss(Shape):
    """A seat's points lost over the deal."""

    seat: Annotated[int, Field(ge=0, le=7)]
    loss: Annotated[float, Field(ge=0)]


@doc("A finished live deal's review: each play beside the best, each seat's loss.")
class DealReviewAnswer(Shape):
    """`GET …/live/review`'s answer."""

    deal: Annotated[int, Field(ge=1, description="The deal's id.")]
    plays: list[ReviewedPlay]
    seats: list[SeatLoss]
    costliest: Annotated[
        list[int],
        Field(
            max_length=3, description="The numbers of the three costliest plays, costliest first."
        ),
    ]


@doc("The review is being worked out: ask again after Retry-After seconds.")
class ReviewPending(Shape):
    """`GET …/live/review` before the review is ready."""

    deal: Annotated[int, Field(ge=1)]
    ready: Annotated[Literal[False], ALONE]


SHAPES: tuple[type[Any], ...] = (
    *ADVICE_REQUESTS, AdviceRequest, RankedMove, AdviceAnswer, ReviewedPlay, SeatLoss,
    DealReviewAnswer, ReviewPending,
)  # fmt: skip
