"""The state of a live deal as answered, each game's: how it started, its plays, and the table
now (derived again from the plays); its parts, which the play answers and replay steps share."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, RootModel

from .games import FiftySixContract
from .names import CanonicalCard
from .reading import Shape
from .standings import CasinoBuild, House
from .writing import ALONE, LEFT_OUT, Documented, doc, ref
from .written_as import NULL, among, in_place, open_object

Count = Annotated[int, Field(ge=0)]
Serial = Annotated[int, Field(ge=1)]  # a play's, trick's or round's number
Seat = Annotated[int, Field(ge=0, le=7, description="A seat in playing order.")]
MaybeSeat = Annotated[int | None, Field(ge=0, le=7)]
Version = Annotated[int, Field(ge=1, description="The session's version: each play counts one.")]
IN_HAND = "How many cards each seat holds now."
# A play as it was sent: a state holds at most 1,000 of them (a play answer leaves the bound out).
Move = Annotated[dict[str, Any], open_object("`seat` and the move as sent to /check.")]
CallOrCard = Annotated[dict[str, Any], open_object("A call (as for /check) or `{seat, card}`.")]


class _MovePlays(Shape):
    """A Seep or Casino deal's plays, after its start."""

    plays: Annotated[list[Move], Field(max_length=1000)]


class _SeepBid(Shape):
    """A live Seep deal's bid."""

    seat: Seat
    value: Annotated[int, Field(ge=9, le=13)]


class SeepStarted(Shape):
    """How a live Seep deal started."""

    dealer: Seat
    bid: Annotated[_SeepBid, in_place(_SeepBid)]
    floor: Annotated[
        list[CanonicalCard],
        Field(min_length=4, max_length=4, description="The four floor cards turned up (S1)."),
    ]


class _SeepPosition(Shape):
    """The Seep floor now."""

    loose: list[CanonicalCard]
    houses: list[House]


class _SeepSweep(Shape):
    """A sweep made in a live Seep deal, and the play that made it."""

    team: Literal[0, 1]
    when: Literal["opening", "play", "last"]
    points: Literal[0, 25, 50]
    play: Serial


class _SeepDeclaration(Shape):
    """A house owner's claim to hold a card of its value (H5)."""

    seat: Seat
    value: Annotated[int, Field(ge=1, le=14)]
    play: Serial


class _SeepFlag(Shape):
    """A claim the table later saw broken (H5)."""

    play: Serial
    rule: Annotated[Literal["H5"], ALONE]
    value: int
    owners: list[Seat]
    reason: str


class _SeepResidue(Shape):
    """The Seep cards left on the floor at the end, and the team that took them."""

    cards: list[CanonicalCard]
    team: Literal[0, 1] | None


class SeepNow(Shape):
    """A live Seep deal's table now, after its start and plays."""

    next_seat: Annotated[
        int | None, Field(ge=0, le=7, description="Whose turn: null once the deal is over.")
    ]
    position: Annotated[_SeepPosition, in_place(_SeepPosition)]
    captured_points: Annotated[list[Count], Field(min_length=2, max_length=2)]
    sweeps: list[Annotated[_SeepSweep, in_place(_SeepSweep)]]
    in_hand: Annotated[list[Count], Field(description=IN_HAND)]
    last_capturer: MaybeSeat
    declarations: Annotated[
        list[Annotated[_SeepDeclaration, in_place(_SeepDeclaration)]],
        Field(
            description="Each house owner's claim to hold a card of its value (H5), and the play "
            "that made it."
        ),
    ]
    flags: Annotated[
        list[Annotated[_SeepFlag, in_place(_SeepFlag)]],
        Field(description="Claims the table later saw broken (H5): the play that showed it."),
    ]
    residue: Annotated[_SeepResidue, in_place(_SeepResidue)] = LEFT_OUT
    finished: bool


class SeepLiveState(SeepNow, _MovePlays, SeepStarted):
    """A live Seep deal's state."""

    version: Version


class _TrickCard(Shape):
    """A card on a live trick, and the seat that played it."""

    seat: Seat
    card: CanonicalCard


class FiftySixLiveTrick(Shape):
    """A trick of a live Fifty-six deal: under way, or complete with its winner and points."""

    number: Serial
    leader: Seat
    cards: list[Annotated[_TrickCard, in_place(_TrickCard)]]
    winner: Seat = LEFT_OUT
    points: Count = LEFT_OUT


class FiftySixStarted(Shape):
    """How a live Fifty-six deal started."""

    players: Literal[4, 6, 8]
    dealer: Seat
    teams: Literal["sides", "pairs"]
    out: Annotated[
        list[Count],
        Field(description="Teams out (F6): their seats pass over in the auction."),
    ]
    new_game: bool


class _FiftySixPlays(Shape):
    """A Fifty-six deal's plays, after its start."""

    plays: Annotated[list[CallOrCard], Field(max_length=1000)]


class FiftySixNow(Shape):
    """A live Fifty-six deal's table now: the auction, then the tricks."""

    phase: Literal["auction", "tricks"]
    next_seat: MaybeSeat
    auction: Annotated[Any, ref("FiftySixAuction")]
    contract: Annotated[FiftySixContract | None, among("oneOf", "FiftySixContract", NULL)]
    trump: str | None
    trick: Annotated[FiftySixLiveTrick | None, among("oneOf", NULL, "FiftySixLiveTrick")]
    tricks: list[FiftySixLiveTrick]
    tricks_won: list[Count]
    points: Annotated[list[Count], Field(description="Card points won by each team (F5).")]
    voids: Annotated[
        list[list[Literal["S", "H", "D", "C"]]],
        Field(description="Each seat's suits shown void (F12): a later card of one is a revoke."),
    ]
    finished: bool


class FiftySixLiveState(FiftySixNow, _FiftySixPlays, FiftySixStarted):
    """A live Fifty-six deal's state."""

    version: Version


class CasinoStarted(Shape):
    """How a live Casino deal started."""

    dealer: Seat
    table: Annotated[list[CanonicalCard], Field(min_length=4, max_length=4)]


class _CasinoPosition(Shape):
    """The Casino table now."""

    loose: list[CanonicalCard]
    builds: list[CasinoBuild]


class _CasinoTaken(Shape):
    """What each side took so far, and the side that took each scoring card (null: none yet)."""

    cards: list[Count]
    spades: list[Count]
    aces: Annotated[list[int | None], Field(min_length=4, max_length=4)]
    big_casino: int | None
    little_casino: int | None
    sweeps: list[Count]


class _CasinoDeclaration(Shape):
    """A Casino build's declaration, and whether the table saw it broken."""

    seat: Seat
    value: int
    play: Serial
    rule: str
    kept: int | None
    flagged: bool


class _CasinoResidue(Shape):
    """The Casino cards left on the table at the end, and the side that took them."""

    side: Annotated[int, Field(ge=0, le=3)]
    cards: list[CanonicalCard]


RESIDUE = (
    "K10: once the deal is over, the cards left on the table and the side that took them (the "
    "last to capture)."
)
POINTS = (
    "K11, K12: once the deal is over, each side's points for it, as the standing scores its "
    "record (sweeps only with the option on)."
)


class CasinoNow(Shape):
    """A live Casino deal's table now, after its start and plays."""

    next_seat: MaybeSeat
    round: Serial
    rounds: Serial
    hands: Annotated[list[Count], Field(description=IN_HAND)]
    position: Annotated[_CasinoPosition, in_place(_CasinoPosition)]
    taken: Annotated[_CasinoTaken, in_place(_CasinoTaken)]
    last_capturer: MaybeSeat
    declarations: list[Annotated[_CasinoDeclaration, in_place(_CasinoDeclaration)]]
    flags: list[Annotated[dict[str, Any], open_object()]]
    finished: bool
    residue: Annotated[_CasinoResidue, in_place(_CasinoResidue), Field(description=RESIDUE)] = (
        LEFT_OUT
    )
    points: Annotated[list[Count], Field(description=POINTS)] = LEFT_OUT


class CasinoLiveState(CasinoNow, _MovePlays, CasinoStarted):
    """A live Casino deal's state."""

    version: Version


@doc("A live deal's state, derived again from its plays (each game's shape).")
class LiveState(
    Documented,
    RootModel[
        Annotated[
            SeepLiveState | FiftySixLiveState | CasinoLiveState,
            among("oneOf", "SeepLiveState", "FiftySixLiveState", "CasinoLiveState"),
        ]
    ],
):
    """A live deal's state, whichever the game."""


SHAPES: tuple[type[Any], ...] = (
    SeepLiveState, FiftySixLiveTrick, FiftySixLiveState, CasinoLiveState, LiveState,
)  # fmt: skip
