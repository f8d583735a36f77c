"""The shapes of a session's standing, per game: as the session answers it (with its deals'
rows) and in a club's list (rows without their identity); a session in its club's history."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field, RootModel

from .ended_standings import (
    CasinoEndedStanding,
    FiftySixEndedStanding,
    PerSide,
    SeepEndedStanding,
    casino_seat,
    or_null,
)
from .games import CasinoSide
from .reading import Shape
from .standings import (
    ClubCasinoSession,
    ClubFiftySixSession,
    ClubFiftySixStandingRow,
    ClubSeepSession,
    ClubSeepStandingRow,
    FiftySixStandingRow,
    StandingRow,
    _Identity,
)
from .writing import Documented, doc
from .written_as import among, each_game, in_place

RECOMPUTED = "Recomputed from the deals as entered."
IN_A_CLUB = (
    "The standing as in the session's own answer, its deal rows without their id, number and "
    "version."
)
DEALS = "One row per live deal, in order."


class _Most(Shape):
    """The sides with most cards and most spades."""

    cards: Annotated[
        Any,
        or_null(
            CasinoSide,
            "The side with most cards (3 points); null: a tie, which scores nothing (K11).",
        ),
    ]
    spades: Annotated[
        Any, or_null(CasinoSide, "The side with most spades (1 point); null: a tie (K11).")
    ]


class ClubCasinoStandingRow(Shape):
    """A Casino deal's row in a club's list."""

    points: Annotated[
        PerSide,
        Field(
            description="Each side's points for the deal: 11 in all (K11), less a tie for cards "
            "or spades, plus sweeps (K12)."
        ),
    ]
    most: Annotated[_Most, in_place(_Most)]
    scores: Annotated[PerSide, Field(description="Each side's total after this deal.")]
    dealer: Annotated[Any, casino_seat("Who dealt this deal.")]


class CasinoStandingRow(ClubCasinoStandingRow, _Identity):
    """A Casino deal's row in the standing."""


class _SeepRows(Shape):
    """A Seep standing's rows, first."""

    deals: Annotated[list[StandingRow], Field(description=DEALS)]


class _ClubSeepRows(Shape):
    """A Seep standing's rows in a club's list, first."""

    deals: Annotated[list[ClubSeepStandingRow], Field(description=DEALS)]


class _FiftySixRows(Shape):
    """A Fifty-six standing's rows, first."""

    deals: Annotated[list[FiftySixStandingRow], Field(description=DEALS)]


class _ClubFiftySixRows(Shape):
    """A Fifty-six standing's rows in a club's list, first."""

    deals: Annotated[list[ClubFiftySixStandingRow], Field(description=DEALS)]


class _CasinoRows(Shape):
    """A Casino standing's rows, first."""

    deals: Annotated[list[CasinoStandingRow], Field(description=DEALS)]


class _ClubCasinoRows(Shape):
    """A Casino standing's rows in a club's list, first."""

    deals: Annotated[list[ClubCasinoStandingRow], Field(description=DEALS)]


# A base's fields come after those of the bases named after it: the rows first.
@doc(RECOMPUTED)
class SeepStanding(SeepEndedStanding, _SeepRows):
    """A Seep session's standing."""


@doc(IN_A_CLUB)
class ClubSeepStanding(SeepEndedStanding, _ClubSeepRows):
    """A Seep session's standing in a club's list."""


@doc(RECOMPUTED)
class FiftySixStanding(FiftySixEndedStanding, _FiftySixRows):
    """A Fifty-six session's standing."""


@doc(IN_A_CLUB)
class ClubFiftySixStanding(FiftySixEndedStanding, _ClubFiftySixRows):
    """A Fifty-six session's standing in a club's list."""


@doc(RECOMPUTED)
class CasinoStanding(CasinoEndedStanding, _CasinoRows):
    """A Casino session's standing."""


@doc(IN_A_CLUB)
class ClubCasinoStanding(CasinoEndedStanding, _ClubCasinoRows):
    """A Casino session's standing in a club's list."""


class Standing(
    Documented,
    RootModel[Annotated[SeepStanding | FiftySixStanding | CasinoStanding, each_game("Standing")]],
):
    """A session's standing, whichever its game."""


ClubSessions: Any = ClubSeepSession | ClubFiftySixSession | ClubCasinoSession
CLUB_SESSIONS = ("ClubSeepSession", "ClubFiftySixSession", "ClubCasinoSession")


@doc("A session in its club's history.")
class ClubSession(Documented, RootModel[Annotated[ClubSessions, among("oneOf", *CLUB_SESSIONS)]]):
    """A session in its club's list, whichever its game."""


SHAPES: tuple[type[Any], ...] = (
    ClubCasinoStandingRow, CasinoStandingRow, SeepStanding, ClubSeepStanding, FiftySixStanding,
    ClubFiftySixStanding, CasinoStanding, ClubCasinoStanding, Standing, ClubSession,
)  # fmt: skip
