"""The sessions API of shared/API.md: every endpoint and every error path, with Seep as the game.

Seep's own options, deal records and M1 to M5 through HTTP are in test_seep.py."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask, jsonify
from flask.testing import FlaskClient

from scorekeeper.api.answers import _deal, deal_answer, standing_json
from scorekeeper.data.models import Deal, GameSession, Player, Team
from tests.helpers.api import (
    FOUR,
    SESSIONS,
    add_deals,
    assert_error,
    bearer,
    count,
    post_deal,
    read,
    snapshot,
)
from tests.helpers.seep import DEFAULT_OPTIONS, captured, deal, seep_session

# -- POST /api/v1/sessions ------------------------------------------------------------------


def test_create_answers_201_with_id_token_and_location(client: FlaskClient) -> None:
    response = client.post(SESSIONS, json={"game": "seep", "teams": FOUR})
    assert response.status_code == 201
    body = response.get_json()
    assert re.fullmatch(r"[A-Za-z0-9_-]{12,}", body["id"]), body["id"]
    assert len(body["edit_token"]) >= 24 and body["edit_token"] != body["id"]
    assert response.headers["Location"].endswith(f"{SESSIONS}/{body['id']}")
    assert body["game"] == "seep"
    assert body["teams"] == FOUR
    assert body["deals"] == []
    # The Location answers, and reading never shows the edit token again.
    again = client.get(response.headers["Location"])
    assert again.status_code == 200
    assert again.get_json()["id"] == body["id"]
    assert "edit_token" not in again.get_json()
    assert body["edit_token"] not in again.get_data(as_text=True)


def test_ids_and_tokens_are_distinct_and_not_sequential(client: FlaskClient) -> None:
    made = [seep_session(client) for _ in range(12)]
    ids = [s["id"] for s in made]
    tokens = [s["edit_token"] for s in made]
    assert len(set(ids)) == len(ids)
    assert len(set(tokens)) == len(tokens)
    assert not any(i.isdigit() for i in ids)
    # Random ids share no long common prefix, unlike counters or timestamps.
    prefix = 0
    while len({i[: prefix + 1] for i in ids}) == 1:
        prefix += 1
    assert prefix < 4, ids


def test_two_players_alone_make_a_session(client: FlaskClient) -> None:
    teams = [{"name": "Asha", "players": ["Asha"]}, {"name": "Dev", "players": ["Dev"]}]
    session = seep_session(client, teams)
    assert read(client, session)["teams"] == teams


def test_unnamed_team_is_called_after_its_players(client: FlaskClient) -> None:
    teams = [{"players": ["Asha", "Ravi"]}, {"name": "Tigers", "players": ["Meena", "Dev"]}]
    session = seep_session(client, teams)
    assert [t["name"] for t in read(client, session)["teams"]] == ["Asha & Ravi", "Tigers"]


TWO = [{"name": "A", "players": ["Asha", "Ravi"]}, {"name": "B", "players": ["Meena", "Dev"]}]
# Team errors are tabled once in tests/rules/test_table.py; here a few of each family.
BAD_SESSIONS: list[tuple[str, Any, str]] = [
    ("no game", {"teams": TWO}, "missing-field"),
    ("no teams", {"game": "seep"}, "missing-field"),
    ("unknown game", {"game": "poker", "teams": TWO}, "unknown-game"),
    ("game not a string", {"game": ["seep"], "teams": TWO}, "unknown-game"),
    ("one team", {"game": "seep", "teams": TWO[:1]}, "bad-teams"),
    (
        "three teams",
        {"game": "seep", "teams": [*TWO, {"name": "C", "players": ["Kiran", "Lata"]}]},
        "bad-teams",
    ),
    (
        "three players a team",
        {
            "game": "seep",
            "teams": [
                {"name": "A", "players": ["Asha", "Ravi", "Kiran"]},
                {"name": "B", "players": ["Meena", "Dev", "Lata"]},
            ],
        },
        "bad-teams",
    ),
    (
        "a player twice, in another case",
        {"game": "seep", "teams": [TWO[0], {"name": "B", "players": ["Meena", "ASHA"]}]},
        "bad-teams",
    ),
    (
        "a team that is not an object",
        {"game": "seep", "teams": [TWO[0], ["Meena", "Dev"]]},
        "bad-field",
    ),
    (
        "a team without players",
        {"game": "seep", "teams": [TWO[0], {"name": "B"}]},
        "missing-field",
    ),
    (
        "an unknown field in a team",
        {"game": "seep", "teams": [TWO[0], {"name": "B", "players": ["M", "D"], "colour": 1}]},
        "unknown-field",
    ),
    (
        "a player name too long",
        {"game": "seep", "teams": [TWO[0], {"name": "B", "players": ["Meena", "x" * 41]}]},
        "bad-name",
    ),
    (
        "a NUL character in a name",
        {"game": "seep", "teams": [TWO[0], {"name": "B", "players": ["Meena", "D\x00v"]}]},
        "bad-name",
    ),
    ("options not an object", {"game": "seep", "teams": TWO, "options": [1]}, "bad-options"),
    ("unknown option", {"game": "seep", "teams": TWO, "options": {"pace": 1}}, "unknown-option"),
    ("target 99", {"game": "seep", "teams": TWO, "options": {"target": 99}}, "bad-option"),
    ("target as text", {"game": "seep", "teams": TWO, "options": {"target": "100"}}, "bad-option"),
    ("target true", {"game": "seep", "teams": TWO, "options": {"target": True}}, "bad-option"),
    ("baazis 2", {"game": "seep", "teams": TWO, "options": {"baazis": 2}}, "bad-option"),
    ("baazis 1.5", {"game": "seep", "teams": TWO, "options": {"baazis": 1.5}}, "bad-option"),
    ("under9 bad", {"game": "seep", "teams": TWO, "options": {"under9": "all"}}, "bad-option"),
    ("capture bad", {"game": "seep", "teams": TWO, "options": {"capture": "max"}}, "bad-option"),
    ("throw bad", {"game": "seep", "teams": TWO, "options": {"throw": None}}, "bad-option"),
    (
        "raise_own yes",
        {"game": "seep", "teams": TWO, "options": {"raise_own": "yes"}},
        "bad-option",
    ),
    (
        "raise_own true",
        {"game": "seep", "teams": TWO, "options": {"raise_own": True}},
        "bad-option",
    ),
    (
        "raise_partner null",
        {"game": "seep", "teams": TWO, "options": {"raise_partner": None}},
        "bad-option",
    ),
    (
        "raise_others",
        {"game": "seep", "teams": TWO, "options": {"raise_others": "on"}},
        "unknown-option",
    ),
]


@pytest.mark.parametrize(
    ("body", "code"), [b[1:] for b in BAD_SESSIONS], ids=[b[0] for b in BAD_SESSIONS]
)
def test_create_refuses_bad_sessions(client: FlaskClient, app: Flask, body: Any, code: str) -> None:
    assert_error(client.post(SESSIONS, json=body), 400, code)
    # Nothing was stored half-way: no session, team or player.
    assert (count(app, GameSession), count(app, Team), count(app, Player)) == (0, 0, 0)


BAD_BODIES = [
    ("not JSON", "{game: seep", "application/json"),
    ("truncated JSON", '{"game": "seep", "teams": [', "application/json"),
    ("a list", "[]", "application/json"),
    ("a string", '"seep"', "application/json"),
    ("null", "null", "application/json"),
    ("empty", "", "application/json"),
    ("not UTF-8", b'{"game": "\xff\xfe"}', "application/json"),
    ("JSON sent as text", '{"game": "seep"}', "text/plain"),
    ("a form", "game=seep", "application/x-www-form-urlencoded"),
    ("nested too deeply", "[" * 100_000, "application/json"),
]


@pytest.mark.parametrize(
    ("data", "content_type"), [b[1:] for b in BAD_BODIES], ids=[b[0] for b in BAD_BODIES]
)
def test_create_refuses_bodies_that_are_not_json_objects(
    client: FlaskClient, app: Flask, data: str | bytes, content_type: str
) -> None:
    assert_error(client.post(SESSIONS, data=data, content_type=content_type), 400, "bad-json")
    assert count(app, GameSession) == 0


def test_a_body_too_large_answers_413_json(client: FlaskClient) -> None:
    body = '{"game": "seep", "teams": [], "pad": "' + "x" * 300_000 + '"}'
    assert_error(client.post(SESSIONS, data=body, content_type="application/json"), 413)


# -- GET /api/v1/sessions/<id> --------------------------------------------------------------


def test_read_session_shape(client: FlaskClient) -> None:
    session = seep_session(client)
    body = read(client, session)
    assert {"game", "teams", "options", "deals", "standing"} <= set(body)
    assert body["game"] == "seep"
    assert body["teams"] == FOUR
    assert body["options"] == DEFAULT_OPTIONS
    assert body["deals"] == []
    standing = body["standing"]
    assert standing["deals"] == []
    assert standing["lead"] == {"team": None, "points": 0}
    assert standing["baazis"] == [0, 0]
    assert standing["next_dealer"] == 0
    # Seat k is player k // 2 of team k mod 2: partners sit opposite.
    assert body["seats"] == ["Asha", "Meena", "Ravi", "Dev"]


def test_read_shows_deals_and_standing(client: FlaskClient) -> None:
    session = seep_session(client)
    add_deals(client, session, deal(60), deal(45))
    body = read(client, session)
    assert [d["captured"] for d in body["deals"]] == [captured(60), captured(45)]
    assert [row["points"] for row in body["standing"]["deals"]] == [[60, 40], [45, 55]]
    assert body["standing"]["lead"] == {"team": 0, "points": 10}


@pytest.mark.parametrize(
    "session_id", ["nope", "AAAAAAAAAAAA", "a" * 33, "x" * 200, "a%00b", "%C3%A9t%C3%A9", "a.b"]
)
def test_read_unknown_session_is_404(client: FlaskClient, session_id: str) -> None:
    seep_session(client)  # there is a session, just not this one
    assert_error(client.get(f"{SESSIONS}/{session_id}"), 404, "not-found")


# -- POST /api/v1/sessions/<id>/deals -------------------------------------------------------


def test_add_deal_answers_201_with_the_standing_at_the_top_level(client: FlaskClient) -> None:
    session = seep_session(client)
    response = post_deal(client, session, deal(60, dealer=0))
    assert response.status_code == 201
    body = response.get_json()
    assert body["lead"] == {"team": 0, "points": 20}
    assert body["baazis"] == [0, 0]
    assert body["deal"]["id"] == body["id"] == 1
    assert "deals" not in body and "deals" not in body["standing"]  # no per-deal rows in a 201
    assert body["next_dealer"] == 1  # M5: the dealer's team leads, so the deal passes on
    # It was stored: reading the session shows the same standing.
    stored = read(client, session)
    assert len(stored["deals"]) == 1
    assert stored["standing"]["lead"] == body["lead"]
    assert stored["standing"]["deals"][0]["points"] == [60, 40]
    assert stored["standing"]["deals"][0]["baazi"] is None


AUTH_FAILURES = [
    ("no header", {}, 401),
    ("empty header", {"Authorization": ""}, 401),
    ("Bearer without token", {"Authorization": "Bearer"}, 401),
    ("Bearer and spaces", {"Authorization": "Bearer   "}, 401),
    ("another scheme", {"Authorization": "Basic dXNlcjpwYXNz"}, 401),
    ("wrong token", {"Authorization": "Bearer not-the-token"}, 403),
]


@pytest.mark.parametrize(
    ("headers", "status"), [a[1:] for a in AUTH_FAILURES], ids=[a[0] for a in AUTH_FAILURES]
)
@pytest.mark.parametrize("method", ["POST /deals", "PUT /deals/1", "DELETE /deals/1"])
def test_writes_need_the_edit_token(
    client: FlaskClient,
    app: Flask,
    seep_played: dict[str, Any],
    headers: dict[str, str],
    status: int,
    method: str,
) -> None:
    before = snapshot(client, seep_played)
    rows = count(app, Deal)
    verb, path = method.split()
    response = client.open(
        f"{SESSIONS}/{seep_played['id']}{path}", method=verb, json=deal(70), headers=headers
    )
    assert_error(response, status, "unauthorized" if status == 401 else "forbidden")
    assert snapshot(client, seep_played) == before
    assert count(app, Deal) == rows


def test_another_sessions_token_is_refused(
    client: FlaskClient, seep_played: dict[str, Any]
) -> None:
    other = seep_session(client)
    before = snapshot(client, seep_played)
    for verb, path in [("POST", "/deals"), ("PUT", "/deals/1"), ("DELETE", "/deals/2")]:
        response = client.open(
            f"{SESSIONS}/{seep_played['id']}{path}",
            method=verb,
            json=deal(70),
            headers=bearer(other["edit_token"]),
        )
        assert_error(response, 403, "forbidden")
    assert snapshot(client, seep_played) == before


def test_the_bearer_scheme_is_case_insensitive(client: FlaskClient) -> None:
    session = seep_session(client)
    response = client.post(
        f"{SESSIONS}/{session['id']}/deals",
        json=deal(60),
        headers={"Authorization": f"bearer {session['edit_token']}"},
    )
    assert response.status_code == 201, response.get_json()


@pytest.mark.parametrize("method", ["POST /deals", "PUT /deals/1", "DELETE /deals/1"])
def test_writes_to_an_unknown_session_are_404(
    client: FlaskClient, seep_played: dict[str, Any], method: str
) -> None:
    verb, path = method.split()
    response = client.open(
        f"{SESSIONS}/nosuchsession{path}",
        method=verb,
        json=deal(60),
        headers=bearer(seep_played["edit_token"]),
    )
    assert_error(response, 404, "not-found")


@pytest.mark.parametrize(
    ("data", "content_type"), [b[1:] for b in BAD_BODIES], ids=[b[0] for b in BAD_BODIES]
)
def test_deal_bodies_that_are_not_json_objects_are_refused(
    client: FlaskClient, seep_played: dict[str, Any], data: str | bytes, content_type: str
) -> None:
    before = snapshot(client, seep_played)
    for verb, path in [("POST", "/deals"), ("PUT", "/deals/1")]:
        response = client.open(
            f"{SESSIONS}/{seep_played['id']}{path}",
            method=verb,
            data=data,
            content_type=content_type,
            headers=bearer(seep_played["edit_token"]),
        )
        assert_error(response, 400, "bad-json")
    assert snapshot(client, seep_played) == before


def test_add_deal_answers_the_deal_number(client: FlaskClient, seep_played: dict[str, Any]) -> None:
    assert post_deal(client, seep_played, deal(50)).get_json()["number"] == 3


def test_a_read_is_byte_for_byte_the_answer_built_from_the_deal_objects(
    client: FlaskClient, app: Flask
) -> None:
    # The read takes the deals as rows (issue 23); it answers exactly what the ORM's deals
    # give, through edits, deletes and a restore that change ids, numbers and versions.
    session = seep_session(client)
    add_deals(client, session, deal(60), deal(30), deal(55), deal(45), deal(50))
    url, token = f"{SESSIONS}/{session['id']}/deals", bearer(session["edit_token"])
    assert client.put(f"{url}/2", json=deal(35), headers=token).status_code == 200
    for deal_id in (1, 4, 3):
        assert client.delete(f"{url}/{deal_id}", headers=token).status_code == 200
    assert client.post(f"{url}/3/restore", headers=token).status_code == 200
    answer = client.get(f"{SESSIONS}/{session['id']}")
    assert [(d["id"], d["number"], d["version"]) for d in answer.get_json()["deals"]] == [
        (2, 1, 2),
        (3, 2, 3),
        (5, 3, 1),
    ]
    with app.test_request_context():
        found = GameSession.find(session["id"], full=True)
        built = {
            "id": found.id,
            **found.to_request(),
            "version": found.version,
            "ended": False,
            "seats": found.seat_names(),
            "deals": [_deal(d, n) for n, d in enumerate(found.deals, 1)],
            "standing": standing_json(found),
        }
        assert answer.get_data() == jsonify(built).get_data()


# -- PUT /api/v1/sessions/<id>/deals/<n> ----------------------------------------------------


def test_put_replaces_the_deal_and_recomputes_the_standing(
    client: FlaskClient, seep_played: dict[str, Any]
) -> None:
    assert read(client, seep_played)["standing"]["lead"] == {"team": 0, "points": 10}
    response = client.put(
        f"{SESSIONS}/{seep_played['id']}/deals/1",
        json=deal(30),
        headers=bearer(seep_played["edit_token"]),
    )
    assert response.status_code == 200, response.get_json()
    body = response.get_json()
    # -40 from the new first deal, then -10 from the second: team 1 leads by 50.
    assert body["lead"] == {"team": 1, "points": 50}
    assert [row["points"] for row in body["deals"]] == [[30, 70], [45, 55]]
    stored = read(client, seep_played)
    assert [d["captured"] for d in stored["deals"]] == [captured(30), captured(45)]
    assert stored["standing"]["lead"] == {"team": 1, "points": 50}


@pytest.mark.parametrize("number", ["0", "3", "99", "-1", "one"])
def test_put_of_a_deal_that_does_not_exist_is_404(
    client: FlaskClient, seep_played: dict[str, Any], number: str
) -> None:
    before = snapshot(client, seep_played)
    response = client.put(
        f"{SESSIONS}/{seep_played['id']}/deals/{number}",
        json=deal(30),
        headers=bearer(seep_played["edit_token"]),
    )
    assert_error(response, 404, "not-found")
    assert snapshot(client, seep_played) == before


# -- DELETE /api/v1/sessions/<id>/deals/<n> -------------------------------------------------


def test_delete_moves_later_deals_up_and_recomputes(client: FlaskClient) -> None:
    session = seep_session(client)
    add_deals(client, session, deal(60), deal(30), deal(55))
    assert read(client, session)["standing"]["lead"] == {"team": 1, "points": 10}
    url = f"{SESSIONS}/{session['id']}/deals"
    response = client.delete(f"{url}/2", headers=bearer(session["edit_token"]))
    assert response.status_code == 200, response.get_json()
    body = response.get_json()
    assert [row["points"] for row in body["deals"]] == [[60, 40], [55, 45]]
    assert body["lead"] == {"team": 0, "points": 30}
    stored = read(client, session)
    assert [d["captured"] for d in stored["deals"]] == [captured(60), captured(55)]
    # Deal 3 keeps its id though it is the second deal now.
    assert [(d["id"], d["number"]) for d in stored["deals"]] == [(1, 1), (3, 2)]
    for deal_id in (3, 1):
        client.delete(f"{url}/{deal_id}", headers=bearer(session["edit_token"]))
    emptied = read(client, session)
    assert emptied["deals"] == []
    assert emptied["standing"]["lead"] == {"team": None, "points": 0}
    assert_error(client.delete(f"{url}/4", headers=bearer(session["edit_token"])), 404)


def test_a_deal_added_after_a_delete_goes_last(
    client: FlaskClient, seep_played: dict[str, Any]
) -> None:
    url = f"{SESSIONS}/{seep_played['id']}/deals"
    client.delete(f"{url}/1", headers=bearer(seep_played["edit_token"]))
    answer = add_deals(client, seep_played, deal(70))
    assert answer["number"] == 2
    assert [d["captured"] for d in read(client, seep_played)["deals"]] == [
        captured(45),
        captured(70),
    ]


@pytest.mark.parametrize("number", ["0", "3", "-1"])
def test_delete_of_a_deal_that_does_not_exist_is_404(
    client: FlaskClient, seep_played: dict[str, Any], number: str
) -> None:
    before = snapshot(client, seep_played)
    response = client.delete(
        f"{SESSIONS}/{seep_played['id']}/deals/{number}", headers=bearer(seep_played["edit_token"])
    )
    assert_error(response, 404, "not-found")
    assert snapshot(client, seep_played) == before


# -- every error is JSON ----------------------------------------------------------------------


def test_a_wrong_method_answers_405_json(client: FlaskClient, seep_played: dict[str, Any]) -> None:
    response = client.patch(f"{SESSIONS}/{seep_played['id']}", json={})
    assert_error(response, 405, "method-not-allowed")
    assert "GET" in response.headers["Allow"]
    assert_error(client.delete(SESSIONS), 405, "method-not-allowed")
    assert_error(client.patch(f"{SESSIONS}/{seep_played['id']}/deals/1"), 405)


@pytest.mark.parametrize(
    "path",
    ["/api/v1/nothing", "/api/v2/sessions", "/api", "/api/", f"{SESSIONS}/", f"{SESSIONS}/a/b/c/d"],
)
def test_an_unknown_api_path_answers_404_json(client: FlaskClient, path: str) -> None:
    assert_error(client.get(path), 404, "not-found")
    assert_error(client.post(path, json={}), 404, "not-found")


def test_an_unexpected_error_answers_json_without_a_trace(app: Flask) -> None:
    def boom() -> str:
        raise RuntimeError("secret internals")

    app.add_url_rule("/api/v1/boom", "boom", boom)
    response = app.test_client().get("/api/v1/boom")
    message = assert_error(response, 500, "internal")
    assert "secret internals" not in response.get_data(as_text=True)
    assert "RuntimeError" not in message


def test_reads_and_writes_touch_only_their_own_session(
    client: FlaskClient, app: Flask, seep_played: dict[str, Any]
) -> None:
    other = seep_session(client)
    add_deals(client, other, deal(80))
    assert len(read(client, seep_played)["deals"]) == 2
    assert len(read(client, other)["deals"]) == 1
    assert count(app, Deal) == 3


def test_a_deal_added_answers_as_the_session_loaded_whole_would(
    client: FlaskClient, app: Flask
) -> None:
    # The write reads its deals as rows; the answer is the one its objects give (without the
    # per-deal rows a 201 leaves out), to the byte.
    session = seep_session(client)
    add_deals(client, session, deal(60), deal(30), deal(70))
    url, headers = f"{SESSIONS}/{session['id']}/deals", bearer(session["edit_token"])
    assert client.delete(f"{url}/2", headers=headers).status_code == 200
    answer = client.post(url, json=deal(40) | {"number": 3}, headers=headers)
    assert answer.status_code == 201, answer.get_json()
    with app.test_request_context():
        whole = GameSession.find(session["id"], full=True)
        whole_answer = deal_answer(whole, whole.find_deal(4))
        rest = {name: value for name, value in whole_answer.items() if name != "deals"}
        rest["standing"] = {k: v for k, v in rest["standing"].items() if k != "deals"}
        expected = jsonify(rest).get_data()
    assert answer.get_data() == expected
