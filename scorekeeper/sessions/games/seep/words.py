"""Seep's sentences: a deal in a line, the standing in a line."""

from __future__ import annotations

from ....data.models import GameSession
from ....rules.seep.record import SeepRecord, parse_deal
from ....rules.seep.score import SeepStanding
from ....web.names import teams_with, whole_name
from ....words import gettext, ngettext


def summary(game_session: GameSession, record: SeepRecord) -> str:
    """A deal in a line, to tell two versions of it apart: each team's points and sweeps."""
    deal = parse_deal(record, game_session.table)
    points, sweeps = deal.points(), len(deal.sweeps)
    teams = teams_with(game_session.teams, points)
    if not sweeps:
        return teams
    return ngettext("%(teams)s (%(num)d sweep)", "%(teams)s (%(num)d sweeps)", sweeps, teams=teams)


def standing_line(game_session: GameSession, standing: SeepStanding) -> str:
    """The standing in a line, for a club's history: baazis, then the team the session went to
    (by M4, or ended by the table) or the lead."""
    teams, baazis = game_session.teams, standing["baazis"]
    line = " · ".join(
        ngettext("%(team)s: %(num)d baazi", "%(team)s: %(num)d baazis", n, team=whole_name(t))
        for t, n in zip(teams, baazis, strict=True)
    )
    if standing["session_winner"] is not None:
        winner = whole_name(teams[standing["session_winner"]])
        return gettext("%(line)s · won by %(team)s", line=line, team=winner)
    lead = standing["lead"]
    if lead["team"] is None:
        return gettext("%(line)s · level", line=line)
    leader = whole_name(teams[lead["team"]])
    return gettext(
        "%(line)s · %(team)s lead by %(points)d", line=line, team=leader, points=lead["points"]
    )
