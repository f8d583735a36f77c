"""A tournament's tables are sessions of its club, so their deals count in the club's
statistics (clubs/stats.py) and their games in its ratings (clubs/ratings.py) as any session's
do: a Seep table of one baazi is a rated game; a table of a number of deals counts its deals,
and is played and won in the statistics (the round's winner, as a session the table ends), its
baazis rated, none if it had none (as a session ended before a baazi); a Casino table of one
game to 21 is a rated game. Each figure read before and after the table, so each could fail."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.helpers.api import CLUBS, Json, alone
from tests.helpers.casino import SEVEN_FOUR
from tests.helpers.seep import deal as seep_deal
from tests.helpers.tournament_api import confirm, create, pair, play


def stats(client: FlaskClient, club: Json, game: str) -> dict[str, dict[str, Any]]:
    """Each player's line of the club's statistics of `game`, by name."""
    found = client.get(f"{CLUBS}/{club['id']}/stats").get_json()["games"].get(game)
    return {p["name"]: p for p in (found or {"players": []})["players"]}


def rated(client: FlaskClient, club: Json, game: str) -> dict[str, int]:
    """How many rated games each player of the club has in `game`, by name."""
    answer = client.get(f"{CLUBS}/{club['id']}/ratings", query_string={"game": game})
    assert answer.status_code == 200, answer.get_json()
    return {p["name"]: p["games"] for p in answer.get_json()["players"]}


def test_a_tables_baazi_counts_in_the_clubs_statistics_and_ratings(client: FlaskClient) -> None:
    club, tournament = create(client, round_length={"baazis": 1}, rounds=1)
    assert stats(client, club, "seep") == {} and rated(client, club, "seep") == {}
    (table, _) = pair(client, club, tournament)["tables"]
    play(client, table, seep_deal(60), seep_deal(95))  # M2: a lead of 100 wins the baazi
    confirm(client, table)
    first, second = table["seats"][0::2], table["seats"][1::2]
    lines = stats(client, club, "seep")
    for name in first:
        assert (lines[name]["played"], lines[name]["won"]) == (1, 1)
        assert lines[name]["figures"]["deals"] == 2
        assert lines[name]["figures"]["baazis_won"] == 1
    for name in second:
        assert (lines[name]["played"], lines[name]["won"]) == (1, 0)
    games = rated(client, club, "seep")
    assert {name: games[name] for name in table["seats"]} == dict.fromkeys(table["seats"], 1)
    # The other table, not yet played, counts nothing.
    assert len(lines) == 4 and len(games) == 4


def test_a_table_of_deals_counts_its_deals_and_its_baazis(client: FlaskClient) -> None:
    club, tournament = create(client, round_length={"deals": 3}, rounds=1)
    tables = pair(client, club, tournament)["tables"]
    # Table 1: a baazi at its first deal (M3: the other side under 9), then two deals.
    play(client, tables[0], seep_deal(95), seep_deal(60), seep_deal(55))
    # Table 2: no baazi in its three deals; side 0 ahead (a lead of 20 + 10 - 10).
    play(client, tables[1], seep_deal(60), seep_deal(55), seep_deal(45))
    for table in tables:
        confirm(client, table)
    lines = stats(client, club, "seep")
    for table in tables:
        for n, name in enumerate(table["seats"]):
            assert lines[name]["figures"]["deals"] == 3
            assert (lines[name]["played"], lines[name]["won"]) == (1, 1 - n % 2), name
    games = rated(client, club, "seep")
    assert {name: games.get(name, 0) for name in tables[0]["seats"]} == dict.fromkeys(
        tables[0]["seats"], 1
    )
    # No baazi, no rated game: as a session the table ended before its first baazi.
    assert not any(name in games for name in tables[1]["seats"])


def test_a_casino_table_to_21_is_a_rated_game(client: FlaskClient) -> None:
    players = alone("Asha", "Ravi", "Meena", "Dev")
    club, tournament = create(
        client, game="casino", round_length={"games": 1}, rounds=1, entrants=players
    )
    tables = pair(client, club, tournament)["tables"]
    play(client, tables[0], SEVEN_FOUR, SEVEN_FOUR, SEVEN_FOUR)  # 21 to 12: K13
    confirm(client, tables[0])
    winner, loser = tables[0]["seats"]
    lines = stats(client, club, "casino")
    assert (lines[winner]["won"], lines[loser]["won"]) == (1, 0)
    assert lines[winner]["figures"]["deals"] == 3
    assert rated(client, club, "casino") == {winner: 1, loser: 1}
