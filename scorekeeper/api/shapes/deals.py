"""The shapes of deals as sent and read that no option shapes: Seep's captures, sweeps and
dealer, Fifty-six's points and dealer, teams as sent, a page of deals, a player's form."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, RootModel, create_model

from .names import Card, PlayerName
from .reading import Shape
from .writing import Documented, doc, ref

TEAM_NAME = (
    "The team's name, up to 60 characters; left out, null or blank: the players' names joined "
    "by ' & '."
)
SESSION_ID = r"^[A-Za-z0-9_-]{1,32}$"
WHEN = r"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?Z$"
TeamName = Annotated[str | None, Field(max_length=60, description=TEAM_NAME)]


class Sweep(Shape):
    """A Seep sweep."""

    team: Annotated[
        Literal[0, 1],
        Field(description="A team: 0 (Team A) or 1 (Team B). Seat k plays for team k mod 2."),
    ]
    when: Annotated[
        Literal["opening", "play", "last"],
        Field(
            description="C4: an opening sweep scores 25, a sweep in play 50, on the last play 0."
        ),
    ] = "play"


@doc(
    "The cards each team took: [team 0's, team 1's]. Every one of the 17 point cards appears "
    "exactly once across the two; other cards may be listed, once. Otherwise 400."
)
class CapturedRequest(
    Documented, RootModel[Annotated[list[list[Card]], Field(min_length=2, max_length=2)]]
):
    """A Seep deal's captures."""


@doc("At most one opening and one last sweep; the opening sweep is the bidder's team's (S3).")
class SweepsRequest(Documented, RootModel[Annotated[list[Sweep], Field(max_length=24)] | None]):
    """A Seep deal's sweeps."""


@doc("The dealer's seat; with a bid, the seat before the bidder (S1).")
class DealerRequest(Documented, RootModel[Annotated[int, Field(ge=0, le=3)] | None]):
    """A Seep deal's dealer."""


@doc(
    "F14: the card points the contracting team won, of the deck's 56 (with a null contract, the "
    "first bidder's team's, F10)."
)
class CardPointsRequest(Documented, RootModel[Annotated[int, Field(ge=0, le=56)]]):
    """A Fifty-six deal's card points."""


@doc(
    "The dealer's seat. Left out or null: F7, the session's `first_dealer` for the first deal, "
    "then the seat after the last dealer (past the seats of teams that are out)."
)
class FiftySixDealerRequest(Documented, RootModel[Annotated[int, Field(ge=0, le=7)] | None]):
    """A Fifty-six deal's dealer."""


@doc(
    "The auction's calls, if recorded: from the deal's `dealer` (else the standing's next "
    "dealer), every call legal as the table stands (the seats of teams out sit out, F6), the "
    "auction over, and adding up to the deal's contract; otherwise 400 `bad-auction`."
)
class AuctionRecordRequest(Documented, RootModel[list[Annotated[Any, ref("CallRequest")]] | None]):
    """A Fifty-six deal's auction."""


@doc(
    "true: this deal starts a new game, every team back at the starting tables (F6). Only once a "
    "game is won (else 400 `game-not-over`); once one is, a deal without it answers 400 "
    "`game-over`. false is the same as leaving it out."
)
class NewGameRequest(Documented, RootModel[bool]):
    """Whether a Fifty-six deal starts a new game."""


@doc(
    "F6: the teams out of tables; their seats sit out of the auction (the calls pass over them, "
    "and F10 counts only the seats still in). Two teams or more stay in, else 400 `bad-field`.",
)
class TeamsOut(
    Documented,
    RootModel[
        Annotated[
            list[Annotated[int, Field(ge=0, le=3)]],
            Field(max_length=2, json_schema_extra={"uniqueItems": True}),
        ]
    ],
):
    """The Fifty-six teams out of tables."""


def _team_request(name: str, least: int, most: int, players: str) -> type[Shape]:
    """A game's team as sent: its name (or none), and its players in seat order."""
    named: Any = Annotated[list[PlayerName], Field(min_length=least, max_length=most)]
    return create_model(
        name,
        __base__=Shape,
        __doc__="A team as sent.",
        name=(TeamName, None),
        players=(Annotated[named, Field(description=players)], ...),
    )


TeamRequest = _team_request(
    "TeamRequest",
    1,
    2,
    "The players in seat order. Seep: one or two, the same number in both teams.",
)
FiftySixTeamRequest = _team_request(
    "FiftySixTeamRequest",
    2,
    4,
    "The players in seat order, the same number in every team (F1, F2): two sides of 2, 3 or 4 "
    "players, or pairs (2, 3 or 4 teams of two).",
)
CasinoTeamRequest = _team_request(
    "CasinoTeamRequest",
    1,
    2,
    "One player (a side of one), or two partners (two partnerships, with the option "
    "`partnerships: on`).",
)


@doc("A page of the session's live deals.")
class DealPage(Shape):
    """`GET /sessions/<id>/deals`."""

    deals: Annotated[
        list[Annotated[Any, ref("Deal")]],
        Field(max_length=500, description="Live deals in order of play, each with its number."),
    ]
    next: Annotated[
        int | None,
        Field(
            ge=1,
            description="The id to send as `after` for the next page; null after the last live "
            "deal.",
        ),
    ]


class FormPoint(Shape):
    """A player's form after one session."""

    session: Annotated[str, Field(pattern=SESSION_ID)]
    date: Annotated[str, Field(pattern=WHEN, description="When the session was started, in UTC.")]
    result: Annotated[
        Literal["won", "lost", "drawn", None],
        Field(
            description="`drawn`: finished level, nobody's win; null: not finished, so not "
            "played yet (nobody's win, the win rate unchanged)."
        ),
    ]
    win_rate: Annotated[
        float | None,
        Field(ge=0, le=1, description="The win rate after this session: won / played."),
    ]


SHAPES: tuple[type[Any], ...] = (
    Sweep, CapturedRequest, SweepsRequest, DealerRequest, CardPointsRequest,
    FiftySixDealerRequest, AuctionRecordRequest, NewGameRequest, TeamsOut, TeamRequest,
    FiftySixTeamRequest, CasinoTeamRequest, DealPage, FormPoint,
)  # fmt: skip
