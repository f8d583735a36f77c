"""The club pages over HTTP: history and filters, the keeper link, renames, merges, deleting
and restoring sessions, moving a session into a club."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.data.extensions import db
from scorekeeper.data.models import Club, GameSession
from tests.helpers.club_pages import history, listed, player_ids, problems
from tests.helpers.pages import FORMS, club_of, flash_texts, keeper_link, start_in_club

SEEP = FORMS["seep"]


# -- a browser's clubs --------------------------------------------------------------------


def test_a_first_session_makes_a_club_and_the_second_joins_it(
    app: Flask, client: FlaskClient, evening: dict[str, Any]
) -> None:
    assert club_of(app, evening["casino"]) == evening["club"]
    assert history(client, evening["club"]) == [evening["casino"], evening["seep"]]
    assert set(player_ids(app, evening["club"])) == {"Asha", "Ravi", "Meena", "Dev", "raj"}


def test_another_browser_joins_the_club_by_its_link(
    app: Flask, client: FlaskClient, evening: dict[str, Any]
) -> None:
    other = app.test_client()
    other.get(f"/c/{evening['club']}")  # remembered by this browser now
    assert f"/c/{evening['club']}" in other.get("/").get_data(as_text=True)
    form = other.get("/new/casino").get_data(as_text=True)
    assert f'name="club" value="{evening["club"]}" checked' in form
    joined = start_in_club(other, "casino", {"players": "2", "a1": "asha", "b1": "Dev"})
    assert club_of(app, joined) == evening["club"]
    # Names are the club's: "asha" is Asha.
    assert set(player_ids(app, evening["club"])) == {"Asha", "Ravi", "Meena", "Dev", "raj"}


# -- history -----------------------------------------------------------------------------


def test_the_history_shows_each_session_in_a_line(
    client: FlaskClient, evening: dict[str, Any]
) -> None:
    page = client.get(f"/c/{evening['club']}").get_data(as_text=True)
    lines = [
        html.unescape(s) for s in re.findall(r'data-testid="standing-line">(.*?)</span>', page)
    ]
    assert lines == ["No deals yet", "No deals yet"]
    for game in ("seep", "fifty-six", "casino"):
        assert f'href="/new/{game}?club={evening["club"]}"' in page
    assert f'href="/c/{evening["club"]}/players"' in page


def test_a_deal_shows_in_the_standing_line(client: FlaskClient, evening: dict[str, Any]) -> None:
    deal = {"cards0": "30", "cards1": "22", "spades0": "8", "spades1": "5"}
    aces = {f"ace_{s}": "0" for s in "SCHD"} | {"big_casino": "0", "little_casino": "1"}
    sent = client.post(f"/s/{evening['casino']}/deals/new", data=deal | aces | {"sides": "2"})
    assert sent.status_code == 302, sent.get_data(as_text=True)
    page = client.get(f"/c/{evening['club']}?game=casino").get_data(as_text=True)
    lines = [
        html.unescape(s) for s in re.findall(r'data-testid="standing-line">(.*?)</span>', page)
    ]
    # Asha: most cards 3, most spades 1, four aces 4, big casino 2; raj: little casino 1.
    assert lines == ["Asha 10 · raj 1 of 21 · 1 deal"]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("", ["casino", "seep"]),
        ("?game=seep", ["seep"]),
        ("?game=casino", ["casino"]),
        ("?game=fifty-six", []),
        ("?player={Ravi}", ["seep"]),
        ("?player={raj}", ["casino"]),
        ("?player={Asha}", ["casino", "seep"]),
        ("?game=casino&player={Ravi}", []),
        ("?from=2000-01-01&to=2999-12-31", ["casino", "seep"]),
        ("?to=2000-01-01", []),
        ("?from=2999-01-01", []),
        ("?shown=1", ["casino"]),
        ("?shown=2", ["casino", "seep"]),
    ],
)
def test_the_history_filters(
    app: Flask, client: FlaskClient, evening: dict[str, Any], query: str, expected: list[str]
) -> None:
    ids = player_ids(app, evening["club"])
    found = history(client, evening["club"], query.format(**ids))
    assert found == [evening[name] for name in expected]


def test_older_sessions_a_page_at_a_time(
    app: Flask, client: FlaskClient, evening: dict[str, Any]
) -> None:
    ids = player_ids(app, evening["club"])
    page = client.get(f"/c/{evening['club']}?player={ids['Asha']}&shown=1").get_data(as_text=True)
    older = re.search(r'href="([^"]+)" data-testid="older"', page)
    assert older
    following = client.get(html.unescape(older.group(1))).get_data(as_text=True)
    assert listed(following, "history") == [evening["casino"], evening["seep"]]
    assert 'data-testid="older"' not in client.get(f"/c/{evening['club']}").get_data(as_text=True)


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("?game=chess", "There is no game 'chess'."),
        ("?player=99999", "That player is not in this club."),
        ("?player=x", "That player is not in this club."),
        ("?from=31-01-2026", "The first day should be a date such as 2026-01-31."),
        ("?to=soon", "The last day should be a date such as 2026-01-31."),
        ("?from=2026-02-01&to=2026-01-01", "The date range ends before it starts."),
        ("?shown=0", "A page shows 1 to 1000 sessions."),
        ("?shown=1001", "A page shows 1 to 1000 sessions."),
        ("?shown=²", "A page shows 1 to 1000 sessions."),
    ],
)
def test_bad_filters_are_named_and_ignored(
    client: FlaskClient, evening: dict[str, Any], query: str, message: str
) -> None:
    response = client.get(f"/c/{evening['club']}{query}")
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert problems(page) == [message]
    assert len(listed(page, "history")) == 2


def test_a_player_of_another_club_is_not_a_filter(
    app: Flask, client: FlaskClient, evening: dict[str, Any]
) -> None:
    other = app.test_client()
    elsewhere = club_of(app, start_in_club(other, "seep", SEEP))
    stranger = player_ids(app, elsewhere)["Ravi"]
    response = client.get(f"/c/{evening['club']}?player={stranger}")
    assert response.status_code == 400


def test_an_unknown_club_is_a_404(client: FlaskClient) -> None:
    assert client.get("/c/nothing-here").status_code == 404
    assert client.get("/c/bad%00id").status_code == 404


# -- the keeper --------------------------------------------------------------------------


def test_the_keeper_link_makes_another_phone_a_keeper(
    app: Flask, client: FlaskClient, evening: dict[str, Any]
) -> None:
    token = keeper_link(client, evening["club"])
    other = app.test_client()
    page = other.get(f"/c/{evening['club']}").get_data(as_text=True)
    assert 'id="keeper-link"' not in page and 'id="join-form"' in page
    assert other.post(f"/c/{evening['club']}/key", data={"key": "wrong"}).status_code == 403
    assert other.post(f"/c/{evening['club']}/rename", data={"name": "Ours"}).status_code == 403
    assert other.post(f"/c/{evening['club']}/key", data={"key": token}).status_code == 302
    assert keeper_link(other, evening["club"]) == token
    assert other.post(f"/c/{evening['club']}/rename", data={"name": "Ours"}).status_code == 302


@pytest.mark.parametrize(
    ("path", "data"),
    [
        ("/rename", {"name": "Ours"}),
        ("/players/{Ravi}/rename", {"name": "Ravi K."}),
        ("/merge", {"other": "{Ravi}", "keep": "{Dev}"}),
        ("/sessions/{seep}/delete", {}),
        ("/sessions/{seep}/restore", {}),
    ],
)
def test_changes_are_the_keepers_only(
    app: Flask, client: FlaskClient, evening: dict[str, Any], path: str, data: dict[str, str]
) -> None:
    names = player_ids(app, evening["club"]) | evening
    watcher = app.test_client()
    watcher.get(f"/c/{evening['club']}")
    sent = {k: v.format(**names) for k, v in data.items()}
    response = watcher.post(f"/c/{evening['club']}{path.format(**names)}", data=sent)
    assert response.status_code == 403
    with app.app_context():
        club = db.session.get(Club, evening["club"])
        assert club.version == 3  # made, then a session each: nothing since
        assert len(club.players) == 5


def test_the_keeper_renames_the_club_and_can_undo(
    app: Flask, client: FlaskClient, evening: dict[str, Any]
) -> None:
    response = client.post(
        f"/c/{evening['club']}/rename", data={"name": "  Thursday   table "}, follow_redirects=True
    )
    page = response.get_data(as_text=True)
    assert flash_texts(page) == ["The club is Thursday table now."]
    assert 'data-testid="club-name">Thursday table<' in page
    undo = re.search(r'<form method="post" action="([^"]*/rename\?name=[^"]*)"', page)
    assert undo
    client.post(html.unescape(undo.group(1)))
    assert client.get(f"/api/v1/clubs/{evening['club']}").get_json()["name"] == "Asha's table"


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("", 'A club needs a name, such as "Thursday table".'),
        ("   ", 'A club needs a name, such as "Thursday table".'),
        ("x" * 61, "A club's name is at most 60 printable characters."),
    ],
)
def test_a_bad_club_name_changes_nothing(
    app: Flask, client: FlaskClient, evening: dict[str, Any], name: str, message: str
) -> None:
    response = client.post(f"/c/{evening['club']}/rename", data={"name": name})
    assert response.status_code == 400
    assert problems(response.get_data(as_text=True)) == [message]
    with app.app_context():
        club = db.session.get(Club, evening["club"])
        assert (club.name, club.version) == ("Asha's table", 3)


def test_the_keeper_renames_a_player_everywhere(
    app: Flask, client: FlaskClient, evening: dict[str, Any]
) -> None:
    asha = player_ids(app, evening["club"])["Asha"]
    before = client.get(f"/s/{evening['seep']}")
    response = client.post(f"/c/{evening['club']}/players/{asha}/rename", data={"name": "Asha R."})
    assert response.status_code == 302
    # The scoreboard's tag changed with the name: a browser holding the old page redraws it.
    again = client.get(f"/s/{evening['seep']}", headers={"If-None-Match": before.headers["ETag"]})
    assert again.status_code == 200
    assert "Asha R." in again.get_data(as_text=True)
    club = client.get(f"/api/v1/clubs/{evening['club']}").get_json()
    assert [s["teams"][0]["players"][0] for s in club["sessions"]] == ["Asha R.", "Asha R."]


@pytest.mark.parametrize(
    ("player", "name", "message"),
    [
        ("Asha", "", "A player needs a name."),
        ("Asha", "y" * 41, "A player's name is at most 40 printable characters."),
        ("Asha", "RAVI", "Ravi is another player of this club: merge the two if they are one."),
        ("99999", "Anyone", "That player is not in this club."),
    ],
)
def test_a_bad_player_name_changes_nothing(
    app: Flask, client: FlaskClient, evening: dict[str, Any], player: str, name: str, message: str
) -> None:
    ids = player_ids(app, evening["club"])
    which = ids.get(player, player)
    response = client.post(f"/c/{evening['club']}/players/{which}/rename", data={"name": name})
    assert response.status_code == 400
    assert problems(response.get_data(as_text=True)) == [message]
    assert player_ids(app, evening["club"]) == ids


def test_merging_two_names_of_one_person(
    app: Flask, client: FlaskClient, evening: dict[str, Any]
) -> None:
    ids = player_ids(app, evening["club"])
    response = client.post(
        f"/c/{evening['club']}/merge",
        data={"other": ids["raj"], "keep": ids["Ravi"]},
        follow_redirects=True,
    )
    assert flash_texts(response.get_data(as_text=True)) == [
        "raj and Ravi are one player now (1 session moved)."
    ]
    assert set(player_ids(app, evening["club"])) == {"Asha", "Ravi", "Meena", "Dev"}
    # Ravi played both sessions now, and the statistics, derived, say so.
    assert history(client, evening["club"], f"?player={ids['Ravi']}") == [
        evening["casino"],
        evening["seep"],
    ]
    stats = client.get(f"/api/v1/clubs/{evening['club']}/stats")
    if stats.status_code == 200:  # the statistics are another module's
        assert str(ids["raj"]) not in re.findall(r'"player":\s*(\d+)', stats.get_data(as_text=True))


def test_merging_two_from_another_club_is_refused(
    app: Flask, client: FlaskClient, evening: dict[str, Any]
) -> None:
    other = app.test_client()
    stranger = player_ids(app, club_of(app, start_in_club(other, "seep", SEEP)))["Ravi"]
    ids = player_ids(app, evening["club"])
    for other_id, keep, message in [
        (ids["Ravi"], ids["Ravi"], "Choose two different players to merge."),
        (stranger, ids["Ravi"], "Choose two players of this club."),
        ("", ids["Ravi"], "Choose two players of this club."),
        (
            ids["Asha"],
            ids["Ravi"],
            "Asha and Ravi played in the same session: they are two people.",
        ),
    ]:
        response = client.post(
            f"/c/{evening['club']}/merge", data={"other": other_id, "keep": keep}
        )
        assert response.status_code == 400
        page = response.get_data(as_text=True)
        assert problems(page) == [message.replace("Asha and Ravi", "Ravi and Asha")]
    assert player_ids(app, evening["club"]) == ids


def test_deleting_a_session_and_restoring_it(
    app: Flask, client: FlaskClient, evening: dict[str, Any]
) -> None:
    club = evening["club"]
    response = client.post(f"/c/{club}/sessions/{evening['seep']}/delete", follow_redirects=True)
    page = response.get_data(as_text=True)
    assert flash_texts(page) == ["The session is out of the history."]
    assert listed(page, "history") == [evening["casino"]]
    assert re.search(r'data-testid="deleted-sessions">.*' + evening["seep"], page, re.S)
    api = client.get(f"/api/v1/clubs/{club}").get_json()
    assert [s["id"] for s in api["sessions"]] == [evening["casino"]]
    own = client.get(f"/s/{evening['seep']}")
    assert own.status_code == 200  # its own page stays, and says where it went
    assert "Taken out of" in own.get_data(as_text=True)
    again = client.post(f"/c/{club}/sessions/{evening['seep']}/delete", follow_redirects=True)
    assert flash_texts(again.get_data(as_text=True)) == ["That session was deleted already."]
    restored = client.post(f"/c/{club}/sessions/{evening['seep']}/restore", follow_redirects=True)
    page = restored.get_data(as_text=True)
    assert flash_texts(page) == ["The session is back in the history."]
    assert listed(page, "history") == [evening["casino"], evening["seep"]]
    assert 'data-testid="deleted-sessions"' not in page


def test_a_session_of_another_club_cannot_be_deleted_here(
    app: Flask, client: FlaskClient, evening: dict[str, Any]
) -> None:
    other = app.test_client()
    theirs = start_in_club(other, "seep", SEEP)
    assert client.post(f"/c/{evening['club']}/sessions/{theirs}/delete").status_code == 404
    with app.app_context():
        assert db.session.get(GameSession, theirs).deleted_at is None


# -- moving a session --------------------------------------------------------------------


def test_the_keeper_moves_a_session_into_a_club(app: Flask, client: FlaskClient) -> None:
    """A session started in a phone's own club moves into the Thursday club; its players are
    matched by name (any case) among the club's, and the move can be undone."""
    thursday = app.test_client()
    seep = start_in_club(thursday, "seep", SEEP)
    club = club_of(app, seep)
    mine = start_in_club(client, "casino", {"players": "2", "a1": "ravi", "b1": "Kiran"})
    own = club_of(app, mine)
    client.get(f"/c/{club}")
    board = client.get(f"/s/{mine}").get_data(as_text=True)
    assert 'data-testid="move"' in board
    response = client.post(f"/s/{mine}/move", data={"club": club}, follow_redirects=True)
    page = response.get_data(as_text=True)
    assert flash_texts(page)[0].startswith("Moved into Asha's table")
    assert club_of(app, mine) == club
    assert set(player_ids(app, club)) == {"Asha", "Ravi", "Meena", "Dev", "Kiran"}
    assert player_ids(app, own) == {}
    assert history(client, club) == [mine, seep]
    undo = re.search(r'action="(/s/[^"]+/move\?club=[^"]+)"', page)
    assert undo
    client.post(html.unescape(undo.group(1)))
    assert club_of(app, mine) == own
    # The names come back as the club spelled them: the session had played as its "Ravi".
    assert set(player_ids(app, own)) == {"Ravi", "Kiran"}
    assert "Kiran" not in player_ids(app, club)


def test_only_the_sessions_keeper_moves_it_into_the_browsers_clubs(
    app: Flask, client: FlaskClient, evening: dict[str, Any]
) -> None:
    other = app.test_client()
    theirs = start_in_club(other, "seep", SEEP)
    elsewhere = club_of(app, theirs)
    # Not the session's keeper.
    other.get(f"/c/{evening['club']}")
    assert other.post(f"/s/{evening['seep']}/move", data={"club": elsewhere}).status_code == 403
    # A club this browser does not know, or none at all.
    assert client.post(f"/s/{evening['seep']}/move", data={"club": elsewhere}).status_code == 400
    assert client.post(f"/s/{evening['seep']}/move", data={}).status_code == 400
    assert club_of(app, evening["seep"]) == evening["club"]
    assert club_of(app, theirs) == elsewhere


def test_keeper_forms_need_the_pages_csrf_token(
    app: Flask, client: FlaskClient, evening: dict[str, Any]
) -> None:
    app.config["WTF_CSRF_ENABLED"] = True  # as served: every form carries the page's token
    club = evening["club"]
    assert client.post(f"/c/{club}/rename", data={"name": "Ours"}).status_code == 400
    assert client.post(f"/c/{club}/sessions/{evening['seep']}/delete").status_code == 400
    page = client.get(f"/c/{club}").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert token
    sent = client.post(f"/c/{club}/rename", data={"name": "Ours", "csrf_token": token.group(1)})
    assert sent.status_code == 302
    assert client.get(f"/api/v1/clubs/{club}").get_json()["name"] == "Ours"


def test_the_scoreboard_names_its_club(client: FlaskClient, evening: dict[str, Any]) -> None:
    board = client.get(f"/s/{evening['seep']}").get_data(as_text=True)
    assert re.search(
        rf'data-testid="in-club">In <a href="/c/{evening["club"]}">Asha&#39;s table', board
    )
    # Its only club is the one it is in: nothing to move it into.
    assert 'data-testid="move"' not in board
