"""A club's house rules on its page: the keeper sets each game's with the new-session form's
controls; everyone reads them; nothing is stored from a wrong form or another phone."""

from __future__ import annotations

import html
import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.data.extensions import db
from scorekeeper.data.models import Club
from tests.helpers.pages import flash_texts

SEEP_RULES = {"seep-target": "150", "seep-baazis": "", "seep-under9": "cards"}


def rules_shown(page: str) -> list[str]:
    """The house rules the page lists, one line per game, as read."""
    found = re.search(r'data-testid="house-rules">(.*?)</section>', page, re.S)
    assert found, "no house rules shown"
    lines = re.findall(r"<(?:li|p)[^>]*>(.*?)</(?:li|p)>", found.group(1), re.S)
    return [" ".join(html.unescape(re.sub(r"<[^>]+>", "", line)).split()) for line in lines]


def stored(app: Flask, club_id: str) -> tuple[Any, int]:
    with app.app_context():
        club = db.session.get(Club, club_id)
        assert club is not None
        return club.house_rules, club.version


def test_the_keeper_sets_a_game_s_house_rules_and_everyone_reads_them(
    app: Flask, client: FlaskClient, evening: dict[str, Any]
) -> None:
    club = evening["club"]
    page = client.get(f"/c/{club}").get_data(as_text=True)
    assert rules_shown(page) == ["The usual rules of every game."]
    _, version = stored(app, club)
    sent = client.post(f"/c/{club}/rules/seep", data=SEEP_RULES, follow_redirects=True)
    assert sent.status_code == 200
    page = sent.get_data(as_text=True)
    assert "New Seep sessions of this club start with these house rules." in flash_texts(page)
    expected = ["Seep A baazi is won by a lead of: 150 · Under 9 counts: Card points only"]
    assert rules_shown(page) == expected
    assert stored(app, club) == ({"seep": {"target": 150, "under9": "cards"}}, version + 1)
    # The form shows them now.
    assert re.search(r'name="seep-target" value="150"\s*checked', page)
    assert client.get(f"/api/v1/clubs/{club}/rules").get_json()["seep"]["target"] == 150
    # Another phone reads them, without the keeper's forms.
    watcher = app.test_client()
    seen = watcher.get(f"/c/{club}").get_data(as_text=True)
    assert rules_shown(seen) == expected
    assert 'data-testid="house-rules-form"' not in seen


def test_a_rule_set_back_to_the_usual_is_no_house_rule_and_other_options_stay(
    app: Flask, client: FlaskClient, evening: dict[str, Any]
) -> None:
    """The form sets only the rules it shows: an option set through the API that shapes the
    teams (Casino's partnerships, K1) stays; a rule chosen as the game's usual one is not kept."""
    club = evening["club"]
    with app.app_context():
        found = db.session.get(Club, club)
        assert found is not None
        found.set_house_rules({"casino": {"partnerships": "on", "variant": "royal"}})
        db.session.commit()
    usual = {"casino-variant": "classic", "casino-sweeps": "off", "casino-count_out": "off"}
    assert client.post(f"/c/{club}/rules/casino", data=usual).status_code == 302
    assert stored(app, club)[0] == {"casino": {"partnerships": "on"}}
    page = client.get(f"/c/{club}").get_data(as_text=True)
    assert rules_shown(page) == ["The usual rules of every game."]


def test_the_club_page_offers_the_rules_only_not_the_teams_shape_or_first_dealer(
    client: FlaskClient, evening: dict[str, Any]
) -> None:
    page = client.get(f"/c/{evening['club']}").get_data(as_text=True)
    names = set(re.findall(r'name="((?:seep|fifty-six|casino)-\w+)"', page))
    assert {"seep-target", "fifty-six-doubling", "fifty-six-tables", "casino-variant"} <= names
    shaped = {"fifty-six-teams", "casino-partnerships", "fifty-six-first_dealer"}
    assert not names & shaped


def test_a_wrong_value_is_refused_naming_it_and_nothing_is_stored(
    app: Flask, client: FlaskClient, evening: dict[str, Any]
) -> None:
    club = evening["club"]
    before = stored(app, club)
    sent = client.post(f"/c/{club}/rules/fifty-six", data={"fifty-six-tables": "100"})
    assert sent.status_code == 400
    assert "Tables each team starts with: 1 to 99." in sent.get_data(as_text=True)
    sent = client.post(f"/c/{club}/rules/seep", data=SEEP_RULES | {"seep-target": "120"})
    assert sent.status_code == 400
    assert "Not a valid choice." in sent.get_data(as_text=True)
    assert client.post(f"/c/{club}/rules/chess", data={}).status_code == 404
    assert stored(app, club) == before


def test_only_the_keeper_sets_house_rules(
    app: Flask, client: FlaskClient, evening: dict[str, Any]
) -> None:
    club = evening["club"]
    other = app.test_client()
    other.get(f"/c/{club}")
    assert other.post(f"/c/{club}/rules/seep", data=SEEP_RULES).status_code == 403
    assert stored(app, club)[0] is None


def test_the_house_rules_form_needs_the_page_s_csrf_token(
    app: Flask, client: FlaskClient, evening: dict[str, Any]
) -> None:
    app.config["WTF_CSRF_ENABLED"] = True  # as served
    club = evening["club"]
    assert client.post(f"/c/{club}/rules/seep", data=SEEP_RULES).status_code == 400
    assert stored(app, club)[0] is None
    page = client.get(f"/c/{club}").get_data(as_text=True)
    token = re.search(r'name="seep-csrf_token" type="hidden" value="([^"]+)"', page)
    assert token, "no token in the Seep form"
    sent = client.post(f"/c/{club}/rules/seep", data=SEEP_RULES | {"seep-csrf_token": token[1]})
    assert sent.status_code == 302
    assert stored(app, club)[0] == {"seep": {"target": 150, "under9": "cards"}}
