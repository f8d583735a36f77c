"""The OpenAPI document (scorekeeper/api/openapi.json): valid 3.1, exactly the routes and codes the
server has, and a schemathesis run that sends every operation generated requests and checks
every answer against the document (no 5xx, documented status, content type, body and headers).
"""

from __future__ import annotations

import copy
import itertools
import json
import re
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error
from schemathesis.core import NOT_SET

from scorekeeper import app as app_module
from scorekeeper import create_app
from scorekeeper.data.extensions import db
from scorekeeper.rules import GAMES
from scorekeeper.rules.casino import options as casino_options
from scorekeeper.rules.casino import score as casino_score
from scorekeeper.rules.fifty_six import auction as fifty_six_auction
from scorekeeper.rules.fifty_six import cards as fifty_six_cards
from scorekeeper.rules.fifty_six import options as fifty_six_options
from scorekeeper.rules.fifty_six import stats as fifty_six_stats
from scorekeeper.rules.fifty_six.score import SCHEDULE
from scorekeeper.rules.fifty_six.trick import TRUMPS
from scorekeeper.rules.limits import MOST_DEALS
from scorekeeper.rules.seep import options as seep_options
from scorekeeper.rules.seep.cards import POINT_CARDS
from scorekeeper.rules.seep.record import SWEEP_POINTS
from scorekeeper.streams import app as streams_app
from scorekeeper.web import errors, workers
from tests.helpers import advice_bodies
from tests.helpers.api import FOUR
from tests.helpers.openapi import (
    BODY_OPERATIONS,
    CHECKS,
    DOCUMENT,
    OPERATIONS,
    SOURCE,
    operation_of,
    request_examples,
    schema,
)
from tests.helpers.openapi_table import (
    SESSION_BODIES,
    Table,
    fixed_deal,
    fixed_fifty_six_deal,
    tournament_bodies,
    tournament_body,
)
from tests.helpers.openapi_tournament import TABLES, aim_tournament

SCHEMA = schemathesis.openapi.from_dict(copy.deepcopy(DOCUMENT))
EXAMPLES = 50  # generated requests per operation: about a minute for the whole run on one core
# A 256 KiB body, a dead database and a client over the rate limit: sent one by one below.
NOT_FUZZED = {"413", "429", "503"}
DECK = [r + s for s in "SHDC" for r in ("A", *map(str, range(2, 11)), "J", "Q", "K")]


def documented_statuses(path: str, method: str) -> set[str]:
    return set(operation_of(path, method)["responses"])


# -- the document is valid and exact -------------------------------------------------------


def test_document_is_valid_openapi_3_1() -> None:
    assert DOCUMENT["openapi"].startswith("3.1.")
    SCHEMA.validate()  # the OpenAPI 3.1 meta-schema, as schemathesis checks it


def test_the_api_serves_the_document(client: FlaskClient) -> None:
    response = client.get("/api/v1/openapi.json")
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    assert response.get_json() == DOCUMENT


def flask_operations(app: Flask) -> set[tuple[str, str, str]]:
    """Every (path, method, view function) the app routes under /api/v1, in OpenAPI's
    spelling: the operationId is the view function's name, whichever blueprint holds it."""
    found = set()
    for rule in app.url_map.iter_rules():
        if rule.rule.startswith("/api/v1"):
            path = re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule)
            view = app.view_functions[rule.endpoint].__name__
            for method in (rule.methods or set()) - {"HEAD", "OPTIONS"}:
                found.add((path, method.lower(), view))
    return found


def test_every_route_is_documented_and_nothing_else(app: Flask) -> None:
    documented = {
        (path, method, operation_of(path, method)["operationId"]) for path, method in OPERATIONS
    }
    assert flask_operations(app) == documented


def test_path_parameters_match_the_routes(app: Flask) -> None:
    converters = {
        re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule): rule._converters
        for rule in app.url_map.iter_rules()
        if rule.rule.startswith("/api/v1")
    }
    parameters = DOCUMENT["components"]["parameters"]
    for path, item in DOCUMENT["paths"].items():
        declared = {
            parameters[ref["$ref"].rsplit("/", 1)[1]]["name"]: parameters[
                ref["$ref"].rsplit("/", 1)[1]
            ]["schema"]["type"]
            for ref in item.get("parameters", [])
        }
        routed = {
            name: "integer" if type(conv).__name__ == "IntegerConverter" else "string"
            for name, conv in converters[path].items()
        }
        assert declared == routed, path


def source_codes(pattern: str, besides: Path | None = None) -> set[tuple[str, ...]]:
    """Every match of `pattern` in the package's Python source that the API serves (but the
    file `besides`): a game's package counts once the game is registered (its codes must then
    be documented)."""
    served = {name.replace("-", "_") for name in GAMES}
    games = [d for d in (SOURCE / "rules").iterdir() if (d / "__init__.py").is_file()]
    unserved = [d for d in games if d.name not in served]
    found: set[tuple[str, ...]] = set()
    for file in SOURCE.rglob("*.py"):
        if any(folder in file.parents for folder in unserved) or file == besides:
            continue
        found.update(m.groups() for m in re.finditer(pattern, file.read_text(encoding="utf-8")))
    return found


# Raised only by the club keeper's pages (renaming, merging; a tournament's withdrawal and
# adjustment forms), which answer HTML, not the API.
PAGES_ONLY = {
    *("name-taken", "not-merged", "same-player", "same-table", "unknown-player"),
    *("bad-game-points", "no-entrant-chosen"),
}


def test_every_bad_input_code_is_documented() -> None:
    raised = {code for (code,) in source_codes(r'InvalidInput\(\s*"([a-z0-9-]+)"')}
    assert raised - PAGES_ONLY == set(schema("BadInput")["properties"]["error"]["enum"])


def error_codes(name: str) -> set[str]:
    error = schema(name)["properties"]["error"]
    return set(error["enum"]) if "enum" in error else {error["const"]}


def test_every_conflict_code_is_documented() -> None:
    pattern = r'Conflict\(\s*(\d+),\s*"([a-z0-9-]+)"'
    # A tournament's own writes (data/tournaments.py) answer its 409s; every other write, a
    # deal's, a play's or a session's, the deals' 409s (a tournament table's `round-over` too).
    tournaments = SOURCE / "data" / "tournaments.py"
    in_tournaments = set(re.findall(pattern, tournaments.read_text(encoding="utf-8")))
    assert {code for s, code in in_tournaments} == error_codes("TournamentConflict")
    assert {s for s, _ in in_tournaments} == {"409"}
    raised = source_codes(pattern, besides=tournaments)
    by_status = {"409": "DealConflict", "412": "VersionMismatch", "422": "KeyReused"}
    for status, name in by_status.items():
        assert {code for s, code in raised if s == status} == error_codes(name)
    assert {s for s, _ in raised} == set(by_status)


def test_http_error_codes_are_the_documented_ones() -> None:
    documented = {
        401: "Unauthorized",
        403: "Forbidden",
        404: "NotFound",
        413: "TooLarge",
        429: "RateLimited",
    }
    for status, name in documented.items():
        assert error_codes(name) == {errors.CODES[status]}
    assert error_codes("Unavailable") == {"unavailable"}


def test_games_options_and_rule_codes_are_the_engine_s() -> None:
    assert schema("GameName")["enum"] == sorted(GAMES)
    for name in ("SeepOptionsRequest", "SeepOptions"):
        properties = schema(name)["properties"]
        assert {k: v["enum"] for k, v in properties.items() if "enum" in v} == {
            k: list(v) for k, v in seep_options.CHOICES.items()
        }
        # The one that is a whole number: a round's deals, or null (rules/lengths.py).
        wholes = {k: v for k, v in properties.items() if "enum" not in v}
        assert {k: (v["type"], v["minimum"], v["maximum"]) for k, v in wholes.items()} == {
            "deals": (["integer", "null"], 1, MOST_DEALS)
        }
    rules = {code for (code,) in source_codes(r'Violation\(\s*[^,]+,\s*"([a-z-]+)"')}
    checked = set(schema("IllegalMove")["properties"]["rule"]["enum"])
    # A live deal's play may break any rule the checker names, or be out of turn.
    assert checked | {"not-your-turn"} == rules
    for field in ("error", "rule"):
        assert set(schema("IllegalPlay")["properties"][field]["enum"]) == rules
    when = schema("Sweep")["properties"]["when"]["enum"]
    assert when == list(SWEEP_POINTS)


def assert_options_are(game: str, options: Any) -> None:
    """The game's options as requested (with their defaults) and as answered are the engine's
    (its module's CHOICES, each a tuple of values, and DEFAULTS)."""
    requested = schema(f"{game}OptionsRequest")["properties"]
    assert {name: value["default"] for name, value in requested.items()} == options.DEFAULTS
    assert set(schema(f"{game}Options")["required"]) == set(options.DEFAULTS)
    for name, choices in options.CHOICES.items():
        assert isinstance(choices, tuple)
        assert schema(requested[name]["$ref"].rsplit("/", 1)[1])["enum"] == list(choices)


def test_fifty_six_options_and_notation_are_the_engine_s() -> None:
    assert_options_are("FiftySix", fifty_six_options)
    tables = schema("StartingTables")
    assert (tables["minimum"], tables["maximum"]) == (1, fifty_six_options.MAX_TABLES)
    first_dealer = schema("FirstDealer")
    assert (first_dealer["minimum"], first_dealer["maximum"]) == (
        0,
        max(fifty_six_cards.PLAYERS) - 1,
    )
    bid = schema("BidValue")
    assert (bid["minimum"], bid["maximum"]) == (
        fifty_six_auction.LOWEST_BID,
        fifty_six_auction.HIGHEST_BID,
    )
    assert schema("Trump")["enum"] == list(TRUMPS)
    assert schema("AuctionRequest")["properties"]["players"]["enum"] == list(
        fifty_six_cards.PLAYERS
    )
    kinds = [v["properties"]["call"] for v in schema("CallRequest")["oneOf"]]
    assert [kinds[0]["const"], *kinds[1]["enum"]] == list(fifty_six_auction.KINDS)
    convention = schema("CallRequest")["oneOf"][0]["properties"]["convention"]["enum"]
    assert convention == [*fifty_six_auction.CONVENTIONS, None]


def test_casino_options_and_notation_are_the_engine_s() -> None:
    assert_options_are("Casino", casino_options)
    teams = schema("CasinoSessionRequest")["properties"]["teams"]
    assert (teams["minItems"], teams["maxItems"]) == (
        min(casino_options.PLAYERS),
        max(casino_options.PLAYERS),
    )
    # K13: counting out stops at an item of the deal, named as the engine names it.
    record = {"cards": [26, 26], "spades": [7, 6], "aces": [0, 1, 1, 0]}
    items = casino_score.deal_items(record | {"big_casino": 1, "little_casino": 0}, 2)
    counted_out = schema("CasinoWon")["oneOf"][2]["properties"]
    assert counted_out["at"]["enum"] == [name for name, _ in items]
    assert schema("CasinoStanding")["properties"]["target"]["const"] == casino_score.TARGET


# -- the schemathesis run ------------------------------------------------------------------


@st.composite
def seep_deals(draw: st.DrawFn) -> dict[str, Any]:
    """A valid Seep deal for four players: every point card to a team, sweeps, dealer, bid."""
    sides = draw(st.lists(st.integers(0, 1), min_size=17, max_size=17))
    captured: list[list[str]] = [[], []]
    for card, side in zip(POINT_CARDS, sides, strict=True):
        captured[side].append(str(card))
    extra = draw(st.lists(st.sampled_from(["7C", "8D", "QH", "2C"]), unique=True, max_size=2))
    captured[draw(st.integers(0, 1))].extend(extra)
    deal: dict[str, Any] = {"captured": captured}
    sweeps = draw(st.lists(st.integers(0, 1), max_size=3))
    if sweeps:
        deal["sweeps"] = [{"team": team, "when": "play"} for team in sweeps]
    dealer = draw(st.none() | st.integers(0, 3))
    if dealer is not None:
        deal["dealer"] = dealer
        if draw(st.booleans()):
            deal["bid"] = {"seat": (dealer + 1) % 4, "value": draw(st.integers(9, 13))}
    return deal


@st.composite
def fifty_six_deals(draw: st.DrawFn) -> dict[str, Any]:
    """A valid Fifty-six deal for four players: a contract or everyone passing, maybe with
    its dealer and the auction that made the contract."""
    points = draw(st.integers(0, 56))
    if draw(st.integers(0, 4)) == 0:
        return {"contract": None, "points": points}
    seat, value = draw(st.integers(0, 3)), draw(st.integers(28, 56))
    trump, double = draw(st.sampled_from(TRUMPS)), draw(st.integers(0, 2))
    deal: dict[str, Any] = {
        "contract": {"seat": seat, "value": value, "trump": trump, "double": double}
    }
    if draw(st.booleans()):
        deal |= {"dealer": (seat - 1) % 4, "auction": auction_for(seat, value, trump, double)}
    return deal | {"points": points}


def auction_for(seat: int, value: int, trump: str, double: int) -> list[dict[str, Any]]:
    """The calls of a four-player auction that ends in this contract, bid by the first bidder,
    doubled by the next seat and redoubled by the bidder's partner (F9, F10)."""
    calls: list[dict[str, Any]] = [{"seat": seat, "call": "bid", "value": value, "trump": trump}]
    kinds = [["pass"] * 3, ["double", "pass", "pass", "pass"], ["double", "redouble"]][double]
    for n, kind in enumerate(kinds, start=1):
        calls.append({"seat": (seat + n) % 4, "call": kind})
    return calls


@st.composite
def casino_deals(draw: st.DrawFn) -> dict[str, Any]:
    """A valid Casino deal for four sides: who took each spade, the other aces and the 10♦, and
    how the 35 other cards were shared out (drawn small, as every example draws it)."""
    spades = draw(st.lists(st.integers(0, 3), min_size=13, max_size=13))
    others = draw(st.lists(st.integers(0, 3), min_size=4, max_size=4))  # A♣ A♥ A♦ 10♦
    cuts = sorted(draw(st.lists(st.integers(0, 35), min_size=3, max_size=3)))
    shares = [b - a for a, b in itertools.pairwise([0, *cuts, 35])]
    return {
        "cards": [spades.count(s) + others.count(s) + shares[s] for s in range(4)],
        "spades": [spades.count(side) for side in range(4)],
        "aces": [spades[0], *others[:3]],
        "big_casino": others[3],
        "little_casino": spades[1],
    }


RANKS = ("A", *map(str, range(2, 11)), "J", "Q", "K")


@st.composite
def positions(draw: st.DrawFn) -> dict[str, Any]:
    """A Seep position that can occur: a hand, loose cards, and maybe a house of two cards."""
    players = draw(st.sampled_from([4, 2]))
    value = draw(st.integers(9, 13))
    low = draw(st.integers(value - 10 if value > 10 else 1, value // 2))
    pair = [RANKS[low - 1] + "S", RANKS[value - low - 1] + "H"]
    # H2: no loose card of the house's value; the pair's cards are the house's own.
    deck = [card for card in DECK if card not in pair and card[:-1] != RANKS[value - 1]]
    cards = draw(st.permutations(deck))
    hand_size, loose_size = draw(st.integers(1, 8)), draw(st.integers(0, 8))
    position: dict[str, Any] = {
        "players": players,
        "seat": draw(st.integers(0, players - 1)),
        "hand": cards[:hand_size],
        "loose": cards[hand_size : hand_size + loose_size],
        "options": {"capture": draw(st.sampled_from(["maximal", "free"]))},
    }
    if draw(st.booleans()):
        owner = draw(st.integers(0, players - 1))
        position["houses"] = [{"value": value, "cards": pair, "owners": [owner]}]
        position["hand"].append(RANKS[value - 1] + "D")  # H5: an owner holds a card of it
    return position


@st.composite
def moves_in(draw: st.DrawFn, position: dict[str, Any]) -> dict[str, Any]:
    """A move with a card of the hand: legal or not."""
    card = draw(st.sampled_from(position["hand"]))
    action = draw(st.sampled_from(["throw", "capture", "build", "raise"]))
    loose = draw(st.lists(st.sampled_from(position["loose"] or ["AS"]), unique=True, max_size=3))
    if action == "throw":
        return {"card": card, "action": "throw"}
    if action == "raise":
        return {"card": card, "action": "raise", "house": draw(st.integers(9, 13))}
    if action == "build":
        return {"card": card, "action": "build", "value": draw(st.integers(9, 13)), "loose": loose}
    return {"card": card, "action": "capture", "loose": loose, "house": False}


@st.composite
def fifty_six_checks(draw: st.DrawFn) -> dict[str, Any]:
    """A Fifty-six position, an auction or a trick, with a call or a card: legal or not."""
    if draw(st.booleans()):
        calls, turn = draw(st.sampled_from(AUCTIONS))
        position = {"phase": "auction", "players": 4, "dealer": 0, "calls": calls}
        # Drawn as offsets from the seat to call and from 30, the simplest draws are legal.
        seat, value = (turn + draw(st.integers(0, 3))) % 4, 30 + draw(st.integers(-3, 27))
        call = {"seat": seat, "call": draw(st.sampled_from(CALLS))}
        if call["call"] == "bid":
            call |= {"value": value, "trump": draw(st.sampled_from(TRUMPS))}
        return {"game": "fifty-six", "position": copy.deepcopy(position), "move": call}
    pack = [rank + suit for suit in "SHDC" for rank in ("J", "9", "A", "10", "K", "Q")] * 2
    cards = draw(st.permutations(pack))
    # The simplest draw completes the trick: its winner and points are answered then.
    hand_size, trick_size = draw(st.integers(1, 12)), 3 - draw(st.integers(0, 3))
    position = {
        "phase": "play",
        "players": 4,
        "trump": draw(st.sampled_from(TRUMPS)),
        "hand": cards[:hand_size],
        "trick": cards[hand_size : hand_size + trick_size],
    }
    card = draw(st.sampled_from(position["hand"] + ["QH"]))  # QH may not be in the hand
    return {"game": "fifty-six", "position": position, "move": {"card": card}}


@st.composite
def casino_checks(draw: st.DrawFn) -> dict[str, Any]:
    """A Casino position, maybe with a build, and a move with a card of the hand: legal or not."""
    players, variant = draw(st.sampled_from([2, 3, 4])), draw(st.sampled_from(CASINO_VARIANTS))
    # The build of 7 is 4 + 3 (single) or 4 + 3 + 7 (multiple), and the hand holds a 7.
    build = ["4C", "3D"] + (["7S"] if draw(st.booleans()) else [])
    deck = [card for card in DECK if card not in (*build, "7H")]
    cards = draw(st.lists(st.sampled_from(deck), unique=True, min_size=6, max_size=11))
    hand_size, loose_size = draw(st.integers(0, 3)), draw(st.integers(0, 8))
    position: dict[str, Any] = {
        "players": players,
        "seat": draw(st.integers(0, players - 1)),
        "variant": variant,
        "hand": ["7H", *cards[:hand_size]],
        "loose": cards[hand_size : hand_size + loose_size],
    }
    if draw(st.booleans()):
        owner = draw(st.integers(0, players - 1))
        position["builds"] = [{"value": 7, "cards": build, "owner": owner}]
    aces = draw(st.sampled_from([None, "choice", "capturing", "one"]))  # K3
    if aces is not None:
        position["options"] = {"aces": aces}
    card = draw(st.sampled_from(position["hand"]))
    action = draw(st.sampled_from(["trail", "capture", "build", "raise"]))
    loose = draw(st.lists(st.sampled_from(position["loose"] or ["AS"]), unique=True, max_size=3))
    move: dict[str, Any] = {"card": card, "action": action}
    if action == "capture":
        move |= {"loose": loose, "builds": draw(st.sampled_from([[], [7]]))}
    elif action == "build":
        move |= {"value": draw(st.integers(2, 14)), "loose": loose}
    elif action == "raise":
        move |= {"build": 7}
    if variant == "royal" and card[0] == "A" and action != "trail" and draw(st.booleans()):
        move["ace"] = 14
    return {"game": "casino", "position": position, "move": move}


CASINO_VARIANTS = ("classic", "royal")
CLUB_NAMES = ("Thursday table", "  Sunday   lunch ", "x" * 60, "Ravi's")
HOUSE_RULES: tuple[dict[str, Any], ...] = (
    {},
    {"seep": {"target": 150, "throw": "matching"}},
    {"casino": {"variant": "royal"}, "fifty-six": {"doubling": "additive", "tables": 8}},
    {"seep": None, "casino": {}},
)
CALLS = ("bid", "pass", "double", "redouble")
BID = {"seat": 1, "call": "bid", "value": 28, "trump": "D"}
# The calls of auctions that can occur (dealer 0), and whose call it is: none yet, a bid, a
# bid doubled, and an auction that is over.
AUCTIONS: list[tuple[list[dict[str, Any]], int]] = [
    ([], 1),
    ([BID], 2),
    ([BID, {"seat": 2, "call": "double"}], 3),
    ([BID, *({"seat": seat, "call": "pass"} for seat in (2, 3, 0))], 1),
]
# Each generated request is steered by a fault: what is left as schemathesis generated it (or
# made wrong). Everything else is aimed at the real session (its id, its tokens, a live deal, a
# current ETag, a valid body), so that the stateful answers are reached as well as the errors.
# The faults take turns, so that each is tried whatever Hypothesis favours; "generated" sends
# schemathesis's request untouched.
FAULTS = [
    "none",
    "session",
    "deal",
    "deleted",
    "no-token",
    "wrong-token",
    "scorer",
    "stale",
    "deleted stale",
    "body",
    "key",
    "key body",
    "guessable key",
    "generated",
]


def steer(
    case: Any, data: st.DataObject, tables: dict[str, Table], turns: Iterator[tuple[str, str]]
) -> tuple[str, str]:
    """Aim the case at the table of the next turn's game, but for the turn's fault.

    The draws are the same whatever the turn and the database hold, as Hypothesis needs: a
    body is drawn for every game, and the turn's is sent. The turn is taken once the draws are
    done, so that an example Hypothesis drops while drawing (its data ran out) skips no turn.
    """
    operation = operation_of(case.operation.path, case.method.lower())
    names = parameter_names(operation)
    index = data.draw(st.integers(0, 9), "deal")
    taken_back = data.draw(st.sampled_from(["last", "other"]), "play taken back")
    sides = data.draw(st.sampled_from(SIDES), "head-to-head")
    preconditions = {h: data.draw(st.sampled_from(PRECONDITIONS[h]), h) for h in PRECONDITIONS}
    bodies = {
        name: data.draw(valid_body(operation["operationId"], each), f"{name} body")
        for name, each in tables.items()
    }
    turn = next(turns)
    fault, game = turn
    table, body = tables[game], bodies[game]
    faults = set(fault.split())
    if "generated" in faults:
        return turn
    if "session" not in faults and "session_id" in case.path_parameters:
        case.path_parameters["session_id"] = table.id
    if "session" not in faults and "club_id" in case.path_parameters:
        case.path_parameters["club_id"] = table.club
    tournament = "tournament_id" in case.path_parameters or operation["operationId"] in TABLES
    if tournament:
        body = aim_tournament(case, operation["operationId"], index, faults, table, body)
    if "body" not in faults and "a" in names:
        aim_sides(case, sides, table)
    if "deal" not in faults and "deal_id" in case.path_parameters:
        aim_deal(case, index, table, "deleted" in faults)
        if operation["operationId"] == "replay_live_deal" and "deleted" not in faults:
            case.path_parameters["deal_id"] = table.played_live()
    plays = table.keep_live() if operation["operationId"] in UNDER_WAY else 0
    if operation["operationId"] == "remove_live_deal":
        # Its start alone, before any play (200); or with plays, discarded by their count
        # (200), or refused for another count (409) or a count that is no number (400).
        if "body" in faults:
            table.keep_live()
            case.query = {"plays": "-1"}
        elif taken_back == "last":
            table.bare_live()
            case.query = {}
        else:
            count = table.keep_live()
            if index % 2:
                case.query = {"plays": str(count)}
    if "body" in faults and operation["operationId"] in BAD_QUERIES:
        case.query = dict(BAD_QUERIES[operation["operationId"]])  # a 400 naming the value
    if operation["operationId"] in ENDINGS:
        aim_ending(operation["operationId"], index, "stale" in faults, table)
    if operation["operationId"] == "start_live_deal" and fault == "body":
        table.end_live()  # so that the body is read, not refused for the deal under way (409)
    if "deal" not in faults and "number" in case.path_parameters and not tournament:
        case.path_parameters["number"] = plays if taken_back == "last" else plays + 1
    if operation["operationId"] == "confirm_table":
        # The table's own token (a session's that is no table's: the table's keeper's).
        tokens = table.bracket.tokens
        aim_token(case, faults, table, tokens.get(case.path_parameters["session_id"], table.keeper))
    elif operation.get("security"):
        aim_token(case, faults, table, table.keeper_for(case.operation.path, case.method.lower()))
    for header in PRECONDITIONS.keys() & names:
        how = "stale" if "stale" in faults else preconditions[header]
        aim_precondition(case, header, how, table)
    if "body" not in faults and "requestBody" in operation:
        case.body = live_play(body, plays, table) if operation["operationId"] in UNDER_WAY else body
    elif operation["operationId"] == "adjust_table":
        # A note that is not printable, which the document says in words only: a 400.
        case.body = {"result": None, "note": "a\u0000b"}
    elif operation["operationId"] == "set_house_rules":
        # The document says every house rule exactly, so a generated body is a valid one.
        case.body = {"seep": {"target": 120}}  # out of range (M2): a 400, nothing stored
    elif operation["operationId"] in CARD_TWICE:
        # A position exactly as documented may still be impossible: a card twice (a 400).
        case.body = copy.deepcopy(CARD_TWICE[operation["operationId"]])
    elif operation["operationId"] == "add_live_play" and isinstance(case.body, dict):
        case.body["number"] = plays + 1  # a generated play, read (400) as the next one, not a 409
    if operation["operationId"] == "review_live_deal":
        aim_review(case, index, faults, preconditions["If-None-Match"], table)
    if "guessable" in faults and "Idempotency-Key" in names:
        case.headers["Idempotency-Key"] = "1"  # a 400 bad-idempotency-key, nothing stored
    elif "key" in faults and "Idempotency-Key" in names:
        # The same key each time: "key body" sends it with another body, a 422.
        case.headers["Idempotency-Key"] = "the-same-key-0123456789abcdefghijkl"
        if operation["operationId"] == "pair_round":
            case.body = NOT_SET  # it has no body: the key alone is the request (a replay)
        elif "body" not in faults:
            # Only a write that is done keeps its key: a number that clashes (a 409) would not.
            case.body.pop("number", None)
    return turn


def aim_review(case: Any, index: int, faults: set[str], if_none_match: str, table: Table) -> None:
    """Ask for the review of a deal played live (202 until it is kept, then 200, or 304 for its
    tag), of the deal being played (409), of no deal (404), or of a deal that is no number
    (400)."""
    if "body" in faults:
        case.query = {"deal": "x"}
    elif "deal" in faults:
        case.query = {"deal": str(table.next_deal_id() + 1)}
    elif index == 0:
        table.keep_live()
        case.query = {"deal": str(table.next_deal_id())}
    elif index == 1 or not table.fresh_review_asked:
        # A deal just played, its review not yet asked for: a 202, at least once whatever is drawn.
        table.fresh_review_asked = True
        table.keep_live()
        table.end_live()
        case.query = {"deal": str(max(table.live_deal_ids()))}
    else:
        deal = table.played_live()
        case.query = {"deal": str(deal)}
        if index > 5:  # the review kept: a 200, or a 304 for its own tag
            etag = table.review_kept(deal)
            case.headers.pop("If-None-Match", None)
            if if_none_match == "current":
                case.headers["If-None-Match"] = etag


# A position the document allows and no deck does: K♠ in the hand and on the floor.
SEEP_CARD_TWICE = {"players": 2, "seat": 0, "hand": ["KS"], "loose": ["KS"], "houses": []}
CARD_TWICE = {
    "check_move": {
        "game": "seep",
        "position": SEEP_CARD_TWICE,
        "move": {"card": "KS", "action": "throw"},
    },
    "list_moves": {"game": "seep", "position": SEEP_CARD_TWICE},
}

# Reads whose query the document bounds: a value past its bounds (a 400) stands for the body.
BAD_QUERIES = {"read_session": {"since": "-1"}, "read_deals": {"limit": "0"}}

# A keeper's result for a table, or none (the adjustment taken back), with a note or not.
ADJUSTMENTS = st.fixed_dictionaries(
    {
        "result": st.none()
        | st.fixed_dictionaries(
            {
                "match_points": st.sampled_from([(2, 0), (1, 1), (0, 2)]).map(list),
                "game_points": st.lists(st.integers(-99, 99), min_size=2, max_size=2),
            }
        )
    },
    optional={"note": st.none() | st.sampled_from(["", "Forfeit: Ravi was ill", "x" * 200])},
)


# Ending a session and reopening it: each asked of a session ended or not.
ENDINGS = {"end_session", "reopen_session"}


def aim_ending(operation_id: str, index: int, stale: bool, table: Table) -> None:
    """The session as the request finds it: open (an end is made: 200, or 412 when If-Match is
    stale), ended (a repeat: 200), or with a live deal under way (an end is refused: 409); the
    other way round for a reopening."""
    ending = operation_id == "end_session"
    if stale:
        table.set_ended(not ending)  # so that the request would change it
        return
    table.set_ended(index % 2 == 1)
    # A live deal starts only while the rules have the session go on (a Casino race ends).
    if (
        ending
        and index % 4 == 0
        and not table.client.get(table.url()).get_json()["standing"]["finished"]
    ):
        table.keep_live()


# The live-deal operations that need a deal under way (the start answers 201 or 409 by itself).
UNDER_WAY = {"read_live_deal", "add_live_play", "remove_live_play"}
PLAY_CHOICES = ("next", "again", "taken", "beyond")


def live_play(choice: str, plays: int, table: Table) -> dict[str, Any]:
    """The next play (201), the last one again (201, a replay), another under the last one's
    number (409 play-exists), or a play numbered beyond the next (409 play-out-of-order)."""
    number = {"next": plays + 1, "again": plays, "taken": plays, "beyond": plays + 2}[choice]
    return table.live_play(number, plays - 1 if choice == "again" else plays)


# A head-to-head asked for or not: none, two players, or a player against a team (by the
# positions of the club's players, which are listed by name).
SIDES: list[tuple[list[int], list[int]] | None] = [None, ([0], [1]), ([0], [1, 2])]


def aim_sides(case: Any, sides: tuple[list[int], list[int]] | None, table: Table) -> None:
    """The statistics of the club without a head-to-head, or with one between its players."""
    case.query = {}
    if sides is not None:
        players = table.players()
        for name, side in zip("ab", sides, strict=True):
            case.query[name] = ",".join(str(players[n]) for n in side)


def aim_deal(case: Any, index: int, table: Table, deleted: bool) -> None:
    pool = table.supply(deleted)
    case.path_parameters["deal_id"] = pool[index % len(pool)]


def aim_token(case: Any, faults: set[str], table: Table, keeper: str) -> None:
    case.headers.pop("Authorization", None)
    token = "not-a-token" if "wrong-token" in faults else keeper
    token = table.scorer if "scorer" in faults else token
    if "no-token" not in faults:
        case.headers["Authorization"] = f"Bearer {token}"


# Preconditions that let a write through or not: a current ETag, none, any ("*"), or generated.
PRECONDITIONS = {
    "If-Match": ["current", "none", "*", "generated"],
    "If-None-Match": ["current", "none", "generated"],
}


def aim_precondition(case: Any, header: str, how: str, table: Table) -> None:
    if how == "generated":
        return
    case.headers.pop(header, None)
    if how == "current":
        # The deal's, or the session's (a deal restored, the session ended or reopened).
        etag = table.etag(case.formatted_path.removesuffix("/restore").removesuffix("/end"))
    else:
        etag = {"stale": '"0.0"', "*": "*"}.get(how)
    if etag:
        case.headers[header] = etag


def valid_body(operation_id: str, table: Table) -> st.SearchStrategy[Any]:
    """Bodies of the table's game that pass the checks of input; a deal's number may still
    clash."""
    if operation_id == "create_session":
        in_club = st.sampled_from([{}, {"club": table.club}, {"club": None}])
        return st.tuples(st.sampled_from(SESSION_BODIES[table.game]), in_club).map(
            lambda pair: copy.deepcopy(pair[0]) | pair[1]
        )
    if operation_id == "create_club":
        return st.sampled_from(CLUB_NAMES).map(lambda name: {"name": name})
    if operation_id == "set_house_rules":
        return st.sampled_from(HOUSE_RULES).map(copy.deepcopy)
    if operation_id == "start_live_deal":
        return st.just(table.live_start).map(copy.deepcopy)
    if operation_id == "add_live_play":
        return st.sampled_from(PLAY_CHOICES)  # resolved against the table once the turn is taken
    if operation_id == "create_tournament":
        return st.sampled_from(tournament_bodies(table.game)).map(copy.deepcopy)
    if operation_id == "add_entrant":
        return st.booleans()  # named or not: a new entrant, made once the turn is taken
    if operation_id == "adjust_table":
        return ADJUSTMENTS
    if operation_id == "advise":
        return st.sampled_from(advice_bodies.bodies(table.game)).map(copy.deepcopy)
    deals = {"seep": seep_deals, "fifty-six": fifty_six_deals, "casino": casino_deals}[table.game]()
    if operation_id == "replace_deal":
        return deals
    if operation_id == "add_deal":
        numbers = st.sampled_from(["none", "next", "first", "beyond"])
        return st.tuples(deals, numbers).map(lambda pair: numbered(pair[0], pair[1], table))
    if table.game == "fifty-six":
        return valid_fifty_six_body(operation_id)
    if table.game == "casino":
        return valid_casino_body(operation_id)
    if operation_id == "check_move":
        return positions().flatmap(
            lambda p: moves_in(p).map(lambda m: {"game": "seep", "position": p, "move": m})
        )
    if operation_id == "list_moves":
        return positions().map(lambda p: {"game": "seep", "position": p})
    return st.none()


def valid_fifty_six_body(operation_id: str) -> st.SearchStrategy[Any]:
    """A check of a call or a card, or a request for the moves of its position."""
    if operation_id == "check_move":
        return fifty_six_checks()
    if operation_id == "list_moves":
        return fifty_six_checks().map(
            lambda body: {"game": body["game"], "position": body["position"]}
        )
    return st.none()


def valid_casino_body(operation_id: str) -> st.SearchStrategy[Any]:
    """A check of a Casino move, or a request for the moves of its position."""
    if operation_id == "check_move":
        return casino_checks()
    if operation_id == "list_moves":
        return casino_checks().map(lambda body: {"game": "casino", "position": body["position"]})
    return st.none()


def numbered(deal: dict[str, Any], number: str, table: Table) -> dict[str, Any]:
    """The deal sent as the next deal, as deal 1, or as the one after next (or unnumbered)."""
    upcoming = table.live_count() + 1
    numbers = {"next": upcoming, "first": 1, "beyond": upcoming + 1}
    return deal | ({"number": numbers[number]} if number in numbers else {})


def parameter_names(operation: dict[str, Any]) -> set[str]:
    parameters = DOCUMENT["components"]["parameters"]
    refs = [p["$ref"].rsplit("/", 1)[1] for p in operation.get("parameters", [])]
    return {parameters[ref]["name"] for ref in refs}


def fuzz(app: Flask, path: str, method: str) -> Counter[str]:
    """Send EXAMPLES generated requests to one operation; each answer is checked.

    The games take turns with each fault: a request is aimed at a session of that game (or
    carries a position of that game)."""
    tables = {game: Table(app, game) for game in sorted(GAMES)}
    operation = SCHEMA[path][method.upper()]
    seen: Counter[str] = Counter()
    turns = itertools.cycle(itertools.product(FAULTS, sorted(GAMES)))
    operation_id = operation_of(path, method)["operationId"]

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        derandomize=True,
        database=None,
        # No shrinking: the app's state has moved on, so a smaller example would not fail alike.
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=list(HealthCheck),
        report_multiple_bugs=False,
    )
    @given(case=operation.as_strategy(), data=st.data())
    def send(case: Any, data: st.DataObject) -> None:
        turn = steer(case, data, tables, turns)
        response = case.call(app=app)
        seen[str(response.status_code)] += 1
        if operation_id == "new_scorer_link" and response.status_code == 200:
            tables[turn[1]].scorer = response.json()["scorer_token"]  # the old one was revoked
        case.validate_response(response, checks=CHECKS)

    send()
    return seen


@pytest.fixture
def pg_app(postgres_url: str) -> Iterator[Flask]:
    """The app on the PostgreSQL database, brought up to date by init-db."""
    config = {
        "SQLALCHEMY_DATABASE_URI": postgres_url,
        "RATELIMIT_ENABLED": False,
        "REVIEW_SECONDS": advice_bodies.QUICK_REVIEW,
    }
    app = create_app({"TESTING": True, "SECRET_KEY": "test", **config})
    assert app.test_cli_runner().invoke(args=["init-db"]).exit_code == 0
    yield app
    app.extensions[workers.EXTENSION].close()
    with app.app_context():
        db.engine.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def any_app(request: pytest.FixtureRequest) -> Flask:
    """The app on SQLite, then on PostgreSQL."""
    name = "app" if request.param == "sqlite" else "pg_app"
    app: Flask = request.getfixturevalue(name)
    return app


@pytest.mark.parametrize(("path", "method"), OPERATIONS, ids=[f"{m} {p}" for p, m in OPERATIONS])
def test_schemathesis(any_app: Flask, path: str, method: str) -> None:
    seen = fuzz(any_app, path, method)
    print(f"{method.upper()} {path}: {dict(sorted(seen.items()))}")
    # Every documented answer happened (and matched the document) at least once.
    assert documented_statuses(path, method) - NOT_FUZZED <= set(seen), seen


# -- the answers generated requests cannot reach: a body too large, a database gone ----------


def in_path(path: str, **values: Any) -> dict[str, Any]:
    """The values of the parameters that `path` has."""
    return {name: value for name, value in values.items() if f"{{{name}}}" in path}


def bodies() -> Iterator[tuple[str, str]]:
    for path, method in OPERATIONS:
        if "413" in documented_statuses(path, method):
            yield path, method


@pytest.mark.parametrize(("path", "method"), list(bodies()))
def test_too_large(app: Flask, path: str, method: str) -> None:
    table = Table(app)
    case = SCHEMA[path][method.upper()].Case(
        path_parameters=in_path(path, **table.path_values()),
        headers=table.auth_for(path, method),
        body={"padding": "x" * 300_000},
    )
    response = case.call(app=app)
    assert response.status_code == 413
    case.validate_response(response, checks=CHECKS)


def limited_operations() -> Iterator[tuple[str, str]]:
    for path, method in OPERATIONS:
        if "429" in documented_statuses(path, method):
            yield path, method


STARTS = {("/api/v1/sessions", "post"), ("/api/v1/clubs", "post")}
# Limited per client and per session (issue 34): the deal writes and the whole-session read.
COSTLY = {
    ("/api/v1/sessions/{session_id}/deals", "post"),
    ("/api/v1/sessions/{session_id}/deals/{deal_id}", "put"),
    ("/api/v1/sessions/{session_id}/deals/{deal_id}", "delete"),
    ("/api/v1/sessions/{session_id}/deals/{deal_id}/restore", "post"),
    ("/api/v1/sessions/{session_id}/live", "post"),
    ("/api/v1/sessions/{session_id}/live", "delete"),
    ("/api/v1/sessions/{session_id}/live/plays", "post"),
    ("/api/v1/sessions/{session_id}/live/plays/{number}", "delete"),
    ("/api/v1/sessions/{session_id}", "get"),
}


# Limited per client because each holds a search worker (issue 38).
SEARCHES = {("/api/v1/advice", "post")}
# Limited in how many a client holds open at once, by the stream tier (issue 36).
STREAMS = {
    ("/api/v1/sessions/{session_id}/changes", "get"),
    ("/api/v1/clubs/{club_id}/changes", "get"),
    ("/api/v1/tournaments/{tournament_id}/changes", "get"),
}


def test_the_rate_limited_operations_are_the_starts_deal_writes_whole_reads_and_streams() -> None:
    assert set(limited_operations()) == STARTS | COSTLY | STREAMS | SEARCHES


def test_the_limits_figures_are_the_server_s_defaults() -> None:
    figures = DOCUMENT["info"]["x-limits"]
    defaults = {
        "starts": (app_module.CREATE_LIMIT, "SCOREKEEPER_CREATE_LIMIT"),
        "deal_writes_per_session": (
            app_module.SESSION_WRITE_LIMIT,
            "SCOREKEEPER_SESSION_WRITE_LIMIT",
        ),
        "deal_writes_per_client": (app_module.WRITE_LIMIT, "SCOREKEEPER_WRITE_LIMIT"),
        "expensive_reads": (app_module.READ_LIMIT, "SCOREKEEPER_READ_LIMIT"),
        "expensive_reads_at_once": (app_module.READS_AT_ONCE, "SCOREKEEPER_READS_AT_ONCE"),
        "open_streams": (streams_app.PER_CLIENT, "SCOREKEEPER_STREAMS_PER_CLIENT"),
        "advice": (app_module.ADVICE_LIMIT, "SCOREKEEPER_ADVICE_LIMIT"),
    }
    for name, (figure, setting) in defaults.items():
        assert (figures[name]["figure"], figures[name]["setting"]) == (figure, setting), name


def test_advice_past_its_figure_answers_its_429(fresh_db: str) -> None:
    config = {"TESTING": True, "SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": fresh_db}
    app = create_app(config | {"ADVICE_LIMIT": "1 per minute"})
    case = SCHEMA["/api/v1/advice"]["POST"].Case(body=base_body("advise"))
    try:
        assert case.call(app=app).status_code == 200
        response = case.call(app=app)
        assert response.status_code == 429
        case.validate_response(response, checks=CHECKS)
    finally:
        app.extensions[workers.EXTENSION].close()


@pytest.mark.parametrize(("path", "method"), sorted(COSTLY))
def test_costly_operations_limited(fresh_db: str, path: str, method: str) -> None:
    """Over a deal-write or read figure, each answers the 429 documented for it."""
    config = {"TESTING": True, "SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": fresh_db}
    app = create_app(config | {"RATELIMIT_ENABLED": True})
    table = Table(app)
    operation = SCHEMA[path][method.upper()]
    operation_id = operation_of(path, method)["operationId"]
    has_body = "requestBody" in operation_of(path, method)
    body: dict[str, Any] = {"body": base_body(operation_id)} if has_body else {}
    # Each asks for a change (only a change is counted): deal 2 is the deleted one, and a play
    # is the first of a live deal under way.
    deal_id = 2 if path.endswith("/restore") else 1
    if operation_id == "add_live_play":
        assert table.post("live", json=table.live_start).status_code == 201
        body = {"body": {"number": 1, **table.live_plays[0]}}
    # The figures are read at each request: none left for the session, none for a whole read.
    app.config |= {"SESSION_WRITE_LIMIT": "0 per minute", "READ_LIMIT": "0 per minute"}
    case = operation.Case(
        path_parameters=in_path(path, session_id=table.id, deal_id=deal_id, number=1),
        headers=table.auth_for(path, method),
        **body,
    )
    response = case.call(app=app)
    assert response.status_code == 429
    case.validate_response(response, checks=CHECKS)


@pytest.mark.parametrize(("path", "method"), sorted(STARTS))
def test_rate_limited(fresh_db: str, path: str, method: str) -> None:
    limited = {"RATELIMIT_ENABLED": True, "CREATE_LIMIT": "1 per minute"}
    config = {"TESTING": True, "SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": fresh_db}
    app = create_app(config | limited)
    operation_id = operation_of(path, method)["operationId"]
    case = SCHEMA[path][method.upper()].Case(body=base_body(operation_id))
    assert case.call(app=app).status_code == 201
    response = case.call(app=app)
    assert response.status_code == 429
    case.validate_response(response, checks=CHECKS)


SEARCH_BUSY = {"$ref": "#/components/responses/SearchBusy"}


def outage_operations() -> Iterator[tuple[str, str]]:
    """The operations that answer 503 when the database is gone (advice reads none)."""
    for path, method in OPERATIONS:
        if "503" in documented_statuses(path, method) and path != "/api/v1/advice":
            yield path, method


def test_every_search_answers_503_when_its_workers_are_busy(fresh_db: str) -> None:
    searches = [
        (p, m) for p, m in OPERATIONS if operation_of(p, m)["responses"].get("503") == SEARCH_BUSY
    ]
    review = "/api/v1/sessions/{session_id}/live/review"
    assert searches == [("/api/v1/advice", "post"), (review, "get")]
    config = {"SEARCH_WORKERS": 1, "SEARCH_WAITING": 0, "SQLALCHEMY_DATABASE_URI": fresh_db}
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "RATELIMIT_ENABLED": False, **config})
    table = Table(app)
    cases = {
        "post": SCHEMA["/api/v1/advice"]["POST"].Case(body=base_body("advise")),
        "get": SCHEMA[review]["GET"].Case(
            path_parameters={"session_id": table.id}, query={"deal": str(table.played_live())}
        ),
    }
    with app.app_context():
        held = workers.workers().submit(time.sleep, 5)  # the one worker's one place
    try:
        for case in cases.values():
            response = case.call(app=app)
            assert response.status_code == 503
            case.validate_response(
                response, checks=[c for c in CHECKS if c is not not_a_server_error]
            )
    finally:
        held.cancel()
        app.extensions[workers.EXTENSION].close()


@pytest.mark.parametrize(("path", "method"), list(outage_operations()))
def test_unavailable(tmp_path: Path, path: str, method: str) -> None:
    # No database file can be opened in a directory that does not exist.
    url = f"sqlite:///{tmp_path / 'gone' / 'db.sqlite'}"
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": url})
    operation = SCHEMA[path][method.upper()]
    operation_id = operation_of(path, method)["operationId"]
    has_body = "requestBody" in operation_of(path, method)
    body: dict[str, Any] = {"body": base_body(operation_id)} if has_body else {}
    case = operation.Case(
        path_parameters=in_path(
            path,
            session_id="abc",
            deal_id=1,
            club_id="abc",
            number=1,
            tournament_id="abc",
            table=1,
            entrant_id=1,
        ),
        headers={"Authorization": "Bearer token"},
        **body,
    )
    response = case.call(app=app)
    assert response.status_code == 503
    documented = [check for check in CHECKS if check is not not_a_server_error]
    case.validate_response(response, checks=documented)


# -- strings that strict UTF-8 cannot encode ------------------------------------------------
# JSON may escape a lone surrogate ("\ud800"); Hypothesis's and schemathesis's text leaves
# them out, so they are sent here: as an extra field, as a key, and inside the input.

# (st.text leaves surrogates out whatever its alphabet, so the characters are joined here.)
ODD_TEXT = st.lists(st.characters(categories=["Cs"]) | st.characters(), min_size=1, max_size=4).map(
    "".join
)


def base_body(operation_id: str) -> dict[str, Any]:
    """A valid body for the operation, with a string inside it at body["inner"][...]."""
    if operation_id == "create_session":
        return copy.deepcopy(SESSION_BODIES["seep"][0])
    if operation_id == "create_club":
        return {"name": "Thursday table"}
    if operation_id == "set_house_rules":
        return {"seep": {"target": 150, "throw": "matching"}}
    if operation_id in ("add_deal", "replace_deal"):
        return fixed_deal(50)
    if operation_id == "create_tournament":
        return tournament_body("seep")
    if operation_id == "add_entrant":  # one more pair for the Seep table's tournament
        return {"name": "Latecomers", "players": ["Hema", "Gopal"]}
    if operation_id == "adjust_table":
        return {"result": {"match_points": [2, 0], "game_points": [30, -30]}, "note": "Forfeit"}
    if operation_id == "advise":
        return advice_bodies.bodies("seep")[0]
    example = schema("CheckRequest" if operation_id == "check_move" else "MovesRequest")
    return copy.deepcopy(example["examples"][0])


def put_inside(body: dict[str, Any], text: str) -> None:
    """Replace a name, a card, the move's card, a house rule or a result's note with `text`."""
    if "name" in body:
        body["name"] = text
    elif "result" in body:
        body["note"] = text
    elif "teams" in body:
        body["teams"][0]["players"][0] = text
    elif "captured" in body:
        body["captured"][0][0] = text
    elif "move" in body:
        body["move"]["card"] = text
    elif "seep" in body:
        body["seep"]["throw"] = text
    else:
        body["position"]["hand"][0] = text


@pytest.mark.parametrize(("path", "method"), BODY_OPERATIONS)
def test_lone_surrogates_are_bad_input_not_a_crash(app: Flask, path: str, method: str) -> None:
    table = Table(app)
    operation = SCHEMA[path][method.upper()]
    operation_id = operation_of(path, method)["operationId"]
    url = path.format(**table.path_values())

    @settings(max_examples=25, deadline=None, derandomize=True, database=None)
    @given(where=st.sampled_from(["value", "key", "inside"]), text=ODD_TEXT, keyed=st.booleans())
    def send(where: str, text: str, keyed: bool) -> None:
        body = base_body(operation_id)
        if where == "inside":
            put_inside(body, text)
        else:
            body.update({"note": text} if where == "value" else {text: 1})
        headers = table.auth_for(path, method) | (
            {"Idempotency-Key": f"key-{where}-0123456789abcdefghijkl"} if keyed else {}
        )
        raw = json.dumps(body)  # ASCII, with \ud800 escapes
        response = table.client.open(
            url, method=method, data=raw, content_type="application/json", headers=headers
        )
        assert response.status_code < 500, response.get_json()
        assert str(response.status_code) in documented_statuses(path, method)
        operation.validate_response(response)

    send()


@pytest.mark.parametrize(("path", "method"), BODY_OPERATIONS)
def test_a_body_sent_as_another_type_is_bad_json(app: Flask, path: str, method: str) -> None:
    # The document lists application/json only, and no 415: other types are a 400 `bad-json`.
    table = Table(app)
    body = json.dumps(base_body(operation_of(path, method)["operationId"]))
    response = table.client.open(
        path.format(**table.path_values()),
        method=method,
        data=body,
        content_type="text/plain",
        headers=table.auth_for(path, method),
    )
    assert response.status_code == 400
    assert response.get_json()["error"] == "bad-json"
    assert list(operation_of(path, method)["requestBody"]["content"]) == ["application/json"]
    SCHEMA[path][method.upper()].validate_response(response)


@pytest.mark.parametrize(("path", "method", "example"), list(request_examples()))
def test_the_document_s_examples_are_accepted(
    app: Flask, path: str, method: str, example: Any
) -> None:
    game = "fifty-six" if "contract" in example else "casino" if "cards" in example else "seep"
    table = Table(app, game)
    url = path.format(**table.path_values())
    response = table.client.open(
        url, method=method, json=example, headers=table.auth_for(path, method)
    )
    assert response.status_code in (200, 201), response.get_json()
    SCHEMA[path][method.upper()].validate_response(response)


# -- Casino answers the run does not reach: sweeps, counting out, every table shape ------------

# Two sides: 7-4 (K11), then the same deal the other way round.
SEVEN_FOUR = dict(cards=[30, 22], spades=[7, 6], aces=[0, 1, 0, 1], big_casino=1, little_casino=0)
FOUR_SEVEN = dict(cards=[22, 30], spades=[6, 7], aces=[1, 0, 1, 0], big_casino=0, little_casino=1)


@pytest.mark.parametrize(
    ("options", "deals", "won"),
    [
        # K13: 18-15, then counted out the fourth deal is side 1's at the A♠ (totals 22-22).
        ({"count_out": "on"}, [SEVEN_FOUR, FOUR_SEVEN] * 2, "count_out"),
        ({}, [SEVEN_FOUR, FOUR_SEVEN] * 2, None),  # 22-22: equal totals play on
        ({}, [SEVEN_FOUR] * 3, "first"),
        ({"sweeps": "on", "variant": "royal"}, [SEVEN_FOUR | {"sweeps": [1, 2]}] * 2, None),
    ],
)
def test_casino_standings_match_the_document(
    client: FlaskClient, options: dict[str, Any], deals: list[dict[str, Any]], won: str | None
) -> None:
    teams = [{"players": ["Uma"]}, {"players": ["Om"]}]
    body = {"game": "casino", "teams": teams, "options": options}
    created = client.post("/api/v1/sessions", json=body)
    SCHEMA["/api/v1/sessions"]["POST"].validate_response(created)
    session = created.get_json()
    url, auth = (
        f"/api/v1/sessions/{session['id']}",
        {"Authorization": f"Bearer {session['edit_token']}"},
    )
    for deal in deals:
        response = client.post(f"{url}/deals", json=deal, headers=auth)
        assert response.status_code == 201, response.get_json()
        SCHEMA["/api/v1/sessions/{session_id}/deals"]["POST"].validate_response(response)
    assert (response.get_json()["won"] or {}).get("by") == won
    SCHEMA["/api/v1/sessions/{session_id}"]["GET"].validate_response(client.get(url))
    stale = client.put(f"{url}/deals/1", json=FOUR_SEVEN, headers=auth | {"If-Match": '"1.0"'})
    assert stale.status_code == 412
    SCHEMA["/api/v1/sessions/{session_id}/deals/{deal_id}"]["PUT"].validate_response(stale)


def test_a_royal_casino_sweep_played_live_matches_the_document(client: FlaskClient) -> None:
    """K12: in Royal Casino with sweeps, a live capture of the whole table scores 1 (not
    Seep's 25 or 50)."""
    teams = [{"players": ["Uma"]}, {"players": ["Om"]}]
    options = {"variant": "royal", "sweeps": "on"}
    created = client.post(
        "/api/v1/sessions", json={"game": "casino", "teams": teams, "options": options}
    )
    session = created.get_json()
    url = f"/api/v1/sessions/{session['id']}/live"
    auth = {"Authorization": f"Bearer {session['edit_token']}"}
    started = client.post(url, json={"table": ["AH", "2D", "3C", "4S"]}, headers=auth)
    assert started.status_code == 201, started.get_json()
    SCHEMA["/api/v1/sessions/{session_id}/live"]["POST"].validate_response(started)
    sweep = {"number": 1, "seat": 0, "card": "10H", "action": "capture"}
    played = client.post(
        url + "/plays", json=sweep | {"loose": ["AH", "2D", "3C", "4S"]}, headers=auth
    )
    assert played.status_code == 201, played.get_json()
    assert (played.get_json()["sweep"], played.get_json()["sweep_points"]) == (True, 1)
    SCHEMA["/api/v1/sessions/{session_id}/live/plays"]["POST"].validate_response(played)


@pytest.mark.parametrize(
    ("position", "move"),
    [
        # K3: a Royal ace as 14 takes K + A; its move says so.
        (
            {"players": 2, "seat": 0, "variant": "royal", "hand": ["AH"], "loose": ["KC", "AC"]},
            {"card": "AH", "action": "capture", "loose": ["KC", "AC"], "ace": 14},
        ),
        # K6: the owner raises a single 7 to 8 with the ace, holding the 8.
        (
            {
                "players": 3,
                "seat": 1,
                "hand": ["AH", "8S", "7D"],
                "loose": ["QC"],
                "builds": [{"value": 7, "cards": ["4C", "3D"], "owner": 1}],
            },
            {"card": "AH", "action": "raise", "build": 7},
        ),
    ],
    ids=["a Royal ace as 14", "a raise"],
)
def test_casino_moves_match_the_document(
    client: FlaskClient, position: dict[str, Any], move: dict[str, Any]
) -> None:
    body = {"game": "casino", "position": position}
    checked = client.post("/api/v1/check", json=body | {"move": move})
    assert checked.get_json()["legal"] is True, checked.get_json()
    SCHEMA["/api/v1/check"]["POST"].validate_response(checked)
    listed = client.post("/api/v1/moves", json=body)
    assert checked.get_json()["move"] in listed.get_json()["moves"]
    SCHEMA["/api/v1/moves"]["POST"].validate_response(listed)


# -- clubs: the history's standings, and statistics of every game ------------------------------


@pytest.mark.parametrize(
    ("prefix", "row"),
    [("Seep", "StandingRow"), ("FiftySix", "FiftySixStandingRow"), ("Casino", "CasinoStandingRow")],
)
def test_a_club_s_standings_are_the_session_s_without_deal_identity(prefix: str, row: str) -> None:
    # A club lists each session's standing as the engine gives it: no deal ids or versions.
    bare = copy.deepcopy(schema(row))
    for name in ("id", "number", "version"):
        del bare["properties"][name]
        bare["required"].remove(name)
    assert schema(f"Club{prefix}StandingRow") == bare
    standing, listed = schema(f"{prefix}Standing"), schema(f"Club{prefix}Standing")
    rows = listed["properties"]["deals"]["items"]["$ref"]
    assert rows == f"#/components/schemas/Club{prefix}StandingRow"
    assert listed["required"] == standing["required"]
    assert {k: v for k, v in listed["properties"].items() if k != "deals"} == {
        k: v for k, v in standing["properties"].items() if k != "deals"
    }


def test_fifty_six_figures_are_the_engine_s() -> None:
    figures = schema("FiftySixFigures")
    assert set(figures["required"]) == set(fifty_six_stats._empty()) | {"made_rate"}
    bands = [fifty_six_stats.band(low) for low, _, _, _ in SCHEDULE]
    assert figures["properties"]["by_bid"]["required"] == bands
    assert schema("ClubStats")["properties"]["games"]["properties"].keys() == set(GAMES)


def test_a_club_of_three_games_matches_the_document(client: FlaskClient) -> None:
    club = client.post("/api/v1/clubs", json={"name": "Thursday"}).get_json()["id"]
    plays = [
        ("casino", [{"players": ["Uma"]}, {"players": ["Om"]}], [SEVEN_FOUR] * 3),  # won
        ("fifty-six", FOUR, [fixed_fifty_six_deal(44), {"contract": None, "points": 20}]),
        ("seep", FOUR, [fixed_deal(60) | {"sweeps": [{"team": 1, "when": "play"}]}]),
        ("seep", [{"players": ["Uma"]}, {"players": ["Om"]}], []),  # no deal: not counted
    ]
    for game, teams, deals in plays:
        body = {"game": game, "teams": teams, "club": club}
        session = client.post("/api/v1/sessions", json=body).get_json()
        auth = {"Authorization": f"Bearer {session['edit_token']}"}
        for deal in deals:
            posted = client.post(f"/api/v1/sessions/{session['id']}/deals", json=deal, headers=auth)
            assert posted.status_code == 201, posted.get_json()
    read = client.get(f"/api/v1/clubs/{club}")
    SCHEMA["/api/v1/clubs/{club_id}"]["GET"].validate_response(read)
    assert [s["finished"] for s in read.get_json()["sessions"]] == [False, False, False, True]
    ids = {p["name"]: p["id"] for p in read.get_json()["players"]}
    asks = [
        {},
        {"a": ids["Uma"], "b": ids["Om"]},  # players alone, Casino: Uma won
        {"a": f"{ids['Asha']},{ids['Ravi']}", "b": f"{ids['Dev']},{ids['Meena']}"},  # pairs
    ]
    for query in asks:
        stats = client.get(f"/api/v1/clubs/{club}/stats", query_string=query)
        assert stats.status_code == 200, stats.get_json()
        SCHEMA["/api/v1/clubs/{club_id}/stats"]["GET"].validate_response(stats)
    answer = stats.get_json()
    assert answer["games"].keys() == set(GAMES)
    assert answer["head_to_head"]["games"].keys() == {"fifty-six", "seep"}
