"""The shapes of the clubs' API: a new club, the club created, read, its players and ratings."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from ...data.models import club_name
from .names import GameName, PlayerName
from .reading import Shape, reader
from .writing import LEFT_OUT, doc, ref

CLUB_ID = r"^[A-Za-z0-9_-]{1,32}$"
ClubId = Annotated[
    str, Field(pattern=CLUB_ID, description="Unguessable; reading the club needs only the id.")
]
ClubName = Annotated[str, Field(min_length=1, max_length=60, description="As sent, spaces tidied.")]
Id = Annotated[int, Field(ge=1)]
MU = "The rating's mean (OpenSkill, Plackett–Luce; a new player's is 25)."
SIGMA = "Its uncertainty (a new player's is 25/3)."
RATING = "The conservative rating, `mu - 3·sigma`; the lists are ordered by it, highest first."
GAMES = "The games rated."


@doc(
    "A new club. Another field answers 400 `unknown-field`.", examples=[{"name": "Thursday table"}]
)
class ClubRequest(Shape):
    """`POST /clubs`: the club's name, tidied and checked by the data layer's club_name."""

    WHAT = "A club"
    name: Annotated[
        str,
        reader(club_name, absent_too=True),  # a club without a name is told how to name it
        Field(
            min_length=1,
            max_length=60,
            description="The club's name: 1 to 60 printable characters once runs of spaces are "
            "made one and the ends trimmed, else 400 `bad-name`.",
        ),
    ]


class ClubCreated(Shape):
    """`POST /clubs`' 201."""

    id: ClubId
    name: ClubName
    keeper_token: Annotated[
        str,
        Field(
            min_length=1,
            description="The keeper's token (renaming the club, its players, deleting sessions), "
            "shown only here.",
        ),
    ]


class ClubPlayer(Shape):
    """A player of a club."""

    id: Annotated[
        int,
        Field(ge=1, description="The player's id in the club (the statistics name players by it)."),
    ]
    name: Annotated[
        str,
        Field(
            min_length=1,
            description="As first typed in the club, or as its keeper renamed them; two names of "
            "one person merged are one player.",
        ),
    ]


class Club(Shape):
    """`GET /clubs/<id>`."""

    id: ClubId
    name: ClubName
    version: Annotated[
        int,
        Field(
            ge=1,
            description="Grows with every change to the club: a session started, moved in or "
            "out, deleted or restored, the club or a player renamed, two players merged. The ETag "
            'is `"c<version>"`.',
        ),
    ]
    sessions: Annotated[
        list[Annotated[Any, ref("ClubSession")]],
        Field(
            description="The club's sessions, newest first; sessions its keeper deleted are left "
            "out. Nothing of another club appears."
        ),
    ]
    players: Annotated[list[ClubPlayer], Field(description="The club's players, by name.")]


class ScorerLink(Shape):
    """`POST /sessions/<id>/scorer-link`'s answer."""

    scorer_token: Annotated[
        str,
        Field(min_length=1, description="The new scorer token; every earlier one stops working."),
    ]
    version: Id


@doc("One side of a prediction.")
class SideChance(Shape):
    """One side of a prediction."""

    players: Annotated[
        list[Id], Field(min_length=1, description="The side's player ids, as asked.")
    ]
    chance: Annotated[
        float,
        Field(
            ge=0,
            le=1,
            description="The side's chance of winning, from its players' ratings (a player not "
            "yet rated counts as new).",
        ),
    ]


@doc("A player's rating.")
class PlayerRating(Shape):
    """A player's rating."""

    id: Id
    name: PlayerName
    mu: Annotated[float, Field(description=MU)]
    sigma: Annotated[float, Field(gt=0, description=SIGMA)]
    rating: Annotated[float, Field(description=RATING)]
    games: Annotated[int, Field(ge=1, description=GAMES)]


@doc("A partnership's rating: its own, rated as one against the other teams' partnerships.")
class PartnershipRating(Shape):
    """A partnership's rating."""

    players: Annotated[
        list[Id], Field(min_length=2, description="The partners' ids, smallest first.")
    ]
    mu: Annotated[float, Field(description=MU)]
    sigma: Annotated[float, Field(gt=0, description=SIGMA)]
    rating: Annotated[float, Field(description=RATING)]
    games: Annotated[int, Field(ge=1, description=GAMES)]


@doc(
    "OpenSkill (Plackett–Luce) ratings derived from the club's games in the order they ended: "
    "each Seep baazi (its winner over the other team), each Fifty-six game (the teams ranked by "
    "when they ran out of tables), each Casino game (the winner first, the other sides by final "
    "score, ties equal).",
)
class ClubRatings(Shape):
    """`GET /clubs/<id>/ratings`."""

    game: GameName
    players: Annotated[
        list[PlayerRating],
        Field(
            description="Every player with a rated game, highest `rating` first; names merged "
            "into another player count as that player."
        ),
    ]
    partnerships: Annotated[
        list[PartnershipRating],
        Field(
            description="Every team of two or more players that played a rated game against "
            "other such teams, highest `rating` first."
        ),
    ]
    prediction: Annotated[
        list[SideChance],
        Field(
            min_length=2,
            description="Only with `teams`: each side's chance of winning, in the order asked; "
            "the chances add up to 1.",
        ),
    ] = LEFT_OUT


SHAPES: tuple[type[Any], ...] = (
    ClubRequest, ClubCreated, ClubPlayer, Club, ScorerLink, SideChance, PlayerRating,
    PartnershipRating, ClubRatings,
)  # fmt: skip
