"""flask-limiter's check before every view, made only where a limit can apply (issue 34).

The limiter's before-request hook resolves and evaluates the limits that apply to a whole app
(application-wide, default, per-blueprint and meta limits) on every request: about a tenth of a
poll's 304 or a move check, even when none of those is configured. A route's own limits (a
decorator, or `with creations:` in web/rate_limits.py) are checked by the route itself, not by
this hook. So the hook runs only when a limit of those kinds exists for the request (or the
limiter counts in memory after losing its storage and has fallback limits).
"""

from __future__ import annotations

from collections.abc import Callable

from flask import Flask, request
from flask_limiter import Limiter


def register(app: Flask) -> None:
    """Wrap each limiter's before-request check of `app` (after the limiters are set up)."""
    hooks = app.before_request_funcs.get(None, [])
    for limiter in app.extensions.get("limiter", set()):
        check = limiter._check_request_limit
        if check in hooks:
            hooks[hooks.index(check)] = _where_limits_apply(app, limiter)


def _where_limits_apply(app: Flask, limiter: Limiter) -> Callable[[], None]:
    """flask-limiter's check before a view, run only where an app-wide or blueprint limit is."""
    limited: dict[str | None, bool] = {}  # by blueprint: limits are set before the first request

    def check_where_limits_apply() -> None:
        """The check, where this request's blueprint (worked out once each) has limits."""
        blueprint = request.blueprint
        if blueprint not in limited:
            limited[blueprint] = _blueprint_limits(app, limiter, blueprint)
        if limited[blueprint] or _app_wide_limits(limiter):
            limiter._check_request_limit()

    return check_where_limits_apply


def _app_wide_limits(limiter: Limiter) -> bool:
    """Whether a limit applies to every request: application, default or meta limits, or the
    in-memory fallback's while the storage is away."""
    manager = limiter.limit_manager
    fallback = limiter._storage_dead and limiter._in_memory_fallback
    return bool(
        manager._application_limits or manager._default_limits or limiter._meta_limits or fallback
    )


def _blueprint_limits(app: Flask, limiter: Limiter, blueprint: str | None) -> bool:
    """Whether a blueprint (or one it is nested in) has limits of its own."""
    return bool(blueprint and limiter.limit_manager.blueprint_limits(app, blueprint))
