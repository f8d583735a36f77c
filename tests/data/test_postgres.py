"""The app on PostgreSQL: init-db through the CLI, then the whole sessions API.

The database is a throwaway cluster started for the test run (tests/helpers/postgres.py), or
TEST_POSTGRES_URL. Without PostgreSQL these tests fail: they are never skipped.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import sqlalchemy as sa
from alembic.script import ScriptDirectory
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import create_app
from scorekeeper.data.extensions import db
from tests.helpers.api import SESSIONS, bearer
from tests.helpers.seep import captured, deal

TABLES = {"game_sessions", "teams", "players", "memberships", "deals", "alembic_version"}
TEAMS = [
    {"name": "Śēr", "players": ["Ásha", "Ravi"]},
    {"name": "Bāgh", "players": ["Meena", "Dév"]},
]


@pytest.fixture
def pg_app(postgres_url: str) -> Iterator[Flask]:
    """The app on the PostgreSQL database."""
    app = create_app(
        {"TESTING": True, "SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": postgres_url}
    )
    yield app
    with app.app_context():
        db.engine.dispose()  # let the cluster stop without waiting for pooled connections


def init_db(app: Flask) -> Any:
    """Run `init-db` through the app's CLI runner."""
    return app.test_cli_runner().invoke(args=["init-db"])


@pytest.fixture
def pg_client(pg_app: Flask) -> FlaskClient:
    """A client of the app, on a database that init-db has brought up to date."""
    result = init_db(pg_app)
    assert result.exit_code == 0, result.output
    return pg_app.test_client()


def test_init_db_creates_the_schema_on_postgresql_and_can_run_again(pg_app: Flask) -> None:
    for _ in range(2):
        result = init_db(pg_app)
        assert result.exit_code == 0, result.output
        assert "up to date" in result.output
    with pg_app.app_context():
        assert db.engine.dialect.name == "postgresql"
        assert db.engine.driver == "psycopg"
        assert set(sa.inspect(db.engine).get_table_names()) >= TABLES
        versions = list(db.session.scalars(sa.text("SELECT version_num FROM alembic_version")))
        config = pg_app.extensions["migrate"].migrate.get_config()
        assert versions == [ScriptDirectory.from_config(config).get_current_head()]


def test_the_sessions_api_on_postgresql(pg_client: FlaskClient) -> None:
    client = pg_client
    created = client.post(SESSIONS, json={"game": "seep", "teams": TEAMS, "options": {"baazis": 3}})
    assert created.status_code == 201, created.get_json()
    session = created.get_json()
    url = f"{SESSIONS}/{session['id']}"
    auth = bearer(session["edit_token"])

    # Three deals: +20, then -40, then a sweep for team 0 (+25 at 50/50).
    for record in (deal(60, dealer=0), deal(30), deal(50, (0, "opening"))):
        response = client.post(f"{url}/deals", json=record, headers=auth)
        assert response.status_code == 201, response.get_json()
    assert response.get_json()["lead"] == {"team": 0, "points": 20 - 40 + 25}

    # Refused writes store nothing.
    bad = client.post(f"{url}/deals", json={"captured": [["KS"], []]}, headers=auth)
    assert bad.status_code == 400 and bad.get_json()["error"] == "missing-point-card"
    wrong = client.post(f"{url}/deals", json=deal(60), headers=bearer("nope"))
    assert wrong.status_code == 403
    assert len(client.get(url).get_json()["deals"]) == 3

    # Edit deal 2 (now team 0 wins it by 10), then delete deal 1.
    edited = client.put(f"{url}/deals/2", json=deal(55), headers=auth)
    assert edited.status_code == 200, edited.get_json()
    assert edited.get_json()["lead"] == {"team": 0, "points": 20 + 10 + 25}
    deleted = client.delete(f"{url}/deals/1", headers=auth)
    assert deleted.status_code == 200, deleted.get_json()
    assert deleted.get_json()["lead"] == {"team": 0, "points": 10 + 25}

    body = client.get(url).get_json()
    assert body["game"] == "seep"
    assert body["teams"] == TEAMS  # non-ASCII names survive the round trip
    assert body["options"]["baazis"] == 3 and body["options"]["target"] == 100
    assert [d["captured"] for d in body["deals"]] == [captured(55), captured(50)]
    assert body["deals"][1]["sweeps"] == [{"team": 0, "when": "opening"}]
    standing = body["standing"]
    assert [row["points"] for row in standing["deals"]] == [[55, 45], [75, 50]]
    assert standing["lead"] == {"team": 0, "points": 35}
    assert standing["baazis"] == [0, 0]
    assert standing["next_dealer"] == 1

    # A baazi by the under-9 rule, counted on top.
    won = client.post(f"{url}/deals", json=deal(95), headers=auth)
    assert won.get_json()["baazis"] == [1, 0]
    assert won.get_json()["lead"] == {"team": None, "points": 0}


def test_unknown_and_impossible_ids_are_404_on_postgresql(pg_client: FlaskClient) -> None:
    for session_id in ("doesnotexist", "x" * 40, "a%00b"):
        response = pg_client.get(f"{SESSIONS}/{session_id}")
        assert response.status_code == 404, session_id
        assert response.get_json()["error"] == "not-found"


def test_names_that_grow_when_folded_fit_on_postgresql(pg_client: FlaskClient) -> None:
    # "ß" folds to "ss": the folded key of a 40-character name may be 80 characters long.
    teams = [{"players": ["ß" * 40, "ﬃ" * 40]}, {"players": ["r", "s"]}]
    response = pg_client.post(SESSIONS, json={"game": "seep", "teams": teams})
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["seats"][0] == "ß" * 40


def test_a_nul_character_is_refused_not_a_500_on_postgresql(pg_client: FlaskClient) -> None:
    teams = [{"name": "A\x00", "players": ["p", "q"]}, {"name": "B", "players": ["r", "s"]}]
    response = pg_client.post(SESSIONS, json={"game": "seep", "teams": teams})
    assert response.status_code == 400
    assert response.get_json()["error"] == "bad-name"
    # The connection is still good after the refusal.
    assert pg_client.post(SESSIONS, json={"game": "seep", "teams": TEAMS}).status_code == 201


def test_without_postgresql_the_fixture_fails_and_says_what_to_do(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tests.helpers import postgres as pg

    monkeypatch.setattr(pg, "SEARCH", ())
    monkeypatch.setenv("PATH", "/nonexistent")
    monkeypatch.delenv("PG_BINDIR", raising=False)
    with pytest.raises(pytest.fail.Exception) as failure:
        pg.find_bindir()
    assert "apt-get install postgresql-15" in str(failure.value)
    assert "TEST_POSTGRES_URL" in str(failure.value)


def test_test_postgres_url_is_used_instead_of_a_cluster(monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.helpers import postgres as pg

    monkeypatch.setenv("TEST_POSTGRES_URL", "postgres://me:pw@db.example/score")
    monkeypatch.setattr(pg, "Cluster", None)  # starting a cluster would fail loudly
    with pg.throwaway_cluster() as url:
        assert url == "postgresql+psycopg://me:pw@db.example/score"
