"""Several phones, one session (issue 6, findings 1, 2, 3 and 5), on SQLite and PostgreSQL.

Deals are addressed by their id for life, stale writes are refused instead of landing on
another deal, and a repeated request (a retry, the Back button, a second scorer) stores
nothing twice. Through the API and through the web forms.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from scorekeeper import create_app
from scorekeeper.data.extensions import db
from scorekeeper.data.idempotency import IdempotencyKey
from scorekeeper.rules.seep.cards import POINT_CARDS
from tests.helpers.api import SESSIONS, bearer
from tests.helpers.pages import deal_fields, session_of, start
from tests.helpers.seep import POINTS, captured, deal, seep_session


@pytest.fixture
def app(database: str) -> Iterator[Flask]:
    """The app on this test's own database, CSRF off for the test client's form posts."""
    config = {"SQLALCHEMY_DATABASE_URI": database, "WTF_CSRF_ENABLED": False}
    app = create_app({"TESTING": True, "SECRET_KEY": "test", **config})
    yield app
    with app.app_context():
        db.engine.dispose()  # so that the PostgreSQL database can be dropped


# -- helpers -------------------------------------------------------------------------------


class Api:
    """One phone talking to one session through the API."""

    def __init__(self, client: FlaskClient, session: dict[str, Any]) -> None:
        self.client = client
        self.url = f"{SESSIONS}/{session['id']}"
        self.auth = bearer(session["edit_token"])

    def post(self, record: Any, **headers: str) -> TestResponse:
        return self.client.post(f"{self.url}/deals", json=record, headers=self.auth | headers)

    def put(self, deal_id: int, record: Any, **headers: str) -> TestResponse:
        url = f"{self.url}/deals/{deal_id}"
        return self.client.put(url, json=record, headers=self.auth | headers)

    def delete(self, deal_id: int, **headers: str) -> TestResponse:
        return self.client.delete(f"{self.url}/deals/{deal_id}", headers=self.auth | headers)

    def deals(self) -> list[tuple[int, int, int]]:
        """(id, number, team 0's card points) of each live deal, as stored."""
        body = self.client.get(self.url).get_json()
        return [(d["id"], d["number"], team0_points(d)) for d in body["deals"]]


def team0_points(record: dict[str, Any]) -> int:
    """Team 0's card points in a stored deal record."""
    return sum(POINTS.get(card, 0) for card in record["captured"][0])


def conflict(response: TestResponse, status: int, code: str) -> dict[str, Any]:
    """The answer is a JSON conflict with the deal as it stands now; its body."""
    assert response.status_code == status, response.get_data(as_text=True)
    body = response.get_json()
    assert body["error"] == code, body
    assert body["message"].endswith("."), body
    return body


@pytest.fixture
def api(client: FlaskClient) -> Api:
    """A session with deals 1, 2 and 3 (team 0 took 60, 30 and 55 card points)."""
    phone = Api(client, seep_session(client))
    for points in (60, 30, 55):
        assert phone.post(deal(points)).status_code == 201
    return phone


# -- finding 1: a stale edit overwrites another deal (API) ----------------------------------


def test_put_changes_the_deal_with_that_id_not_the_deal_now_at_that_number(api: Api) -> None:
    assert api.delete(1).status_code == 200  # deal 2 is now the first deal, deal 3 the second
    response = api.put(2, deal(70))
    assert response.status_code == 200, response.get_json()
    body = response.get_json()
    assert (body["id"], body["number"], body["version"]) == (2, 1, 2)
    assert body["deal"]["captured"] == captured(70)
    assert api.deals() == [(2, 1, 70), (3, 2, 55)]  # deal 3 is untouched


def test_a_stale_put_answers_412_with_the_deal_as_it_is_and_changes_nothing(api: Api) -> None:
    read = api.client.get(f"{api.url}/deals/2")
    assert read.status_code == 200
    assert read.headers["ETag"] == '"2.1"'
    assert {k: read.get_json()[k] for k in ("id", "number", "version")} == {
        "id": 2,
        "number": 2,
        "version": 1,
    }
    # Phone B corrects deal 2 first; phone A's correction was made on version 1.
    theirs = api.put(2, deal(20), **{"If-Match": '"2.1"'})
    assert theirs.status_code == 200 and theirs.headers["ETag"] == '"2.2"'
    body = conflict(api.put(2, deal(40), **{"If-Match": '"2.1"'}), 412, "version-mismatch")
    assert body["deal"]["version"] == 2 and body["deal"]["captured"] == captured(20)
    body = conflict(api.delete(2, **{"If-Match": '"2.1"'}), 412, "version-mismatch")
    assert body["deal"]["id"] == 2
    assert api.deals() == [(1, 1, 60), (2, 2, 20), (3, 3, 55)]
    # With the version it holds now, phone A may delete it.
    assert api.delete(2, **{"If-Match": '"2.2"'}).status_code == 200
    assert api.deals() == [(1, 1, 60), (3, 2, 55)]


def test_a_put_to_a_deleted_deal_answers_409_and_restore_brings_it_back(api: Api) -> None:
    api.delete(2)
    body = conflict(api.put(2, deal(40)), 409, "deal-deleted")
    assert body["deal"]["id"] == 2 and body["deal"]["deleted"] is True
    assert api.deals() == [(1, 1, 60), (3, 2, 55)]
    restored = api.client.post(f"{api.url}/deals/2/restore", headers=api.auth)
    assert restored.status_code == 200 and restored.get_json()["number"] == 2
    assert api.deals() == [(1, 1, 60), (2, 2, 30), (3, 3, 55)]


def test_a_deal_keeps_its_id_after_a_delete_and_a_new_deal_gets_a_new_one(api: Api) -> None:
    api.delete(3)
    added = api.post(deal(45))
    assert added.status_code == 201
    assert (added.get_json()["id"], added.get_json()["number"]) == (4, 3)
    assert api.deals() == [(1, 1, 60), (2, 2, 30), (4, 3, 45)]
    # Every deal in the standing carries its identity too (read whole: a 201 leaves them out).
    rows = api.client.get(api.url).get_json()["standing"]["deals"]
    assert [(r["id"], r["number"], r["version"]) for r in rows] == [(1, 1, 1), (2, 2, 1), (4, 3, 1)]


# -- finding 2: a retried delete deletes two deals ------------------------------------------


def test_a_delete_sent_twice_removes_only_that_deal(api: Api) -> None:
    first, again = api.delete(2), api.delete(2)
    assert first.status_code == again.status_code == 200
    assert again.get_json()["deal"]["deleted"] is True
    assert again.get_json()["version"] == first.get_json()["version"]  # nothing more changed
    assert api.deals() == [(1, 1, 60), (3, 2, 55)]


# -- finding 3: a deal entered twice (API) ---------------------------------------------------


def test_a_deal_sent_twice_as_deal_1_is_stored_once(client: FlaskClient) -> None:
    phone = Api(client, seep_session(client))
    assert phone.post(deal(60, number=1)).status_code == 201
    body = conflict(phone.post(deal(45, number=1)), 409, "deal-exists")
    assert body["message"].startswith("Deal 1 was already entered by another scorer.")
    assert body["deal"]["id"] == 1 and body["deal"]["captured"] == captured(60)
    conflict(phone.post(deal(45, number=3)), 409, "deal-out-of-order")
    assert phone.deals() == [(1, 1, 60)]
    assert phone.post(deal(45, number=2)).status_code == 201
    assert phone.deals() == [(1, 1, 60), (2, 2, 45)]


# -- finding 5: retries double deals ---------------------------------------------------------


def test_the_same_idempotency_key_stores_a_deal_once_and_answers_as_the_first_time(
    client: FlaskClient,
) -> None:
    phone = Api(client, seep_session(client))
    first = phone.post(deal(60), **{"Idempotency-Key": "deal-one-0123456789abcdefghijkl"})
    assert first.status_code == 201 and "Idempotent-Replayed" not in first.headers
    phone.post(deal(30))  # another deal, without a key, in between
    again = phone.post(deal(60), **{"Idempotency-Key": "deal-one-0123456789abcdefghijkl"})
    assert again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json() == first.get_json()  # the first answer, not today's standing
    assert phone.deals() == [(1, 1, 60), (2, 2, 30)]


def test_the_same_key_with_another_body_answers_422_and_stores_nothing(
    client: FlaskClient,
) -> None:
    phone = Api(client, seep_session(client))
    phone.post(deal(60), **{"Idempotency-Key": "k1-0123456789abcdefghijkl"})
    response = phone.post(deal(45), **{"Idempotency-Key": "k1-0123456789abcdefghijkl"})
    assert response.status_code == 422, response.get_json()
    assert response.get_json()["error"] == "idempotency-key-reused"
    assert phone.deals() == [(1, 1, 60)]


def test_a_key_is_one_sessions_own(client: FlaskClient) -> None:
    one, two = (Api(client, seep_session(client)) for _ in range(2))
    assert (
        one.post(deal(60), **{"Idempotency-Key": "same-0123456789abcdefghijkl"}).status_code == 201
    )
    answer = two.post(deal(60), **{"Idempotency-Key": "same-0123456789abcdefghijkl"})
    assert answer.status_code == 201 and "Idempotent-Replayed" not in answer.headers
    assert one.deals() == two.deals() == [(1, 1, 60)]


def test_a_refused_deal_does_not_use_up_its_key(client: FlaskClient) -> None:
    phone = Api(client, seep_session(client))
    refused = phone.post(
        {"captured": [["KS"], []]}, **{"Idempotency-Key": "k-0123456789abcdefghijkl"}
    )
    assert refused.status_code == 400
    assert (
        phone.post(deal(60), **{"Idempotency-Key": "k-0123456789abcdefghijkl"}).status_code == 201
    )
    assert phone.deals() == [(1, 1, 60)]


def test_the_same_key_starts_one_session(client: FlaskClient) -> None:
    body = {"game": "seep", "teams": [{"players": ["A", "B"]}, {"players": ["C", "D"]}]}
    first = client.post(
        SESSIONS, json=body, headers={"Idempotency-Key": "s1-0123456789abcdefghijkl"}
    )
    again = client.post(
        SESSIONS, json=body, headers={"Idempotency-Key": "s1-0123456789abcdefghijkl"}
    )
    assert first.status_code == again.status_code == 201
    assert again.get_json() == first.get_json()
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.headers["Location"] == first.headers["Location"]
    other = {**body, "options": {"target": 50}}
    reused = client.post(
        SESSIONS, json=other, headers={"Idempotency-Key": "s1-0123456789abcdefghijkl"}
    )
    assert reused.status_code == 422 and reused.get_json()["error"] == "idempotency-key-reused"


def test_a_session_started_with_a_key_keeps_no_token_in_clear(
    app: Flask, client: FlaskClient
) -> None:
    body = {"game": "seep", "teams": [{"players": ["A"]}, {"players": ["B"]}]}
    first = client.post(
        SESSIONS, json=body, headers={"Idempotency-Key": "s2-0123456789abcdefghijkl"}
    ).get_json()
    again = client.post(
        SESSIONS, json=body, headers={"Idempotency-Key": "s2-0123456789abcdefghijkl"}
    ).get_json()
    assert again["edit_token"] == first["edit_token"]  # the replay hands out the same token
    with app.app_context():
        remembered = db.session.execute(db.select(IdempotencyKey)).scalar_one()
        assert "edit_token" not in remembered.body
        assert first["edit_token"] not in json.dumps(remembered.body)
    posted = client.post(
        f"{SESSIONS}/{first['id']}/deals", json=deal(60), headers=bearer(first["edit_token"])
    )
    assert posted.status_code == 201


def test_a_malformed_idempotency_key_is_refused(client: FlaskClient) -> None:
    phone = Api(client, seep_session(client))
    response = phone.post(deal(60), **{"Idempotency-Key": "x" * 256})
    assert response.status_code == 400
    assert response.get_json()["error"] == "bad-idempotency-key"
    assert phone.deals() == []


# -- cheap reads: ETag and 304 ----------------------------------------------------------------


def test_reading_a_session_again_answers_304_until_it_changes(api: Api) -> None:
    first = api.client.get(api.url)
    etag = first.headers["ETag"]
    assert re.fullmatch(r'"s\d+"', etag), etag
    unchanged = api.client.get(api.url, headers={"If-None-Match": etag})
    assert unchanged.status_code == 304 and unchanged.data == b""
    assert unchanged.headers["ETag"] == etag
    api.post(deal(50))
    changed = api.client.get(api.url, headers={"If-None-Match": etag})
    assert changed.status_code == 200
    assert changed.headers["ETag"] != etag and len(changed.get_json()["deals"]) == 4


def test_a_weakened_tag_and_a_head_request_get_304_too(api: Api) -> None:
    etag = api.client.get(api.url).headers["ETag"]  # a proxy may weaken it, as gzip does
    assert api.client.get(api.url, headers={"If-None-Match": f"W/{etag}"}).status_code == 304
    assert api.client.head(api.url, headers={"If-None-Match": etag}).status_code == 304


def test_a_deal_sent_back_as_it_was_read_is_a_valid_correction(api: Api) -> None:
    url = f"{api.url}/deals/2"
    read = api.client.get(url)
    changed = {**read.get_json(), "sweeps": [{"team": 0, "when": "play"}]}
    answer = api.put(2, changed, **{"If-Match": read.headers["ETag"]})
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["deal"]["version"] == 2


# -- the web forms: two phones ------------------------------------------------------------------


def second_phone(app: Flask, keeper: FlaskClient, session_id: str) -> FlaskClient:
    """Another browser that joined with the scorer link of the keeper's share panel."""
    page = keeper.get(f"/s/{session_id}").get_data(as_text=True)
    key = re.search(r'id="scorer-link" value="[^"#]*#key=([^"]+)"', page)
    assert key, "no scorer link in the share panel"
    phone = app.test_client()
    assert phone.post(f"/s/{session_id}/join", data={"key": key.group(1)}).status_code == 302
    return phone


def hidden(page: str, name: str) -> str:
    found = re.search(rf'name="{name}" type="hidden" value="([^"]*)"', page) or re.search(
        rf'type="hidden" name="{name}" value="([^"]*)"', page
    )
    assert found, f"no hidden {name} on the page"
    return found.group(1)


def stored(client: FlaskClient, session_id: str) -> list[tuple[int, int]]:
    """(id, team A's card points) of each live deal."""
    body = client.get(f"{SESSIONS}/{session_id}").get_json()
    return [(d["id"], team0_points(d)) for d in body["deals"]]


def enter(client: FlaskClient, session_id: str, *points: int) -> None:
    for n, points0 in enumerate(points, len(stored(client, session_id)) + 1):
        response = client.post(f"/s/{session_id}/deals/new", data=deal_fields(points0, number=n))
        assert response.status_code == 302, response.get_data(as_text=True)


def test_a_stale_edit_of_a_deal_deleted_meanwhile_overwrites_nothing(
    app: Flask, client: FlaskClient
) -> None:
    session_id = session_of(start(client))
    phone_b = second_phone(app, client, session_id)
    enter(client, session_id, 60, 30, 55)
    form = client.get(f"/s/{session_id}/deals/2/edit")  # phone A opens Edit deal 2...
    assert form.status_code == 200
    version = hidden(form.get_data(as_text=True), "version")
    deleted = phone_b.post(f"/s/{session_id}/deals/2/delete", data={"version": version})
    assert deleted.status_code == 302  # ...phone B deletes it...
    sent = client.post(  # ...and phone A saves
        f"/s/{session_id}/deals/2/edit", data=deal_fields(70, version=version)
    )
    assert sent.status_code == 409
    page = sent.get_data(as_text=True)
    assert "Another scorer deleted deal 2 while you were editing it" in page
    assert stored(client, session_id) == [(1, 60), (3, 55)]  # the old deal 3 is intact
    # A's correction is still on the page; A may bring the deal back with it.
    assert re.search(r'name="card_KS" value="0"\s+checked', page)
    assert 'name="restore" value="1"' in page and "Restore with my correction" in page
    fields = deal_fields(70, version=hidden(page, "version"), restore="1")
    assert client.post(f"/s/{session_id}/deals/2/edit", data=fields).status_code == 302
    assert stored(client, session_id) == [(1, 60), (2, 70), (3, 55)]


def test_a_stale_edit_of_a_deal_changed_meanwhile_shows_both_and_keeps_mine(
    app: Flask, client: FlaskClient
) -> None:
    session_id = session_of(start(client))
    phone_b = second_phone(app, client, session_id)
    enter(client, session_id, 60)
    version = hidden(client.get(f"/s/{session_id}/deals/1/edit").get_data(as_text=True), "version")
    theirs = phone_b.post(f"/s/{session_id}/deals/1/edit", data=deal_fields(20, version=version))
    assert theirs.status_code == 302
    mine = client.post(f"/s/{session_id}/deals/1/edit", data=deal_fields(70, version=version))
    assert mine.status_code == 409
    page = mine.get_data(as_text=True)
    assert "Another scorer changed deal 1" in page
    assert "Asha &amp; Ravi 20" in page  # theirs, summarised
    assert re.search(r'name="card_KS" value="0"\s+checked', page)  # mine, as I entered it
    assert stored(client, session_id) == [(1, 20)]
    # Saving again, now on their version, replaces theirs with mine.
    again = client.post(
        f"/s/{session_id}/deals/1/edit",
        data=deal_fields(70, version=hidden(page, "version")),
    )
    assert again.status_code == 302
    assert stored(client, session_id) == [(1, 70)]


def test_a_stale_delete_button_deletes_nothing(app: Flask, client: FlaskClient) -> None:
    session_id = session_of(start(client))
    phone_b = second_phone(app, client, session_id)
    enter(client, session_id, 60)
    phone_b.post(f"/s/{session_id}/deals/1/edit", data=deal_fields(20, version="1"))
    response = client.post(f"/s/{session_id}/deals/1/delete", data={"version": "1"})
    assert response.status_code == 409
    assert "Another scorer changed deal 1" in response.get_data(as_text=True)
    assert stored(client, session_id) == [(1, 20)]


# -- finding 3 on the web: Back after Save, and two scorers entering deal 1 ------------------


def test_the_deal_form_is_never_kept_by_the_browser(client: FlaskClient) -> None:
    session_id = session_of(start(client))
    enter(client, session_id, 60)
    for path in ("deals/new", "deals/1/edit"):
        response = client.get(f"/s/{session_id}/{path}")
        assert response.status_code == 200
        assert "no-store" in response.headers["Cache-Control"], path
    assert hidden(client.get(f"/s/{session_id}/deals/new").get_data(as_text=True), "number") == "2"


def test_a_deal_form_sent_again_stores_nothing_and_keeps_what_was_entered(
    client: FlaskClient,
) -> None:
    session_id = session_of(start(client))
    fields = deal_fields(60, number="1", sweeps1="2")
    assert client.post(f"/s/{session_id}/deals/new", data=fields).status_code == 302
    again = client.post(f"/s/{session_id}/deals/new", data=fields)  # Back, then Save
    assert again.status_code == 409
    page = again.get_data(as_text=True)
    assert "Deal 1 was already entered" in page
    assert stored(client, session_id) == [(1, 60)]
    # What was entered is still there, offered as deal 2.
    team0 = captured(60)[0]
    for card in POINT_CARDS:
        team = "0" if str(card) in team0 else "1"
        assert re.search(rf'name="card_{card}" value="{team}"\s+checked', page), card
    assert re.search(r'name="sweeps1" value="2"', page)
    assert hidden(page, "number") == "2"
    assert "Save deal 2" in page
    saved = client.post(f"/s/{session_id}/deals/new", data=fields | {"number": "2"})
    assert saved.status_code == 302
    assert stored(client, session_id) == [(1, 60), (2, 60)]


def test_two_scorers_entering_deal_1_store_it_once(app: Flask, client: FlaskClient) -> None:
    session_id = session_of(start(client))
    phone_b = second_phone(app, client, session_id)
    for phone in (client, phone_b):  # both open "Enter deal 1"
        page = phone.get(f"/s/{session_id}/deals/new").get_data(as_text=True)
        assert hidden(page, "number") == "1"
    assert (
        client.post(f"/s/{session_id}/deals/new", data=deal_fields(60, number="1")).status_code
        == 302
    )
    late = phone_b.post(f"/s/{session_id}/deals/new", data=deal_fields(45, number="1"))
    assert late.status_code == 409
    page = late.get_data(as_text=True)
    assert "Deal 1 was already entered by another scorer" in page
    assert "Asha &amp; Ravi 60" in page  # what the other scorer entered
    assert stored(client, session_id) == [(1, 60)]


def test_a_deal_entered_and_another_deleted_meanwhile_is_not_stored_twice(
    app: Flask, client: FlaskClient
) -> None:
    """Deletes move deal numbers, so the form also carries the id its deal was to get."""
    session_id = session_of(start(client))
    phone_b = second_phone(app, client, session_id)
    enter(client, session_id, 60, 30)
    page = phone_b.get(f"/s/{session_id}/deals/new").get_data(as_text=True)
    fields = {"number": hidden(page, "number"), "next_id": hidden(page, "next_id")}
    assert fields == {"number": "3", "next_id": "3"}
    # Phone A enters the same deal 3, then deletes deal 1 as a wrong entry...
    client.post(f"/s/{session_id}/deals/new", data=deal_fields(45, number="3", next_id="3"))
    client.post(f"/s/{session_id}/deals/1/delete", data={"version": "1"})
    # ...so B's "deal 3" would be the next number again: the id says A's came first.
    late = phone_b.post(f"/s/{session_id}/deals/new", data=deal_fields(45, **fields))
    assert late.status_code == 409
    page = late.get_data(as_text=True)
    assert "Deal 2 was already entered by another scorer while you were entering" in page
    assert "Asha &amp; Ravi 45" in page  # theirs
    assert (hidden(page, "number"), hidden(page, "next_id")) == ("3", "4")
    assert stored(client, session_id) == [(2, 30), (3, 45)]


def test_a_deal_form_opened_before_a_delete_saves_as_the_next_deal(
    app: Flask, client: FlaskClient
) -> None:
    session_id = session_of(start(client))
    phone_b = second_phone(app, client, session_id)
    enter(client, session_id, 60)
    page = client.get(f"/s/{session_id}/deals/new").get_data(as_text=True)
    fields = {"number": hidden(page, "number"), "next_id": hidden(page, "next_id")}
    phone_b.post(f"/s/{session_id}/deals/1/delete", data={"version": "1"})
    # Nothing was entered meanwhile, so the deal is new: it is saved, as deal 1 now.
    saved = client.post(f"/s/{session_id}/deals/new", data=deal_fields(45, **fields))
    assert saved.status_code == 302
    assert stored(client, session_id) == [(2, 45)]
