"""Choosing the reader's language: Accept-Language first, then the menu, kept on the phone."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from scorekeeper.web.languages import select_locale
from scorekeeper.words.bidi import plain
from scorekeeper.words.languages import COOKIE, LANGUAGES
from tests.helpers.api import Json
from tests.helpers.pages import FORMS, session_of, start
from tests.helpers.said import said


def page_language(client: FlaskClient, path: str = "/", **headers: str) -> tuple[str, str]:
    """The `lang` and `dir` a page is drawn with."""
    html = client.get(path, headers=headers).get_data(as_text=True)
    found = re.search(r'<html lang="([^"]+)" dir="([^"]+)"', html)
    assert found, html[:200]
    return found[1], found[2]


@pytest.mark.parametrize(
    ("accept", "expected"),
    [
        ("", ("en", "ltr")),
        ("ur-PK,ur;q=0.9,en;q=0.5", ("ur", "rtl")),
        ("pt-BR", ("pt", "ltr")),
        ("de-DE,ml;q=0.7", ("ml", "ltr")),
        ("de-DE,fr;q=0.8", ("en", "ltr")),
    ],
)
def test_a_first_visit_follows_accept_language(
    client: FlaskClient, accept: str, expected: tuple[str, str]
) -> None:
    assert page_language(client, **{"Accept-Language": accept}) == expected


def test_the_menu_is_remembered_and_goes_back_to_the_page(client: FlaskClient) -> None:
    answer = client.post(
        "/language", data={"lang": "eo"}, headers={"Referer": "http://localhost/check?seat=1"}
    )
    assert answer.status_code == 303
    assert answer.headers["Location"] == "/check?seat=1"
    assert client.get_cookie(COOKIE).value == "eo"
    assert page_language(client, "/check", **{"Accept-Language": "hi"}) == ("eo", "ltr")


def test_the_menu_lists_every_language_in_its_own_name(client: FlaskClient) -> None:
    html = client.get("/", headers={"Accept-Language": "hi"}).get_data(as_text=True)
    for code, language in LANGUAGES.items():
        assert f'<option value="{code}" lang="{code}"' in html
        assert language.name in html
    assert re.search(r'<option value="hi" lang="hi" selected>', html)


@pytest.mark.parametrize(
    "referer",
    [
        "https://elsewhere.example/",
        "",
        "javascript:alert(1)",
        "//evil.example/x",
        # This site's address whose path a browser reads as another site's (issue 34).
        "http://localhost//evil.example/x",
        "http://localhost/\\evil.example/x",
    ],
)
def test_the_menu_never_sends_the_phone_to_another_site(client: FlaskClient, referer: str) -> None:
    answer = client.post("/language", data={"lang": "pt"}, headers={"Referer": referer})
    assert answer.headers["Location"] == "/"


def test_an_unknown_language_changes_nothing(client: FlaskClient) -> None:
    refused = client.post("/language", data={"lang": "xx"})
    assert refused.status_code == 400
    assert "There is no language &#39;xx&#39; here" in refused.get_data(as_text=True)
    assert client.get_cookie(COOKIE) is None
    assert page_language(client) == ("en", "ltr")


def test_the_api_follows_accept_language_only(client: FlaskClient) -> None:
    client.post("/language", data={"lang": "ur"})
    with client.application.test_request_context("/api/v1/check", headers={"Cookie": "lang=ur"}):
        assert select_locale() == "en"
    with client.application.test_request_context("/check", headers={"Cookie": "lang=ur"}):
        assert select_locale() == "ur"


def test_a_page_kept_in_one_language_is_not_taken_for_another(
    client: FlaskClient, seep_played: Json
) -> None:
    seep_session = seep_played["id"]
    english = client.get(f"/s/{seep_session}")
    tag = english.headers["ETag"]
    again = client.get(f"/s/{seep_session}", headers={"If-None-Match": tag})
    assert again.status_code == 304
    urdu = client.get(f"/s/{seep_session}", headers={"If-None-Match": tag, "Accept-Language": "ur"})
    assert urdu.status_code == 200
    assert urdu.headers["ETag"] != tag


def test_outside_a_request_the_words_are_english(client: FlaskClient) -> None:
    with client.application.app_context():
        assert select_locale() == "en"


def test_a_first_session_in_urdu_names_its_club_without_isolates(client: FlaskClient) -> None:
    """The club made for a first session is named in the reader's words, as a name is stored:
    without the marks that keep a name's direction inside an Urdu sentence on a page."""
    client.post("/language", data={"lang": "ur"})
    board = start(client, "seep", FORMS["seep"] | {"a1": "آصف"})
    club = client.get(f"/api/v1/sessions/{session_of(board)}").get_json()["club"]
    name = client.get(f"/api/v1/clubs/{club}").get_json()["name"]
    assert name == plain(said("ur", "%(player)s's table", player="آصف"))
    assert "\u2068" not in name and "\u2069" not in name
