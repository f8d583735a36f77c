"""flask-limiter's check before every view runs only where an app-wide or blueprint limit can
apply (issue 34): a poll with no limit skips it, and every limit still holds."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask_limiter import Limiter

from scorekeeper import create_app
from tests.helpers.limits import limited_app


def checks_counted(app: Flask, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The endpoints the limiter resolved its limits for, as they happen."""
    (limiter,) = app.extensions["limiter"]
    seen: list[str] = []
    resolve = limiter.limit_manager.resolve_limits

    def counted(flask_app: Flask, endpoint: str | None = None, *args: Any, **kw: Any) -> Any:
        seen.append(str(endpoint))
        return resolve(flask_app, endpoint, *args, **kw)

    monkeypatch.setattr(limiter.limit_manager, "resolve_limits", counted)
    return seen


def test_a_request_with_no_limit_skips_the_limiters_check(
    fresh_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = limited_app(fresh_db)
    client = app.test_client()
    seen = checks_counted(app, monkeypatch)
    assert client.post("/api/v1/check", json={}).status_code == 400
    assert client.get("/api/v1/sessions/nothing-here").status_code == 404
    assert seen == []


def test_a_default_limit_is_still_checked_before_every_view(fresh_db: str) -> None:
    app = limited_app(fresh_db, RATELIMIT_DEFAULT="2 per minute")
    client = app.test_client()
    statuses = [client.post("/api/v1/check", json={}).status_code for _ in range(3)]
    assert statuses == [400, 400, 429]


def test_a_blueprints_limit_is_still_checked(fresh_db: str) -> None:
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": fresh_db})
    (limiter,) = app.extensions["limiter"]
    assert isinstance(limiter, Limiter)
    limiter.limit("1 per minute")(app.blueprints["api"])
    client = app.test_client()
    statuses = [client.post("/api/v1/check", json={}).status_code for _ in range(2)]
    assert statuses == [400, 429]


def test_the_private_parts_of_flask_limiter_read_here_are_there(fresh_db: str) -> None:
    """web/limiter_checks.py and web/limits_store.py read flask-limiter's private state, which
    has no public door: a release that renames it fails here, not as a 500 on every request."""
    (limiter,) = limited_app(fresh_db).extensions["limiter"]
    for name in ("_check_request_limit", "_storage_dead", "_in_memory_fallback", "_meta_limits"):
        assert hasattr(limiter, name), name
    for name in ("_application_limits", "_default_limits"):
        assert hasattr(limiter.limit_manager, name), name
    assert callable(limiter.limit_manager.blueprint_limits)
