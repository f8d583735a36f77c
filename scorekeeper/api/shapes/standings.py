"""The shapes of standings and positions as answered that no option shapes: a deal's row, the
lead, a baazi, a transfer, a club's sessions, houses and builds, a trick, live starts."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, RootModel, create_model

from .deals import SESSION_ID, WHEN
from .games import (
    CasinoSeat,
    CasinoTeam,
    FiftySixContract,
    FiftySixSeat,
    FiftySixTeam,
    FiftySixTeamNumber,
    Team,
    Trump,
)
from .names import CanonicalCard, Card
from .reading import Shape
from .writing import ALONE, Documented, doc, ref
from .written_as import CLOSED, NULL, among

Count = Annotated[int, Field(ge=0)]
Serial = Annotated[int, Field(ge=1)]
Pair = Annotated[list[Count], Field(min_length=2, max_length=2)]
SEEP_SEAT = "A seat in playing order: 0 to 3, or 0 to 1 with two players."
SeepSeat = Annotated[int, Field(ge=0, le=3, description=SEEP_SEAT)]
DEAL_SCORE = "Each team's deal score: card points plus sweep points (E2)."
MADE = "F14: whether the contracting team's points reached the bid."
TRANSFERS = (
    "The tables paid, in the order paid: to or from each other team in playing order from the "
    "contracting team (F17); none for a team that is out (F6)."
)
PLAYED = "The contract played: with everyone passing, 28 NT for the first bidder's team (F10)."
GAME = "The game this deal belongs to: 1, then one more after each game won."
Tables = Annotated[
    list[Count],
    Field(min_length=2, max_length=4, description="The tables each team holds after this deal."),
]
NEXT_DEALER = "Left out or null: the session's next dealer."


@doc("[from team, to team, tables] (F15, F16).")
class Transfer(
    Documented,
    RootModel[
        Annotated[
            tuple[FiftySixTeamNumber, FiftySixTeamNumber, Annotated[int, Field(ge=1)]], CLOSED
        ]
    ],
):
    """Tables paid by one team to another."""


Transfers = Annotated[list[Transfer], Field(max_length=3, description=TRANSFERS)]


class _BaaziWon(Shape):
    """A baazi won: by whom, and how."""

    winner: Annotated[
        Literal[0, 1],
        Field(description="A team: 0 (Team A) or 1 (Team B). Seat k plays for team k mod 2."),
    ]
    reason: Literal["lead", "under-9"]


@doc("The baazi this deal ended (M2 by the lead, M3 by the other team scoring under 9), or null.")
class Baazi(Documented, RootModel[Annotated[_BaaziWon | None, among("oneOf", NULL, _BaaziWon)]]):
    """The baazi a deal ended, if any."""


class Lead(Shape):
    """Who leads a Seep baazi, and by how much."""

    team: Annotated[Literal[0, 1] | None, Field(description="The team ahead; null when level.")]
    points: Count


class ClubSeepStandingRow(Shape):
    """A Seep deal's row in a club's list: the standing's, without the deal's identity."""

    points: Annotated[Pair, Field(description=DEAL_SCORE)]
    card_points: Annotated[
        list[Annotated[int, Field(ge=0, le=100)]], Field(min_length=2, max_length=2)
    ]
    sweep_points: Pair
    baazi: Baazi
    lead: Lead
    dealer: SeepSeat


class ClubFiftySixStandingRow(Shape):
    """A Fifty-six deal's row in a club's list."""

    made: Annotated[bool, Field(description=MADE)]
    transfers: Transfers
    dealer: FiftySixSeat
    contract: Annotated[FiftySixContract, Field(description=PLAYED)]
    tables: Tables
    game: Annotated[int, Field(ge=1, description=GAME)]


class _Identity(Shape):
    """A deal's identity, first in its row of the standing."""

    id: Serial
    number: Serial
    version: Serial


class StandingRow(ClubSeepStandingRow, _Identity):
    """A Seep deal's row in the standing."""


class FiftySixStandingRow(ClubFiftySixStandingRow, _Identity):
    """A Fifty-six deal's row in the standing."""


SESSION: Any = Annotated[
    str, Field(pattern=SESSION_ID, description="Unguessable; reading needs only the id.")
]


def _flag(description: str) -> Any:
    """A true or false, described."""
    return Annotated[bool, Field(description=description)]


def _moment(description: str) -> Any:
    """A moment as the API writes it, in UTC."""
    return Annotated[
        str,
        Field(json_schema_extra={"format": "date-time"}, pattern=WHEN, description=description),
    ]


def _club_session(name: str, game: str, team: type[Shape], most: int) -> type[Shape]:
    """A game's session in a club's list."""
    said: Any = Annotated[Literal[game], ALONE]  # type: ignore[valid-type]  # a game per shape
    teams: Any = Annotated[list[team], Field(min_length=2, max_length=most)]  # type: ignore[valid-type]
    standing: Any = Annotated[Any, ref(name.replace("Session", "Standing"))]
    return create_model(
        name,
        __base__=Shape,
        __doc__=f"A {game} session in a club's list.",
        id=(SESSION, ...),
        game=(said, ...),
        teams=(teams, ...),
        created_at=(_moment("When the session was started (UTC)."), ...),
        updated_at=(_moment("When the session last changed (UTC)."), ...),
        standing=(standing, ...),
        finished=(_flag(FINISHED), ...),
        ended=(_flag(ENDED), ...),
    )


FINISHED = (
    "The standing's `finished`: over by its rules or its `deals`, or ended by the table; not live."
)
ENDED = "The table ended the session (the standing's `ended`)."
ClubSeepSession = _club_session("ClubSeepSession", "seep", Team, 2)
ClubFiftySixSession = _club_session("ClubFiftySixSession", "fifty-six", FiftySixTeam, 4)
ClubCasinoSession = _club_session("ClubCasinoSession", "casino", CasinoTeam, 4)


class HouseRequest(Shape):
    """A Seep house as sent."""

    value: Annotated[int, Field(ge=9, le=13)]
    cards: Annotated[list[Card], Field(min_length=2)]
    owners: Annotated[list[SeepSeat], Field(min_length=1)]
    cemented: Annotated[bool, Field(description="Optional; must agree with the cards (H3).")] = None  # type: ignore[assignment]  # left out: worked out from the cards


class House(Shape):
    """A Seep house as answered."""

    value: Annotated[int, Field(ge=9, le=13)]
    cards: Annotated[list[CanonicalCard], Field(min_length=2)]
    owners: Annotated[list[SeepSeat], Field(min_length=1, json_schema_extra={"uniqueItems": True})]
    cemented: bool


class CasinoBuild(Shape):
    """A Casino build as answered."""

    value: Annotated[int, Field(ge=2, le=14)]
    cards: Annotated[list[CanonicalCard], Field(min_length=2)]
    owner: CasinoSeat
    multiple: Annotated[
        bool,
        Field(
            description="Whether it holds two or more sets of its value (K5): its value can then "
            "never change (K6)."
        ),
    ]


@doc("The trick after the card: the card out of the hand and on the trick.")
class FiftySixTrick(Shape):
    """A Fifty-six trick after a legal card."""

    phase: Annotated[Literal["play"], ALONE]
    players: Annotated[Literal[4, 6, 8], Field(description="F1.")]
    trump: Trump
    hand: Annotated[list[CanonicalCard], Field(max_length=11)]
    trick: Annotated[list[CanonicalCard], Field(min_length=1, max_length=8)]


@doc("A Fifty-six deal's start.")
class FiftySixLiveStartRequest(Shape):
    """A Fifty-six live deal's start."""

    dealer: Annotated[int | None, Field(ge=0, le=7, description=NEXT_DEALER)] = None
    new_game: Annotated[
        bool | None,
        Field(
            description="F6: whether the deal starts a new game; left out or null: whether the "
            "game is won."
        ),
    ] = None


@doc("A Casino deal's start.")
class CasinoLiveStartRequest(Shape):
    """A Casino live deal's start."""

    dealer: Annotated[int | None, Field(ge=0, le=3, description=NEXT_DEALER)] = None
    table: Annotated[
        list[Card],
        Field(min_length=4, max_length=4, description="K2: the four cards face up on the table."),
    ]


SHAPES: tuple[type[Any], ...] = (
    Lead, StandingRow, FiftySixStandingRow, ClubSeepStandingRow, ClubFiftySixStandingRow,
    ClubSeepSession, ClubFiftySixSession, ClubCasinoSession, HouseRequest, House, CasinoBuild,
    FiftySixTrick, FiftySixLiveStartRequest, CasinoLiveStartRequest, Transfer, Baazi,
)  # fmt: skip
