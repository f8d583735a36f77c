"""SECRET_KEY across app servers (issue 34): on PostgreSQL, where several app servers may share
the database, the app refuses to start with a key of its own making; SECRET_KEY in the
environment (or instance/config.py) is the one they share."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper import create_app
from scorekeeper.app import RefusedToStart

ROOT = Path(__file__).resolve().parents[2]
POSTGRES = "postgresql://scorekeeper@db.example/score"  # never reached: nothing connects here


@pytest.fixture(autouse=True)
def no_local_key(monkeypatch: pytest.MonkeyPatch) -> None:
    """No key from the environment, and none from instance/config.py."""
    monkeypatch.delenv("SECRET_KEY", raising=False)
    local = ROOT / "instance" / "config.py"
    if local.exists() and "SECRET_KEY" in local.read_text():
        pytest.fail(f"{local} sets SECRET_KEY, which these tests must do without")


def test_postgresql_without_a_given_key_refuses_to_start_saying_why(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DATABASE_URL", POSTGRES)
    with pytest.raises(RefusedToStart, match="On PostgreSQL, set SECRET_KEY") as refusal:
        create_app()
    assert "the same on every app server" in str(refusal.value)


def test_postgresql_with_secret_key_in_the_environment_starts_with_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DATABASE_URL", POSTGRES)
    monkeypatch.setenv("SECRET_KEY", "shared by every app server")
    app = create_app()
    assert app.config["SECRET_KEY"] == "shared by every app server"
    assert app.config["SQLALCHEMY_DATABASE_URI"].startswith("postgresql+psycopg://")


def test_secret_key_in_the_environment_is_used_over_sqlite_too(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'db.sqlite'}")
    monkeypatch.setenv("SECRET_KEY", "from the environment")
    assert create_app().config["SECRET_KEY"] == "from the environment"


def test_sqlite_without_a_given_key_still_starts(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'db.sqlite'}")
    assert create_app().config["SECRET_KEY"]  # generated once into instance/secret_key


def test_tests_own_configuration_is_not_refused() -> None:
    config = {"TESTING": True, "SQLALCHEMY_DATABASE_URI": "postgresql+psycopg://u@h/db"}
    assert create_app(config).config["SECRET_KEY"]


def test_flask_init_db_on_postgresql_without_a_key_says_why_in_a_line() -> None:
    env = {k: v for k, v in os.environ.items() if k != "SECRET_KEY"} | {"DATABASE_URL": POSTGRES}
    done = subprocess.run(
        [sys.executable, "-m", "flask", "--app", "scorekeeper", "init-db"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 1
    assert done.stderr.startswith("Error: On PostgreSQL, set SECRET_KEY"), done.stderr
    assert "Traceback" not in done.stderr
