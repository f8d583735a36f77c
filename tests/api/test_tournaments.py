"""Tournaments through the API (shared/API.md "Tournaments"): whole small tournaments of each
format, their tables played with the tables' own edit tokens, confirmed, and the standings as
the engine works them out."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from flask.testing import FlaskClient

from scorekeeper.tournament.rounds import Entrant, Result, Round, Table
from scorekeeper.tournament.standings import standings
from tests.helpers.api import Json
from tests.helpers.seep import deal as seep_deal
from tests.helpers.tournament_api import (
    PEOPLE,
    confirm,
    create,
    pair,
    play,
    read_tournament,
)


def margin_deals(n: int) -> list[Json]:
    """Two Seep deals in which team 0 takes 60 + n then 50 card points."""
    return [seep_deal(60 + n), seep_deal(50)]


def test_a_swiss_of_five_partnerships_over_three_rounds(client: FlaskClient) -> None:
    club, tournament = create(client)
    assert tournament["format"] == "swiss" and tournament["rounds_planned"] == 3
    assert [e["id"] for e in tournament["entrants"]] == [1, 2, 3, 4, 5]
    assert tournament["standings"][0]["match_points"] == 0
    played: list[Round] = []
    byes: list[int] = []
    for number in (1, 2, 3):
        paired = pair(client, club, tournament)
        assert paired["number"] == number
        assert len(paired["tables"]) == 2 and len(paired["byes"]) == 1
        byes.extend(paired["byes"])
        tables = []
        for n, table in enumerate(paired["tables"]):
            assert len(table["seats"]) == 4 and len(table["entrants"]) == 2
            play(client, table, *margin_deals(n * 4))
            confirmed = confirm(client, table)
            assert confirmed["confirmed"] is True
            # Team 0 took 60 + 4n and 50 of the 100 points: 20 + 8n and 0, a margin of 20 + 8n.
            expected = Result((2, 0), (20 + 8 * n, -(20 + 8 * n)))
            assert confirmed["result"]["match_points"] == list(expected.match_points)
            assert confirmed["result"]["game_points"] == list(expected.game_points)
            tables.append(Table(tuple(table["entrants"]), expected))
        played.append(Round(tuple(tables), tuple(paired["byes"])))
        now = read_tournament(client, tournament)
        entrants = [Entrant(e) for e in range(1, 6)]
        assert now["standings"] == standings(entrants, played, "swiss")
    assert len(set(byes)) == 3  # a bye each round, to a different entrant
    met = Counter(frozenset(t.entrants) for one in played for t in one.tables)
    assert max(met.values()) == 1  # no rematch
    final = read_tournament(client, tournament)
    assert final["finished"] is True
    assert all(t["confirmed"] for r in final["rounds"] for t in r["tables"])


def test_a_rotating_evening_of_eight(client: FlaskClient) -> None:
    club, tournament = create(
        client,
        format="rotating",
        entrants=[{"name": name} for name in PEOPLE],
        rounds=3,
        round_length={"deals": 1},
    )
    partners: Counter[frozenset[int]] = Counter()
    for _ in range(3):
        paired = pair(client, club, tournament)
        assert len(paired["tables"]) == 2 and paired["byes"] == []
        for table in paired["tables"]:
            seated = table["entrants"]
            assert len(seated) == 4
            names = [PEOPLE[e - 1] for e in seated]
            assert table["seats"] == names  # partners first and third, second and fourth
            partners[frozenset(seated[0::2])] += 1
            partners[frozenset(seated[1::2])] += 1
            play(client, table, seep_deal(60))
            confirm(client, table)
    assert max(partners.values()) == 1  # no partner twice
    final = read_tournament(client, tournament)
    assert final["finished"] is True
    assert {line["match_points"] for line in final["standings"]} <= {0, 2, 4, 6}


def test_a_round_robin_of_four(client: FlaskClient) -> None:
    club, tournament = create(
        client,
        format="round-robin",
        entrants=[
            {"players": ["Asha", "Ravi"]},
            {"players": ["Meena", "Dev"]},
            {"players": ["Kiran", "Sita"]},
            {"players": ["Arjun", "Lata"]},
        ],
    )
    assert read_tournament(client, tournament)["rounds_planned"] == 3
    met: Counter[frozenset[int]] = Counter()
    for _ in range(3):
        paired = pair(client, club, tournament)
        assert paired["byes"] == []
        for table in paired["tables"]:
            met[frozenset(table["entrants"])] += 1
            play(client, table, seep_deal(50), seep_deal(50))  # level: a draw
            assert confirm(client, table)["result"]["match_points"] == [1, 1]
    assert set(met) == {frozenset(p) for p in combinations(range(1, 5), 2)}
    assert max(met.values()) == 1
    final = read_tournament(client, tournament)
    assert final["finished"] is True
    assert [line["rank"] for line in final["standings"]] == [1, 1, 1, 1]
    assert all(line["match_points"] == 3 for line in final["standings"])
