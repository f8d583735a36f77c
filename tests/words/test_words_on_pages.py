"""The words the glossary chooses, as the pages and the API say them: one English word in two
senses told apart ("The table"), a rule broken named by its id and its name (never the API's
code), and lists joined with the language's own comma."""

from __future__ import annotations

import ast
import html
import json
import re
import tomllib
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

import scorekeeper.rules
from scorekeeper.web.catalogs import TRANSLATIONS
from scorekeeper.words.bidi import plain
from scorekeeper.words.languages import COOKIE
from scorekeeper.words.lists import listed
from scorekeeper.words.verdicts import RULE_NAMES
from tests.helpers.catalogs import OTHERS
from tests.helpers.said import said

RULES = Path(scorekeeper.rules.__file__).parent


def glossary_words(code: str, term: str) -> list[str]:
    """A term's allowed forms in a language's glossary."""
    with (TRANSLATIONS / code / "glossary.toml").open("rb") as file:
        return list(tomllib.load(file)["terms"][term]["use"])


def heading(page: str, element_id: str) -> str:
    found = re.search(rf'<h2 id="{element_id}">(.*?)</h2>', page, re.S)
    assert found, element_id
    return found[1].strip()


@pytest.mark.parametrize("code", OTHERS)
def test_the_checker_s_table_section_is_the_table_people_sit_at(
    client: FlaskClient, code: str
) -> None:
    """The checker's section "The table" (players, whose turn, the bid) and the cards on the
    table are two senses of one English msgid: each its own msgctxt, each its glossary's word
    (Hindi once called the section «बीच के पत्ते», the cards in the middle)."""
    client.set_cookie(COOKIE, code)
    section = heading(client.get("/check/seep").get_data(as_text=True), "table-h")
    assert any(re.search(word, section) for word in glossary_words(code, "checker-section"))
    cards = said(code, "the cards on it\x04The table")
    assert any(re.search(word, cards) for word in glossary_words(code, "table-cards"))
    if code == "hi":
        assert section != cards


def engine_codes() -> set[str]:
    """Every code a Violation can carry: the second argument of each Violation(...) built in
    the engine (a violation passed on keeps its code)."""
    codes: set[str] = set()
    for path in RULES.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Violation":
                given = node.args[1] if len(node.args) > 1 else None
                if isinstance(given, ast.Constant) and isinstance(given.value, str):
                    codes.add(given.value)
    return codes


def test_every_code_the_engine_gives_has_a_name_and_no_name_is_left_over() -> None:
    codes = engine_codes()
    assert len(codes) > 20  # the finder finds what it is for
    assert codes == set(RULE_NAMES)


@pytest.mark.parametrize("code", ["en", *OTHERS])
def test_the_checker_pages_hand_their_script_the_rule_names_in_the_reader_s_words(
    client: FlaskClient, code: str
) -> None:
    client.set_cookie(COOKIE, code)
    for game in ("seep", "fifty-six", "casino"):
        page = client.get(f"/check/{game}").get_data(as_text=True)
        found = re.search(r"data-rule-names='([^']*)'", page)
        assert found, game
        names = json.loads(html.unescape(found[1]))
        assert set(names) == set(RULE_NAMES)
        opening = "Opening bid" if code == "en" else said(code, "rule\x04Opening bid")
        assert names["opening-bid"] == opening
        assert all(name != rule for rule, name in names.items())


def test_an_illegal_call_in_an_auction_is_named_by_its_rule_not_its_code(
    client: FlaskClient,
) -> None:
    """The API's message for an illegal call in a posted auction names the rule by its id
    and its name in the reader's language; `error` keeps the code."""
    auction = {
        "players": 4,
        "dealer": 0,
        "phase": "auction",
        "calls": [{"seat": 2, "call": "bid", "value": 28, "trump": "S"}],
    }
    move = {"seat": 1, "call": "pass"}
    answer = client.post(
        "/api/v1/check",
        json={"game": "fifty-six", "position": auction, "move": move},
        headers={"Accept-Language": "pt"},
    )
    body = answer.get_json()
    assert answer.status_code == 400 and body["error"] == "bad-auction", body
    assert "F7 · " + said("pt", "rule\x04Out of turn") in body["message"]
    assert "out-of-turn" not in body["message"]


@pytest.mark.parametrize(
    ("code", "joined", "either"),
    [
        ("en", "A, B and C", "A, B or C"),
        ("ur", "A، B اور C", "A، B یا C"),
        ("hi", "A, B और C", "A, B या C"),
        ("ml", "A, B, C", "A, B അല്ലെങ്കിൽ C"),
    ],
)
def test_the_server_lists_with_the_language_s_comma(
    app: Flask, code: str, joined: str, either: str
) -> None:
    """The same patterns as the pages' script (words.js's `listed`): Urdu's «،»."""
    with app.test_request_context(headers={"Cookie": f"{COOKIE}={code}"}):
        assert plain(listed(["A", "B", "C"])) == joined
        assert plain(listed(["A", "B", "C"], "or")) == either


def test_each_item_of_a_right_to_left_list_is_isolated_once(app: Flask) -> None:
    """Seen on review: the list so far was isolated again at each link, so the first of four
    items sat three isolates deep. Each item is now isolated once, the links around them not."""
    with app.test_request_context(headers={"Cookie": f"{COOKIE}=ur"}):
        said = listed(["Asha", "Ravi", "Dev", "Meena"])
    for name in ("Asha", "Ravi", "Dev", "Meena"):
        assert f"\u2068{name}\u2069" in said
    assert said.count("\u2068") == 4
    assert "\u2068\u2068" not in said
