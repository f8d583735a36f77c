"""A club's house rules through the API (shared/API.md "House rules and ratings"): read and set
with the keeper's token, checked as a session's options, taken by the club's new sessions."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.data.extensions import db
from scorekeeper.data.models import Club
from scorekeeper.rules import GAMES
from tests.helpers.api import CLUBS, FOUR, SESSIONS, alone, bearer, new_club, new_session, start
from tests.helpers.openapi import DOCUMENT

Json = dict[str, Any]


def rules_url(club: Json) -> str:
    return f"{CLUBS}/{club['id']}/rules"


def put_rules(client: FlaskClient, club: Json, body: Any, token: str | None = None) -> Any:
    return client.put(rules_url(club), json=body, headers=bearer(token or club["keeper_token"]))


def stored(app: Flask, club: Json) -> Any:
    with app.app_context():
        found = db.session.get(Club, club["id"])
        assert found is not None
        return found.house_rules, found.version


def test_a_new_club_plays_every_game_by_its_usual_rules(client: FlaskClient) -> None:
    club = new_club(client)
    response = client.get(rules_url(club))
    assert response.status_code == 200
    assert response.get_json() == {name: game.parse_options({}) for name, game in GAMES.items()}
    assert response.headers["ETag"]


def test_rules_set_are_read_back_whole_and_move_the_club_version(
    app: Flask, client: FlaskClient
) -> None:
    club = new_club(client)
    _, before = stored(app, club)
    body = {"seep": {"throw": "matching", "target": 150}, "casino": {"variant": "royal"}}
    response = put_rules(client, club, body)
    assert response.status_code == 200, response.get_json()
    expected = {name: game.parse_options(body.get(name)) for name, game in GAMES.items()}
    assert response.get_json() == expected
    assert client.get(rules_url(club)).get_json() == expected
    house, version = stored(app, club)
    assert house == body  # only what differs from the defaults is kept
    assert version == before + 1
    assert client.get(f"{CLUBS}/{club['id']}").get_json()["version"] == version


def test_the_answer_sent_back_changes_nothing_and_a_game_left_out_plays_the_usual_rules(
    app: Flask, client: FlaskClient
) -> None:
    club = new_club(client)
    whole = put_rules(client, club, {"fifty-six": {"doubling": "additive"}}).get_json()
    _, version = stored(app, club)
    assert put_rules(client, club, whole).get_json() == whole
    assert stored(app, club) == ({"fifty-six": {"doubling": "additive"}}, version)
    again = put_rules(client, club, {"seep": {"target": 50}}).get_json()
    assert again["fifty-six"] == GAMES["fifty-six"].parse_options({})
    assert stored(app, club)[0] == {"seep": {"target": 50}}
    assert put_rules(client, club, {}).status_code == 200
    assert stored(app, club)[0] is None


@pytest.mark.parametrize(
    ("body", "code", "named"),
    [
        ({"seep": {"throw": "matching"}, "chess": {}}, "unknown-game", "chess"),
        ({"seep": {"target": 150, "colour": "red"}}, "unknown-option", "colour"),
        ({"seep": {"target": 120}}, "bad-option", "120"),
        ({"fifty-six": {"tables": 100}}, "bad-option", "tables"),
        ({"seep": {}, "casino": {"doubling": "additive"}}, "unknown-option", "doubling"),
        ({"seep": "matching"}, "bad-options", "Seep"),
        (["seep"], "bad-json", "JSON object"),
    ],
    ids=["unknown game", "unknown option", "value out of range", "number out of range",
         "another game's option", "not an object", "not an object of games"],
)  # fmt: skip
def test_bad_rules_are_refused_naming_the_problem_and_nothing_is_stored(
    app: Flask, client: FlaskClient, body: Any, code: str, named: str
) -> None:
    club = new_club(client)
    put_rules(client, club, {"casino": {"variant": "royal"}})
    kept = stored(app, club)
    response = put_rules(client, club, body)
    assert response.status_code == 400
    assert response.get_json()["error"] == code
    assert named in response.get_json()["message"]
    assert stored(app, club) == kept


def test_setting_rules_needs_the_keeper_token(app: Flask, client: FlaskClient) -> None:
    club, other = new_club(client), new_club(client)
    body = {"seep": {"target": 150}}
    missing = client.put(rules_url(club), json=body)
    assert missing.status_code == 401
    assert "keeper" in missing.get_json()["message"]
    wrong = put_rules(client, club, body, other["keeper_token"])
    assert wrong.status_code == 403
    assert stored(app, club)[0] is None
    assert client.get(f"{CLUBS}/nope/rules").status_code == 404


# -- the club's new sessions -----------------------------------------------------------------


def test_a_session_without_options_starts_with_the_house_rules(client: FlaskClient) -> None:
    club = new_club(client)
    put_rules(client, club, {"seep": {"throw": "matching", "target": 150}})
    body = {"game": "seep", "teams": FOUR, "club": club["id"]}
    made = client.post(SESSIONS, json=body)
    assert made.status_code == 201, made.get_json()
    options = client.get(f"{SESSIONS}/{made.get_json()['id']}").get_json()["options"]
    assert options == GAMES["seep"].parse_options({"throw": "matching", "target": 150})


def test_options_given_override_the_house_rules_one_by_one(client: FlaskClient) -> None:
    club = new_club(client)
    put_rules(client, club, {"seep": {"throw": "matching", "target": 150}})
    session = new_session(client, "seep", FOUR, club["id"], target=50)
    options = client.get(f"{SESSIONS}/{session['id']}").get_json()["options"]
    assert (options["target"], options["throw"]) == (50, "matching")
    elsewhere = new_session(client, "seep", FOUR)  # no club: no house rules
    assert client.get(f"{SESSIONS}/{elsewhere['id']}").get_json()["options"]["throw"] == "strict"


def test_house_rules_that_shape_the_table_refuse_other_teams_clearly(
    client: FlaskClient,
) -> None:
    """Casino's partnerships (K1) decide how four players sit: four players each alone in a
    club that plays partnerships is a 400 naming the house rule, until the table says otherwise."""
    club = new_club(client)
    put_rules(client, club, {"casino": {"partnerships": "on"}})
    four = alone("Asha", "Ravi", "Meena", "Dev")
    refused = start(client, "casino", four, club["id"])
    assert refused.status_code == 400
    assert refused.get_json()["error"] == "bad-teams"
    assert "house rules" in refused.get_json()["message"]
    assert "partnerships" in refused.get_json()["message"]
    assert start(client, "casino", four, club["id"], partnerships="off").status_code == 201
    assert start(client, "casino", alone("Asha", "Ravi"), club["id"]).status_code == 201


def test_the_document_has_every_game_s_house_rules() -> None:
    """openapi.json's HouseRules name the registry's games, each with its session options."""
    schemas = DOCUMENT["components"]["schemas"]
    for name in ("HouseRules", "HouseRulesRequest"):
        assert set(schemas[name]["properties"]) == set(GAMES)
    assert schemas["HouseRules"]["required"] == list(GAMES)


def test_only_the_house_rules_the_teams_do_not_fit_are_named(client: FlaskClient) -> None:
    """F7: four players have no seat 7 to deal first; the club's pairs (F2) fit them."""
    club = new_club(client)
    put_rules(client, club, {"fifty-six": {"first_dealer": 7, "teams": "pairs"}})
    refused = start(client, "fifty-six", FOUR, club["id"])
    assert refused.status_code == 400
    assert "(first_dealer: 7)" in refused.get_json()["message"]
    assert start(client, "fifty-six", FOUR, club["id"], first_dealer=1).status_code == 201
