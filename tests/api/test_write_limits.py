"""Issue 34: deal writes are rate-limited per client and per session (shared/API.md "Limits"):
429 with Retry-After and a sentence naming the figure, nothing stored; a replay under a stored
Idempotency-Key is never refused nor counted; the fastest honest table never meets the figures."""

from __future__ import annotations

import uuid

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import app as app_module
from scorekeeper import create_app
from scorekeeper.data.models import Deal
from tests.helpers import live_deals
from tests.helpers.api import FOUR, SESSIONS, Json, bearer, count
from tests.helpers.limits import ASHA, DEV, ROOMY, assert_limited, from_, limited_app
from tests.helpers.seep import deal as seep_deal

SESSION_SAID = "Too many deal writes were sent to this session. At most 3 a minute."
CLIENT_SAID = "Too many deal writes came from this address. At most 3 a minute."


def seep(client: FlaskClient, address: str = ASHA) -> Json:
    """A Seep session started from `address`: the answer, with its edit token."""
    body = {"game": "seep", "teams": FOUR}
    response = client.post(SESSIONS, json=body, headers=from_(address))
    assert response.status_code == 201, response.get_json()
    answer: Json = response.get_json()
    return answer


def write(
    client: FlaskClient,
    session: Json,
    address: str = ASHA,
    key: str | None = None,
    points: int = 20,
) -> int:
    """Post a Seep deal to `session` from `address` (under `key`): the status."""
    headers = bearer(session["edit_token"]) | from_(address)
    if key is not None:
        headers["Idempotency-Key"] = key
    url = f"{SESSIONS}/{session['id']}/deals"
    return client.post(url, json=seep_deal(points), headers=headers).status_code


def stored(app: Flask) -> int:
    return count(app, Deal)


def live_table(
    fresh_db: str, figure: str, seed: int
) -> tuple[FlaskClient, str, dict[str, str], list[Json]]:
    """A session of its own figure with a live deal of `seed` started (its first write): the
    client, the live deal's address, the keeper's header and the deal's plays."""
    client = limited_app(fresh_db, SESSION_WRITE_LIMIT=figure).test_client()
    session = seep(client)
    auth = bearer(session["edit_token"])
    live = f"{SESSIONS}/{session['id']}/live"
    start, played = live_deals.seep(seed)
    assert client.post(live, json=start, headers=auth).status_code == 201
    return client, live, auth, played


def test_a_session_s_writes_past_its_figure_are_refused_and_nothing_is_stored(
    fresh_db: str,
) -> None:
    app = limited_app(fresh_db, SESSION_WRITE_LIMIT="3 per minute")
    client = app.test_client()
    session = seep(client)
    assert [write(client, session) for _ in range(3)] == [201] * 3
    url = f"{SESSIONS}/{session['id']}/deals"
    refused = client.post(url, json=seep_deal(40), headers=bearer(session["edit_token"]))
    text = assert_limited(refused, SESSION_SAID)
    assert refused.get_json()["error"] == "rate-limited" and "40" not in text
    assert stored(app) == 3
    # The session's own figure: another session of the same client is not held back.
    assert write(client, seep(client)) == 201


def test_corrections_deletions_and_restores_are_writes_too(fresh_db: str) -> None:
    app = limited_app(fresh_db, SESSION_WRITE_LIMIT="3 per minute")
    client = app.test_client()
    session = seep(client)
    auth = bearer(session["edit_token"])
    deal = f"{SESSIONS}/{session['id']}/deals/1"
    assert write(client, session) == 201
    assert client.put(deal, json=seep_deal(30), headers=auth).status_code == 200
    assert client.delete(deal, headers=auth).status_code == 200
    assert_limited(client.post(f"{deal}/restore", headers=auth), SESSION_SAID)
    assert_limited(client.put(deal, json=seep_deal(10), headers=auth), SESSION_SAID)
    answer = client.get(deal).get_json()
    assert answer["deleted"] is True and answer["version"] == 3  # as the delete left it


def test_live_plays_past_the_figure_are_refused_and_not_stored(fresh_db: str) -> None:
    client, live, auth, plays = live_table(fresh_db, "3 per minute", 3)
    for number, play in enumerate(plays[:2], start=1):
        response = client.post(f"{live}/plays", json={"number": number, **play}, headers=auth)
        assert response.status_code == 201, response.get_json()
    refused = client.post(f"{live}/plays", json={"number": 3, **plays[2]}, headers=auth)
    assert_limited(refused, SESSION_SAID)
    assert_limited(client.delete(f"{live}/plays/2", headers=auth), SESSION_SAID)
    assert_limited(client.delete(live, headers=auth), SESSION_SAID)
    assert len(client.get(live).get_json()["plays"]) == 2


def test_a_repeat_that_changes_nothing_is_never_refused(fresh_db: str) -> None:
    """A phone that lost its answers sends a play, or a deletion, again: at its table's
    figure, it is still answered as before, not refused (and not counted)."""
    app = limited_app(fresh_db, SESSION_WRITE_LIMIT="3 per minute")
    client = app.test_client()
    session = seep(client)
    auth = bearer(session["edit_token"])
    assert write(client, session) == 201
    deal = f"{SESSIONS}/{session['id']}/deals/1"
    assert client.delete(deal, headers=auth).status_code == 200
    live = f"{SESSIONS}/{session['id']}/live"
    start, plays = live_deals.seep(1)
    assert client.post(live, json=start, headers=auth).status_code == 201  # the third write
    play = {"number": 1, **plays[0]}
    assert_limited(client.post(f"{live}/plays", json=play, headers=auth), SESSION_SAID)
    again = [client.delete(deal, headers=auth).status_code for _ in range(3)]
    assert again == [200] * 3  # deleted already: nothing to count
    assert client.get(deal).get_json()["deleted"] is True


def test_a_play_sent_again_is_answered_past_the_figure(fresh_db: str) -> None:
    client, live, auth, plays = live_table(fresh_db, "2 per minute", 2)
    play = {"number": 1, **plays[0]}
    first = client.post(f"{live}/plays", json=play, headers=auth)
    assert first.status_code == 201
    repeats = [client.post(f"{live}/plays", json=play, headers=auth) for _ in range(3)]
    assert [r.status_code for r in repeats] == [201] * 3
    assert all(r.get_json() == first.get_json() for r in repeats)
    refused = client.post(f"{live}/plays", json={"number": 2, **plays[1]}, headers=auth)
    assert_limited(refused, "At most 2 a minute.")


def test_one_client_s_writes_over_many_sessions_are_bounded_and_others_go_on(
    fresh_db: str,
) -> None:
    app = limited_app(fresh_db, WRITE_LIMIT="3 per minute")
    client = app.test_client()
    sessions = [seep(client) for _ in range(4)]
    assert [write(client, s) for s in sessions[:3]] == [201] * 3
    url = f"{SESSIONS}/{sessions[3]['id']}/deals"
    headers = bearer(sessions[3]["edit_token"]) | from_(ASHA)
    assert_limited(client.post(url, json=seep_deal(20), headers=headers), CLIENT_SAID)
    assert stored(app) == 3
    assert write(client, sessions[3], DEV) == 201  # another client: not held back


def test_a_replay_under_a_stored_key_is_never_refused_nor_counted(fresh_db: str) -> None:
    app = limited_app(fresh_db, SESSION_WRITE_LIMIT="2 per minute")
    client = app.test_client()
    session = seep(client)
    key = str(uuid.uuid4())
    assert write(client, session, key=key) == 201
    assert [write(client, session, key=key) for _ in range(3)] == [201] * 3  # not counted
    assert write(client, session, points=30) == 201
    assert write(client, session, points=40) == 429
    assert write(client, session, key=key) == 201  # past the figure: answered, not refused
    assert stored(app) == 2


def test_writes_without_the_token_do_not_use_up_the_table_s_figure(fresh_db: str) -> None:
    """Someone who knows only the session's id cannot lock its table out."""
    app = limited_app(fresh_db, SESSION_WRITE_LIMIT="2 per minute")
    client = app.test_client()
    session = seep(client)
    stranger = dict(session, edit_token="not-the-token")
    assert [write(client, stranger, DEV) for _ in range(5)] == [403] * 5
    assert [write(client, session) for _ in range(2)] == [201] * 2


def test_the_fastest_table_and_a_tournament_behind_one_address_meet_no_default_figure(
    fresh_db: str,
) -> None:
    """The default figures: a hundred tables behind one club address each enter a deal, and
    one of them plays a whole live deal (its 48 plays) as fast as the test can send them,
    then enters a dozen deals whole: nothing is refused."""
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "SQLALCHEMY_DATABASE_URI": fresh_db,
            "PROXIES": 1,
            "RATELIMIT_ENABLED": True,
            "CREATE_LIMIT": ROOMY,  # a hundred tables start at once: not this test's limit
            # The server's own defaults, whatever the test run's environment says.
            "WRITE_LIMIT": app_module.WRITE_LIMIT,
            "SESSION_WRITE_LIMIT": app_module.SESSION_WRITE_LIMIT,
        }
    )
    client = app.test_client()
    tables = [seep(client) for _ in range(100)]
    assert {write(client, table) for table in tables} == {201}
    fastest = tables[0]
    auth = bearer(fastest["edit_token"]) | from_(ASHA)
    live = f"{SESSIONS}/{fastest['id']}/live"
    start, plays = live_deals.seep(11)
    assert client.post(live, json=start, headers=auth).status_code == 201
    for number, play in enumerate(plays, start=1):
        response = client.post(f"{live}/plays", json={"number": number, **play}, headers=auth)
        assert response.status_code == 201, response.get_json()
    assert {write(client, fastest) for _ in range(12)} == {201}
    assert stored(app) == 100 + 1 + 12
