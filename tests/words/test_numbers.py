"""Numbers, percentages and dates in the reader's language (scorekeeper/words/numbers.py, issue 33):
Portuguese and Esperanto write a decimal comma, Esperanto's dates are Esperanto's, Hindi groups
by twos after the thousands, and a signed number (a lead) has one shape on every Urdu page."""

from __future__ import annotations

import re
from datetime import date, datetime

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.words import numbers
from tests.browser.helpers.seep import record
from tests.helpers.api import add_deals, new_club, new_session

DECEMBER = date(2026, 12, 4)
# (language, 79.5, 1234567.25 to one place, 0.675 as a percentage, +16, -3, the date)
TABLE = [
    ("en", "79.5", "1,234,567.2", "68%", "+16", "-3", "December 4, 2026"),
    ("pt", "79,5", "1.234.567,2", "68%", "+16", "-3", "4 de dezembro de 2026"),
    ("eo", "79,5", "1\u202f234\u202f567,2", "68%", "+16", "-3", "4 Decembro 2026"),
    ("hi", "79.5", "12,34,567.2", "68%", "+16", "-3", "4 दिसंबर 2026"),
    ("ur", "79.5", "1,234,567.2", "68%", "⁦\u200e+16⁩", "⁦\u200e-3⁩", "4 دسمبر، 2026"),
    ("ml", "79.5", "12,34,567.2", "68%", "+16", "-3", "2026 ഡിസംബർ 4"),
]


@pytest.mark.parametrize(("lang", "decimal", "big", "share", "up", "down", "day"), TABLE)
def test_each_language_writes_its_numbers_and_dates(
    app: Flask, lang: str, decimal: str, big: str, share: str, up: str, down: str, day: str
) -> None:
    with app.test_request_context(headers={"Accept-Language": lang}):
        assert numbers.number(79.5, 1) == decimal
        assert numbers.number(1234567.25, 1) == big  # half to even, as Babel rounds
        assert numbers.percent(0.675) == share
        assert (numbers.signed(16), numbers.signed(-3)) == (up, down)
        assert numbers.day(DECEMBER) == day


def test_a_negative_number_keeps_its_minus_on_the_left_of_an_urdu_page(app: Flask) -> None:
    """Seen trying the players' page in Urdu: a rating of -1.5 showed as «1.5-», its minus
    turned to the right by the page's direction."""
    with app.test_request_context(headers={"Accept-Language": "ur"}):
        assert numbers.number(-1.5, 1) == "\u2066-1.5\u2069"
        assert numbers.number(1.5, 1) == "1.5"
    with app.test_request_context(headers={"Accept-Language": "en"}):
        assert numbers.number(-1.5, 1) == "-1.5"


def test_a_moment_is_written_in_the_readers_language(app: Flask) -> None:
    evening = datetime(2026, 12, 4, 18, 5)
    for lang, said in (("en", "December 4, 6:05\u202fPM"), ("eo", "4 Decembro 18:05")):
        with app.test_request_context(headers={"Accept-Language": lang}):
            assert numbers.moment(evening) == said


def test_the_club_pages_write_decimals_and_dates_in_portuguese_and_esperanto(
    client: FlaskClient,
) -> None:
    club = new_club(client)
    lineup = [{"players": ["Asha", "Ravi"]}, {"players": ["Meena", "Dev"]}]
    for _ in range(3):  # rated games: the ratings are decimals
        session = new_session(client, "seep", lineup, club["id"], baazis=1)
        add_deals(client, session, record(1))
    for lang, month in (("pt", "dezembro"), ("eo", "Decembro")):
        headers = {"Accept-Language": lang}
        players = client.get(f"/c/{club['id']}/players", headers=headers).get_data(as_text=True)
        cells = re.findall(r"<td>([\d.,\u202f]+)</td>", players)
        assert any("," in cell for cell in cells), cells  # a rating such as «1,4»
        assert not any(re.search(r"\d\.\d", cell) for cell in cells), cells
        history = client.get(f"/c/{club['id']}", headers=headers).get_data(as_text=True)
        assert "Dec " not in history
        if date.today().month == 12:
            assert month in history


def test_a_lead_has_one_shape_on_every_urdu_page(client: FlaskClient) -> None:
    session = new_session(client, "seep")
    add_deals(client, session, record(13))  # M1: A takes 13 point cards; its lead is signed
    client.post(f"/s/{session['id']}/join", data={"key": session["edit_token"]})
    shapes = set()
    for path in (f"/s/{session['id']}", f"/s/{session['id']}/tv"):
        page = client.get(path, headers={"Accept-Language": "ur"}).get_data(as_text=True)
        page = re.sub(r"<(script|style|svg)\b.*?</\1>", "", page, flags=re.S)
        text = re.sub(r"<[^>]*>", "", page)
        # Every signed number in the page's words: what stands on either side of it.
        found = re.findall(r"(.)(\u200e?[+\-]\d+)(.)", text)
        assert found, path
        shapes |= set(found)
    assert {(before, after) for before, _, after in shapes} == {("\u2066", "\u2069")}, shapes
