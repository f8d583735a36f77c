"""A session as a start sends it, as a read answers it (whole, just started with its edit token,
or the changes since a version), whichever its game, and a club's house rules."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field, RootModel, create_model

from .after_write import FINISHED
from .answered_deals import SeepDeal
from .deals import SESSION_ID, CasinoTeamRequest, FiftySixTeamRequest, TeamRequest
from .games import CasinoTeam, FiftySixTeam, Team
from .reading import Shape
from .records import CasinoDeal, FiftySixDeal
from .standings import ENDED, SESSION
from .writing import ALONE, LEFT_OUT, Documented, doc, ref
from .written_as import each_game

Fields = dict[str, Any]
CLUB = (
    "The id of the club the session joins: its players are then the club's players, by name "
    '(any case), so "Raj" in one club is not "Raj" in another. Left out or null: no club. An '
    "unknown club answers 400 `unknown-club` and nothing is stored."
)
SEEP_TEAMS = "Seep: two teams of two (partners sit opposite), or two players alone."
FIFTY_SIX_TEAMS = (
    "Fifty-six: 4, 6 or 8 players (F1, else 400 `bad-players`) as two sides (two teams) or as "
    "pairs (n/2 teams of two), the shape the `teams` option names (F2, else 400 `bad-teams`). "
    "Seat k is player k // T of team k mod T."
)
CASINO_TEAMS = (
    "Casino: 2, 3 or 4 players (K1, else 400 `bad-players`), each a side of one, or four as two "
    "partnerships of two with the option `partnerships: on` (else 400 `bad-teams`). Seat k is "
    "player k // T of team k mod T."
)
MOST_DEALS = 10_000
CHANGED_DEALS = (
    "The live deals whose `changed` is above `since`, in order, with their numbers. The numbers "
    "of deals left out may have moved (after a deletion): read them again from the full read or "
    "a page."
)


class _Ignoring(Shape):
    """A start's request: a field it does not name is ignored, not refused."""

    model_config = ConfigDict(extra="ignore", strict=True)


def _game(name: str) -> Any:
    """The game's name, written alone."""
    return (Annotated[Literal[name], ALONE], ...)  # type: ignore[valid-type]  # a game per shape


def _teams(team: type[Shape], most: int, description: str | None = None) -> Any:
    """Two teams or more, up to `most`."""
    teams: Any = list[team]  # type: ignore[valid-type]  # a team per game
    return (Annotated[teams, Field(min_length=2, max_length=most, description=description)], ...)


def _request(game: str, prefix: str, team: type[Shape], most: int, said: str) -> type[Shape]:
    """A game's session as a start sends it."""
    fields: Fields = {
        "game": _game(game),
        "teams": _teams(team, most, said),
        "options": (Annotated[Any, ref(f"{prefix}OptionsRequest")], LEFT_OUT),
        "club": (Annotated[str | None, Field(description=CLUB)], LEFT_OUT),
    }
    name = f"{prefix}SessionRequest"
    shape = create_model(name, __base__=_Ignoring, __doc__="A session as sent.", **fields)
    game_said = {"seep": "Seep", "fifty-six": "Fifty-six", "casino": "Casino"}[game]
    return doc(f"A {game_said} session. Other fields are ignored.")(shape)


SeepSessionRequest = _request("seep", "Seep", TeamRequest, 2, SEEP_TEAMS)
FiftySixSessionRequest = _request("fifty-six", "FiftySix", FiftySixTeamRequest, 4, FIFTY_SIX_TEAMS)
CasinoSessionRequest = _request("casino", "Casino", CasinoTeamRequest, 4, CASINO_TEAMS)


@doc(
    "A session of a registered game, with its teams and options.",
    examples=[
        {
            "game": "seep",
            "teams": [
                {"name": "Lions", "players": ["Asha", "Ravi"]},
                {"name": "Tigers", "players": ["Meena", "Dev"]},
            ],
            "options": {"target": 100},
        },
        {
            "game": "fifty-six",
            "teams": [
                {"name": "Lions", "players": ["Asha", "Ravi", "Kiran"]},
                {"name": "Tigers", "players": ["Meena", "Dev", "Lata"]},
            ],
            "options": {"tables": 8},
        },
        {
            "game": "casino",
            "teams": [{"players": ["Asha"]}, {"players": ["Ravi"]}, {"players": ["Meena"]}],
            "options": {"variant": "royal", "sweeps": "on"},
        },
    ],
)
class SessionRequest(
    Documented,
    RootModel[
        Annotated[
            Any,
            each_game("SessionRequest"),
        ]
    ],
):
    """A session as a start sends it, whichever its game."""


# What a game's sessions are made of: the game's name, its teams, options, deals and standing.
GAMES: dict[str, tuple[str, type[Shape], int, type[Shape], tuple[int, int]]] = {
    "Seep": ("seep", Team, 2, SeepDeal, (2, 4)),
    "FiftySix": ("fifty-six", FiftySixTeam, 4, FiftySixDeal, (4, 8)),
    "Casino": ("casino", CasinoTeam, 4, CasinoDeal, (2, 4)),
}
VERSION: Any = (
    Annotated[int, Field(ge=1, description='Grows with every change; the ETag is `"s<version>"`.')],
    ...,
)


def _deals(deal: type[Shape], description: str, most: int | None) -> Any:
    """A session's deals, as many as `most`."""
    deals: Any = list[deal]  # type: ignore[valid-type]  # a deal per game
    return (Annotated[deals, Field(max_length=most, description=description)], ...)


def _session(prefix: str, most_deals: int | None, token: bool) -> type[Shape]:
    """A game's session as read (`most_deals` of them), or as just started (`token`)."""
    game, team, most, deal, (least_seats, most_seats) = GAMES[prefix]
    seats = Annotated[
        list[str],
        Field(
            min_length=least_seats,
            max_length=most_seats,
            description="Each seat's player, in playing order.",
        ),
    ]
    club = Annotated[
        str,
        Field(
            pattern=SESSION_ID,
            description="The club the session belongs to; absent for a session outside any club.",
        ),
    ]
    fields: Fields = {
        "id": (SESSION, ...),
        "game": _game(game),
        "teams": _teams(team, most),
        "options": (Annotated[Any, ref(f"{prefix}Options")], ...),
        "club": (club, LEFT_OUT),
        "version": VERSION,
        "ended": (Annotated[bool, Field(description=ENDED)], ...),
        "seats": (seats, ...),
        "deals": _deals(
            deal, "The live deals in order of play (deleted ones are left out).", most_deals
        ),
        "standing": (Annotated[Any, ref(f"{prefix}Standing")], ...),
    }
    if token:
        said = "The keeper's edit token, shown only here."
        fields["edit_token"] = (Annotated[str, Field(min_length=1, description=said)], ...)
    name = f"{prefix}SessionCreated" if token else f"{prefix}Session"
    return create_model(name, __base__=Shape, __doc__="A session as answered.", **fields)


def _changes(prefix: str) -> type[Shape]:
    """A game's session's changes since a version."""
    _, team, most, deal, _ = GAMES[prefix]
    since = "The version asked about."
    deleted = "The ids of the deals deleted after `since` (and not restored)."
    fields: Fields = {
        "id": (SESSION, ...),
        "version": VERSION,
        "since": (Annotated[int, Field(ge=0, description=since)], ...),
        "teams": _teams(team, most),
        "options": (Annotated[Any, ref(f"{prefix}Options")], ...),
        "finished": (Annotated[bool, Field(description=FINISHED)], ...),
        "deals": _deals(deal, CHANGED_DEALS, MOST_DEALS),
        "deleted": (
            Annotated[
                list[Annotated[int, Field(ge=1)]],
                Field(max_length=MOST_DEALS, description=deleted),
            ],
            ...,
        ),
        "standing": (Annotated[Any, ref(f"{prefix}EndedStanding")], ...),
    }
    shape = create_model(
        f"{prefix}SessionChanges", __base__=Shape, __doc__="A session's changes.", **fields
    )
    return doc(
        "What changed in the session after version `since`: its size depends on what changed, "
        "not on the session's length."
    )(shape)


SeepSession = _session("Seep", MOST_DEALS, False)
FiftySixSession = _session("FiftySix", MOST_DEALS, False)
CasinoSession = _session("Casino", MOST_DEALS, False)
SeepSessionCreated = _session("Seep", None, True)
FiftySixSessionCreated = _session("FiftySix", None, True)
CasinoSessionCreated = _session("Casino", None, True)
SeepSessionChanges = _changes("Seep")
FiftySixSessionChanges = _changes("FiftySix")
CasinoSessionChanges = _changes("Casino")


class Session(
    Documented,
    RootModel[Annotated[Any, each_game("Session")]],
):
    """A session as read, whichever its game."""


class SessionCreated(
    Documented,
    RootModel[
        Annotated[
            Any,
            each_game("SessionCreated"),
        ]
    ],
):
    """A session just started, whichever its game."""


class SessionChanges(
    Documented,
    RootModel[
        Annotated[
            Any,
            each_game("SessionChanges"),
        ]
    ],
):
    """A session's changes since a version, whichever its game."""


def _per_game(kind: str, absent: Any) -> Any:
    """Each game's options of `kind` (`OptionsRequest` or `Options`), by the game's name."""
    return {
        "seep": (Annotated[Any, ref(f"Seep{kind}")], absent),
        "fifty_six": (Annotated[Any, ref(f"FiftySix{kind}"), Field(alias="fifty-six")], absent),
        "casino": (Annotated[Any, ref(f"Casino{kind}")], absent),
    }


HouseRulesRequest = doc(
    "A club's house rules: per game, the options its new sessions start with, checked as a "
    "session's options (those left out take the game's defaults). A game left out plays its "
    "usual rules.",
    examples=[{"seep": {"target": 150, "throw": "matching"}, "casino": {"variant": "royal"}}],
)(
    create_model(
        "HouseRulesRequest",
        __base__=Shape,
        __doc__="A club's house rules as sent.",
        **_per_game("OptionsRequest", LEFT_OUT),
    )
)
HouseRules = doc("Every game's house rules: its full options, defaults filled in.")(
    create_model(
        "HouseRules",
        __base__=Shape,
        __doc__="A club's house rules as answered.",
        **_per_game("Options", ...),
    )
)


SHAPES: tuple[type[Any], ...] = (
    SeepSessionRequest, FiftySixSessionRequest, CasinoSessionRequest, SessionRequest,
    SeepSession, FiftySixSession, CasinoSession, Session, SeepSessionCreated,
    FiftySixSessionCreated, CasinoSessionCreated, SessionCreated, SeepSessionChanges,
    FiftySixSessionChanges, CasinoSessionChanges, SessionChanges, HouseRulesRequest, HouseRules,
)  # fmt: skip
