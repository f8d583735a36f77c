"""Fifty-six's sentences: a refused deal with the players' names, a deal in a line, the
standing in a line."""

from __future__ import annotations

from typing import Any

from ....data.models import GameSession
from ....rules import InvalidInput
from ....rules.fifty_six.record import FiftySixRecord
from ....rules.fifty_six.score import (
    FiftySixStanding,
)
from ....web.names import teams_with, whole_name
from ....words import gettext, ngettext
from ....words.fifty_six import bid
from ....words.inputs import in_words


def problem(game_session: GameSession, error: InvalidInput) -> str:
    """A refused deal in the table's words: the players' names where the engine gives seats."""
    seats, said = game_session.seat_names(), error.params
    if error.code == "team-out" and said:
        return gettext(
            "%(player)s plays for %(team)s, which is out of tables, so cannot win the bid (F6): "
            "choose a player of a team still in.",
            player=seats[said["seat"]],
            team=whole_name(game_session.teams[said["team"]]),
        )
    if error.code == "bad-auction" and said.get("why") == "not-over":
        return gettext(
            "The recorded auction is not over: it is %(player)s's call (F10).",
            player=seats[said["seat"]],
        )
    if error.code == "bad-auction" and said.get("why") == "other-contract":
        return _other_contract(said["contract"], seats)
    return in_words(error)


def _other_contract(contract: dict[str, Any] | None, seats: list[str]) -> str:
    """A recorded auction that does not give the contract entered, said with the names."""
    if contract is None:
        return gettext(
            "The recorded auction ended with everyone passing (F10), but a contract is entered: "
            "change the one that is wrong."
        )
    said = {
        "bid": bid(contract["value"], contract["trump"]),
        "player": seats[contract["seat"]],
    }
    if contract["double"] == 2:
        return gettext(
            "The recorded auction gives %(bid)s redoubled by %(player)s, not the contract "
            "entered: change the one that is wrong.",
            **said,
        )
    if contract["double"] == 1:
        return gettext(
            "The recorded auction gives %(bid)s doubled by %(player)s, not the contract "
            "entered: change the one that is wrong.",
            **said,
        )
    return gettext(
        "The recorded auction gives %(bid)s by %(player)s, not the contract entered: "
        "change the one that is wrong.",
        **said,
    )


def summary(game_session: GameSession, record: FiftySixRecord) -> str:
    """A deal in a line, to tell two versions of it apart: the contract and the points."""
    contract = record["contract"]
    seats = game_session.seat_names()
    points = record["points"]
    if contract is None:
        return ngettext(
            "Everyone passed · %(num)d point", "Everyone passed · %(num)d points", points
        )
    said = {
        "bid": bid(contract["value"], contract["trump"]),
        "player": seats[contract["seat"]],
    }
    return [
        ngettext(
            "%(bid)s by %(player)s · %(num)d point",
            "%(bid)s by %(player)s · %(num)d points",
            points,
            **said,
        ),
        ngettext(
            "%(bid)s doubled by %(player)s · %(num)d point",
            "%(bid)s doubled by %(player)s · %(num)d points",
            points,
            **said,
        ),
        ngettext(
            "%(bid)s redoubled by %(player)s · %(num)d point",
            "%(bid)s redoubled by %(player)s · %(num)d points",
            points,
            **said,
        ),
    ][contract["double"]]


def standing_line(game_session: GameSession, standing: FiftySixStanding) -> str:
    """The standing in a line, for a club's history: the game, each team's tables, and the
    game's winner, or (a session the table ended) the team the session went to."""
    teams = game_session.teams
    tables = teams_with(teams, standing["tables"])
    if standing["ended"]:
        line = gettext("Game %(game)d: %(tables)s tables", game=standing["game"], tables=tables)
        if standing["session_winner"] is None:
            return gettext("%(line)s · level", line=line)
        winner = whole_name(teams[standing["session_winner"]])
        return gettext("%(line)s · won by %(team)s", line=line, team=winner)
    if standing["winner"] is not None:
        return gettext(
            "Game %(game)d: %(tables)s tables · won by %(team)s",
            game=standing["game"],
            tables=tables,
            team=whole_name(teams[standing["winner"]]),
        )
    return gettext("Game %(game)d: %(tables)s tables", game=standing["game"], tables=tables)
