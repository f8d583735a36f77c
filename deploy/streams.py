"""The stream tier: `python -m deploy.streams` serves `/api/v1/{sessions,clubs}/<id>/changes`
(scorekeeper/streams/) from uvicorn on SCOREKEEPER_STREAMS_BIND (`unix:/path`, or host:port;
default 127.0.0.1:8001). It counts a client's streams by the address its trusted proxies
saw (SCOREKEEPER_PROXIES, as the app does). `make serve` runs it under supervisord and nginx
sends it those paths.

One process on one event loop (uvloop, httptools) holds every stream: an idle stream costs it a
connection and a few kilobytes. It reads the database the app reads (DATABASE_URL), and writes
its refusals with the app's own words (scorekeeper/web/stream_refusals.py).
"""

from __future__ import annotations

import os

import uvicorn

from scorekeeper.streams.app import PER_CLIENT, Streams
from scorekeeper.streams.sources import source_for
from scorekeeper.web.stream_refusals import worded_by

# Seconds an orderly stop waits for streams to end before closing them: a client opens its
# stream again at once (retry), on this process once it is back or on another.
STOP_SECONDS = 3


def streams() -> Streams:
    """The ASGI app over the app's database, with the app's words for its refusals."""
    from scorekeeper import create_app

    app = create_app()
    per_client = int(os.environ.get("SCOREKEEPER_STREAMS_PER_CLIENT") or PER_CLIENT)
    # LISTEN needs a session of its own on PostgreSQL itself: where DATABASE_URL goes through a
    # transaction-pooling PgBouncer, SCOREKEEPER_LISTEN_URL names PostgreSQL directly.
    url = os.environ.get("SCOREKEEPER_LISTEN_URL") or app.config["SQLALCHEMY_DATABASE_URI"]
    source = source_for(url)
    return Streams(source, worded_by(app), per_client, proxies=app.config["PROXIES"])


def config(bind: str, app: Streams) -> uvicorn.Config:
    """uvicorn's settings for serving `app` on `bind`."""
    where: dict[str, object] = {}
    if bind.startswith("unix:"):
        where["uds"] = bind.removeprefix("unix:")
    else:
        host, _, port = bind.rpartition(":")
        where.update(host=host.strip("[]"), port=int(port))
    return uvicorn.Config(
        app,
        loop="uvloop",
        http="httptools",
        lifespan="on",
        access_log=False,
        log_level="warning",
        backlog=4096,
        timeout_graceful_shutdown=STOP_SECONDS,
        proxy_headers=False,  # the client's address is read from X-Forwarded-For by the app
        **where,  # type: ignore[arg-type]
    )


def main() -> None:
    """Serve until SIGTERM or Ctrl-C."""
    bind = os.environ.get("SCOREKEEPER_STREAMS_BIND", "127.0.0.1:8001")
    uvicorn.Server(config(bind, streams())).run()


if __name__ == "__main__":
    main()
