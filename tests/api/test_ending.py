"""Ending a session through the API (issue 33): POST /api/v1/sessions/<id>/end and DELETE to
take it back, with the scorer's token, If-Match, and nothing new stored by a repeat. An ended
session is finished and goes to the team ahead; its club's history, version and statistics
follow."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.helpers.api import (
    SESSIONS,
    Json,
    add_deals,
    assert_error,
    bearer,
    new_club,
    new_session,
    post_deal,
    read,
    snapshot,
)
from tests.helpers.casino import FOUR_SEVEN, SEVEN_FOUR
from tests.helpers.fifty_six import deal as fifty_six_deal
from tests.helpers.seep import deal


def end(client: FlaskClient, session: Json, method: str = "post", **headers: str) -> Any:
    url = f"{SESSIONS}/{session['id']}/end"
    auth = bearer(session["edit_token"]) if "Authorization" not in headers else {}
    return client.open(url, method=method.upper(), headers=auth | headers)


@pytest.fixture
def club(client: FlaskClient) -> str:
    return str(new_club(client)["id"])


@pytest.fixture
def seep(client: FlaskClient, club: str) -> Json:
    """An open-ended Seep session (M4 sets no number) in a club: a baazi to team 1 (M3)."""
    session = new_session(client, "seep", None, club)
    add_deals(client, session, deal(5))
    return session


def test_an_end_finishes_the_session_for_the_team_ahead(client: FlaskClient, seep: Json) -> None:
    before = client.get(f"{SESSIONS}/{seep['id']}")
    assert before.get_json()["ended"] is False
    answer = end(client, seep)
    assert answer.status_code == 200
    body = answer.get_json()
    assert (body["ended"], body["finished"], body["id"]) == (True, True, seep["id"])
    assert body["standing"]["session_winner"] == 1 and body["standing"]["baazis"] == [0, 1]
    assert body["standing"]["winner"] is None  # M4 gave it to nobody: the end did
    assert "deals" not in body["standing"]  # the answer does not grow with the session
    assert answer.headers["ETag"] == f'"s{body["version"]}"' != before.headers["ETag"]
    session = read(client, seep)
    assert session["ended"] is True and session["standing"]["ended"] is True
    assert len(session["standing"]["deals"]) == 1


def test_a_repeated_end_or_reopening_stores_nothing_new(client: FlaskClient, seep: Json) -> None:
    first = end(client, seep)
    again = end(client, seep, **{"If-Match": '"s1"'})  # If-Match is not asked: nothing changes
    assert again.status_code == 200 and again.get_json() == first.get_json()
    reopened = end(client, seep, "delete")
    assert reopened.status_code == 200
    assert reopened.get_json()["version"] == first.get_json()["version"] + 1
    assert (reopened.get_json()["ended"], reopened.get_json()["finished"]) == (False, False)
    assert reopened.get_json()["standing"]["session_winner"] is None
    before = snapshot(client, seep)
    assert end(client, seep, "delete").get_json() == reopened.get_json()
    assert snapshot(client, seep) == before


def test_if_match_names_the_session_s_version(client: FlaskClient, seep: Json) -> None:
    etag = client.get(f"{SESSIONS}/{seep['id']}").headers["ETag"]
    add_deals(client, seep, deal(60))  # another scorer's deal: the version moves on
    before = snapshot(client, seep)
    stale = end(client, seep, **{"If-Match": etag})
    assert "version" in assert_error(stale, 412, "version-mismatch")
    assert snapshot(client, seep) == before
    current = client.get(f"{SESSIONS}/{seep['id']}").headers["ETag"]
    assert end(client, seep, **{"If-Match": current}).status_code == 200
    assert_error(end(client, seep, "delete", **{"If-Match": current}), 412, "version-mismatch")
    assert end(client, seep, "delete", **{"If-Match": "*"}).status_code == 200


@pytest.mark.parametrize("method", ["post", "delete"])
def test_only_the_session_s_scorers_end_or_reopen(
    client: FlaskClient, seep: Json, method: str
) -> None:
    if method == "delete":
        end(client, seep)
    before = snapshot(client, seep)
    assert_error(end(client, seep, method, Authorization=""), 401, "unauthorized")
    wrong = end(client, seep, method, Authorization="Bearer not-the-token")
    assert_error(wrong, 403, "forbidden")
    assert snapshot(client, seep) == before
    scorer = client.post(f"{SESSIONS}/{seep['id']}/scorer-link", headers=bearer(seep["edit_token"]))
    token = scorer.get_json()["scorer_token"]
    assert end(client, seep, method, Authorization=f"Bearer {token}").status_code == 200
    assert read(client, seep)["ended"] is (method == "post")
    assert_error(end(client, {"id": "nope", "edit_token": "x"}, method), 404, "not-found")


def test_nothing_to_end_is_a_409(client: FlaskClient, club: str) -> None:
    empty = new_session(client, "seep", None, club)
    assert "no deal" in assert_error(end(client, empty), 409, "nothing-to-end")
    decided = new_session(client, "seep", None, club, baazis=1)
    add_deals(client, decided, deal(5))  # M4: best of 1, decided by an under-9 (M3)
    assert "finished" in assert_error(end(client, decided), 409, "nothing-to-end")
    assert read(client, decided)["ended"] is False


def test_a_deal_waits_for_the_session_to_be_reopened(client: FlaskClient, seep: Json) -> None:
    end(client, seep)
    before = snapshot(client, seep)
    assert_error(post_deal(client, seep, deal(60)), 409, "session-ended")
    live = client.post(f"{SESSIONS}/{seep['id']}/live", json={}, headers=bearer(seep["edit_token"]))
    assert_error(live, 409, "session-ended")
    assert snapshot(client, seep) == before
    # A correction of a deal played is still a correction: the result follows it.
    url = f"{SESSIONS}/{seep['id']}/deals/1"
    fixed = client.put(url, json=deal(95), headers=bearer(seep["edit_token"]))
    assert fixed.status_code == 200
    assert fixed.get_json()["standing"]["session_winner"] == 0  # now team 1 was under 9
    end(client, seep, "delete")
    assert post_deal(client, seep, deal(60)).status_code == 201


def test_an_end_waits_for_the_live_deal_under_way(client: FlaskClient, seep: Json) -> None:
    auth = bearer(seep["edit_token"])
    start = {"dealer": 0, "bid": {"seat": 1, "value": 9}, "floor": ["2C", "3D", "4H", "5S"]}
    assert client.post(f"{SESSIONS}/{seep['id']}/live", json=start, headers=auth).status_code == 201
    assert "live" in assert_error(end(client, seep), 409, "live-deal-under-way")
    assert read(client, seep)["ended"] is False


@pytest.mark.parametrize(
    ("game", "records", "options", "winner"),
    [
        # Seep: one baazi each (M3 both ways), then 60-40: the lead decides.
        ("seep", [deal(5), deal(95), deal(60)], {}, 0),
        ("seep", [deal(5), deal(95)], {}, None),  # level: nobody's
        ("seep", [deal(5)], {"baazis": 3}, 1),  # best of 3 ended early: more baazis
        # Fifty-six: seat 1's 40 made (F15: 2 tables): 10-14, no game won.
        ("fifty-six", [fifty_six_deal(1, 45)], {}, 1),
        ("casino", [SEVEN_FOUR], {}, 0),  # K11: 7-4, before 21
        ("casino", [SEVEN_FOUR, FOUR_SEVEN], {}, None),  # 11-11
    ],
)
def test_each_game_s_ended_session_goes_to_the_team_ahead(
    client: FlaskClient, club: str, game: str, records: list[Json], options: Json, winner: Any
) -> None:
    session = new_session(client, game, None, club, **options)
    add_deals(client, session, *records)
    answer = end(client, session)
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["standing"]["session_winner"] == winner
    (listed,) = client.get(f"/api/v1/clubs/{club}").get_json()["sessions"]
    assert (listed["finished"], listed["ended"]) == (True, True)
    assert listed["standing"]["session_winner"] == winner


def test_the_club_s_version_and_statistics_follow_the_end(
    client: FlaskClient, club: str, seep: Json
) -> None:
    def stats() -> dict[str, tuple[int, int, int]]:
        rows = client.get(f"/api/v1/clubs/{club}/stats").get_json()["games"]["seep"]["players"]
        return {row["name"]: (row["played"], row["won"], row["unfinished"]) for row in rows}

    # Not finished: nobody's win, nobody's loss; its baazis count.
    assert stats()["Meena"] == (0, 0, 1)
    etag = client.get(f"/api/v1/clubs/{club}").headers["ETag"]
    end(client, seep)
    assert client.get(f"/api/v1/clubs/{club}").headers["ETag"] != etag
    assert stats() == {"Meena": (1, 1, 0), "Dev": (1, 1, 0), "Asha": (1, 0, 0), "Ravi": (1, 0, 0)}
    end(client, seep, "delete")
    assert stats()["Meena"] == (0, 0, 1)
    rows = client.get(f"/api/v1/clubs/{club}/stats").get_json()["games"]["seep"]["players"]
    meena = next(row for row in rows if row["name"] == "Meena")
    assert meena["figures"]["baazis_won"] == 1
