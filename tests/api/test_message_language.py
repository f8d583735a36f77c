"""Accept-Language chooses the language of every `message` (API.md "Errors"); the `error` code
never changes. A throwaway Portuguese catalog, compiled into a temporary directory, stands in
for the translators' one."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import create_app
from tests.helpers.api import bearer, new_session
from tests.helpers.said import throwaway_catalog

PORTUGUESE = {
    "There is no session %(id)r.": "Não existe a sessão %(id)r.",
    "The body must be a JSON object (Content-Type: application/json).": (
        "O corpo deve ser um objeto JSON (Content-Type: application/json)."
    ),
    "Deal %(upcoming)d comes next, not deal %(number)d. Nothing was stored.": (
        "A mão %(upcoming)d vem a seguir, não a mão %(number)d. Nada foi guardado."
    ),
    "The requested URL was not found on the server. If you entered the URL manually please "
    "check your spelling and try again.": "O endereço pedido não existe neste servidor.",
    "This form was opened in another visit. Go back, reload the page and send it again.": (
        "Este formulário foi aberto noutra visita. Volte, recarregue a página e envie de novo."
    ),
    "That edit token does not belong to this session.": "Esse token não é desta sessão.",
}
PT = {"Accept-Language": "pt-PT,pt;q=0.9"}


def speaking(fresh_db: str, tmp_path: Path, **config: object) -> Flask:
    """The app reading its catalogs from a temporary directory holding PORTUGUESE."""
    return create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "SQLALCHEMY_DATABASE_URI": fresh_db,
            "RATELIMIT_ENABLED": False,
            "WTF_CSRF_ENABLED": False,
            "BABEL_TRANSLATION_DIRECTORIES": str(
                throwaway_catalog(tmp_path / "translations", "pt", PORTUGUESE)
            ),
            **config,
        }
    )


@pytest.fixture
def pt_client(fresh_db: str, tmp_path: Path) -> FlaskClient:
    return speaking(fresh_db, tmp_path).test_client()


def both(client: FlaskClient, method: str, path: str, **request: Any) -> tuple[Any, Any]:
    """The answer in English (no Accept-Language) and in Portuguese."""
    headers = dict(request.pop("headers", {}))
    english = client.open(path, method=method, headers=headers, **request)
    portuguese = client.open(path, method=method, headers=headers | PT, **request)
    assert english.status_code == portuguese.status_code
    return english.get_json(), portuguese.get_json()


def test_an_unknown_session_is_said_in_the_readers_language(pt_client: FlaskClient) -> None:
    english, portuguese = both(pt_client, "GET", "/api/v1/sessions/nope")
    assert english == {"error": "not-found", "message": "There is no session 'nope'."}
    assert portuguese == {"error": "not-found", "message": "Não existe a sessão 'nope'."}


def test_a_bad_body_is_said_in_the_readers_language(pt_client: FlaskClient) -> None:
    english, portuguese = both(pt_client, "POST", "/api/v1/sessions", json=[1])
    assert english["error"] == portuguese["error"] == "bad-json"
    assert english["message"].startswith("The body must be a JSON object")
    assert portuguese["message"].startswith("O corpo deve ser um objeto JSON")


def test_a_conflict_is_said_in_the_readers_language(pt_client: FlaskClient) -> None:
    session = new_session(pt_client, "casino")
    path = f"/api/v1/sessions/{session['id']}/deals"
    body = {"number": 5, "cards": [30, 22], "spades": [7, 6], "aces": [0, 1, 1, 0]}
    body |= {"big_casino": 1, "little_casino": 0}
    english, portuguese = both(
        pt_client, "POST", path, json=body, headers=bearer(session["edit_token"])
    )
    assert english["error"] == portuguese["error"] == "deal-out-of-order"
    assert english["message"] == "Deal 1 comes next, not deal 5. Nothing was stored."
    assert portuguese["message"] == "A mão 1 vem a seguir, não a mão 5. Nada foi guardado."


def test_werkzeugs_own_errors_and_ours_are_said_in_the_readers_language(
    pt_client: FlaskClient,
) -> None:
    english, portuguese = both(pt_client, "GET", "/api/v1/nowhere")
    assert english["error"] == portuguese["error"] == "not-found"
    assert english["message"].startswith("The requested URL was not found on the server.")
    assert portuguese["message"] == "O endereço pedido não existe neste servidor."
    session = new_session(pt_client, "casino")
    path = f"/api/v1/sessions/{session['id']}/deals"
    english, portuguese = both(pt_client, "POST", path, json={}, headers=bearer("wrong"))
    assert english["error"] == portuguese["error"] == "forbidden"
    assert portuguese["message"] == "Esse token não é desta sessão."


def test_a_form_from_another_visit_is_said_in_the_readers_language(
    fresh_db: str, tmp_path: Path
) -> None:
    client = speaking(fresh_db, tmp_path, WTF_CSRF_ENABLED=True).test_client()
    page = client.post("/new/seep", data={}, headers=PT)
    assert page.status_code == 400
    assert "Este formulário foi aberto noutra visita." in page.get_data(as_text=True)
    english = client.post("/new/seep", data={}).get_data(as_text=True)
    assert "This form was opened in another visit." in english
