"""Flask extensions, created unbound and tied to the app in create_app."""

import functools
from typing import TYPE_CHECKING, Any

from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf.csrf import CSRFProtect
from sqlalchemy import Dialect, Engine, Select
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    """Base class of every model."""


db = SQLAlchemy(model_class=Base)
if TYPE_CHECKING:
    # mypy cannot follow a base class made at run time (python/mypy#8603): db.Model is Base's.
    Model = Base
else:
    Model = db.Model
migrate = Migrate()
csrf = CSRFProtect()


def scalar_alone(statement: Select[Any], params: dict[str, Any]) -> Any:
    """The one value a SELECT reads, sent alone on a pooled driver connection: no BEGIN, no
    ROLLBACK and none of SQLAlchemy's bookkeeping, so that a poll's 304 costs one database
    round trip and little else (issue 34).

    On a driver's error (a connection that a database restart dropped, say) the SELECT is sent
    again through SQLAlchemy, which tells a dropped connection from others and clears the pool
    of them (web/reconnect.py)."""
    engine = db.engine
    try:
        return _on_driver(engine, statement, params)
    except engine.dialect.loaded_dbapi.Error:
        with engine.connect() as connection:
            return connection.execute(statement, params).scalar()


def _on_driver(engine: Engine, statement: Select[Any], params: dict[str, Any]) -> Any:
    """The SELECT's one value, read on a pooled driver connection; a connection that failed
    is not pooled again."""
    sql, names = _driver_sql(engine.dialect, statement)
    raw = engine.raw_connection()
    driver = raw.driver_connection
    # psycopg opens a transaction with the first statement (a ROLLBACK more); sqlite3 here
    # does not (app.py).
    switched = getattr(driver, "autocommit", None) is False
    try:
        if switched:
            driver.autocommit = True  # type: ignore[union-attr]
        cursor = raw.cursor()
        cursor.execute(sql, params if names is None else [params[name] for name in names])
        row = cursor.fetchone()
        cursor.close()
        if switched:
            driver.autocommit = False  # type: ignore[union-attr]
    except engine.dialect.loaded_dbapi.Error:
        raw.invalidate()
        raise
    finally:
        raw.close()
    return None if row is None else row[0]


# Pure in its arguments, which are made once: the engine's dialect and module-level statements
# (models.py's _VERSION), so each is compiled once per process.
@functools.lru_cache(maxsize=16)
def _driver_sql(dialect: Dialect, statement: Select[Any]) -> tuple[str, list[str] | None]:
    """The statement as the driver takes it, and its parameters' names in order (None when
    the driver takes them by name)."""
    compiled = statement.compile(dialect=dialect)
    return str(compiled), compiled.positiontup
