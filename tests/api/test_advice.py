"""POST /api/v1/advice and GET …/live/review (shared/API.md, "Advice and review"): the searches
run in the search workers; a full line answers 503, a client past its figure 429, and a review
is worked out once per version of its deal and kept."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import create_app
from scorekeeper.data.reviews import DealReview
from scorekeeper.web.workers import EXTENSION, workers
from tests.helpers import live_deals
from tests.helpers.advice_bodies import seep_position
from tests.helpers.api import assert_error, bearer, count, play_live
from tests.helpers.seep import deal as seep_record
from tests.helpers.seep import seep_session

ADVICE = "/api/v1/advice"


@pytest.fixture
def app(fresh_db: str) -> Iterator[Flask]:
    """The app with one search worker and a line of one."""
    config = {
        "SQLALCHEMY_DATABASE_URI": fresh_db,
        "RATELIMIT_ENABLED": False,
        "SEARCH_WORKERS": 1,
        "SEARCH_WAITING": 0,
        "REVIEW_SECONDS": 0.5,
    }
    made = create_app({"TESTING": True, "SECRET_KEY": "test", **config})
    yield made
    made.extensions[EXTENSION].close()


def a_position() -> dict[str, Any]:
    """A Seep position midway through a deal, the cards out of play beside it."""
    return seep_position() | {"budget_ms": 150}


def test_advice_ranks_every_legal_move_with_its_interval(client: FlaskClient) -> None:
    body = a_position()
    answer = client.post(ADVICE, json=body)
    assert answer.status_code == 200, answer.get_json()
    found = answer.get_json()
    margins = [m["margin"] for m in found["moves"]]
    assert margins == sorted(margins, reverse=True) and found["samples"] >= 1
    assert all(m["interval"][0] <= m["margin"] <= m["interval"][1] for m in found["moves"])
    held = set(body["position"]["hand"])
    assert {m["move"]["card"] for m in found["moves"]} <= held
    assert client.post(ADVICE, json=body).get_json()["moves"][0]["move"] in [
        m["move"] for m in found["moves"]
    ]


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"game": "chess"}, "unknown-game"),
        ({"budget_ms": 0}, "bad-field"),
        ({"budget_ms": 2001}, "bad-field"),
        ({"position": {"players": 4}}, "missing-field"),
        ({"seen": ["ZZ"]}, "unknown-card"),
        ({"position": None, "history": None}, "missing-field"),
    ],
)
def test_bad_requests_are_refused_by_name(
    client: FlaskClient, change: dict[str, Any], code: str
) -> None:
    body = {k: v for k, v in {**a_position(), **change}.items() if v is not None}
    assert_error(client.post(ADVICE, json=body), 400, code)


def test_a_card_both_seen_and_held_is_refused(client: FlaskClient) -> None:
    body = a_position()
    body["seen"] = [*body["seen"], body["position"]["hand"][0]]
    message = assert_error(client.post(ADVICE, json=body), 400, "bad-position")
    assert body["position"]["hand"][0][0] in message


def test_a_fifty_six_auction_gets_no_advice(client: FlaskClient) -> None:
    body = {"game": "fifty-six", "position": {"phase": "auction", "players": 4, "calls": []}}
    assert_error(client.post(ADVICE, json=body), 400, "bad-position")


def test_a_full_line_of_searches_answers_503_at_once(app: Flask, client: FlaskClient) -> None:
    with app.app_context():
        held = workers().submit(time.sleep, 3)  # the one worker's one place
    begun = time.monotonic()
    answer = client.post(ADVICE, json=a_position())
    assert_error(answer, 503, "unavailable")
    assert answer.headers["Retry-After"] == "1" and time.monotonic() - begun < 1
    held.result()


def test_a_client_past_its_figure_answers_429(fresh_db: str) -> None:
    config = {"SQLALCHEMY_DATABASE_URI": fresh_db, "ADVICE_LIMIT": "2 per minute"}
    limited = create_app({"TESTING": True, "SECRET_KEY": "test", **config})
    client = limited.test_client()
    try:
        body = {**a_position(), "budget_ms": 20}
        assert [client.post(ADVICE, json=body).status_code for _ in range(2)] == [200, 200]
        refused = client.post(ADVICE, json=body)
        assert "advice" in assert_error(refused, 429, "rate-limited")
        assert int(refused.headers["Retry-After"]) >= 1
    finally:
        limited.extensions[EXTENSION].close()


def review_when_ready(client: FlaskClient, url: str) -> Any:
    """Ask for a review until it is worked out (202 until then, with Retry-After)."""
    for _ in range(120):
        answer = client.get(url)
        if answer.status_code == 200:
            return answer
        assert answer.status_code == 202 and answer.headers["Retry-After"]
        time.sleep(0.25)
    raise AssertionError("the review never came")


def test_a_review_is_worked_out_once_and_kept(app: Flask, client: FlaskClient) -> None:
    session = seep_session(client)
    deal_id = play_live(client, session, *live_deals.seep(8))
    url = f"/api/v1/sessions/{session['id']}/live/review?deal={deal_id}"
    first = client.get(url)
    assert first.status_code == 202 and first.get_json() == {"deal": deal_id, "ready": False}
    answer = review_when_ready(client, url)
    review = answer.get_json()
    assert review["deal"] == deal_id and len(review["plays"]) == 48
    assert [s["seat"] for s in review["seats"]] == [0, 1, 2, 3]
    assert all(p["loss"] >= 0 and (p["best"] is None) == (p["loss"] == 0) for p in review["plays"])
    assert any(p["exact"] for p in review["plays"]) and not review["plays"][0]["valued"]
    again = client.get(url, headers={"If-None-Match": answer.headers["ETag"]})
    assert again.status_code == 304
    assert count(app, DealReview) == 1  # once per version of the deal


def test_a_review_needs_a_finished_deal_played_live(client: FlaskClient) -> None:
    session = seep_session(client)
    url = f"/api/v1/sessions/{session['id']}/live/review"
    assert_error(client.get(url), 400, "missing-field")
    assert_error(client.get(f"{url}?deal=x"), 400, "bad-field")
    assert_error(client.get(f"{url}?deal=1"), 404, "not-found")
    auth = bearer(session["edit_token"])
    whole = client.post(
        f"/api/v1/sessions/{session['id']}/deals", json=seep_record(60), headers=auth
    )
    assert whole.status_code == 201
    assert_error(client.get(f"{url}?deal={whole.get_json()['id']}"), 404, "not-found")
    start, _ = live_deals.seep(8)
    live = f"/api/v1/sessions/{session['id']}/live"
    assert client.post(live, json=start, headers=auth).status_code == 201
    assert_error(client.get(f"{url}?deal={whole.get_json()['id'] + 1}"), 409, "live-deal-under-way")
    assert_error(client.get("/api/v1/sessions/nope/live/review?deal=1"), 404, "not-found")
