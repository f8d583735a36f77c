"""Seats and teams (API.md "Seats", rules/seep.md "Seats and teams")."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules import InvalidInput, Table
from scorekeeper.rules.table import parse_teams

from .helpers import said

SHAPES = [(2, 2), (2, 1), (3, 2), (3, 1), (4, 2), (2, 3)]


@pytest.mark.parametrize(("teams", "size"), SHAPES)
def test_seat_k_is_player_k_div_t_of_team_k_mod_t(teams: int, size: int) -> None:
    table = Table(teams, size)
    assert table.seats == teams * size
    seen = set()
    for team in range(teams):
        for player in range(size):
            seat = table.seat_of(team, player)
            assert seat // teams == player and seat % teams == team
            assert table.team_of(seat) == team
            seen.add(seat)
    assert seen == set(range(table.seats))  # every seat is someone's, once


@pytest.mark.parametrize(("teams", "size"), SHAPES)
def test_partners_never_sit_side_by_side(teams: int, size: int) -> None:
    table = Table(teams, size)
    for seat in range(table.seats):
        assert table.team_of(seat) != table.team_of((seat + 1) % table.seats)


@pytest.mark.parametrize(
    ("seat", "team", "player"),
    # Seep, four players: team 0 = seats 0 and 2, team 1 = seats 1 and 3.
    [(0, 0, 0), (1, 1, 0), (2, 0, 1), (3, 1, 1)],
)
def test_four_player_seep_seating(seat: int, team: int, player: int) -> None:
    table = Table(2, 2)
    assert table.team_of(seat) == team
    assert table.seat_of(team, player) == seat


@pytest.mark.parametrize(
    ("teams", "size", "seat", "partner"),
    [
        (2, 2, 0, 2),
        (2, 2, 1, 3),
        (2, 2, 2, 0),
        (2, 2, 3, 1),  # partners opposite
        (3, 2, 0, 3),
        (3, 2, 1, 4),
        (3, 2, 5, 2),  # six players, three teams of two
        # Two-player Seep: the project reads "partner" as the other player.
        (2, 1, 0, 1),
        (2, 1, 1, 0),
    ],
)
def test_partner_seat(teams: int, size: int, seat: int, partner: int) -> None:
    table = Table(teams, size)
    assert table.partner_seat(seat) == partner
    assert table.partner_seat(partner) == seat
    if size == 2:
        assert table.team_of(partner) == table.team_of(seat)


def team(name: str | None, *players: Any) -> dict[str, Any]:
    """A team as the API takes it; `name=None` leaves the name out."""
    entry: dict[str, Any] = {"players": list(players)}
    if name is not None:
        entry["name"] = name
    return entry


def test_parse_teams_reads_four_players() -> None:
    table, entries = parse_teams([team("Lions", "Asha", "Ravi"), team("Tigers", "Meena", "Dev")])
    assert table == Table(2, 2)
    assert [(e.name, e.players) for e in entries] == [
        ("Lions", ("Asha", "Ravi")),
        ("Tigers", ("Meena", "Dev")),
    ]
    # API.md: seat k is player k // T of team k mod T.
    seated = [entries[table.team_of(k)].players[k // table.teams] for k in range(table.seats)]
    assert seated == ["Asha", "Meena", "Ravi", "Dev"]


def test_parse_teams_reads_two_players() -> None:
    table, entries = parse_teams([team("A", "Asha"), team("B", "Ravi")])
    assert table == Table(2, 1)
    assert [e.players for e in entries] == [("Asha",), ("Ravi",)]


@pytest.mark.parametrize(
    "name_field",
    [{}, {"name": None}, {"name": ""}, {"name": "   "}],
    ids=["absent", "null", "empty", "blank"],
)
def test_unnamed_team_is_called_after_its_players(name_field: dict[str, Any]) -> None:
    raw = [team("Lions", "Asha", "Ravi"), {"players": ["Meena", "Dev"], **name_field}]
    _, entries = parse_teams(raw)
    assert entries[1].name == "Meena & Dev"


def test_unnamed_team_of_long_names_still_gets_a_name() -> None:
    long_a, long_b = "A" * 40, "B" * 40  # each at the 40-character limit
    _, entries = parse_teams([team(None, long_a, long_b), team("Them", "Meena", "Dev")])
    assert entries[0].name.startswith(long_a + " & B")
    assert len(entries[0].name) <= 60


def test_names_are_trimmed_and_inner_spaces_collapsed() -> None:
    _, entries = parse_teams([team("  The   Lions ", " Asha  Rao "), team("T", "Ravi")])
    assert entries[0].name == "The Lions"
    assert entries[0].players == ("Asha Rao",)


def test_longest_names_allowed() -> None:
    _, entries = parse_teams([team("N" * 60, "P" * 40), team("T", "Ravi")])
    assert entries[0].name == "N" * 60
    assert entries[0].players == ("P" * 40,)


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        pytest.param(None, "bad-teams", id="null"),
        pytest.param({"name": "Lions", "players": ["A"]}, "bad-teams", id="an object"),
        pytest.param("Lions, Tigers", "bad-teams", id="a string"),
        pytest.param([], "bad-teams", id="no teams"),
        pytest.param([team("Lions", "Asha", "Ravi")], "bad-teams", id="one team"),
        pytest.param(
            [team("L", "Asha", "Ravi"), team("T", "Meena")], "bad-teams", id="unequal sizes"
        ),
        pytest.param(
            [team("L", "Asha", "Ravi"), team("T", "Meena", "asha")],
            "bad-teams",
            id="same name in another case",
        ),
        pytest.param(
            [team("L", "Asha", "ASHA"), team("T", "Meena", "Dev")],
            "bad-teams",
            id="same name twice in one team",
        ),
        pytest.param(
            [team("L", "Asha  Rao", "Ravi"), team("T", "asha rao", "Dev")],
            "bad-teams",
            id="same name after spaces are collapsed",
        ),
        pytest.param([team("L", "", "Ravi"), team("T", "M", "D")], "bad-name", id="empty"),
        pytest.param([team("L", "  ", "Ravi"), team("T", "M", "D")], "bad-name", id="blank"),
        pytest.param([team("L", None, "Ravi"), team("T", "M", "D")], "bad-name", id="null"),
        pytest.param([team("L", 7, "Ravi"), team("T", "M", "D")], "bad-name", id="number"),
        pytest.param(
            [team("L", "P" * 41, "Ravi"), team("T", "M", "D")],
            "bad-name",
            id="player name of 41 characters",
        ),
        pytest.param(
            [team("N" * 61, "Asha"), team("T", "Ravi")],
            "bad-name",
            id="team name of 61 characters",
        ),
        pytest.param(
            [{"name": ["L"], "players": ["Asha"]}, team("T", "Ravi")],
            "bad-name",
            id="team name a list",
        ),
        pytest.param([team("L"), team("T")], "bad-teams", id="no players"),
        pytest.param(
            [{"name": "L", "players": "Asha"}, team("T", "Ravi")],
            "bad-teams",
            id="players not a list",
        ),
        pytest.param([{"name": "L"}, team("T", "Ravi")], "missing-field", id="players missing"),
        pytest.param(
            [{"name": "L", "players": ["A"], "colour": "red"}, team("T", "R")],
            "unknown-field",
            id="unknown field",
        ),
        pytest.param(["Lions", "Tigers"], "bad-field", id="teams not objects"),
    ],
)
def test_parse_teams_errors(raw: object, code: str) -> None:
    with pytest.raises(InvalidInput) as caught:
        parse_teams(raw)
    assert caught.value.code == code
    assert said(caught.value)
