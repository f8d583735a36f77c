"""Fixtures: an app on a fresh, migrated SQLite database, its client and CLI runner."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner
from flask_migrate import upgrade

from scorekeeper import create_app
from scorekeeper.data.extensions import db

FOUR = [
    {"name": "Lions", "players": ["Asha", "Ravi"]},
    {"name": "Tigers", "players": ["Meena", "Dev"]},
]


@pytest.fixture(scope="session")
def migrated_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database migrated once to the current version, copied for each test."""
    path = tmp_path_factory.mktemp("template") / "template.sqlite"
    app = create_app(
        {"TESTING": True, "SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"}
    )
    with app.app_context():
        upgrade()
        db.engine.dispose()  # the last connection to close folds the WAL into the file
    return path


@pytest.fixture
def fresh_db(migrated_db: Path, tmp_path: Path) -> str:
    """The URL of this test's own copy of the migrated database."""
    path = tmp_path / "test.sqlite"
    shutil.copy(migrated_db, path)
    return f"sqlite:///{path}"


@pytest.fixture
def app(fresh_db: str) -> Iterator[Flask]:
    """The app on its own database, with CSRF off for form posts from the test client."""
    config = {"SQLALCHEMY_DATABASE_URI": fresh_db, "WTF_CSRF_ENABLED": False}
    yield create_app({"TESTING": True, "SECRET_KEY": "test", **config})


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """A test client."""
    return app.test_client()


@pytest.fixture
def runner(app: Flask) -> FlaskCliRunner:
    """A runner for the app's CLI commands."""
    return app.test_cli_runner()


def seep_session(
    client: FlaskClient, teams: list[dict[str, Any]] = FOUR, **options: Any
) -> dict[str, Any]:
    """Create a Seep session through the API; the answer has its id and edit token."""
    response = client.post(
        "/api/v1/sessions", json={"game": "seep", "teams": teams, "options": options}
    )
    assert response.status_code == 201, response.get_json()
    return response.get_json()


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A SQLAlchemy URL of an empty PostgreSQL database: TEST_POSTGRES_URL, or a throwaway
    cluster started for this test run (fails, never skips, when PostgreSQL is missing)."""
    from pg import throwaway_cluster

    with throwaway_cluster() as url:
        yield url
