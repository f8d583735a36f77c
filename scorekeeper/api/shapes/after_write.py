"""What a deal's write answers (the standing after it, the deal's identity and the deal: with
the standing's rows on a correction, without them on a new deal's 201) and what ending or
reopening a session answers."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, RootModel, create_model

from .answered_deals import SeepDeal
from .deals import SESSION_ID
from .ended_standings import CASINO_WINNER, FIFTY_SIX_WINNER, SEEP_WINNER, TABLE_ENDED
from .games import FiftySixSeat, FiftySixTeamNumber
from .reading import Shape
from .records import CasinoDeal, FiftySixDeal
from .standings import Count, FiftySixStandingRow, Lead, Pair, StandingRow
from .writing import ALONE, BY_NAME, Documented, doc, ref, ref_among
from .written_as import each_game

Fields = dict[str, tuple[Any, Any]]
FINISHED = "Whether the session is finished: ended, or over by its rules or its `deals`."
ROWS = "One row per live deal, in order."


def _said(kind: Any, description: str) -> Any:
    """A value of `kind`, described."""
    return Annotated[kind, Field(description=description)]


def _or_null(name: str, description: str) -> Any:
    """One of the schema `name`, or null."""
    return Annotated[Any, ref_among("oneOf", name, {"type": "null"}, description=description)]


Ended: Any = (_said(bool, TABLE_ENDED), ...)
Team01: Any = Literal[0, 1] | None

# Each game's standing as a write answers it at the top level: its fields after the rows.
SEEP: Fields = {
    "lead": (Lead, ...),
    "baazis": (_said(Pair, "Baazis won by each team."), ...),
    "next_dealer": (Annotated[int, Field(ge=0, le=3, description="M5: who deals next.")], ...),
    "winner": (_said(Team01, "M4: the team that won the session, or null."), ...),
    "finished": (
        _said(
            bool,
            "M4: a team won the session, its `deals` are played, or the table ended it: no deal "
            "follows.",
        ),
        ...,
    ),
    "ended": Ended,
    "session_winner": (_said(Team01, SEEP_WINNER), ...),
}
FIFTY_SIX: Fields = {
    "tables": (
        Annotated[
            list[Count],
            Field(min_length=2, max_length=4, description="The tables each team holds now (F6)."),
        ],
        ...,
    ),
    "out": (
        Annotated[
            list[FiftySixTeamNumber],
            Field(
                max_length=3,
                json_schema_extra={"uniqueItems": True},
                description="The teams without tables, in team order (F6).",
            ),
        ],
        ...,
    ),
    "winner": (
        _or_null(
            "FiftySixTeamNumber",
            "F6: the last team holding tables, once the game is won; else null.",
        ),
        ...,
    ),
    "finished": (
        _said(
            bool,
            "The game on is won (the next deal must start a new game, F6; none with `games: "
            "1`), its `deals` are played, or the table ended the session (no deal follows).",
        ),
        ...,
    ),
    "ended": Ended,
    "session_winner": (_or_null("FiftySixTeamNumber", FIFTY_SIX_WINNER), ...),
    "next_dealer": (_said(FiftySixSeat, "F7: who deals next."), ...),
    "game": (Annotated[int, Field(ge=1, description="The number of the current game.")], ...),
    "games": (
        _said(list[FiftySixTeamNumber], "The winner of each game before the current one."),
        ...,
    ),
}
CASINO: Fields = {
    "scores": (
        Annotated[
            list[Count],
            Field(min_length=2, max_length=4, description="Each side's total (K11–K13)."),
        ],
        ...,
    ),
    "winner": (
        _or_null(
            "CasinoSide",
            "K13: the side that won the race to 21; null while nobody has (equal highest totals "
            "past 21 play on).",
        ),
        ...,
    ),
    "finished": (
        _said(
            bool,
            "The game is won (no deal follows: 400 `game-over`, with `games: 1` 409 "
            "`round-over`; a rematch starts the next), its `deals` are played (409 "
            "`round-over`), or the table ended it (409 `session-ended`).",
        ),
        ...,
    ),
    "ended": Ended,
    "session_winner": (_or_null("CasinoSide", CASINO_WINNER), ...),
    "won": (Annotated[Any, ref("CasinoWon")], ...),
    "tied": (
        _said(bool, "K13: sides are past 21 with equal highest totals, so another deal is played."),
        ...,
    ),
    "next_dealer": (
        Annotated[
            Any,
            ref_among(
                "allOf",
                "CasinoSeat",
                description="Who deals next: the deal passes round the table, the last seat "
                "dealing first (K1).",
            ),
        ],
        ...,
    ),
    "target": (Annotated[Literal[21], ALONE, Field(description="K13: the total to reach.")], ...),
}
# The written deal's identity, after the standing.
IDENTITY: Fields = {
    "id": (Annotated[int, Field(ge=1, description="The deal's id.")], ...),
    "number": (
        Annotated[int | None, Field(ge=1, description="The deal's number; null once deleted.")],
        ...,
    ),
    "version": (Annotated[int, Field(ge=1, description="The deal's version.")], ...),
}
ANSWER = (
    "The session's standing after the write (at the top level and under `standing`), the deal's "
    "identity, and the deal."
)
ADDED = (
    "A deal's 201: the session's standing after it without its per-deal rows (at the top level "
    "and under `standing`), so that the answer's size does not grow with the session; the "
    "deal's identity, and the deal."
)


def _answer(name: str, rows: Fields, tally: Fields, game: str, deal: type[Shape]) -> type[Shape]:
    """A game's answer to a deal's write: with `rows`, the standing's; else its ended form."""
    standing = f"{game}Standing" if rows else f"{game}EndedStanding"
    fields: dict[str, Any] = {
        **rows,
        **tally,
        "standing": (Annotated[Any, ref(standing)], ...),
        **IDENTITY,
        "deal": (deal, ...),
    }
    shape = create_model(name, __base__=Shape, __doc__=f"A {game} deal's write answered.", **fields)
    return doc(ANSWER if rows else ADDED)(shape)


def _rows(row: Any) -> Fields:
    """The standing's rows of a deal's answer."""
    return {"deals": (_said(list[row], ROWS), ...)}


SeepDealAnswer = _answer("SeepDealAnswer", _rows(StandingRow), SEEP, "Seep", SeepDeal)
FiftySixDealAnswer = _answer(
    "FiftySixDealAnswer", _rows(FiftySixStandingRow), FIFTY_SIX, "FiftySix", FiftySixDeal
)
CasinoDealAnswer = _answer(
    "CasinoDealAnswer",
    _rows(Annotated[Any, ref("CasinoStandingRow")]),
    CASINO,
    "Casino",
    CasinoDeal,
)
SeepDealAdded = _answer("SeepDealAdded", {}, SEEP, "Seep", SeepDeal)
FiftySixDealAdded = _answer("FiftySixDealAdded", {}, FIFTY_SIX, "FiftySix", FiftySixDeal)
CasinoDealAdded = _answer("CasinoDealAdded", {}, CASINO, "Casino", CasinoDeal)


class DealAnswer(
    Documented,
    RootModel[Annotated[Any, each_game("DealAnswer")]],
):
    """A deal's write answered, whichever the session's game."""


class DealAdded(
    Documented,
    RootModel[Annotated[Any, each_game("DealAdded")]],
):
    """A new deal's 201, whichever the session's game."""


ENDED_STANDING = (
    "The standing without its per-deal rows, so that the answer's size does not grow with the "
    "session: `session_winner` says whom it went to."
)


@doc("The session after the table ended or reopened it.")
class SessionEnded(Shape):
    """`POST` or `DELETE /sessions/<id>/end`."""

    id: Annotated[str, Field(pattern=SESSION_ID)]
    version: Annotated[
        int, Field(ge=1, description='The session\'s version; the ETag is `"s<version>"`.')
    ]
    ended: Annotated[bool, Field(description="Whether the table has the session ended.")]
    finished: Annotated[bool, Field(description=FINISHED)]
    standing: Annotated[
        Any,
        ref_among(
            "oneOf",
            "SeepEndedStanding",
            {BY_NAME: "FiftySixEndedStanding"},
            {BY_NAME: "CasinoEndedStanding"},
            description=ENDED_STANDING,
        ),
    ]


SHAPES: tuple[type[Any], ...] = (
    SeepDealAnswer, FiftySixDealAnswer, CasinoDealAnswer, DealAnswer, SeepDealAdded,
    FiftySixDealAdded, CasinoDealAdded, DealAdded, SessionEnded,
)  # fmt: skip
