"""The shapes of a session's standing without its deals' rows, per game (as answered when the
table ends it, and the fields every standing shares), and how a Casino game was won."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, RootModel, WithJsonSchema

from .games import CasinoSide, FiftySixSeat, FiftySixTeamNumber
from .reading import Shape
from .standings import Count, Lead, Serial
from .writing import ALONE, Documented, doc, ref_among
from .written_as import NULL, among

ENDED = "The standing without its per-deal rows."
TABLE_ENDED = (
    "The table ended the session where it stood (`POST /api/v1/sessions/<id>/end`): it is "
    "finished, and no deal follows (409 `session-ended`) until it is reopened (`DELETE …/end`)."
)
SEEP_WINNER = (
    "The team the session went to: the winner by M4, or, ended by the table or its `deals` "
    "played, the team with more baazis, then the team with the lead. Null while the session is "
    "not finished (a session played on with no number of baazis never finishes by itself), and "
    "when it ended level."
)
FIFTY_SIX_WINNER = (
    "The team the session went to once it is finished: the team that won the most games (F6; "
    "null when two won as many), or, ended by the table or its `deals` played while a game was "
    "on, the team that won more games, then the team with more tables. Null while a game is "
    "on, and when it ended level."
)
CASINO_WINNER = (
    "The side the game went to: the winner of the race (K13), or, ended by the table or its "
    "`deals` played, the side with the higher score. Null while the game is on, and when it "
    "ended level."
)
PerSide = Annotated[list[Count], Field(min_length=2, max_length=4)]
SeepTeam = Literal[0, 1] | None


def or_null(shape: type[Any], description: str) -> WithJsonSchema:
    """A declared shape or null, described, as the document writes it."""
    return ref_among("oneOf", shape.__name__, {"type": "null"}, description=description)


def casino_seat(description: str) -> WithJsonSchema:
    """A Casino seat, described (the document wraps its $ref in allOf)."""
    return ref_among("allOf", "CasinoSeat", description=description)


@doc(ENDED)
class SeepEndedStanding(Shape):
    """A Seep standing without its rows."""

    lead: Lead
    baazis: Annotated[
        list[Count], Field(min_length=2, max_length=2, description="Baazis won by each team.")
    ]
    next_dealer: Annotated[int, Field(ge=0, le=3, description="M5: who deals next.")]
    winner: Annotated[SeepTeam, Field(description="M4: the team that won the session, or null.")]
    finished: Annotated[
        bool,
        Field(
            description="M4: a team won the session, its `deals` are played, or the table ended "
            "it: no deal follows."
        ),
    ]
    ended: Annotated[bool, Field(description=TABLE_ENDED)]
    session_winner: Annotated[SeepTeam, Field(description=SEEP_WINNER)]


@doc(ENDED)
class FiftySixEndedStanding(Shape):
    """A Fifty-six standing without its rows."""

    tables: Annotated[PerSide, Field(description="The tables each team holds now (F6).")]
    out: Annotated[
        list[FiftySixTeamNumber],
        Field(
            max_length=3,
            json_schema_extra={"uniqueItems": True},
            description="The teams without tables, in team order (F6).",
        ),
    ]
    winner: Annotated[
        Any,
        or_null(
            FiftySixTeamNumber,
            "F6: the last team holding tables, once the game is won; else null.",
        ),
    ]
    finished: Annotated[
        bool,
        Field(
            description="The game on is won (the next deal must start a new game, F6; none with "
            "`games: 1`), its `deals` are played, or the table ended the session (no deal "
            "follows)."
        ),
    ]
    ended: Annotated[bool, Field(description=TABLE_ENDED)]
    session_winner: Annotated[Any, or_null(FiftySixTeamNumber, FIFTY_SIX_WINNER)]
    next_dealer: Annotated[FiftySixSeat, Field(description="F7: who deals next.")]
    game: Annotated[int, Field(ge=1, description="The number of the current game.")]
    games: Annotated[
        list[FiftySixTeamNumber],
        Field(description="The winner of each game before the current one."),
    ]


class _WonBy(Shape):
    """A Casino game won past 21."""

    deal: Annotated[
        int, Field(ge=1, description="The number of the deal in which the game was won.")
    ]
    by: Annotated[
        Literal["first", "higher"],
        Field(
            description="K13: the first side past 21, or the higher of several past 21 in the "
            "same deal."
        ),
    ]
    at: None


class _CountedOut(Shape):
    """A Casino game won by counting out."""

    deal: Serial
    by: Annotated[Literal["count_out"], ALONE]
    at: Annotated[
        Literal["cards", "spades", "big_casino", "little_casino", "AS", "AC", "AH", "AD", "sweeps"],
        Field(
            description="K13 counting out: the item at which the winner reached 21 (aces by card)."
        ),
    ]


@doc("How the game was won; null while nobody has.")
class CasinoWon(
    Documented,
    RootModel[Annotated[_WonBy | _CountedOut | None, among("oneOf", NULL, _WonBy, _CountedOut)]],
):
    """How a Casino game was won, if it was."""


@doc(ENDED)
class CasinoEndedStanding(Shape):
    """A Casino standing without its rows."""

    scores: Annotated[PerSide, Field(description="Each side's total (K11–K13).")]
    winner: Annotated[
        Any,
        or_null(
            CasinoSide,
            "K13: the side that won the race to 21; null while nobody has (equal highest totals "
            "past 21 play on).",
        ),
    ]
    finished: Annotated[
        bool,
        Field(
            description="The game is won (no deal follows: 400 `game-over`, with `games: 1` 409 "
            "`round-over`; a rematch starts the next), its `deals` are played (409 `round-over`), "
            "or the table ended it (409 `session-ended`)."
        ),
    ]
    ended: Annotated[bool, Field(description=TABLE_ENDED)]
    session_winner: Annotated[Any, or_null(CasinoSide, CASINO_WINNER)]
    won: CasinoWon
    tied: Annotated[
        bool,
        Field(
            description="K13: sides are past 21 with equal highest totals, so another deal is "
            "played."
        ),
    ]
    next_dealer: Annotated[
        Any,
        casino_seat(
            "Who deals next: the deal passes round the table, the last seat dealing first (K1)."
        ),
    ]
    target: Annotated[Literal[21], ALONE, Field(description="K13: the total to reach.")]


SHAPES: tuple[type[Any], ...] = (
    SeepEndedStanding, FiftySixEndedStanding, CasinoWon, CasinoEndedStanding,
)  # fmt: skip
