"""The schemathesis run's second half: requests whose data schemathesis generates valid by the
document (positive) or not (negative), sent whole to a real session, club and live deal.

Valid data must be accepted (positive_data_acceptance) and invalid data refused
(negative_data_rejection), besides every answer matching the document (test_openapi.py's
checks). test_openapi.py's run sends valid bodies of its own to reach the stateful answers; this
one keeps schemathesis's data, so that the document and the server are held to each other.
"""

from __future__ import annotations

import copy
import itertools
import json
import re
from collections import Counter
from functools import cache
from typing import Any

import jsonschema_rs
import pytest
import schemathesis
from flask import Flask
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.config import SchemathesisConfig
from schemathesis.core.parameters import ParameterLocation
from schemathesis.openapi.checks import RejectedPositiveData
from schemathesis.specs.openapi.checks import negative_data_rejection, positive_data_acceptance

from scorekeeper.rules import GAMES
from scorekeeper.rules.limits import MOST_PLAYS
from tests.helpers.openapi import CHECKS, DOCUMENT, OPERATIONS, operation_of
from tests.helpers.openapi_table import Table
from tests.helpers.openapi_tournament import TABLES, aim_tournament

# A request may meet the state it is sent into before its data is read: a precondition that no
# longer holds (412), or an Idempotency-Key that another request used (422). The rest are
# schemathesis's defaults.
ACCEPTED = ["2xx", "3xx", "401", "403", "404", "409", "412", "422", "429", "5xx"]
REFUSED = ["400", "401", "403", "404", "409", "412", "413", "422", "429", "5xx"]
CONFIG = {
    "checks": {
        "positive_data_acceptance": {"expected-statuses": ACCEPTED},
        "negative_data_rejection": {"expected-statuses": REFUSED},
    }
}
SCHEMA = schemathesis.openapi.from_dict(
    copy.deepcopy(DOCUMENT), config=SchemathesisConfig.from_dict(CONFIG)
)
EXAMPLES = 60  # per operation, valid and invalid data mixed: about 25 s for the whole run

# Refusals of data the document calls valid that no JSON Schema keyword can state, by the code the
# server answers: each depends on another field (a seat beyond the players, a card twice, calls in
# turn, sweeps beyond the cards taken), on the session (its players, its options, its deals, a game
# over) or on the cards a deal adds up to.
BEYOND_A_SCHEMA = {
    "bad-auction",
    "bad-bid",
    "bad-cards",
    "bad-double",
    "bad-hand",
    "bad-position",
    "bad-side",
    "bad-spades",
    "bad-sweeps",
    "bad-teams",
    "bad-trick",
    "deal-over",
    "duplicate-card",
    "game-not-over",
    "game-over",
    "missing-point-card",
    "no-capture",
    "not-finished",
    "not-in-pack",
    "session-over",
    "sweeps-off",
    "team-out",
    "too-crowded",
    "unknown-club",
}
# The same for the codes that also name a field's own shape, told apart by the message.
CROSS_FIELD = {
    # A seat or a dealer at the table, a build's value in the variant: bounds of another field.
    "bad-field": re.compile(
        r"^(seat|dealer|bid seat|contract seat|An owner|A team out|A build's (value|owner)) "
        r"must be a whole number"
        r"|needs one number per side"  # Casino: one count per side of the session
        r"|must name the club's players by id"  # ids of this club's players, and both sides
        r"|^The auction is on"  # Fifty-six: a card is played once the auction is over
        r"|^out names each team|^Two teams or more"  # Fifty-six: two teams still in, of the table's
        r"|^Only an ace may count 14|^An ace counts 14 only"  # Casino: an ace, in Royal
        r"|^The position says variant"  # Casino: a position's variant and its options' alike
    ),
    # Fifty-six's first dealer at the table of the players the session has.
    "bad-option": re.compile(r"^first_dealer is a seat"),
    # Seep: one opening and one last sweep, the opening one the bidder's team's.
    "bad-sweep": re.compile(r"^A deal has only one|^Only the bidder's team"),
    # A tournament: what its format or its entrants allow (an entrant's players, how many
    # entrants and rounds, names given twice), and printable names.
    "bad-tournament": re.compile(
        r"^Each entrant of this tournament is|^Every entrant must have"
        r"|^A tournament of this format needs|is named twice|^A round-robin of"
        r"|^rounds must be a whole number|^A rotating tournament needs"
        r"|^In a rotating tournament each entrant|^Each entrant has a name and a list"
        r"|printable characters|^A player needs a name"
    ),
    # Printable characters, as the document says in words: no regular expression that both
    # JSON Schema and schemathesis read can tell them (unassigned, private use, format, control).
    "bad-name": re.compile(r"cannot be shown|printable characters|needs a name"),
    # A keeper's note on an adjusted result: printable, as a name is.
    "bad-result": re.compile(r"^A note is at most \d+ printable characters"),
}


def beyond_a_schema(answer: Any) -> bool:
    """Whether a 400 refuses what the document cannot state (see BEYOND_A_SCHEMA), or a play
    that breaks a rule of the game (IllegalPlay, which names the rule)."""
    code, message = answer.get("error"), answer.get("message", "")
    if "rule" in answer:
        return True
    cross_field = CROSS_FIELD.get(code)
    return code in BEYOND_A_SCHEMA or bool(cross_field and cross_field.search(message))


@schemathesis.check
def valid_data_is_accepted(ctx: Any, response: Any, case: Any) -> bool | None:
    """positive_data_acceptance, but for the refusals that no schema can state."""
    try:
        return positive_data_acceptance(ctx, response, case)
    except RejectedPositiveData:
        if response.status_code == 400 and beyond_a_schema(response.json()):
            return None
        raise


# Each game's part of a body that the session's game chooses: a body is sent to the session of
# the game it is valid for.
VARIANTS = {
    "add_deal": "{}PostedDeal",
    "replace_deal": "{}CorrectedDeal",
    "start_live_deal": "{}LiveStartRequest",
    "add_live_play": "{}LivePlayRequest",
}
PREFIXES = {"seep": "Seep", "fifty-six": "FiftySix", "casino": "Casino"}


@cache
def validator(name: str) -> Any:
    ref = {"$ref": f"#/components/schemas/{name}", "components": DOCUMENT["components"]}
    return jsonschema_rs.Draft202012Validator(ref)


def game_of(operation_id: str, body: Any) -> str | None:
    """The game whose part of the document the body is valid for, if the session's game
    chooses it."""
    if operation_id in VARIANTS and isinstance(body, dict):
        for game, prefix in PREFIXES.items():
            if validator(VARIANTS[operation_id].format(prefix)).is_valid(body):
                return game
    return None


# The operations on the live deal under way, and the replay of one played live.
UNDER_WAY = {"read_live_deal", "add_live_play", "remove_live_play", "remove_live_deal"}


def aim(case: Any, table: Table, operation_id: str, index: int) -> None:
    """The table's session, club, live deal, tournament (its rounds, tables and entrants, in the
    state test_openapi.py's aim_tournament puts them in by `index`) and keeper's token (a valid
    play numbered as the next; a tournament table's own token to confirm it); the data as
    generated."""
    plays = table.keep_live() if operation_id in UNDER_WAY else 0
    path = case.path_parameters or {}
    if "session_id" in path:
        path["session_id"] = table.id
    if "club_id" in path:
        path["club_id"] = table.club
    tournament = "tournament_id" in path or operation_id in TABLES
    if tournament:
        # No body is passed: the generated one is sent as it is (aim_tournament would make a
        # late entrant of a body that is a boolean, and invalid data must stay invalid).
        aim_tournament(case, operation_id, index, set(), table, None)
    if "deal_id" in path:
        live = operation_id == "replay_live_deal"
        path["deal_id"] = table.played_live() if live else table.supply(False)[0]
    if "number" in path and not tournament:
        path["number"] = plays  # the last play: it may be taken back
    if operation_id == "start_live_deal":
        discard_live(table)  # else the start is refused for the deal under way (409)
    # Valid data aimed: the count of plays, else another phone played since (409); the next
    # play's number, else it is out of order (409). Invalid data is left as it is.
    query = case.query or {}
    if operation_id == "remove_live_deal" and re.fullmatch("[0-9]+", str(query.get("plays"))):
        query["plays"] = str(plays)
    if operation_id == "review_live_deal" and re.fullmatch("[0-9]+", str(query.get("deal"))):
        query["deal"] = str(table.played_live())  # a deal played live: its review (202, 200)
    if operation_id == "read_session" and re.fullmatch("[0-9]+", str(query.get("since"))):
        # A version the session had: a later one is refused for the session's state (400).
        version = table.client.get(table.url()).get_json()["version"]
        query["since"] = str(int(query["since"]) % (version + 1))
    body = case.body if isinstance(case.body, dict) else {}
    number = body.get("number")
    valid = type(number) in (int, float) and number in range(1, MOST_PLAYS + 1)  # 2.0 is 2
    if operation_id == "add_live_play" and valid:
        body["number"] = plays + 1
    keeper = table.keeper_for(case.operation.path, case.method.lower())
    if operation_id in TABLES:
        keeper = table.bracket.tokens.get(path["session_id"], keeper)
    case.headers = {**(case.headers or {}), "Authorization": f"Bearer {keeper}"}


def discard_live(table: Table) -> None:
    """No live deal under way: its start (which may be generated) and plays taken back."""
    read = table.client.get(table.url("live"))
    if read.status_code == 200:
        plays = len(read.get_json()["plays"])
        taken = table.client.delete(table.url(f"live?plays={plays}"), headers=table.auth())
        assert taken.status_code == 200, taken.get_json()


def data_checks(case: Any) -> list[Any]:
    """The conformance checks, and whether the data is accepted or refused as it should be: not
    for invalid data that aiming the request replaced (a session's id, a play's number)."""
    aimed_over = case.meta.components.get(ParameterLocation.PATH)
    if case.meta.generation.mode.is_negative and aimed_over and aimed_over.mode.is_negative:
        return CHECKS
    return [*CHECKS, valid_data_is_accepted, negative_data_rejection]


def has_data(path: str, method: str) -> bool:
    operation = operation_of(path, method)
    return "requestBody" in operation or bool(operation.get("parameters"))


def generated(path: str, method: str, app: Flask) -> Counter[str]:
    """Send EXAMPLES requests of generated data, valid and invalid; each answer is checked."""
    tables = {game: Table(app, game) for game in sorted(GAMES)}
    games = itertools.cycle(sorted(GAMES))
    operation = SCHEMA[path][method.upper()]
    operation_id = operation_of(path, method)["operationId"]
    modes = [GenerationMode.POSITIVE, GenerationMode.NEGATIVE][: 1 + has_data(path, method)]
    seen: Counter[str] = Counter()
    turns = itertools.count()  # the state a tournament's request finds, taken in turn

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        derandomize=True,
        database=None,
        phases=[Phase.explicit, Phase.generate],  # no shrinking: the state has moved on
        suppress_health_check=list(HealthCheck),
        report_multiple_bugs=False,
    )
    @given(case=st.one_of(*(operation.as_strategy(generation_mode=mode) for mode in modes)))
    def send(case: Any) -> None:
        game = game_of(operation_id, case.body) or next(games)
        aim(case, tables[game], operation_id, next(turns))
        response = case.call(app=app)
        kind = case.meta.generation.mode.value
        seen[f"{kind} {response.status_code}"] += 1
        case.validate_response(response, checks=data_checks(case))

    send()
    return seen


@pytest.mark.parametrize(("path", "method"), OPERATIONS, ids=[f"{m} {p}" for p, m in OPERATIONS])
def test_generated_data_is_accepted_or_refused_as_documented(
    app: Flask, path: str, method: str
) -> None:
    seen = generated(path, method, app)
    print(f"{method.upper()} {path}: {json.dumps(dict(sorted(seen.items())))}")
    # Valid data was sent, and accepted at least once; but a generated play is hardly ever the
    # one the table allows next (its seat, a card still unseen), so it is refused by rule.
    if operation_of(path, method)["operationId"] != "add_live_play":
        assert any(key.startswith("positive 2") for key in seen), seen
