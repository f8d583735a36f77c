"""Every word of the pages outside the sessions' goes through gettext: drawn in a language
that marks each message (tests/helpers/untranslated.py), nothing English is left unmarked
but the names the table chose."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import datetime
from typing import Any

import pytest
from babel.dates import format_date, get_month_names, get_period_names
from flask.testing import FlaskClient

from scorekeeper.words.languages import LANGUAGES
from tests.helpers import fifty_six
from tests.helpers.api import new_club, played
from tests.helpers.pages import start
from tests.helpers.seep import deal
from tests.helpers.untranslated import leftovers, marking

LIONS = {"name": "Lions", "players": ["Asha", "Ravi"]}
TIGERS = {"name": "Tigers", "players": ["Meena", "Dev"]}
CASINO_DEAL = {
    "cards": [30, 22],
    "spades": [7, 6],
    "aces": [0, 1, 1, 0],
    "big_casino": 1,
    "little_casino": 0,
}
NAMES = ["Asha's table", "Thursday table", "Lions", "Tigers", "Asha", "Ravi", "Meena", "Dev", "Zed"]
# Not words to translate: the language menu (each in its own name), a file format, and the
# months and times of day Babel writes in the reader's language.
OTHERS = [
    *(language.name for language in LANGUAGES.values()),
    "JSON",
    *get_month_names("wide", locale="en").values(),
    *get_period_names(locale="en").values(),
]


@pytest.fixture
def club(client: FlaskClient) -> dict[str, Any]:
    """A club this browser keeps, with a session of each game, a merge and a deleted session."""
    made = new_club(client)
    club_id = made["id"]
    client.post(f"/c/{club_id}/key", data={"key": made["keeper_token"]})
    played(client, "seep", deal(5), lineup=[LIONS, TIGERS], club=club_id, baazis=1)
    played(client, "fifty-six", fifty_six.deal(0, 45), lineup=[LIONS, TIGERS], club=club_id)
    singles = [{"players": ["Asha"]}, {"players": ["Meena"]}]
    played(client, "casino", *[CASINO_DEAL] * 2, lineup=singles, club=club_id)
    gone = played(client, "casino", lineup=[{"players": ["Zed"]}, {"players": ["Ravi"]}])
    del gone  # not in the club: the home page's list
    extra = played(
        client, "casino", lineup=[{"players": ["Zed"]}, {"players": ["Dev"]}], club=club_id
    )
    client.post(f"/c/{club_id}/sessions/{extra['id']}/delete")
    players = {
        p["name"]: p["id"] for p in client.get(f"/api/v1/clubs/{club_id}").get_json()["players"]
    }
    start(client, "seep")  # this browser's own session, on the home page
    client.get("/")  # the messages of the changes above, said in English, shown once
    return {"id": club_id, "players": players}


def pages(club: dict[str, Any]) -> list[str]:
    ids, players = club["id"], club["players"]
    return [
        "/",
        "/check",
        "/check/fifty-six",
        "/check/casino",
        f"/c/{ids}",
        f"/c/{ids}?game=nope&from=x",  # the filters' problems
        f"/c/{ids}/players",
        f"/c/{ids}/players/{players['Asha']}",
        f"/c/{ids}/players/{players['Ravi']}",
        f"/c/{ids}/merge?other={players['Zed']}&keep={players['Meena']}",
        "/c/nope",  # the app's own 404
        "/nowhere",  # Werkzeug's 404
        "/offline",
    ]


def left_unmarked(page: str) -> set[str]:
    """The page's unmarked words but names and others' words."""
    # A session's standing in a line is sessions/games' (another helper marks Fifty-six's).
    page = re.sub(r'data-testid="standing-line">.*?</span>', ">", page, flags=re.S)
    return set(leftovers(page, NAMES + OTHERS))


@pytest.fixture
def marked() -> Iterator[None]:
    """Every message drawn between marks while the test runs."""
    with marking():
        yield


def test_every_word_of_these_pages_is_marked(
    client: FlaskClient, club: dict[str, Any], marked: None
) -> None:
    left, drawn = {}, ""
    for path in pages(club):
        page = client.get(path).get_data(as_text=True)
        assert "⟦" in page, path
        drawn += page
        words = left_unmarked(page)
        if words:
            left[path] = sorted(words)
    for part in ("keeper-tools", "deleted-sessions", "merge-what", "by-bid", "against", "problems"):
        assert f'data-testid="{part}"' in drawn  # every part of the pages was drawn
    assert not left, "\n".join(f"{path}: {' '.join(words)}" for path, words in left.items())


def test_a_keepers_message_is_marked(
    client: FlaskClient, club: dict[str, Any], marked: None
) -> None:
    players, club_id = club["players"], club["id"]
    merged = client.post(
        f"/c/{club_id}/merge",
        data={"other": players["Zed"], "keep": players["Meena"]},
        follow_redirects=True,
    ).get_data(as_text=True)
    assert "⟦Zed and Meena are one player now" in merged
    assert left_unmarked(merged) == set()
    player = client.get(f"/c/{club_id}/players/{players['Meena']}").get_data(as_text=True)
    assert left_unmarked(player) == set()


def test_a_clubs_dates_are_written_in_the_readers_language(
    client: FlaskClient, club: dict[str, Any]
) -> None:
    created = client.get(f"/api/v1/clubs/{club['id']}").get_json()["sessions"][0]["created_at"]
    when = datetime.fromisoformat(created.removesuffix("Z"))
    english = client.get(f"/c/{club['id']}").get_data(as_text=True)
    assert format_date(when, "long", locale="en") in english  # "December 4, 2026"
    portuguese = client.get(f"/c/{club['id']}", headers={"Accept-Language": "pt"})
    assert format_date(when, "long", locale="pt") in portuguese.get_data(as_text=True)
    assert get_month_names("wide", locale="pt")[when.month] != when.strftime("%B")
