"""The shapes of the tournaments' API (shared/API.md "Tournaments"): a new tournament, the
tournament as read, a round paired, a table's result adjusted or confirmed, an entrant."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field, RootModel, WithJsonSchema, create_model

from ...data.tournaments import MOST_GAME_POINTS
from ...rules.limits import MOST_DEALS
from .reading import Shape
from .writing import ALONE, LEFT_OUT, Documented, doc, ref
from .written_as import each_game

TOURNAMENT_ID = r"^[A-Za-z0-9_-]{1,32}$"
TournamentId = Annotated[
    str, Field(pattern=TOURNAMENT_ID, description="Unguessable; reading needs only the id.")
]
SessionId = Annotated[str, Field(pattern=TOURNAMENT_ID, description="The table's session.")]
EntrantId = Annotated[int, Field(ge=1, description="The entrant's id in the tournament.")]
Format = Literal["swiss", "round-robin", "rotating"]
GameName = Literal["seep", "fifty-six", "casino"]
Pair = Annotated[list[int], Field(min_length=2, max_length=2)]
MatchPoints = Annotated[
    list[Literal[0, 1, 2]],
    WithJsonSchema({"enum": [[2, 0], [1, 1], [0, 2]], "description": "[2, 0], [1, 1] or [0, 2]."}),
]


class DealsLength(Shape):
    """A round of a number of deals: the table's session is finished after its nth deal."""

    deals: Annotated[int, Field(ge=1, le=MOST_DEALS)]


class BaazisLength(Shape):
    """Seep: a round of one baazi (M4)."""

    baazis: Literal[1]


class GamesLength(Shape):
    """Fifty-six: a round of one game; Casino: the race to 21."""

    games: Literal[1]


Players = Annotated[
    list[Annotated[str, Field(min_length=1, max_length=40)]], Field(min_length=1, max_length=4)
]


class EntrantRequest(Shape):
    """An entrant as sent: a Seep partnership (or one player of two-player Seep), a Fifty-six
    side, a Casino player or partnership, with its players (its name left out: theirs); in
    `rotating`, one player by name."""

    model_config = ConfigDict(
        json_schema_extra={"anyOf": [{"required": ["name"]}, {"required": ["players"]}]}
    )
    name: Annotated[str, Field(min_length=1, max_length=60)] = LEFT_OUT
    players: Players = LEFT_OUT


class LateEntrantRequest(Shape):
    """`POST /tournaments/<id>/entrants`: a late entrant of a Swiss, with as many players as
    the others."""

    name: Annotated[str, Field(min_length=1, max_length=60)] = LEFT_OUT
    players: Players


ROUNDS = Field(
    ge=1,
    le=50,
    description="Swiss and rotating: 1 to n−1 for n entrants; round-robin: n−1 (n when n is "
    "odd), which it is when left out.",
)
LENGTH = (
    'A round of `{"deals": n}`, Seep\'s `{"baazis": 1}` or Fifty-six\'s and Casino\'s '
    '`{"games": 1}`.'
)
OPTIONS = "The game's options; those left out are the club's house rules."


def _options(prefix: str) -> Any:
    """The game's options as a start sends them."""
    return Annotated[Any, ref(f"{prefix}OptionsRequest"), Field(description=OPTIONS)]


def _request(game: str, prefix: str, lengths: Any) -> type[Shape]:
    """A tournament of one game as sent: its options and its round's length are the game's."""
    fields: dict[str, Any] = {
        "name": (Annotated[str, Field(min_length=1, max_length=60)], ...),
        "game": (Annotated[Literal[game], ALONE], ...),  # type: ignore[valid-type]
        "format": (Format, ...),
        "rounds": (Annotated[int, ROUNDS], LEFT_OUT),
        "round_length": (Annotated[lengths, Field(description=LENGTH)], ...),
        "options": (_options(prefix), LEFT_OUT),
        "entrants": (Annotated[list[EntrantRequest], Field(min_length=2, max_length=200)], ...),
    }
    doc_ = f"`POST /clubs/<id>/tournaments`: a tournament of {game}."
    return create_model(f"{prefix}TournamentRequest", __base__=Shape, __doc__=doc_, **fields)


SeepTournamentRequest = _request("seep", "Seep", DealsLength | BaazisLength)
FiftySixTournamentRequest = _request("fifty-six", "FiftySix", DealsLength | GamesLength)
CasinoTournamentRequest = _request("casino", "Casino", DealsLength | GamesLength)
FIELDS = frozenset(SeepTournamentRequest.model_fields)  # every game's request names the same


@doc(
    "A new tournament. Anything wrong answers 400 `bad-tournament` naming the problem (a name "
    "twice, an entrant with the wrong number of players, too few entrants, `rounds` out of "
    "range); nothing is stored.",
    examples=[
        {
            "name": "Diwali cup",
            "game": "seep",
            "format": "swiss",
            "rounds": 3,
            "round_length": {"deals": 4},
            "entrants": [
                {"name": "Lions", "players": ["Asha", "Ravi"]},
                {"name": "Tigers", "players": ["Meena", "Dev"]},
                {"name": "Bears", "players": ["Kiran", "Sita"]},
                {"name": "Wolves", "players": ["Arjun", "Lata"]},
            ],
        }
    ],
)
class TournamentRequest(Documented, RootModel[Annotated[Any, each_game("TournamentRequest")]]):
    """A new tournament, whichever its game."""


class Entrant(Shape):
    """An entrant of a tournament."""

    id: EntrantId
    name: str
    players: list[str]
    withdrawn: bool
    joins_from: Annotated[int, Field(ge=1, description="The first round it is paired in.")]


class TableResult(Shape):
    """A table's result: derived from its session once its round is over, or the keeper's."""

    match_points: MatchPoints
    game_points: Pair
    adjusted: bool
    note: str | None


class TournamentTable(Shape):
    """A table of a round."""

    table: Annotated[int, Field(ge=1)]
    session: SessionId
    entrants: Annotated[
        list[int],
        Field(
            description="Entrant ids in the order of the session's teams; `rotating`: the "
            "players in seat order (partners first and third, second and fourth)."
        ),
    ]
    seats: list[str]
    result: TableResult | None
    confirmed: bool


class TournamentRound(Shape):
    """A round as read."""

    number: Annotated[int, Field(ge=1)]
    tables: list[TournamentTable]
    byes: list[int]


class StandingLine(Shape):
    """An entrant's line of the standings."""

    entrant: EntrantId
    rank: Annotated[int, Field(ge=1)]
    match_points: int
    tiebreaks: dict[str, int | None]


@doc("A tournament: its entrants, its rounds and the standings derived from its tables.")
class Tournament(Shape):
    """`GET /tournaments/<id>`."""

    id: TournamentId
    club: str
    name: str
    game: GameName
    format: Format
    version: Annotated[int, Field(ge=1)]
    rounds_planned: Annotated[int, Field(ge=1)]
    round_length: dict[str, int]
    options: dict[str, Any]
    created_at: str
    ended: bool
    entrants: list[Entrant]
    rounds: list[TournamentRound]
    standings: list[StandingLine]
    finished: bool


class TournamentSummary(Shape):
    """A tournament in its club's list."""

    id: TournamentId
    name: str
    game: GameName
    format: Format
    version: Annotated[int, Field(ge=1)]
    rounds_planned: Annotated[int, Field(ge=1)]
    rounds_paired: Annotated[int, Field(ge=0)]
    entrants: Annotated[int, Field(ge=0)]
    created_at: str
    finished: bool


class TournamentList(Shape):
    """`GET /clubs/<id>/tournaments`: newest first."""

    tournaments: list[TournamentSummary]


class PairedTable(Shape):
    """A table of the round just paired, with its session's edit token (shown only here)."""

    table: Annotated[int, Field(ge=1)]
    session: SessionId
    edit_token: Annotated[str, Field(min_length=1)]
    entrants: list[int]
    seats: list[str]


class RoundPaired(Shape):
    """`POST /tournaments/<id>/rounds`' 201."""

    number: Annotated[int, Field(ge=1)]
    tables: list[PairedTable]
    byes: list[int]


class AdjustedResult(Shape):
    """A keeper's result for a table."""

    match_points: MatchPoints
    game_points: Annotated[
        list[Annotated[int, Field(ge=-MOST_GAME_POINTS, le=MOST_GAME_POINTS)]],
        Field(min_length=2, max_length=2),
    ]


@doc(
    "A keeper's adjustment of a table's result (it stands confirmed and `adjusted`), or "
    "`null` to take it back. Anything else answers 400 `bad-result`."
)
class AdjustmentRequest(Shape):
    """`PUT /tournaments/<id>/rounds/<n>/tables/<t>`."""

    result: AdjustedResult | None
    note: (
        Annotated[
            str,
            Field(
                max_length=200,
                description="Printable text (no control characters); anything else answers "
                "400 `bad-result`.",
            ),
        ]
        | None
    ) = LEFT_OUT


class TournamentConflict(Shape):
    """409: the tournament's state refuses the write; nothing was stored."""

    error: Literal[
        "round-open", "no-rounds-left", "round-not-over", "round-has-deals", "not-last-round",
        "not-swiss", "tournament-ended",
    ]  # fmt: skip
    message: Annotated[str, Field(min_length=1)]


SHAPES: tuple[type[Any], ...] = (
    DealsLength, BaazisLength, GamesLength, EntrantRequest, LateEntrantRequest,
    SeepTournamentRequest, FiftySixTournamentRequest, CasinoTournamentRequest, TournamentRequest,
    Entrant, TableResult, TournamentTable, TournamentRound, StandingLine, Tournament,
    TournamentSummary, TournamentList, PairedTable, RoundPaired, AdjustedResult,
    AdjustmentRequest, TournamentConflict,
)  # fmt: skip
