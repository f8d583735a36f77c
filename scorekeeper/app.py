"""The app factory: configuration, extensions, blueprints and error handlers."""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask
from sqlalchemy import Engine, event

from .extensions import csrf, db, migrate

ROOT = Path(__file__).resolve().parent.parent
MIGRATIONS = Path(__file__).resolve().parent / "migrations"


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Build the app; `test_config` overrides any configuration."""
    app = Flask(
        __name__,
        instance_path=str(ROOT / "instance"),
        instance_relative_config=True,
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
    )
    app.config.from_mapping(
        SQLALCHEMY_DATABASE_URI=_database_url(app),
        # A deal form may stay open for a whole evening: its token must not expire.
        WTF_CSRF_TIME_LIMIT=None,
        MAX_CONTENT_LENGTH=256 * 1024,
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
    else:
        app.config.from_mapping(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _secret_key(app)

    db.init_app(app)
    with app.app_context():
        _transactional_sqlite(db.engine)
    migrate.init_app(app, db, directory=str(MIGRATIONS))
    csrf.init_app(app)

    from . import api, checker, cli, errors, pages, sessions

    app.register_blueprint(pages.bp)
    app.register_blueprint(sessions.bp)
    app.register_blueprint(checker.bp)
    app.register_blueprint(api.bp)
    csrf.exempt(api.bp)  # the API is authorised by edit tokens, not cookies
    errors.register(app)
    cli.register(app)
    return app


def _database_url(app: Flask) -> str:
    url = os.environ.get("DATABASE_URL")
    if url:
        # Hosting services hand out postgres:// URLs; SQLAlchemy wants the driver named.
        for prefix in ("postgres://", "postgresql://"):
            if url.startswith(prefix):
                return "postgresql+psycopg://" + url[len(prefix) :]
        return url
    return "sqlite:///" + str(Path(app.instance_path) / "scorekeeper.sqlite")


def _secret_key(app: Flask) -> str:
    """A key kept in instance/ so that cookies survive a restart."""
    path = Path(app.instance_path) / "secret_key"
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        # Exclusive creation: of several workers starting at once, one writes the key.
        descriptor = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
    except FileExistsError:
        return path.read_text().strip()
    with os.fdopen(descriptor, "w") as file:
        file.write(secrets.token_hex(32))
    return path.read_text().strip()


def _transactional_sqlite(engine: Engine) -> None:
    """Make SQLite begin transactions itself, so that savepoints and rollbacks hold.

    Python's sqlite3 driver otherwise opens transactions late and lets a savepoint commit
    (SQLAlchemy's documented recipe for pysqlite).
    """
    if engine.dialect.name != "sqlite":
        return

    @event.listens_for(engine, "connect")
    def _no_driver_transactions(connection: Any, _record: Any) -> None:
        connection.isolation_level = None

    @event.listens_for(engine, "begin")
    def _begin(connection: Any) -> None:
        connection.exec_driver_sql("BEGIN")
