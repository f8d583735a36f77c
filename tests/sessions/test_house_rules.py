"""House rules where a session starts and is shown: the new-session form starts at the club's
house rules (the table can still change them), and the scoreboard names the rules it plays."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.rules import GAMES
from scorekeeper.sessions.games import PAGES
from scorekeeper.words.languages import COOKIE
from tests.helpers.api import CLUBS, bearer, new_club
from tests.helpers.pages import FORMS, keeper_link, start, stored


def set_rules(client: FlaskClient, club: dict[str, Any], rules: dict[str, Any]) -> None:
    url = f"{CLUBS}/{club['id']}/rules"
    answer = client.put(url, json=rules, headers=bearer(club["keeper_token"]))
    assert answer.status_code == 200, answer.get_json()


def checked(page: str, name: str) -> list[str]:
    """The values of the radio buttons called `name` that are checked."""
    return re.findall(rf'name="{name}" value="([^"]*)"\s*checked', page)


def rules_line(page: str) -> str:
    found = re.search(r'data-testid="rules-line">(.*?)</p>', page, re.S)
    assert found, "no rules line"
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", found.group(1))).split())


ROYAL = {"casino": {"variant": "royal"}}


def test_the_new_session_form_starts_at_the_club_s_house_rules(client: FlaskClient) -> None:
    club = new_club(client)
    set_rules(client, club, {"casino": {"variant": "royal"}, "fifty-six": {"tables": 8}})
    form = client.get(f"/new/casino?club={club['id']}").get_data(as_text=True)
    assert checked(form, "variant") == ["royal"]
    assert checked(form, "sweeps") == ["off"]  # the usual, where the club sets none
    fifty_six = client.get(f"/new/fifty-six?club={club['id']}").get_data(as_text=True)
    assert re.search(r'name="tables"[^>]*value="8"', fifty_six)
    # Without the club, the usual rules.
    assert checked(client.get("/new/casino").get_data(as_text=True), "variant") == ["classic"]


def test_each_club_offered_carries_its_house_rules_for_the_script(client: FlaskClient) -> None:
    """Choosing another club on the form moves the options to its house rules
    (new-session.js): each club's, and a new club's usual ones, are on its button."""
    first = start(client, "casino", FORMS["casino"])  # this browser's club, made quietly
    club = stored(client, first)["club"]
    form = client.get("/new/casino").get_data(as_text=True)
    rules = dict(re.findall(r'name="club" value="([^"]*)"[^>]*data-rules="([^"]*)"', form))
    assert json.loads(html.unescape(rules[club]))["variant"] == "classic"
    set_rules(client, {"id": club, "keeper_token": keeper_link(client, club)}, ROYAL)
    form = client.get("/new/casino").get_data(as_text=True)
    rules = dict(re.findall(r'name="club" value="([^"]*)"[^>]*data-rules="([^"]*)"', form))
    ours, new = (json.loads(html.unescape(rules[c])) for c in (club, ""))
    assert (ours["variant"], ours["sweeps"], new["variant"]) == ("royal", "off", "classic")


def test_the_table_can_still_change_the_house_rules(client: FlaskClient) -> None:
    club = new_club(client)
    set_rules(client, club, {"seep": {"target": 150, "throw": "matching"}})
    fields = {"club": club["id"], "target": "50", "baazis": "", "throw": "matching"}
    board = start(client, "seep", FORMS["seep"], **fields)
    options = stored(client, board)["options"]
    # The form's choice wins; a house rule the form showed as it was (T3) stays.
    assert (options["target"], options["throw"]) == (50, "matching")


def test_the_scoreboard_names_the_rules_played_as_the_form_does(client: FlaskClient) -> None:
    usual = start(client, "casino", FORMS["casino"])
    assert rules_line(client.get(usual).get_data(as_text=True)) == "The usual rules."
    fields = {"variant": "royal", "sweeps": "on", "count_out": "off", "partnerships": "off"}
    royal = start(client, "casino", FORMS["casino"], **fields)
    line = rules_line(client.get(royal).get_data(as_text=True))
    assert line == "Rules played Variant (K3): Royal · Sweeps score 1 (K12): Yes"


@pytest.mark.parametrize("code", ["en", "pt", "eo", "hi", "ur", "ml"])
def test_the_rules_line_puts_no_colon_before_the_rules_own(client: FlaskClient, code: str) -> None:
    """Each rule says "option: value"; the line's head is no sentence ending in a colon before
    them ("Regras em uso: Variante (K3): Real" read twice-colonned in every language)."""
    client.set_cookie(COOKIE, code)
    fields = {"variant": "royal", "sweeps": "on", "count_out": "off", "partnerships": "off"}
    royal = start(client, "casino", FORMS["casino"], **fields)
    line = rules_line(client.get(royal).get_data(as_text=True))
    assert line.count(":") == 2, line  # one in each of the two rules


def test_every_option_of_every_game_has_its_control(app: Flask) -> None:
    # So a club's house rules and the scoreboard's line name each option as the form does.
    for name, page in PAGES.items():
        offered = {option.name for option in page.session_form.setup.options}
        assert offered == set(GAMES[name].parse_options(None)), name


def test_the_scoreboard_names_seep_s_rules_of_play(client: FlaskClient) -> None:
    fields = {"capture": "free", "throw": "matching", "raise_own": "on"}
    board = start(client, "seep", FORMS["seep"], **fields)
    assert rules_line(client.get(board).get_data(as_text=True)) == (
        "Rules played A capture takes all it can (C2): No, the player chooses"
        " · A card that could capture may be thrown (T3): Unless a loose card matches it"
        " · We may raise our own house: Yes"
    )
