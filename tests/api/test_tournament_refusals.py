"""Every refusal of the tournaments' API (shared/API.md "Tournaments"): its status and code, its
sentence in the request's language, and nothing stored; and what makes writing safe: the
Idempotency-Key on pairing, the version and ETag moving with a table's deal, the stream."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.data.models import GameSession
from scorekeeper.data.tournaments import Tournament, TournamentEntrant, TournamentTable
from tests.helpers.api import Json, assert_error, bearer, count, new_club, post_deal
from tests.helpers.seep import deal as seep_deal
from tests.helpers.tournament_api import (
    PAIRS,
    TOURNAMENTS,
    confirm,
    create,
    keeper,
    pair,
    play,
    read_tournament,
    table_session,
    tournament_body,
)

PT = {"Accept-Language": "pt"}
EO = {"Accept-Language": "eo"}
KEY = "5f0c6a4e-8b1d-4c2e-9a7f-3d2b1c0e9f8a"

MODELS = (Tournament, TournamentEntrant, TournamentTable, GameSession)


def stored(app: Flask) -> tuple[int, ...]:
    return tuple(count(app, model) for model in MODELS)


BAD_BODIES: list[tuple[str, dict[str, Any], str]] = [
    ("a name twice", {"entrants": [*PAIRS[:2], {"name": "Lions", "players": ["X", "Y"]}]}, "Lions"),
    ("a player twice", {"entrants": [*PAIRS[:2], {"players": ["Asha", "Zed"]}]}, "Asha"),
    (
        "wrong number of players",
        {"entrants": [*PAIRS[:2], {"name": "Three", "players": ["A", "B", "C"]}]},
        "",
    ),
    ("baazis for Casino", {"game": "casino", "round_length": {"baazis": 1}}, ""),
    ("too few entrants", {"entrants": PAIRS[:1]}, "2"),
    ("rounds out of range", {"rounds": 9}, "4"),
    ("round-robin's rounds", {"format": "round-robin", "rounds": 2}, "5"),
    ("an unknown format", {"format": "knockout"}, ""),
    ("no name", {"name": " "}, ""),
    ("rotating with pairs", {"format": "rotating"}, ""),
    (
        "rotating Casino alone",
        {
            "format": "rotating",
            "game": "casino",
            "round_length": {"games": 1},
            "entrants": [{"name": n} for n in "ABCD"],
        },
        "",
    ),
]


@pytest.mark.parametrize(("what", "fields", "named"), BAD_BODIES, ids=[b[0] for b in BAD_BODIES])
def test_a_bad_tournament_answers_400_naming_the_problem(
    client: FlaskClient, app: Flask, what: str, fields: dict[str, Any], named: str
) -> None:
    club = new_club(client)
    before = stored(app)
    url = f"/api/v1/clubs/{club['id']}/tournaments"
    english = assert_error(
        client.post(url, json=tournament_body(**fields), headers=keeper(club)),
        400,
        "bad-tournament",
    )
    assert named in english
    portuguese = assert_error(
        client.post(url, json=tournament_body(**fields), headers=keeper(club) | PT),
        400,
        "bad-tournament",
    )
    assert portuguese != english
    assert stored(app) == before


def test_a_field_no_tournament_has_answers_unknown_field_as_every_body_does(
    client: FlaskClient, app: Flask
) -> None:
    club = new_club(client)
    url = f"/api/v1/clubs/{club['id']}/tournaments"
    body = tournament_body() | {"unheard_of": 1}
    english = assert_error(client.post(url, json=body, headers=keeper(club)), 400, "unknown-field")
    assert english == "A tournament has an unknown field 'unheard_of'."
    portuguese = assert_error(
        client.post(url, json=body, headers=keeper(club) | PT), 400, "unknown-field"
    )
    assert portuguese.startswith("Um torneio") and "'unheard_of'" in portuguese
    assert count(app, Tournament) == 0


def test_creating_needs_the_club_keeper_s_token(client: FlaskClient, app: Flask) -> None:
    club = new_club(client)
    url = f"/api/v1/clubs/{club['id']}/tournaments"
    assert client.post(url, json=tournament_body()).status_code == 401
    assert client.post(url, json=tournament_body(), headers=bearer("nope")).status_code == 403
    other = new_club(client, "Other table")
    assert client.post(url, json=tournament_body(), headers=keeper(other)).status_code == 403
    assert count(app, Tournament) == 0


def test_options_start_at_the_club_s_house_rules(client: FlaskClient) -> None:
    club = new_club(client)
    rules = {"seep": {"target": 150}}
    response = client.put(f"/api/v1/clubs/{club['id']}/rules", json=rules, headers=keeper(club))
    assert response.status_code == 200, response.get_json()
    _, tournament = create(client, club)
    assert tournament["options"]["target"] == 150 and tournament["options"]["deals"] == 2
    _, given = create(client, club, name="Second", options={"target": 50})
    assert given["options"]["target"] == 50
    listed = client.get(f"/api/v1/clubs/{club['id']}/tournaments").get_json()["tournaments"]
    assert [t["id"] for t in listed] == [given["id"], tournament["id"]]  # newest first
    paired = pair(client, club, given)
    session = client.get(f"/api/v1/sessions/{paired['tables'][0]['session']}").get_json()
    assert session["options"]["target"] == 50 and session["options"]["deals"] == 2


def test_pairing_while_a_table_is_open_answers_409_round_open(
    client: FlaskClient, app: Flask
) -> None:
    club, tournament = create(client)
    paired = pair(client, club, tournament)
    url = f"{TOURNAMENTS}/{tournament['id']}/rounds"
    before = stored(app)
    english = assert_error(client.post(url, headers=keeper(club)), 409, "round-open")
    esperanto = assert_error(client.post(url, headers=keeper(club) | EO), 409, "round-open")
    assert english != esperanto and "1" in english
    table = paired["tables"][0]
    play(client, table, seep_deal(60))
    # Before its length is played, a table cannot be confirmed.
    response = client.post(
        f"/api/v1/sessions/{table['session']}/confirm", headers=bearer(table["edit_token"]) | PT
    )
    assert_error(response, 409, "round-not-over")
    assert stored(app) == before


def test_a_confirmation_is_idempotent_and_cleared_by_an_edit(client: FlaskClient) -> None:
    club, tournament = create(client)
    table = pair(client, club, tournament)["tables"][0]
    play(client, table, seep_deal(60), seep_deal(50))
    first = confirm(client, table)
    version = read_tournament(client, tournament)["version"]
    assert confirm(client, table) == first
    assert read_tournament(client, tournament)["version"] == version  # nothing more happened
    edited = client.put(
        f"/api/v1/sessions/{table['session']}/deals/2",
        json=seep_deal(40),
        headers=bearer(table["edit_token"]),
    )
    assert edited.status_code == 200, edited.get_json()
    now = read_tournament(client, tournament)
    shown = now["rounds"][0]["tables"][0]
    assert shown["confirmed"] is False
    assert shown["result"]["game_points"] == [0, 0]  # 20 - 20: re-derived
    assert confirm(client, table)["result"]["match_points"] == [1, 1]


def test_a_table_ended_where_it_stands_is_over_with_the_deals_so_far(client: FlaskClient) -> None:
    club, tournament = create(client, round_length={"deals": 4})
    table = pair(client, club, tournament)["tables"][0]
    play(client, table, seep_deal(70))
    refused = client.post(f"/api/v1/sessions/{table['session']}/confirm",
                          headers=bearer(table["edit_token"]))  # fmt: skip
    assert_error(refused, 409, "round-not-over")
    ended = client.post(f"/api/v1/sessions/{table['session']}/end",
                        headers=bearer(table["edit_token"]))  # fmt: skip
    assert ended.status_code == 200, ended.get_json()
    shown = read_tournament(client, tournament)["rounds"][0]["tables"][0]
    assert shown["result"]["match_points"] == [2, 0] and shown["confirmed"] is False
    assert confirm(client, table)["result"]["game_points"] == [40, -40]  # 70 - 30, one deal


def test_no_rounds_left_after_the_last_and_once_ended(client: FlaskClient, app: Flask) -> None:
    club, tournament = create(client, rounds=1)
    paired = pair(client, club, tournament)
    for table in paired["tables"]:
        play(client, table, seep_deal(60), seep_deal(50))
        confirm(client, table)
    url = f"{TOURNAMENTS}/{tournament['id']}/rounds"
    before = stored(app)
    assert_error(client.post(url, headers=keeper(club)), 409, "no-rounds-left")
    _, other = create(client, club, name="Second")
    ended = client.post(f"{TOURNAMENTS}/{other['id']}/end", headers=keeper(club))
    assert ended.status_code == 200 and ended.get_json()["finished"] is True
    before = stored(app)
    url = f"{TOURNAMENTS}/{other['id']}/rounds"
    assert_error(client.post(url, headers=keeper(club) | PT), 409, "no-rounds-left")
    assert stored(app) == before


def test_un_pairing_the_last_round_removes_its_sessions(client: FlaskClient, app: Flask) -> None:
    club, tournament = create(client)
    before = stored(app)
    paired = pair(client, club, tournament)
    url = f"{TOURNAMENTS}/{tournament['id']}/rounds/1"
    assert client.delete(url).status_code == 401
    response = client.delete(url, headers=keeper(club))
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["rounds"] == []
    assert stored(app) == before
    assert client.get(f"/api/v1/sessions/{paired['tables'][0]['session']}").status_code == 404
    # Once a table has a deal, the round stays.
    paired = pair(client, club, tournament)
    play(client, paired["tables"][1], seep_deal(60))
    before = stored(app)
    assert_error(client.delete(url, headers=keeper(club) | EO), 409, "round-has-deals")
    assert stored(app) == before
    assert_error(client.delete(f"{url[:-1]}7", headers=keeper(club)), 404)


def test_an_adjustment_stands_confirmed_and_can_be_taken_back(client: FlaskClient) -> None:
    club, tournament = create(client)
    paired = pair(client, club, tournament)
    url = f"{TOURNAMENTS}/{tournament['id']}/rounds/1/tables/1"
    result = {"match_points": [0, 2], "game_points": [0, 30]}
    assert client.put(url, json={"result": result}).status_code == 401
    response = client.put(url, json={"result": result, "note": "Ravi left"}, headers=keeper(club))
    assert response.status_code == 200, response.get_json()
    shown = response.get_json()
    assert shown["confirmed"] is True
    assert shown["result"] == {**result, "adjusted": True, "note": "Ravi left"}
    now = read_tournament(client, tournament)
    loser = paired["tables"][0]["entrants"][0]
    line = next(s for s in now["standings"] if s["entrant"] == loser)
    assert line["match_points"] == 0 and line["tiebreaks"]["difference"] == -30
    for body, key in (
        ({"result": {"match_points": [2, 2], "game_points": [0, 0]}}, "[2, 0]"),
        ({"result": result, "note": "x" * 201}, "200"),
        # Not printable: a lone surrogate (no UTF-8 stores it), a NUL (PostgreSQL's text).
        ({"result": result, "note": "Ravi \ud800"}, "200"),
        ({"result": result, "note": "Ravi\x00left"}, "200"),
        ({"result": {"match_points": [2, 0], "game_points": ["a", 0]}}, "game_points"),
    ):
        message = assert_error(client.put(url, json=body, headers=keeper(club)), 400, "bad-result")
        assert key in message
    assert read_tournament(client, tournament)["version"] == now["version"]
    back = client.put(url, json={"result": None}, headers=keeper(club)).get_json()
    assert back["result"] is None and back["confirmed"] is False
    assert_error(
        client.put(
            f"{TOURNAMENTS}/{tournament['id']}/rounds/1/tables/9",
            json={"result": None},
            headers=keeper(club),
        ),
        404,
    )


def test_a_late_entrant_and_a_withdrawal(client: FlaskClient, app: Flask) -> None:
    club, tournament = create(client)
    paired = pair(client, club, tournament)
    url = f"{TOURNAMENTS}/{tournament['id']}/entrants"
    late = {"name": "Owls", "players": ["Tara", "Om"]}
    response = client.post(url, json=late, headers=keeper(club))
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["id"] == 6
    before = stored(app)
    again = client.post(url, json=late, headers=keeper(club) | PT)
    assert "Owls" in assert_error(again, 400, "bad-tournament")
    assert stored(app) == before
    withdrawn = client.delete(f"{url}/1", headers=keeper(club))
    assert withdrawn.status_code == 200 and withdrawn.get_json()["withdrawn"] is True
    for table in paired["tables"]:
        play(client, table, seep_deal(60), seep_deal(50))
        confirm(client, table)
    second = pair(client, club, tournament)
    seated = {e for t in second["tables"] for e in t["entrants"]} | set(second["byes"])
    assert 6 in seated and 1 not in seated
    now = read_tournament(client, tournament)
    assert {s["entrant"] for s in now["standings"]} == {1, 2, 3, 4, 5, 6}
    assert_error(client.delete(f"{url}/99", headers=keeper(club)), 404)
    _, robin = create(client, club, name="Robin", format="round-robin", rounds=5)
    before = stored(app)
    refused = client.post(
        f"{TOURNAMENTS}/{robin['id']}/entrants", json=late, headers=keeper(club) | EO
    )
    assert_error(refused, 409, "not-swiss")
    assert stored(app) == before


def test_pairing_honours_the_idempotency_key(client: FlaskClient, app: Flask) -> None:
    club, tournament = create(client)
    first = pair(client, club, tournament, **{"Idempotency-Key": KEY})
    after = stored(app)
    response = client.post(
        f"{TOURNAMENTS}/{tournament['id']}/rounds",
        headers=keeper(club) | {"Idempotency-Key": KEY},
    )
    assert response.status_code == 201
    assert response.headers.get("Idempotent-Replayed") == "true"
    assert response.get_json() == first  # the tokens too
    assert stored(app) == after
    table = first["tables"][0]
    play(client, table, seep_deal(60))  # the token handed out again works
    bad_key = client.post(
        f"{TOURNAMENTS}/{tournament['id']}/rounds",
        headers=keeper(club) | {"Idempotency-Key": "1234567890123456"},
    )
    assert_error(bad_key, 400, "bad-idempotency-key")


def test_the_version_and_etag_move_with_a_table_s_deal(client: FlaskClient) -> None:
    club, tournament = create(client)
    table = pair(client, club, tournament)["tables"][0]
    url = f"{TOURNAMENTS}/{tournament['id']}"
    response = client.get(url)
    etag = response.headers["ETag"]
    version = response.get_json()["version"]
    assert client.get(url, headers={"If-None-Match": etag}).status_code == 304
    assert post_deal(client, table_session(table), seep_deal(60)).status_code == 201
    moved = client.get(url, headers={"If-None-Match": etag})
    assert moved.status_code == 200
    assert moved.get_json()["version"] > version and moved.headers["ETag"] != etag


def test_the_tournament_s_stream_answers_its_current_version(client: FlaskClient) -> None:
    club, tournament = create(client)
    pair(client, club, tournament)
    version = read_tournament(client, tournament)["version"]
    response = client.get(f"{TOURNAMENTS}/{tournament['id']}/changes")
    assert response.status_code == 200
    assert response.mimetype == "text/event-stream"
    text = response.get_data(as_text=True)
    assert f"id: {version}\n" in text and f'data: {{"version": {version}}}' in text
    assert client.get(f"{TOURNAMENTS}/nope/changes").status_code == 404


def test_unknown_tournaments_answer_404(client: FlaskClient) -> None:
    message = assert_error(client.get(f"{TOURNAMENTS}/nothing-here", headers=PT), 404)
    assert "nothing-here" in message
    stranger: Json = new_club(client)
    response = client.get(f"/api/v1/clubs/{stranger['id']}/tournaments")
    assert response.get_json() == {"tournaments": []}
