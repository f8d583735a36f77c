"""Who sits where: teams, players and seats in playing order."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .errors import InvalidInput
from .fields import record, required
from .limits import MAX_NAME, MAX_TEAM_NAME


@dataclass(frozen=True)
class Table:
    """T teams of equal size; seat k is player k // T of team k mod T."""

    teams: int
    players_per_team: int

    @property
    def seats(self) -> int:
        """How many players sit at the table."""
        return self.teams * self.players_per_team

    def team_of(self, seat: int) -> int:
        """The team that plays in `seat`."""
        return seat % self.teams

    def seat_of(self, team: int, player: int) -> int:
        """The seat of a team's n-th player."""
        return player * self.teams + team

    def player_of(self, seat: int) -> int:
        """Which of its team's players sits in `seat`."""
        return seat // self.teams

    def after(self, seat: int) -> int:
        """The seat that plays after `seat`: after the dealer, the first to bid and lead."""
        return (seat + 1) % self.seats

    def before(self, seat: int) -> int:
        """The seat that plays before `seat`: before the first bidder, the dealer."""
        return (seat - 1) % self.seats

    def partner_seat(self, seat: int) -> int:
        """The seat opposite: a partner, or with one player a side, the opponent."""
        return (seat + self.seats // 2) % self.seats


@dataclass(frozen=True)
class TeamEntry:
    """A team as entered: its name and its players' names in seat order."""

    name: str
    players: tuple[str, ...]


def parse_teams(raw: object) -> tuple[Table, tuple[TeamEntry, ...]]:
    """Read `[{"name": ..., "players": [...]}, ...]`; raise InvalidInput naming the problem."""
    if not isinstance(raw, list) or len(raw) < 2:
        raise InvalidInput("bad-teams", "teams-not-list")
    entries = tuple(_parse_team(item, n) for n, item in enumerate(raw))
    sizes = {len(entry.players) for entry in entries}
    if len(sizes) != 1:
        raise InvalidInput("bad-teams", "teams-uneven")
    seen: set[str] = set()
    for name in (p for entry in entries for p in entry.players):
        if name.casefold() in seen:
            raise InvalidInput("bad-teams", "player-twice", player=name)
        seen.add(name.casefold())
    return Table(len(entries), sizes.pop()), entries


def team_label(number: int) -> str:
    """A team as the pages call it: Team A, Team B, …"""
    return f"Team {chr(ord('A') + number)}"


ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")


def _parse_team(raw: object, number: int) -> TeamEntry:
    # The sentences name the team as the pages do before it has a name (words/inputs.py).
    fields = record(raw, "team", ("name", "players"), team_label=number)
    players = required(fields, "players", "team", team_label=number)
    if not isinstance(players, list) or not players or len(players) > len(ORDINALS):
        raise InvalidInput(
            "bad-teams", "team-players", what="team", team_label=number, most=len(ORDINALS)
        )
    names = tuple(
        _name(p, "team-player", team_label=number, ordinal=n) for n, p in enumerate(players)
    )
    team_name = fields.get("name")
    if team_name is None or (isinstance(team_name, str) and not team_name.strip()):
        return TeamEntry(team_name_of(names), names)
    return TeamEntry(_name(team_name, "team-name", MAX_TEAM_NAME, team_label=number), names)


def team_name_of(players: Sequence[str]) -> str:
    """A team left unnamed is called after its players, shortened to fit."""
    name = " & ".join(players)
    if len(name) <= MAX_TEAM_NAME:
        return name
    return name[: MAX_TEAM_NAME - 1].rstrip() + "…"


def tidy_name(raw: object, longest: int) -> tuple[str, str | None]:
    """The name rule: `raw` with its spaces tidied, and what is wrong with it, if anything
    ("no-name", "unprintable-name" or "name-too-long")."""
    if not isinstance(raw, str) or not raw.strip():
        return "", "no-name"
    name = " ".join(raw.split())
    if not name.isprintable():
        return name, "unprintable-name"
    if len(name) > longest:
        return name, "name-too-long"
    return name, None


def _name(raw: object, what: str, longest: int = MAX_NAME, **about: object) -> str:
    name, fault = tidy_name(raw, longest)
    if fault == "no-name":
        raise InvalidInput("bad-name", "no-name", about, what=what)
    if fault == "unprintable-name":
        raise InvalidInput("bad-name", "unprintable-name", about, what=what)
    if fault == "name-too-long":
        raise InvalidInput(
            "bad-name", "name-too-long", about, what=what, start=name[:20], longest=longest
        )
    return name
