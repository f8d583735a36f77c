"""Issue 34: the page forms that write deals count as deal writes (web/deal_write_limits.py):
past the figure, the deal form comes back as it was filled in with the limit named (429 and
Retry-After), a delete or restore is a 429 page saying it, and nothing is stored."""

from __future__ import annotations

import uuid

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.data.models import Deal
from tests.helpers.api import count
from tests.helpers.limits import ASHA, assert_limited, limited_app
from tests.helpers.pages import deal_fields, problems, start

SAID = "Too many deal writes were sent to this session. At most 2 a minute."


def table(fresh_db: str) -> tuple[Flask, FlaskClient, str]:
    """An app whose sessions take two deal writes a minute; a scorer's browser; its board."""
    app = limited_app(fresh_db, SESSION_WRITE_LIMIT="2 per minute")
    client = app.test_client()
    client.environ_base["HTTP_X_FORWARDED_FOR"] = ASHA
    return app, client, start(client)


def test_a_deal_form_past_the_figure_comes_back_as_typed_naming_the_limit(fresh_db: str) -> None:
    app, client, board = table(fresh_db)
    for points in (10, 20):
        assert client.post(board + "/deals/new", data=deal_fields(points)).status_code == 302
    refused = client.post(board + "/deals/new", data=deal_fields(30, sweeps0="2"))
    page = assert_limited(refused, SAID)
    assert any(p.startswith(SAID) for p in problems(page)), problems(page)
    assert 'name="sweeps0"' in page and 'value="2"' in page  # what was typed is kept
    assert count(app, Deal) == 2


def test_a_correction_past_the_figure_is_refused_the_same_way(fresh_db: str) -> None:
    _app, client, board = table(fresh_db)
    assert client.post(board + "/deals/new", data=deal_fields(10)).status_code == 302
    assert client.post(board + "/deals/1/edit", data=deal_fields(20)).status_code == 302
    refused = client.post(board + "/deals/1/edit", data=deal_fields(30))
    assert any(p.startswith(SAID) for p in problems(assert_limited(refused, SAID)))
    session = client.get("/api/v1/sessions/" + board.rsplit("/", 1)[1]).get_json()
    assert session["deals"][0]["version"] == 2  # the correction that was accepted, no other


def test_delete_and_restore_past_the_figure_are_a_429_page(fresh_db: str) -> None:
    _app, client, board = table(fresh_db)
    assert client.post(board + "/deals/new", data=deal_fields(10)).status_code == 302
    assert client.post(board + "/deals/1/delete").status_code == 302
    assert_limited(client.post(board + "/deals/1/restore"), SAID)
    deal = client.get("/api/v1/sessions/" + board.rsplit("/", 1)[1] + "/deals/1").get_json()
    assert deal["deleted"] is True


def test_a_form_sent_again_under_its_stored_key_is_answered_past_the_figure(
    fresh_db: str,
) -> None:
    """The offline queue sends a form again when it never heard the answer: not refused."""
    app, client, board = table(fresh_db)
    key = {"Idempotency-Key": str(uuid.uuid4())}
    form = deal_fields(10, number="1", next_id="1")
    assert client.post(board + "/deals/new", data=form, headers=key).status_code == 302
    assert client.post(board + "/deals/new", data=deal_fields(20)).status_code == 302
    assert client.post(board + "/deals/new", data=deal_fields(30)).status_code == 429
    again = client.post(board + "/deals/new", data=form, headers=key)
    assert again.status_code == 302 and again.headers["Location"] == board
    assert count(app, Deal) == 2
