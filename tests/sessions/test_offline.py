"""The web deal forms honour an Idempotency-Key, as the offline queue sends them again."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from scorekeeper.web import assets
from tests.helpers.pages import deal_form, flashes, start, unhashed

KEY = {"Idempotency-Key": "6f1c2a70-3f7e-4a57-9a53-0a5b1d3c8e11"}


def stored_numbers(client: FlaskClient, board: str) -> list[int]:
    """The numbers of the session's live deals, as the JSON API reads them."""
    session = client.get("/api/v1/sessions/" + board.rsplit("/", 1)[1]).get_json()
    return [deal["number"] for deal in session["deals"]]


def test_a_new_deal_sent_twice_with_one_key_is_stored_once(client: FlaskClient) -> None:
    board = start(client)
    form = deal_form(("KS",), number="1", next_id="1")
    first = client.post(board + "/deals/new", data=form, headers=KEY)
    again = client.post(board + "/deals/new", data=form, headers=KEY)
    assert first.status_code == again.status_code == 302
    assert first.headers["Location"] == again.headers["Location"] == board
    assert stored_numbers(client, board) == [1]
    # The answer is as the first time: the same message, Undo and all.
    assert flashes(client.get(board).get_data(as_text=True)) == [
        ("undo", "Deal 1 saved."),
        ("undo", "Deal 1 saved."),
    ]


def test_the_forms_own_key_makes_it_once_and_a_header_resends_it(client: FlaskClient) -> None:
    board = start(client)
    form = deal_form(("KS",), number="1", next_id="1", idempotency_key=KEY["Idempotency-Key"])
    first = client.post(board + "/deals/new", data=form)
    # The offline queue sends what the page sent, with the same key as a header: one deal.
    again = client.post(board + "/deals/new", data=form, headers=KEY)
    assert first.status_code == again.status_code == 302
    assert stored_numbers(client, board) == [1]


def test_a_bad_key_in_the_form_is_a_400_page(client: FlaskClient) -> None:
    board = start(client)
    form = deal_form(("KS",), idempotency_key="deal-1")
    assert client.post(board + "/deals/new", data=form).status_code == 400
    assert stored_numbers(client, board) == []


def test_without_a_key_a_form_sent_twice_is_refused_as_before(client: FlaskClient) -> None:
    board = start(client)
    form = deal_form(("KS",), number="1", next_id="1")
    client.post(board + "/deals/new", data=form)
    again = client.post(board + "/deals/new", data=form)
    assert again.status_code == 409  # the second is seen as coming after deal 1
    assert stored_numbers(client, board) == [1]


def test_a_refused_form_keeps_no_key(client: FlaskClient) -> None:
    board = start(client)
    bad = client.post(board + "/deals/new", data=deal_form(dealer="9"), headers=KEY)
    assert bad.status_code == 400
    good = client.post(board + "/deals/new", data=deal_form(("KS",)), headers=KEY)
    assert good.status_code == 302  # the same key, now with a form that can be stored
    assert stored_numbers(client, board) == [1]


def test_another_body_with_the_same_key_is_a_422_page(client: FlaskClient) -> None:
    board = start(client)
    client.post(board + "/deals/new", data=deal_form(("KS",)), headers=KEY)
    other = client.post(board + "/deals/new", data=deal_form(("QS",)), headers=KEY)
    assert other.status_code == 422
    assert "Idempotency-Key was used for another request" in other.get_data(as_text=True)
    assert other.mimetype == "text/html"
    assert stored_numbers(client, board) == [1]


@pytest.mark.parametrize(
    "key", ["", "1", "x" * 256, "naïve-0123456789abcdefghijkl", "tab\there-0123456789abcdefghijkl"]
)
def test_a_bad_key_is_a_400_page(client: FlaskClient, key: str) -> None:
    board = start(client)
    response = client.post(
        board + "/deals/new", data=deal_form(("KS",)), headers={"Idempotency-Key": key}
    )
    assert response.status_code == 400
    assert "Idempotency-Key must be" in response.get_data(as_text=True)
    assert stored_numbers(client, board) == []


def test_a_correction_sent_twice_with_one_key_is_stored_once(client: FlaskClient) -> None:
    board = start(client)
    client.post(board + "/deals/new", data=deal_form(("KS", "QS")))
    form = deal_form(("KS",), version="1")
    first = client.post(board + "/deals/1/edit", data=form, headers=KEY)
    # Sent again after its answer was lost: version 1 is gone, yet no conflict page is shown.
    again = client.post(board + "/deals/1/edit", data=form, headers=KEY)
    assert first.status_code == again.status_code == 302
    assert again.headers["Location"] == board
    deal = client.get("/api/v1/sessions/" + board.rsplit("/", 1)[1]).get_json()["deals"][0]
    assert deal["version"] == 2
    assert flashes(client.get(board).get_data(as_text=True)) == [
        ("undo", "Deal 1 saved."),
        ("done", "Deal 1 corrected."),
        ("done", "Deal 1 corrected."),
    ]


def test_one_key_for_a_correction_and_a_new_deal_is_a_422(client: FlaskClient) -> None:
    board = start(client)
    client.post(board + "/deals/new", data=deal_form(("KS", "QS")))
    form = deal_form(("KS",))
    client.post(board + "/deals/1/edit", data=form, headers=KEY)
    assert client.post(board + "/deals/new", data=form, headers=KEY).status_code == 422
    assert stored_numbers(client, board) == [1]


def test_the_manifest_names_the_app_and_its_icons(client: FlaskClient) -> None:
    response = client.get("/manifest.webmanifest")
    assert response.mimetype == "application/manifest+json"
    manifest = json.loads(response.get_data(as_text=True))
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    for icon in manifest["icons"]:
        assert client.get(icon["src"]).status_code == 200
    page = client.get("/").get_data(as_text=True)
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert 'name="theme-color" content="{}"'.format(manifest["theme_color"]) in page


def test_the_offline_page_is_kept_in_every_language(client: FlaskClient) -> None:
    urdu = client.get("/offline/ur", headers={"Accept-Language": "hi"}).get_data(as_text=True)
    assert '<html lang="ur" dir="rtl"' in urdu
    assert client.get("/offline/xx").status_code == 404
    # One worker for every language: choosing one does not install it again.
    urdu = client.get("/sw.js", headers={"Accept-Language": "ur"}).get_data(as_text=True)
    assert client.get("/sw.js", headers={"Accept-Language": "ml"}).get_data(as_text=True) == urdu


def test_the_service_worker_is_served_from_the_root_with_its_build(client: FlaskClient) -> None:
    response = client.get("/sw.js")
    assert response.mimetype == "text/javascript"
    assert response.headers["Cache-Control"] == "no-cache"
    first = response.get_data(as_text=True).splitlines()[0]
    build = json.loads(first.removeprefix("const BUILD = ").removesuffix(";"))
    shell = set(build["shell"])
    assert {"/static/app.css", "/static/js/offline-queue.js", "/offline/en", "/offline/ur"} <= {
        unhashed(url) for url in shell
    }
    assert build["offline"]["hi"] == "/offline/hi" and build["language"] == "en"
    assert "/static/sw.js" not in {unhashed(url) for url in shell}
    assert all(client.get(url).status_code == 200 for url in shell)
    # Kept by the names the pages use: the hashed ones.
    page = client.get("/check").get_data(as_text=True)
    used = set(re.findall(r'(?:src|href)="(/static/[^"]+)"', page))
    assert used and used <= shell and "/static/app.css" not in shell


def test_the_version_changes_exactly_when_a_hashed_name_does(tmp_path: Path) -> None:
    (tmp_path / "sw.js").write_text("// worker")
    (tmp_path / "app.css").write_text("body {}")
    (tmp_path / "words.js").write_text("export const word = 1;")
    before = assets.read(tmp_path)
    (tmp_path / "app.css").write_text("body {}")  # written again, the same
    assert assets.read(tmp_path).version == before.version
    (tmp_path / "words.js").write_text("export const word = 2;")
    after = assets.read(tmp_path)
    assert after.files["words.js"].hashed != before.files["words.js"].hashed
    assert after.version != before.version
    (tmp_path / "sw.js").write_text("// the worker, changed")
    assert assets.read(tmp_path).version != after.version
