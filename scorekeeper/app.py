"""The app factory: configuration, extensions, blueprints and error handlers."""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import click
from flask import Flask, has_request_context, request
from sqlalchemy import Engine, event
from werkzeug.middleware.proxy_fix import ProxyFix

from .data.extensions import csrf, db, migrate
from .rules import limits
from .rules.limits import MAX_BODY
from .web import bodies, drawn
from .web.errors import READS
from .web.pages import one_time_messages
from .web.qr import qr_svg
from .words.cards import spoken, suit_spoken, with_cards
from .words.verdicts import rule_names

# A checkout keeps its instance/ (database, secret key, config.py) beside pyproject.toml; an
# installed wheel uses Flask's own place for it, <prefix>/var/scorekeeper-instance.
ROOT = Path(__file__).resolve().parent.parent
CHECKOUT_INSTANCE = ROOT / "instance" if (ROOT / "pyproject.toml").is_file() else None
MIGRATIONS = Path(__file__).resolve().parent / "migrations"
# Sessions and clubs one client may start. A club night on one wifi is one address: twenty
# tables starting at once, then a rematch every half hour each for six hours, is about 20 a
# minute and 250 a day. One client starting 400 in 2 seconds (issue 22) is refused after 30.
CREATE_LIMIT = "30 per minute;500 per day"
# Deal writes (web/deal_write_limits.py). Per session: the fastest fingers enter a live deal's
# 48 plays about one a second (a card chosen, the answer drawn), 60 a minute; whole deals come
# minutes apart. Twice that leaves room for a second phone's retries; 369 in 10 s is refused.
SESSION_WRITE_LIMIT = "120 per minute"
# Per client: a tournament round of 100 tables behind one club's address, every table playing
# live at a brisk 12 plays a minute (a 48-play deal in 4 minutes), is 1,200 a minute; whole
# deals would be about 50. Twice that, as for a session, is a loose bound against one client's
# flood over many sessions.
WRITE_LIMIT = "2400 per minute"
# Whole-session reads and exports per client (web/read_limits.py), counted only when they do
# the work (not a 304, not ?since=): 100 tables of four phones each opening its session in the
# same minute is 400, exports at a round's end 100 more. What bounds their cost is READS_AT_ONCE.
READ_LIMIT = "600 per minute"
# Expensive reads one client may have running at once in each worker: half of a worker's 8
# threads (deploy/gunicorn.conf.py), so that the other clients always have the other half.
READS_AT_ONCE = 4
# Requests for advice per client (web/advice_limits.py): each holds a search worker for up to
# two seconds. A player asking at every one of their 24 plays of a deal, on four phones behind
# one address, is about 25 a minute; twice that.
ADVICE_LIMIT = "50 per minute"
# A review's search time (advice/answers.py), in a search worker: a 48-play Seep deal's review
# takes about 6 s (bench/advice.py).
REVIEW_SECONDS = 8.0


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Build the app; `test_config` overrides any configuration."""
    # The templates and static files live inside the package, so that a wheel is the whole app.
    app = Flask(
        __name__,
        instance_path=str(CHECKOUT_INSTANCE) if CHECKOUT_INSTANCE else None,
        instance_relative_config=True,
    )
    app.config.from_mapping(
        SQLALCHEMY_DATABASE_URI=_database_url(app),
        # A deal form may stay open for a whole evening: its token must not expire.
        WTF_CSRF_TIME_LIMIT=None,
        MAX_CONTENT_LENGTH=MAX_BODY,
        # No pool_pre_ping (a round trip on every request): a request that finds its connection
        # dropped by a database restart runs again (web/reconnect.py).
        PROXIES=int(os.environ.get("SCOREKEEPER_PROXIES", "0")),
        REVIEW_SECONDS=REVIEW_SECONDS,
        **_limits_from_env(),
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
        if os.environ.get("SECRET_KEY"):
            app.config["SECRET_KEY"] = os.environ["SECRET_KEY"]
    else:
        app.config.from_mapping(test_config)
    if not app.config.get("SECRET_KEY"):
        _refuse_a_key_of_its_own(app)
        app.config["SECRET_KEY"] = _secret_key(app)

    if app.config["PROXIES"]:
        # Behind a proxy, trust its X-Forwarded-* so that HTTPS is seen as HTTPS.
        proxies = app.config["PROXIES"]
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]  # Flask's documented way
            app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies
        )

    db.init_app(app)
    with app.app_context():
        _transactional_sqlite(db.engine)
    migrate.init_app(app, db, directory=str(MIGRATIONS))
    bodies.register(app)  # before CSRF's check, which reads the form
    csrf.init_app(app)
    drawn.register(app)  # after CSRF's: the pages' csrf_token() may be a placeholder

    from . import api, clubs, sessions, tournament_pages
    from .clubs import stats as club_stats
    from .data import setup as data_setup
    from .sessions import charts
    from .web import (
        assets,
        cli,
        errors,
        languages,
        limiter_checks,
        names,
        pwa,
        rate_limits,
        reconnect,
        security,
        workers,
    )

    # Every memo the app keeps is listed in app.extensions["scorekeeper.memos"] (data/setup.py)
    # by its area: the floor's (with the listeners that keep them and write session summaries),
    # the charts, the clubs' figures; the drawn pages above, the opened cookies (security) below.
    data_setup.register(app)
    charts.register(app)
    club_stats.register(app)
    languages.register(app)
    security.register(app)
    assets.register(app)
    for area in (sessions, clubs, tournament_pages, pwa):
        app.register_blueprint(area.bp)
    api.register(app)  # with its memo of `?since=` answers
    csrf.exempt(api.bp)  # the API is authorised by edit tokens, not cookies
    csrf.exempt(languages.bp)  # choosing a language changes nothing but the chooser's cookie
    errors.register(app)
    reconnect.register(app)
    rate_limits.register(app)
    limiter_checks.register(app)  # after every limiter is set up
    cli.register(app)
    workers.register(app)  # the search workers for advice and reviews
    names.register(app)
    _template_helpers(app)
    return app


def _limits_from_env() -> dict[str, Any]:
    """The rate limits' store and figures, from the environment (README, "Limits")."""
    env = os.environ.get
    return {
        # Counted per client where this URI says: memory:// in each worker, memcached://host:port
        # shared by all (web/rate_limits.py, web/limits_store.py).
        "RATELIMIT_STORAGE_URI": env("SCOREKEEPER_LIMITS_STORAGE", "memory://"),
        "CREATE_LIMIT": env("SCOREKEEPER_CREATE_LIMIT", CREATE_LIMIT),
        "WRITE_LIMIT": env("SCOREKEEPER_WRITE_LIMIT", WRITE_LIMIT),
        "SESSION_WRITE_LIMIT": env("SCOREKEEPER_SESSION_WRITE_LIMIT", SESSION_WRITE_LIMIT),
        "READ_LIMIT": env("SCOREKEEPER_READ_LIMIT", READ_LIMIT),
        "READS_AT_ONCE": int(env("SCOREKEEPER_READS_AT_ONCE") or READS_AT_ONCE),
        "ADVICE_LIMIT": env("SCOREKEEPER_ADVICE_LIMIT", ADVICE_LIMIT),
    }


def _template_helpers(app: Flask) -> None:
    """What the templates call beside Flask's own."""
    app.jinja_env.globals["qr"] = qr_svg
    app.jinja_env.globals["one_time_messages"] = one_time_messages
    app.jinja_env.globals["limits"] = limits  # the name boxes' maxlength
    app.jinja_env.globals["rule_names"] = rule_names  # for the verdicts the pages' script draws
    app.jinja_env.filters["spoken"] = spoken  # a card in words: "king of spades"
    app.jinja_env.filters["suit_spoken"] = suit_spoken  # a suit in words: "spades"
    app.jinja_env.filters["with_cards"] = with_cards  # "A♠" in a text named in words


def _database_url(app: Flask) -> str:
    url = os.environ.get("DATABASE_URL")
    if url:
        # Hosting services hand out postgres:// URLs; SQLAlchemy wants the driver named.
        for prefix in ("postgres://", "postgresql://"):
            if url.startswith(prefix):
                return "postgresql+psycopg://" + url[len(prefix) :]
        return url
    return "sqlite:///" + str(Path(app.instance_path) / "scorekeeper.sqlite")


class RefusedToStart(click.ClickException):
    """The configuration cannot serve: the message says why and what to set (a ClickException,
    so that `flask … init-db` says it in a line, not a traceback)."""


def _refuse_a_key_of_its_own(app: Flask) -> None:
    """On PostgreSQL, several app servers may share the database, and each must sign and derive
    with the same SECRET_KEY: one generated by this server alone would refuse the others'
    scorer links and give a keyed session start a different token."""
    if app.config.get("TESTING"):
        return
    if str(app.config["SQLALCHEMY_DATABASE_URI"]).startswith("postgresql"):
        raise RefusedToStart(
            "On PostgreSQL, set SECRET_KEY in the environment or in instance/config.py, the "
            "same on every app server: a key generated into instance/secret_key serves SQLite "
            "on one machine only, and app servers with different keys refuse each other's "
            "scorer links."
        )


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


SQLITE_WAIT_MS = 10_000  # a writer waits this long for the one before it, then answers 503


def _transactional_sqlite(engine: Engine) -> None:
    """Make SQLite safe for several writers at once.

    The driver must not open transactions itself (it opens them late and lets a savepoint
    commit: SQLAlchemy's documented pysqlite recipe). A write request takes the write lock
    when it begins (BEGIN IMMEDIATE), so concurrent writers queue for up to SQLITE_WAIT_MS
    instead of failing when a read lock cannot be upgraded; WAL lets readers go on meanwhile.
    """
    if engine.dialect.name != "sqlite":
        return
    on_disk = engine.url.database not in (None, "", ":memory:")

    @event.listens_for(engine, "connect")
    def _configure(connection: Any, _record: Any) -> None:
        connection.isolation_level = None
        connection.execute(f"PRAGMA busy_timeout = {SQLITE_WAIT_MS}")
        if on_disk:
            connection.execute("PRAGMA journal_mode = WAL")

    @event.listens_for(engine, "begin")
    def _begin(connection: Any) -> None:
        writing = has_request_context() and request.method not in READS
        connection.exec_driver_sql("BEGIN IMMEDIATE" if writing else "BEGIN")
