"""A table ends its session where it stands, in one tap, and takes that back in one (issue 33):
the scoreboard, the TV, the club's history and players' pages, and a deal sent after the end."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.data.extensions import db
from scorekeeper.data.models import GameSession
from scorekeeper.sessions.games import PAGES
from tests.helpers.api import add_deals, new_session
from tests.helpers.casino import SEVEN_FOUR
from tests.helpers.fifty_six import deal as fifty_six_deal
from tests.helpers.pages import (
    club_of,
    deal_fields,
    flash_texts,
    problems,
    session_of,
    start,
    stored,
)

ENDED = "Session ended: won by Meena &amp; Dev."
UNDO = r'<form method="post" action="([^"]+)">\s*<input[^>]*>\s*<button[^>]*>Undo<'  # a message's


def ended_board(client: FlaskClient, *points: int, **options: str) -> str:
    """A Seep session of the usual four, played on (no number of baazis) unless `options` say,
    with deals giving team A these card points; its scoreboard path."""
    board = start(client, **options)
    for n in points:
        response = client.post(board + "/deals/new", data=deal_fields(n))
        assert response.status_code == 302, problems(response.get_data(as_text=True))
    return board


def buttons(page: str) -> list[str]:
    """The test ids of the scoreboard's buttons that end a session or play on."""
    return re.findall(r'data-testid="(end-session|play-on)"', page)


def test_one_tap_ends_an_open_ended_session_and_one_tap_undoes_it(client: FlaskClient) -> None:
    # M3: team A's 5 is under 9, a baazi to Meena & Dev. Played on, the session goes on.
    board = ended_board(client, 5)
    page = client.get(board).get_data(as_text=True)
    assert buttons(page) == ["end-session"] and "Enter deal 2" in page
    ended = client.post(board + "/end")
    assert ended.status_code == 302
    page = client.get(board).get_data(as_text=True)
    assert 'data-testid="ended"' in page and ENDED in page  # the banner
    assert flash_texts(page) == [html_text(ENDED)]  # with its Undo
    undo = re.search(UNDO, page)
    assert undo and undo.group(1) == board + "/reopen"
    assert buttons(page) == ["play-on"] and "Enter deal 2" not in page and "Rematch" in page
    assert "Next dealer:" not in page
    assert stored(client, board)["ended"] is True
    client.post(undo.group(1))
    page = client.get(board).get_data(as_text=True)
    assert 'data-testid="ended"' not in page and "Enter deal 2" in page
    assert flash_texts(page) == ["The session plays on."]
    assert stored(client, board)["standing"]["session_winner"] is None


def test_an_ended_session_is_finished_and_won_in_the_club_s_history_and_statistics(
    app: Flask, client: FlaskClient
) -> None:
    board = ended_board(client, 5, 60)  # a baazi to B; then A leads by 20: baazis decide
    club = club_of(app, session_of(board))
    history = client.get(f"/c/{club}").get_data(as_text=True)
    assert re.search(r'data-testid="state">Not finished<', history)
    players = client.get(f"/c/{club}/players").get_data(as_text=True)
    assert 'data-testid="unfinished">1 not finished<' in players  # nobody's win yet
    client.post(board + "/end")
    history = client.get(f"/c/{club}").get_data(as_text=True)
    assert re.search(r'data-testid="state">Ended<', history)
    assert "won by Meena &amp; Dev" in history
    stats = client.get(f"/api/v1/clubs/{club}/stats").get_json()["games"]["seep"]["players"]
    won = {row["name"]: (row["played"], row["won"], row["unfinished"]) for row in stats}
    assert won == {"Meena": (1, 1, 0), "Dev": (1, 1, 0), "Asha": (1, 0, 0), "Ravi": (1, 0, 0)}
    club_answer = client.get(f"/api/v1/clubs/{club}").get_json()["sessions"][0]
    assert (club_answer["finished"], club_answer["ended"]) == (True, True)


def test_the_tv_says_the_session_ended_and_who_won(client: FlaskClient) -> None:
    board = ended_board(client, 5)
    client.post(board + "/end")
    tv = client.get(board + "/tv").get_data(as_text=True)
    assert ENDED in tv and 'data-testid="play-on"' not in tv


def test_a_deal_sent_to_an_ended_session_is_refused_and_the_table_may_play_on(
    client: FlaskClient,
) -> None:
    board = ended_board(client, 5)
    form = client.get(board + "/deals/new")  # opened before the end, on another phone
    client.post(board + "/end")
    response = client.post(board + "/deals/new", data=deal_fields(60))
    assert response.status_code == 400
    assert problems(response.get_data(as_text=True)) == [
        "This session has ended. Nothing was stored: play on (reopen it) to add a deal."
    ]
    assert len(stored(client, board)["deals"]) == 1
    opened = client.get(board + "/deals/new")  # the form is not offered: back to the board
    assert opened.status_code == 302
    assert form.status_code == 200
    client.post(board + "/reopen")  # Play on
    assert client.post(board + "/deals/new", data=deal_fields(60)).status_code == 302
    assert len(stored(client, board)["deals"]) == 2


def test_nothing_to_end_is_said_and_changes_nothing(client: FlaskClient) -> None:
    empty = start(client)
    assert buttons(client.get(empty).get_data(as_text=True)) == []
    client.post(empty + "/end")
    assert flash_texts(client.get(empty).get_data(as_text=True)) == [
        "This session has no deal yet: there is nothing to end."
    ]
    decided = ended_board(client, 5, baazis="1")  # M4: best of 1, decided by an under-9
    assert buttons(client.get(decided).get_data(as_text=True)) == []
    assert stored(client, decided)["ended"] is False


def test_a_watcher_cannot_end_or_reopen(app: Flask, client: FlaskClient) -> None:
    board = ended_board(client, 5)
    watcher = app.test_client()
    assert watcher.post(board + "/end").status_code == 403
    client.post(board + "/end")
    assert watcher.post(board + "/reopen").status_code == 403
    assert 'data-testid="play-on"' not in watcher.get(board).get_data(as_text=True)
    assert stored(client, board)["ended"] is True


@pytest.mark.parametrize(
    ("game", "records", "ended"),
    [
        # Seat 1's 40 made (F15): the Tigers 14 tables to 10, no game won.
        ("fifty-six", [fifty_six_deal(1, 45)], "Session ended: won by Tigers."),
        ("casino", [SEVEN_FOUR], "Session ended: won by Asha."),  # K11: 7-4, before 21
    ],
)
def test_fifty_six_and_casino_sessions_end_alike(
    client: FlaskClient, game: str, records: list[Any], ended: str
) -> None:
    session = new_session(client, game)
    add_deals(client, session, *records)
    board = f"/s/{session['id']}"
    client.post(board + "/join", data={"key": session["edit_token"]})
    page = client.get(board).get_data(as_text=True)
    assert buttons(page) == ["end-session"] and "Next dealer:" in page
    client.post(board + "/end")
    page = client.get(board).get_data(as_text=True)
    assert ended in page and buttons(page) == ["play-on"]
    assert "Enter deal" not in page and "Next dealer:" not in page


def test_an_ended_fifty_six_session_s_line_says_its_result_not_the_game_s(
    app: Flask, client: FlaskClient
) -> None:
    """Seen on review: ended level, the club's line said nothing of it; ended with a winner, it
    named the session's winner where the game's stands. Each deal here is made (F15): the
    tables are level again, no game is won, and the end is level."""
    session = new_session(client, "fifty-six")
    add_deals(client, session, fifty_six_deal(1, 45), fifty_six_deal(2, 45))
    board = f"/s/{session['id']}"
    client.post(board + "/join", data={"key": session["edit_token"]})
    with app.app_context():
        played_on = db.session.get(GameSession, session["id"])
        assert played_on is not None
        line = PAGES["fifty-six"].standing_line(played_on, played_on.standing())
    assert line.startswith("Game 1: ") and "level" not in line and "won by" not in line
    client.post(board + "/end")
    with app.app_context():
        ended = db.session.get(GameSession, session["id"])
        assert ended is not None
        assert ended.standing()["session_winner"] is None
        line = PAGES["fifty-six"].standing_line(ended, ended.standing())
    assert line.startswith("Game 1: ") and line.endswith(" · level")


def html_text(text: str) -> str:
    return text.replace("&amp;", "&")
