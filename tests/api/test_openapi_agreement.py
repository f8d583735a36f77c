"""openapi.json and the server agree: the requests where they once disagreed, each sent with the
status the server must answer and whether the document must call the request valid.

A request the server refuses for its shape is invalid by the document, and a request valid by
the document is not refused for its shape (the schemathesis run checks the same on generated
data: positive_data_acceptance and negative_data_rejection in test_openapi.py).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from functools import cache
from typing import Any

import jsonschema_rs
import pytest
from flask import Flask

from tests.helpers.openapi import DOCUMENT, request_examples
from tests.helpers.openapi_table import Table

Row = tuple[str, str, str, dict[str, Any], int, bool]

CHECK = "/api/v1/check"
SEEP_POSITION = {"players": 4, "seat": 1, "hand": ["KS", "4H", "9C"], "loose": ["9D", "5C"]}
CASINO_POSITION = {"players": 2, "seat": 0, "hand": ["8S", "6H"], "loose": ["AC", "2D"]}


def seep_move(card: str, action: str, **move: Any) -> dict[str, Any]:
    move = {"card": card, "action": action} | move
    return {"game": "seep", "position": SEEP_POSITION, "move": move}


def casino_move(card: str, action: str, **move: Any) -> dict[str, Any]:
    move = {"card": card, "action": action} | move
    return {"game": "casino", "position": CASINO_POSITION, "move": move}


FLOOR = ["AS", "2S", "3S", "4S"]
SEAT_1_0 = seep_move("9C", "throw") | {"position": SEEP_POSITION | {"seat": 1.0}}
PLAYERS_4_0 = seep_move("9C", "throw") | {"position": SEEP_POSITION | {"players": 4.0}}

# (what, the session's game, where it is sent, body or query, status, valid by the document)
ROWS: list[Row] = [
    # The server was wrong: a move's `loose` of another type than a list passed as no cards.
    ("throw, loose ''", "seep", CHECK, seep_move("5C", "throw", loose=""), 400, False),
    ("throw, loose false", "seep", CHECK, seep_move("4H", "throw", loose=False), 400, False),
    ("raise, loose {}", "seep", CHECK, seep_move("4H", "raise", house=13, loose={}), 400, False),
    ("trail, loose 0", "casino", CHECK, casino_move("8S", "trail", loose=0), 400, False),
    # The server was wrong: 1.0 is the integer 1 in JSON Schema (and in JSON), so it is one here.
    ("seat 1.0", "seep", CHECK, SEAT_1_0, 200, True),
    ("players 4.0", "seep", CHECK, PLAYERS_4_0, 200, True),
    ("deal's dealer 0.0", "seep", "deals", {"dealer": 0.0}, 201, True),
    ("play number 1.0", "seep", "live/plays", {"number": 1.0}, 201, True),
    ("option baazis 1.0", "seep", "sessions", {"options": {"baazis": 1.0}}, 201, True),
    ("option target 100.0", "seep", "sessions", {"options": {"target": 100.0}}, 201, True),
    # The server was wrong: a head-to-head side is ids of digits and commas, as documented.
    ("side '+id'", "seep", "stats", {"a": "+{0}", "b": "{1}"}, 400, False),
    # The document was wrong: a live start takes its game's fields only, and needs them.
    ("Seep start, extra field", "seep", "live", {"note": "x"}, 400, False),
    ("Seep start, no bid", "seep", "live", {"dealer": 0, "floor": FLOOR}, 400, False),
    ("Casino start, 3 cards", "casino", "live", {"table": FLOOR[:3]}, 400, False),
    ("Fifty-six start, extra field", "fifty-six", "live", {"floor": []}, 400, False),
    # The document was wrong: a live play takes its move's fields only, and needs the seat.
    ("Seep play, extra field", "seep", "live/plays", {"number": 1, "note": "x"}, 400, False),
    ("Seep play, no seat", "seep", "live/plays", {"number": 1, "seat": None}, 400, False),
    ("Casino play, extra field", "casino", "live/plays", {"number": 1, "table": []}, 400, False),
    ("56 play, extra field", "fifty-six", "live/plays", {"number": 1, "floor": []}, 400, False),
    # The document was wrong: a side that is no list of ids is refused.
    ("side ''", "seep", "stats", {"a": "", "b": "{1}"}, 400, False),
    ("side 'x'", "seep", "stats", {"a": "x", "b": "{1}"}, 400, False),
    # The document was wrong: a correction's identity fields are ignored, whatever they hold.
    ("correction, number [1]", "seep", "deals/1", {"number": [1]}, 200, True),
    ("correction, version 'x'", "seep", "deals/1", {"version": "x", "id": {}}, 200, True),
]

WHATS = [row[0] for row in ROWS]
OPERATIONS = {
    "sessions": ("/api/v1/sessions", "post"),
    CHECK: ("/api/v1/check", "post"),
    "deals": ("/api/v1/sessions/{session_id}/deals", "post"),
    "deals/1": ("/api/v1/sessions/{session_id}/deals/{deal_id}", "put"),
    "live": ("/api/v1/sessions/{session_id}/live", "post"),
    "live/plays": ("/api/v1/sessions/{session_id}/live/plays", "post"),
    "stats": ("/api/v1/clubs/{club_id}/stats", "get"),
}


@cache
def validator(schema: str) -> Any:
    """A JSON Schema validator of the document's, for one schema as JSON."""
    return jsonschema_rs.Draft202012Validator(
        json.loads(schema) | {"components": DOCUMENT["components"]}
    )


def body_is_valid(path: str, method: str, body: Any) -> bool:
    content = DOCUMENT["paths"][path][method]["requestBody"]["content"]["application/json"]
    return bool(validator(json.dumps(content["schema"])).is_valid(body))


def query_is_valid(path: str, method: str, query: dict[str, str]) -> bool:
    parameters = DOCUMENT["components"]["parameters"]
    for ref in DOCUMENT["paths"][path][method].get("parameters", []):
        parameter = parameters[ref["$ref"].rsplit("/", 1)[1]]
        if parameter["in"] == "query" and parameter["name"] in query:
            schema = json.dumps(parameter["schema"])
            if not validator(schema).is_valid(query[parameter["name"]]):
                return False
    return True


def send(table: Table, where: str, data: dict[str, Any]) -> tuple[Any, bool]:
    """Send the row's request to the table's session (or club); the answer, and whether the
    document calls the request valid."""
    path, method = OPERATIONS[where]
    if where == "stats":
        players = table.players()
        query = {k: v.format(*players) for k, v in data.items()}
        answer = table.client.get(f"/api/v1/clubs/{table.club}/stats", query_string=query)
        return answer, query_is_valid(path, method, query)
    body = dict(data)
    if where == "live/plays":
        table.bare_live()  # a live deal under way, no play yet: this is play 1
        body = table.live_play(1, 0) | body
        body = {k: v for k, v in body.items() if v is not None}
    if where == "deals/1":
        body = table.client.get(table.url("deals/1")).get_json() | body
    if where == "deals" and table.game == "seep":
        body = table.client.get(table.url("deals/1")).get_json() | body
        body = {k: body[k] for k in ("captured", "dealer")}
    if where == "live":
        table.end_live()
    if where == "sessions":
        body = {"game": "seep", "teams": [{"players": ["Uma"]}, {"players": ["Om"]}]} | body
    url = {CHECK: CHECK, "sessions": "/api/v1/sessions"}.get(where) or table.url(where)
    answer = table.client.open(url, method=method, json=body, headers=table.auth())
    return answer, body_is_valid(path, method, body)


@pytest.mark.parametrize(("what", "game", "where", "data", "status", "valid"), ROWS, ids=WHATS)
def test_the_server_and_the_document_agree(
    app: Flask, what: str, game: str, where: str, data: dict[str, Any], status: int, valid: bool
) -> None:
    table = Table(app, game)
    answer, documented = send(table, where, data)
    assert answer.status_code == status, answer.get_json()
    assert documented is valid, f"the document calls {what} {'valid' if documented else 'invalid'}"


# -- an unknown field anywhere: refused by both, or by neither ---------------------------------


def objects(value: Any, at: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Where the objects are inside a JSON value (the value itself first)."""
    if isinstance(value, dict):
        yield at
        for key, inner in value.items():
            yield from objects(inner, (*at, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield from objects(inner, (*at, index))


def with_extra(body: Any, where: tuple[Any, ...]) -> Any:
    """The body with a field no schema names, in the object at `where`."""
    body = copy.deepcopy(body)
    inner = body
    for key in where:
        inner = inner[key]
    inner["unheard_of"] = 1
    return body


def bodies(app: Flask) -> Iterator[tuple[Table, str, str, Any]]:
    """The document's example bodies, and a live deal's start and first play of each game."""
    for path, method, example in request_examples():
        game = "fifty-six" if "contract" in example else "casino" if "cards" in example else "seep"
        yield Table(app, game), path, method, example
    for game in ("seep", "fifty-six", "casino"):
        table = Table(app, game)
        yield table, "/api/v1/sessions/{session_id}/live", "post", table.live_start
        yield table, "/api/v1/sessions/{session_id}/live/plays", "post", table.live_play(1, 0)


UNKNOWN = {"unknown-field", "unknown-option", "unknown-game"}  # a house rule's game is a field


def test_an_unknown_field_is_refused_where_the_document_refuses_it(app: Flask) -> None:
    disagreements = []
    for table, path, method, body in bodies(app):
        for where in objects(body):
            sent = with_extra(body, where)
            if path.endswith("/live/plays"):
                table.bare_live()
            elif path.endswith("/live"):
                table.client.delete(table.url("live"), headers=table.auth())
            url = path.format(**table.path_values())
            headers = table.auth_for(path, method)
            answer = table.client.open(url, method=method, json=sent, headers=headers)
            # Accepted, or refused for that field (not for another reason).
            accepted = answer.status_code < 300
            refused = answer.status_code == 400 and answer.get_json()["error"] in UNKNOWN
            if not (accepted if body_is_valid(path, method, sent) else refused):
                disagreements.append((path, where, answer.status_code, answer.get_json()))
    assert disagreements == []
