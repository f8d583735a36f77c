"""Fixtures: an app on a fresh, migrated SQLite database (or PostgreSQL, or each in turn), its
client and CLI runner, and a session of each game with two deals played."""

from __future__ import annotations

import shutil
import uuid
from collections.abc import Iterator
from pathlib import Path

import flask_babel
import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner
from flask_migrate import upgrade

import bench  # noqa: F401  # its roomy limits, set in the environment (bench/__init__.py)
from scorekeeper import create_app
from scorekeeper.data.extensions import db
from scorekeeper.web import workers
from tests.helpers import advice_bodies, casino, fifty_six, seep
from tests.helpers.api import Json, played
from tests.helpers.postgres import create_database, drop_database, throwaway_cluster

TEMPLATE = "scorekeeper_migrated"
# The suites write many deals and read whole sessions from one address, in apps of their own and
# through `make serve`: bench's roomy figures, set in the environment on import, are counted
# there, never met. The limits' own tests set their figures in the app's config; the starts keep
# their default (the tests that start many sessions turn the limits off, and tests/serve checks
# that figure).


@pytest.fixture(autouse=True)
def fresh_catalogs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Catalogs read afresh in each test: Flask-Babel keeps those it has read in one domain that
    every app shares, so a test's throwaway catalog must not outlive it."""
    cache: dict[object, object] = {}
    monkeypatch.setattr(flask_babel.Domain, "get_translations_cache", lambda _self, _ctx: cache)


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
    """The app on its own database, with CSRF off for form posts from the test client, and
    no rate limits, so that the tests may start as many sessions as they need (the limits'
    own tests, tests/web/test_limits.py, turn them on)."""
    config = {
        "SQLALCHEMY_DATABASE_URI": fresh_db,
        "WTF_CSRF_ENABLED": False,
        "RATELIMIT_ENABLED": False,
        "REVIEW_SECONDS": advice_bodies.QUICK_REVIEW,
    }
    made = create_app({"TESTING": True, "SECRET_KEY": "test", **config})
    yield made
    made.extensions[workers.EXTENSION].close()  # its search processes, if it started any


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """A test client."""
    return app.test_client()


@pytest.fixture
def runner(app: Flask) -> FlaskCliRunner:
    """A runner for the app's CLI commands."""
    return app.test_cli_runner()


# -- a session of each game with deals 1 and 2, started through the API ------------------------


@pytest.fixture
def seep_played(client: FlaskClient) -> Json:
    """A Seep session of four with two deals already recorded: 60-40, then 45-55."""
    return played(client, "seep", seep.deal(60), seep.deal(45))


@pytest.fixture
def fifty_six_played(client: FlaskClient) -> Json:
    """A Fifty-six session of four with deals 1 and 2: team 1 made 40, then team 0 lost 30."""
    return played(client, "fifty-six", fifty_six.deal(1, 44), fifty_six.deal(2, 20, value=30))


@pytest.fixture
def casino_played(client: FlaskClient) -> Json:
    """A Casino session of two with deals 1 and 2: 7-4, then 4-7."""
    return played(client, "casino", casino.SEVEN_FOUR, casino.FOUR_SEVEN)


# -- PostgreSQL, and tests that run on both databases -------------------------------------------


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A SQLAlchemy URL of an empty PostgreSQL database: TEST_POSTGRES_URL, or a throwaway
    cluster started for this test run (fails, never skips, when PostgreSQL is missing)."""
    with throwaway_cluster() as url:
        yield url


@pytest.fixture(scope="session")
def migrated_postgres(postgres_url: str) -> str:
    """The URL of a PostgreSQL database migrated once, to be copied for each test."""
    drop_database(sa.make_url(postgres_url).set(database=TEMPLATE).render_as_string(False))
    url = create_database(postgres_url, TEMPLATE)
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": url})
    with app.app_context():
        upgrade()
        db.engine.dispose()  # a template must have no connections when it is copied
    return url


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest) -> Iterator[str]:
    """The URL of this test's own migrated database: SQLite (a file, WAL) or PostgreSQL."""
    if request.param == "sqlite":
        yield request.getfixturevalue("fresh_db")
        return
    template = request.getfixturevalue("migrated_postgres")
    url = create_database(template, f"test_{uuid.uuid4().hex[:16]}", TEMPLATE)
    yield url
    drop_database(url)
