"""`flask --app scorekeeper init-db` and the database URL that create_app() chooses."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic.script import ScriptDirectory
from click.testing import Result
from flask import Flask

from scorekeeper import create_app
from tests.helpers.api import FOUR

ROOT = Path(__file__).resolve().parents[2]

TABLES = {
    *("game_sessions", "teams", "players", "memberships", "deals", "live_deals"),
    "alembic_version",
}


def sqlite_app(path: Path) -> Flask:
    return create_app(
        {"TESTING": True, "SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"}
    )


def head_revision(app: Flask) -> str:
    """The newest migration, which init-db must bring the database to."""
    with app.app_context():
        config = app.extensions["migrate"].migrate.get_config()
        head = ScriptDirectory.from_config(config).get_current_head()
    assert head, "no migrations found"
    return head


def schema(path: Path) -> tuple[set[str], list[str]]:
    """The tables of a SQLite file and the Alembic version(s) stamped in it."""
    engine = sa.create_engine(f"sqlite:///{path}")
    try:
        tables = set(sa.inspect(engine).get_table_names())
        versions: list[str] = []
        if "alembic_version" in tables:
            with engine.connect() as connection:
                query = sa.text("SELECT version_num FROM alembic_version")
                versions = list(connection.scalars(query))
        return tables, versions
    finally:
        engine.dispose()


def init_db(app: Flask) -> Result:
    """Run `init-db` through the app's CLI runner, as `flask --app scorekeeper init-db` does."""
    return app.test_cli_runner().invoke(args=["init-db"])


@pytest.fixture(autouse=True)
def no_database_url(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests here choose DATABASE_URL themselves; one from the outside must not leak in."""
    monkeypatch.delenv("DATABASE_URL", raising=False)


def test_init_db_creates_the_tables_in_an_empty_database(tmp_path: Path) -> None:
    path = tmp_path / "empty.sqlite"
    app = sqlite_app(path)
    assert not path.exists() or schema(path)[0] == set()
    result = init_db(app)
    assert result.exit_code == 0, result.output
    assert "up to date" in result.output
    tables, versions = schema(path)
    assert tables >= TABLES
    assert versions == [head_revision(app)]


def test_init_db_twice_is_harmless_and_keeps_the_data(tmp_path: Path) -> None:
    path = tmp_path / "twice.sqlite"
    app = sqlite_app(path)
    assert init_db(app).exit_code == 0
    client = app.test_client()
    created = client.post("/api/v1/sessions", json={"game": "seep", "teams": FOUR}).get_json()
    again = init_db(app)
    assert again.exit_code == 0, again.output
    assert again.exception is None
    tables, versions = schema(path)
    assert tables >= TABLES
    assert versions == [head_revision(app)]
    # The session made in between is still there and readable.
    response = client.get(f"/api/v1/sessions/{created['id']}")
    assert response.status_code == 200
    assert response.get_json()["teams"] == FOUR


def test_the_flask_command_runs_init_db_on_database_url(tmp_path: Path) -> None:
    """The real command line, as `make run` and a deployment call it."""
    path = tmp_path / "from-env.sqlite"
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{path}"}
    command = [sys.executable, "-m", "flask", "--app", "scorekeeper", "init-db"]
    for _ in range(2):  # twice: the second run finds the schema current
        done = subprocess.run(
            command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=60, check=False
        )
        assert done.returncode == 0, done.stdout + done.stderr
        assert "up to date" in done.stdout
    assert schema(path)[0] >= TABLES


def test_database_url_is_honoured(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'env.sqlite'}"
    monkeypatch.setenv("DATABASE_URL", url)
    app = create_app({"TESTING": True, "SECRET_KEY": "test"})
    assert app.config["SQLALCHEMY_DATABASE_URI"] == url
    # And init-db uses it.
    assert init_db(app).exit_code == 0
    assert schema(tmp_path / "env.sqlite")[0] >= TABLES


def test_database_url_is_honoured_without_test_config(monkeypatch: pytest.MonkeyPatch) -> None:
    url = "sqlite:////nonexistent/elsewhere.sqlite"
    monkeypatch.setenv("DATABASE_URL", url)
    local = ROOT / "instance" / "config.py"
    if local.exists() and "SQLALCHEMY_DATABASE_URI" in local.read_text():
        pytest.fail(f"{local} sets SQLALCHEMY_DATABASE_URI, which hides DATABASE_URL")
    assert create_app().config["SQLALCHEMY_DATABASE_URI"] == url


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("postgres://u:p@db.example:5432/score", "postgresql+psycopg://u:p@db.example:5432/score"),
        ("postgresql://u@/score?host=/run/pg", "postgresql+psycopg://u@/score?host=/run/pg"),
        ("postgresql+psycopg://u@h/score", "postgresql+psycopg://u@h/score"),
    ],
)
def test_postgres_urls_get_the_psycopg_driver(
    monkeypatch: pytest.MonkeyPatch, given: str, expected: str
) -> None:
    monkeypatch.setenv("DATABASE_URL", given)
    app = create_app({"TESTING": True, "SECRET_KEY": "test"})
    assert app.config["SQLALCHEMY_DATABASE_URI"] == expected
    with app.app_context():
        from scorekeeper.data.extensions import db

        assert db.engine.url.drivername == "postgresql+psycopg"


def test_without_database_url_a_sqlite_file_in_instance_is_used() -> None:
    app = create_app({"TESTING": True, "SECRET_KEY": "test"})
    uri = app.config["SQLALCHEMY_DATABASE_URI"]
    assert uri == "sqlite:///" + str(Path(app.instance_path) / "scorekeeper.sqlite")
    assert Path(app.instance_path) == ROOT / "instance"


def test_test_config_overrides_database_url(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgres://u@h/score")
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    assert app.config["SQLALCHEMY_DATABASE_URI"] == "sqlite://"
    assert app.config["TESTING"] is True


def test_the_app_uses_the_packaged_migrations(tmp_path: Path) -> None:
    app = sqlite_app(tmp_path / "unused.sqlite")
    directory = Path(app.extensions["migrate"].directory)
    assert directory.resolve() == (ROOT / "scorekeeper" / "migrations").resolve()
    assert (directory / "env.py").is_file()
    assert list((directory / "versions").glob("*.py"))
