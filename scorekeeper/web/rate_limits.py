"""Rate limits, per client, with flask-limiter: on starting sessions and clubs (here), deal
writes (deal_write_limits.py), expensive reads (read_limits.py) and advice (advice_limits.py).

Each app has its own Limiter (the tests make many apps). Its counts live where
SCOREKEEPER_LIMITS_STORAGE says (memory://, one count per worker; memcached:// shares them
between workers and app servers). One limit, CREATE_LIMIT, is shared by every way of starting
something: the API's sessions and clubs, the new-session form (which may start a club too) and
a rematch. Only what is stored counts: a refused request, a 429 and a replay under a stored
Idempotency-Key (which stores nothing) do not, and a replay is never refused.
"""

from __future__ import annotations

import math
import time

from flask import Flask, Response, current_app, request
from flask_limiter import Limiter, RateLimitExceeded, RouteLimit
from limits import RateLimitItem

from ..data.idempotency import is_stored
from ..streams.clients import counted_as
from ..words import gettext, ngettext
from . import advice_limits, deal_write_limits, limits_store, read_limits
from .errors import error_response

EXTENSION = "scorekeeper.creations"
# A limiter that cannot be reached must not stop the tables: it waits half a second at most,
# then the counts are kept in each worker's memory until it answers again.
MEMCACHED_OPTIONS = {"connect_timeout": 0.5, "timeout": 0.5}


def register(app: Flask) -> None:
    """Give the app its limiter of creations and the answer to a client over the limit."""
    app.config.setdefault("RATELIMIT_SWALLOW_ERRORS", True)
    app.config.setdefault("RATELIMIT_IN_MEMORY_FALLBACK_ENABLED", True)
    if str(app.config.get("RATELIMIT_STORAGE_URI", "")).startswith("memcached"):
        app.config.setdefault("RATELIMIT_STORAGE_OPTIONS", MEMCACHED_OPTIONS)
    limiter = Limiter(key_func=client)
    limiter.init_app(app)
    creations = limiter.shared_limit(
        lambda: str(current_app.config["CREATE_LIMIT"]),
        scope="create",
        deduct_when=lambda response: response.status_code < 400,  # only what was stored
    )
    app.extensions[EXTENSION] = (limiter, creations)
    app.register_error_handler(RateLimitExceeded, _refused)
    app.register_error_handler(limits_store.OverLimit, _refused)
    limits_store.register(app, limiter)
    deal_write_limits.register(app, limiter, client)
    read_limits.register(app, limiter, client)
    advice_limits.register(app, limiter, client)
    app.register_error_handler(read_limits.TooManyAtOnce, _too_many_at_once)


def client() -> str:
    """Who is counted: the client's address (ProxyFix sets it from X-Forwarded-For when
    SCOREKEEPER_PROXIES is set), an IPv6 client by its /64 (streams/clients.py)."""
    return counted_as(request.remote_addr or "unknown")


def count_creation(scope: str, key: str | None) -> None:
    """Count a start by this client; RateLimitExceeded if it has started too many already.

    A request repeated under a stored key of `scope` is not counted: it stores nothing."""
    limiter, creations = _limiter()
    if not limiter.enabled or (key is not None and is_stored(scope, key)):
        return
    with limits_store.watched(limiter), creations:
        pass


def refusal(error: RateLimitExceeded | limits_store.OverLimit) -> tuple[str, int]:
    """What a client over the limit is told, and how many seconds it should wait."""
    if isinstance(error, limits_store.OverLimit):
        return f"{_named(error.scope, error.item)} {wait_sentence(error.wait)}", error.wait
    limiter, _creations = _limiter()
    breached = limiter.current_limit
    # The window's own reset time: flask-limiter's reset_at adds a second to it.
    wait = max(1, math.ceil(breached.window.reset_time - time.time())) if breached else 60
    return f"{_limit_sentence(error.limit.limit)} {wait_sentence(wait)}", wait


def _named(scope: str, item: RateLimitItem) -> str:
    """The limit passed, named: what is limited, and its figure."""
    if scope == deal_write_limits.CLIENT_SCOPE:
        said = gettext("Too many deal writes came from this address.")
    elif scope == deal_write_limits.SESSION_SCOPE:
        said = gettext("Too many deal writes were sent to this session.")
    elif scope == read_limits.SCOPE:
        said = gettext("Too many whole-session reads and exports came from this address.")
    elif scope == advice_limits.SCOPE:
        said = gettext("Too many requests for advice came from this address.")
    else:
        raise ValueError(scope)  # a limit added without its sentence
    return f"{said} {_figure_sentence(item)}"


def _refused(error: RateLimitExceeded | limits_store.OverLimit) -> Response:
    """A 429 naming the limit, with when to try again."""
    message, wait = refusal(error)
    response = error_response(429, "rate-limited", message)
    response.headers["Retry-After"] = str(wait)
    return response


def _too_many_at_once(error: read_limits.TooManyAtOnce) -> Response:
    """A client with its most expensive reads running here: a second is time for one to end."""
    said = gettext(
        "Too many whole-session reads and exports from this address are running at once: at "
        "most %(num)d at a time.",
        num=error.most,
    )
    response = error_response(429, "rate-limited", f"{said} {wait_sentence(1)}")
    response.headers["Retry-After"] = "1"
    return response


def limiter() -> Limiter:
    """The app's limiter."""
    return _limiter()[0]


def _limiter() -> tuple[Limiter, RouteLimit]:
    limiter, creations = current_app.extensions[EXTENSION]
    return limiter, creations


def _limit_sentence(item: RateLimitItem) -> str:
    """The limit, named: how many starts in which period."""
    period = item.GRANULARITY.name if item.multiples == 1 else ""
    if period == "minute":
        return gettext(
            "Too many sessions and clubs were started from this address: at most %(num)d a minute.",
            num=item.amount,
        )
    if period == "hour":
        return gettext(
            "Too many sessions and clubs were started from this address: at most %(num)d an hour.",
            num=item.amount,
        )
    if period == "day":
        return gettext(
            "Too many sessions and clubs were started from this address: at most %(num)d a day.",
            num=item.amount,
        )
    return gettext(
        "Too many sessions and clubs were started from this address: at most %(limit)s.",
        limit=str(item),
    )


def _figure_sentence(item: RateLimitItem) -> str:
    """A limit's figure as a sentence of its own: how many in which period."""
    period = item.GRANULARITY.name if item.multiples == 1 else ""
    if period == "second":
        return gettext("At most %(num)d a second.", num=item.amount)
    if period == "minute":
        return gettext("At most %(num)d a minute.", num=item.amount)
    if period == "hour":
        return gettext("At most %(num)d an hour.", num=item.amount)
    if period == "day":
        return gettext("At most %(num)d a day.", num=item.amount)
    return gettext("At most %(limit)s.", limit=str(item))


def wait_sentence(seconds: int) -> str:
    """When to try again, in the largest unit that keeps it a whole number or near it."""
    if seconds < 120:
        return ngettext("Try again in %(num)d second.", "Try again in %(num)d seconds.", seconds)
    if seconds < 2 * 3600:
        minutes = math.ceil(seconds / 60)
        return ngettext("Try again in %(num)d minute.", "Try again in %(num)d minutes.", minutes)
    hours = math.ceil(seconds / 3600)
    return ngettext("Try again in %(num)d hour.", "Try again in %(num)d hours.", hours)
