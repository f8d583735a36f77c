"""The web forms under arbitrary input (Hypothesis): never a 5xx; bad input answers 400 (or 409
for a clash with another scorer) with a message and stores nothing, not even half; good input
stores exactly what was entered."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from werkzeug.test import TestResponse

from scorekeeper.data.extensions import db
from scorekeeper.data.models import Deal, GameSession, Membership, Player, Team
from scorekeeper.rules.seep.cards import POINT_CARDS
from scorekeeper.sessions.games.seep.form import card_field

# Hypothesis keeps the app between examples: each one compares the database before and after.
RUNS = settings(
    max_examples=120,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
# Any text a browser could send (form bodies are UTF-8, so no lone surrogates), often long.
ANY_TEXT = st.text(st.characters(codec="utf-8"), max_size=70)
MESSAGE = re.compile(r'role="alert">\s*<p>\s*(\S[^<]*)</p>|class="lead-text">(\S[^<]*)</p>')
CARDS = [str(card) for card in POINT_CARDS]


def message(response: TestResponse) -> str:
    """The message the page shows about the problem; fails if there is none."""
    found = MESSAGE.search(response.get_data(as_text=True))
    assert found, "the page answers a refused form without saying why"
    return found.group(1) or found.group(2)


def counts(app: Flask) -> dict[str, int]:
    """How many rows each table holds."""
    with app.app_context():
        return {
            model.__tablename__: db.session.execute(
                db.select(db.func.count()).select_from(model)
            ).scalar_one()
            for model in (GameSession, Team, Membership, Player, Deal)
        }


# -- the new-session form --------------------------------------------------------------------

NAMES = st.sampled_from(["Asha", "Ravi", "Meena", "Dev", "asha", "  Uma  Devi ", "", " "])
SESSION_FIELDS = {
    "players": st.sampled_from(["4", "2"]) | ANY_TEXT,
    "team_a": NAMES | ANY_TEXT,
    "a1": NAMES | ANY_TEXT,
    "a2": NAMES | ANY_TEXT,
    "team_b": NAMES | ANY_TEXT,
    "b1": NAMES | ANY_TEXT,
    "b2": NAMES | ANY_TEXT,
    "target": st.sampled_from(["50", "100", "150"]) | ANY_TEXT,
    "baazis": st.sampled_from(["", "1", "3", "5", "7"]) | ANY_TEXT,
    "under9": st.sampled_from(["sweeps", "cards"]) | ANY_TEXT,
    "raise_own": st.sampled_from(["off", "on"]) | ANY_TEXT,  # R3
    "raise_partner": st.sampled_from(["on", "off"]) | ANY_TEXT,  # R3
}


@st.composite
def session_forms(draw: st.DrawFn) -> dict[str, str]:
    """A form as a person fills it in, then up to three fields changed to anything or left out."""
    names = draw(st.permutations(["Asha", "Ravi", "Meena", "Dev"]))
    form = dict(zip(("a1", "a2", "b1", "b2"), names, strict=True))
    form |= {"players": draw(st.sampled_from(["4", "2"])), "target": "100", "under9": "sweeps"}
    for _ in range(draw(st.integers(0, 3))):
        name = draw(st.sampled_from(sorted(SESSION_FIELDS)))
        value = draw(st.none() | SESSION_FIELDS[name])
        if value is None:
            form.pop(name, None)
        else:
            form[name] = value
    return form


def folded(name: str) -> str:
    return " ".join(name.split())


@RUNS
@given(form=session_forms())
def test_new_session_form_stores_all_or_nothing(app: Flask, client: FlaskClient, form: Any) -> None:
    before = counts(app)
    response = client.post("/new/seep", data=form)
    after = counts(app)
    event(f"answered {response.status_code}")
    assert response.status_code in (302, 400)
    if response.status_code == 400:
        assert message(response)
        assert after == before  # no session, team, player or membership
        return
    session_id = response.headers["Location"].rsplit("/", 1)[1]
    assert after["game_sessions"] == before["game_sessions"] + 1
    with app.app_context():
        stored = GameSession.find(session_id, full=True).to_request()
    four = form.get("players", "4") == "4"
    entered = [
        [form["a1"]] + ([form["a2"]] if four else []),
        [form["b1"]] + ([form["b2"]] if four else []),
    ]
    assert [team["players"] for team in stored["teams"]] == [
        [folded(name) for name in team] for team in entered
    ]
    for team, name in zip(stored["teams"], (form.get("team_a"), form.get("team_b")), strict=True):
        if name and name.strip():
            assert team["name"] == folded(name)
    assert stored["options"]["target"] == int(form.get("target", "100"))
    assert stored["options"]["baazis"] == (int(form["baazis"]) if form.get("baazis") else None)
    assert stored["options"]["under9"] == form.get("under9", "sweeps")
    assert stored["options"]["raise_own"] == form.get("raise_own", "off")
    assert stored["options"]["raise_partner"] == form.get("raise_partner", "on")


# -- the Seep deal form ----------------------------------------------------------------------

TEAM_VALUES = st.sampled_from(["0", "1"]) | st.sampled_from(["", "2", "-1", "A"]) | ANY_TEXT
NUMBERS = st.integers(-3, 40).map(str) | ANY_TEXT
DEAL_FIELDS = {card_field(card): TEAM_VALUES for card in POINT_CARDS} | {
    "sweeps0": NUMBERS,
    "sweeps1": NUMBERS,
    "opening_sweep": st.sampled_from(["", "0", "1"]) | ANY_TEXT,
    "last_sweep": st.sampled_from(["", "0", "1"]) | ANY_TEXT,
    "dealer": st.sampled_from(["", "0", "1", "2", "3", "4"]) | ANY_TEXT,
    "bid": st.sampled_from(["", "9", "11", "13", "8", "14"]) | ANY_TEXT,
    "number": NUMBERS,
    "version": NUMBERS,
}
# How the hidden number/version is sent: as the page drew it, another scorer's, none, or odd.
STAMPS = st.sampled_from(["current", "current", "earlier", "later", "none"])


@st.composite
def deal_forms(draw: st.DrawFn) -> dict[str, str]:
    """A form as the page sends it (every point card given), then up to three fields changed
    to anything at all or left out."""
    form = {card_field(card): draw(st.sampled_from(["0", "1"])) for card in POINT_CARDS}
    form |= {
        "sweeps0": draw(st.sampled_from(["0", "1", "2"])),
        "sweeps1": "0",
        "opening_sweep": draw(st.sampled_from(["", "0", "1"])),
        "last_sweep": "",
        "dealer": draw(st.sampled_from(["0", "1", "2", "3"])),
        "bid": draw(st.sampled_from(["", "9", "12"])),
    }
    for _ in range(draw(st.integers(0, 3))):
        name = draw(st.sampled_from(sorted(DEAL_FIELDS)))
        value = draw(st.none() | DEAL_FIELDS[name])
        if value is None:
            form.pop(name, None)
        else:
            form[name] = value
    return form


@pytest.fixture
def session_id(client: FlaskClient) -> str:
    """A four-player session started from the page, so this browser may keep its score."""
    teams = {"a1": "Asha", "a2": "Ravi", "b1": "Meena", "b2": "Dev"}
    response = client.post("/new/seep", data={"players": "4", **teams})
    assert response.status_code == 302
    return response.headers["Location"].rsplit("/", 1)[1]


def session_state(app: Flask, session_id: str) -> tuple[int, list[tuple[int, int, Any]]]:
    """The session's version and each deal's (id, version, record), deleted ones too."""
    with app.app_context():
        session = GameSession.find(session_id, full=True)
        return session.version, [(d.serial, d.version, d.record) for d in session.all_deals]


def live_deals(app: Flask, session_id: str) -> int:
    with app.app_context():
        return len(GameSession.find(session_id, full=True).deals)


def stamped(form: dict[str, str], field: str, stamp: str, current: int) -> dict[str, str]:
    """The form with its hidden number or version as `stamp` says (unless already changed)."""
    if field in form:
        return form
    values = {"current": current, "earlier": current - 1, "later": current + 1}
    return form | ({field: str(values[stamp])} if stamp in values else {})


def whole(text: str | None) -> int | None:
    """The number a hidden field holds, read as the form reads it (None if it holds none)."""
    try:
        return int(text or "")
    except ValueError:
        return None


def assert_entered(record: dict[str, Any], form: dict[str, str]) -> None:
    """The stored deal gives each point card to the team the form named."""
    for card in CARDS:
        team = form[card_field(card)]
        assert card in record["captured"][int(team)], (card, team, record)


@RUNS
@given(form=deal_forms(), stamp=STAMPS)
def test_deal_form_stores_one_deal_or_nothing(
    app: Flask, client: FlaskClient, session_id: str, form: dict[str, str], stamp: str
) -> None:
    upcoming = live_deals(app, session_id) + 1
    form = stamped(form, "number", stamp, upcoming)
    before = session_state(app, session_id)
    response = client.post(f"/s/{session_id}/deals/new", data=form)
    after = session_state(app, session_id)
    event(f"answered {response.status_code}")
    assert response.status_code in (302, 400, 409), response.status_code
    if response.status_code != 302:
        assert message(response)
        assert after == before  # nothing stored, nothing changed
        return
    # A form drawn as another deal number (Back after Save, another scorer) stores nothing.
    assert whole(form.get("number")) in (None, upcoming)
    assert after[0] == before[0] + 1
    assert after[1][:-1] == before[1]
    assert len(after[1]) == len(before[1]) + 1
    assert_entered(after[1][-1][2], form)


@RUNS
@given(form=deal_forms(), stamp=STAMPS, which=st.integers(0, 2))
def test_deal_edit_form_changes_that_deal_or_nothing(
    app: Flask,
    client: FlaskClient,
    session_id: str,
    form: dict[str, str],
    stamp: str,
    which: int,
) -> None:
    if not session_state(app, session_id)[1]:  # deals to edit, entered through the form
        for team in ("0", "1", "0"):
            sent = {card_field(card): team for card in POINT_CARDS} | {"dealer": "0"}
            assert client.post(f"/s/{session_id}/deals/new", data=sent).status_code == 302
    before = session_state(app, session_id)
    deal_id, version, _record = before[1][which]
    form = stamped(form, "version", stamp, version)
    response = client.post(f"/s/{session_id}/deals/{deal_id}/edit", data=form)
    after = session_state(app, session_id)
    event(f"answered {response.status_code}")
    assert response.status_code in (302, 400, 409), response.status_code
    if response.status_code != 302:
        assert message(response)
        assert after == before
        return
    # A form drawn from another version of the deal changes nothing.
    assert whole(form.get("version")) in (None, version)
    others = [deal for deal in after[1] if deal[0] != deal_id]
    assert others == [deal for deal in before[1] if deal[0] != deal_id]
    _id, new_version, record = after[1][which]
    assert_entered(record, form)
    changed = record != before[1][which][2]
    assert (new_version, after[0]) == (
        (version + 1, before[0] + 1) if changed else (version, before[0])
    )
