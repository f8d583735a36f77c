"""The shapes of a club's statistics: each game's figures, a player's and a team's sessions,
results and form, and the head-to-head of two sets of players."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field, RootModel, StringConstraints, WithJsonSchema

from .clubs import ClubId, ClubName
from .deals import FormPoint
from .games import MadeLost
from .reading import Shape
from .writing import LEFT_OUT, Documented, doc
from .written_as import KEYED, in_place, narrowed

Count = Annotated[int, Field(ge=0)]
Pair = Annotated[list[Count], Field(min_length=2, max_length=2)]
PlayerIds = Annotated[
    list[Annotated[int, Field(ge=1)]], Field(json_schema_extra={"uniqueItems": True})
]
PLAYED = (
    "Sessions played: those with a deal that are finished (by their rules, or ended by the table)."
)
DECIDED = "Sessions played that went to a team (won or lost; the rest were drawn)."
UNFINISHED = (
    "Sessions with a deal that are not finished: nobody's win, counted apart from those played; "
    "their figures count."
)
FORM = (
    "Each session with a deal in date order, oldest first, with its result (null while not "
    "finished)."
)
FIGURES = "The game's figures, of every session with a deal (finished or not)."
PLAYERS = "Most sessions first, then most won."
TEAMS = "Teams of two or more players; most sessions first, then most won."


@doc("How many deals scored each number of points (the number, as a string).")
class DealPoints(
    Documented,
    RootModel[
        Annotated[
            dict[
                Annotated[str, StringConstraints(pattern=r"^[0-9]+$")],
                Annotated[int, Field(ge=1)],
            ],
            KEYED,
        ]
    ],
):
    """Deals by the points they scored."""


class _Figures(Shape):
    """The figures of Seep and Casino alike."""

    deals: Annotated[int, Field(ge=0, description="Deals played.")]
    points: Annotated[int, Field(ge=0, description="Points scored in them.")]
    sweeps: Annotated[int, Field(ge=0, description="Sweeps made.")]
    deal_points: DealPoints
    best_deal: Annotated[int, Field(ge=0, description="The most points in one deal.")]
    average_points: Annotated[
        float | None, Field(ge=0, description="`points / deals`, to three places.")
    ]
    sweeps_per_deal: Annotated[
        float | None, Field(ge=0, description="`sweeps / deals`, to three places.")
    ]


@doc("Seep figures, added up over the sessions (`best_deal` is the highest).")
class SeepFigures(_Figures):
    """A player's or team's Seep figures."""

    baazis_won: Count
    baazis_lost: Count
    under9_losses: Annotated[int, Field(ge=0, description="Baazis lost by scoring under 9 (M3).")]


@doc(
    "Casino figures, added up over the sessions (`best_deal` is the highest); sweeps count only "
    "when the option is on (K12)."
)
class CasinoFigures(_Figures):
    """A player's or team's Casino figures."""


class _ByBid(Shape):
    """Contracts made and lost by the bid's range."""

    low: Annotated[MadeLost, Field(alias="28-39")]
    middle: Annotated[MadeLost, Field(alias="40-47")]
    high: Annotated[MadeLost, Field(alias="48-55")]
    all_: Annotated[MadeLost, Field(alias="56")]


@doc("Fifty-six figures, added up over the sessions.")
class FiftySixFigures(Shape):
    """A player's or team's Fifty-six figures."""

    deals: Annotated[int, Field(ge=0, description="Deals played.")]
    contracts: Annotated[
        int,
        Field(ge=0, description="Contracts the team played (bid, or 28 NT when all passed)."),
    ]
    made: Count
    lost: Count
    made_rate: Annotated[
        float | None,
        Field(
            ge=0,
            le=1,
            description="`made / contracts`, to three places; null without contracts.",
        ),
    ]
    by_bid: Annotated[
        _ByBid,
        in_place(_ByBid),
        Field(description="Contracts made and lost by the bid's range (F15)."),
    ]
    doubled: MadeLost
    redoubled: MadeLost
    tables_won: Count
    tables_lost: Count
    games: Annotated[int, Field(ge=0, description="Games played (F6).")]
    games_won: Count


class _Results(Shape):
    """A player's or team's sessions, results, figures and form, after who they are."""

    played: Annotated[int, Field(ge=0, description=PLAYED)]
    won: Annotated[int, Field(ge=0, description="Sessions played and won.")]
    decided: Annotated[int, Field(ge=0, description=DECIDED)]
    unfinished: Annotated[int, Field(ge=0, description=UNFINISHED)]
    win_rate: Annotated[
        float | None,
        Field(
            ge=0,
            le=1,
            description="`won / played`, to three places; null when none was played.",
        ),
    ]
    figures: Annotated[
        dict[str, Any], WithJsonSchema({"type": "object"}), Field(description=FIGURES)
    ]
    form: Annotated[list[FormPoint], Field(min_length=1, description=FORM)]


class _Player(Shape):
    """A player, first in their statistics."""

    player: Annotated[int, Field(ge=1, description="The player's id in the club.")]
    name: Annotated[str, Field(min_length=1)]


class _Team(Shape):
    """A team, first in its statistics."""

    players: Annotated[
        PlayerIds,
        Field(
            min_length=2,
            description="The team's players by id, in increasing order: a pair is one team "
            "whichever seats it sat in.",
        ),
    ]
    names: Annotated[list[Annotated[str, Field(min_length=1)]], Field(min_length=2)]


# A base's fields come after those of the bases named after it: who they are first.
class PlayerStats(_Results, _Player):
    """A player's statistics in one game."""


class TeamStats(_Results, _Team):
    """A team's statistics in one game."""


class SeepStats(Shape):
    """A club's Seep statistics."""

    players: Annotated[
        list[Annotated[Any, narrowed(PlayerStats, figures=SeepFigures)]],
        Field(description=PLAYERS),
    ]
    teams: Annotated[
        list[Annotated[Any, narrowed(TeamStats, figures=SeepFigures)]], Field(description=TEAMS)
    ]


class FiftySixStats(Shape):
    """A club's Fifty-six statistics."""

    players: Annotated[
        list[Annotated[Any, narrowed(PlayerStats, figures=FiftySixFigures)]],
        Field(description=PLAYERS),
    ]
    teams: Annotated[
        list[Annotated[Any, narrowed(TeamStats, figures=FiftySixFigures)]],
        Field(description=TEAMS),
    ]


class CasinoStats(Shape):
    """A club's Casino statistics."""

    players: Annotated[
        list[Annotated[Any, narrowed(PlayerStats, figures=CasinoFigures)]],
        Field(description=PLAYERS),
    ]
    teams: Annotated[
        list[Annotated[Any, narrowed(TeamStats, figures=CasinoFigures)]],
        Field(description=TEAMS),
    ]


class HeadToHeadGame(Shape):
    """Two sets of players met in one game."""

    played: Annotated[
        int, Field(ge=0, description="Finished sessions in which the two sat on opposite teams.")
    ]
    won: Annotated[Pair, Field(description="Sessions won by `first`, by `second`.")]
    decided: Count
    unfinished: Annotated[
        int,
        Field(
            ge=0,
            description="Sessions met in that are not finished: nobody's win; their points count.",
        ),
    ]
    points: Annotated[
        Pair,
        Field(
            description="Points scored by each in every session met in, finished or not (Seep "
            "and Casino; 0 in Fifty-six)."
        ),
    ]


class _Met(Shape):
    """The games two sets of players met in."""

    seep: HeadToHeadGame = LEFT_OUT
    fifty_six: Annotated[HeadToHeadGame, Field(alias="fifty-six")] = LEFT_OUT
    casino: HeadToHeadGame = LEFT_OUT


class HeadToHead(Shape):
    """Two sets of players against each other."""

    first: Annotated[PlayerIds, Field(min_length=1, description="`a`'s players.")]
    second: Annotated[PlayerIds, Field(min_length=1, description="`b`'s players.")]
    games: Annotated[_Met, in_place(_Met), Field(description="Per game they met in.")]


class _Played(Shape):
    """The games a club has played."""

    seep: SeepStats = LEFT_OUT
    fifty_six: Annotated[FiftySixStats, Field(alias="fifty-six")] = LEFT_OUT
    casino: CasinoStats = LEFT_OUT


@doc(
    "Per game, each player's and each team's sessions, results, figures and form; "
    "`head_to_head` only when `a` and `b` are asked."
)
class ClubStats(Shape):
    """`GET /clubs/<id>/stats`."""

    club: ClubId
    name: ClubName
    games: Annotated[
        _Played,
        in_place(_Played),
        Field(
            description="Per game the club has played (sessions with a deal); derived from the "
            "stored deals."
        ),
    ]
    head_to_head: HeadToHead = LEFT_OUT


SHAPES: tuple[type[Any], ...] = (
    DealPoints, SeepFigures, CasinoFigures, FiftySixFigures, PlayerStats, TeamStats, SeepStats,
    FiftySixStats, CasinoStats, HeadToHeadGame, HeadToHead, ClubStats,
)  # fmt: skip
