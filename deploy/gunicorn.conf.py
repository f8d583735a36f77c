"""Production settings: `gunicorn -c deploy/gunicorn.conf.py 'scorekeeper:create_app()'`.

`make serve` (deploy/serve.py) starts gunicorn with these behind nginx, on a unix socket. From
the environment: SCOREKEEPER_BIND (default 127.0.0.1:8000; `unix:/path` for a socket),
WEB_CONCURRENCY (worker processes, default 2 per core plus 1), SCOREKEEPER_THREADS (threads per
worker, default 8), SCOREKEEPER_ACCESS_LOG (the access log: "-" for stderr, the default; empty
for none); DATABASE_URL and the other SCOREKEEPER_* settings the app reads itself. Edit tokens
travel in URL fragments and headers, never in the logged request line.
"""

from __future__ import annotations

import os
from typing import Any

bind = os.environ.get("SCOREKEEPER_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("WEB_CONCURRENCY") or 2 * (os.cpu_count() or 1) + 1)

# Threads: a request waiting (a SQLite writer for the lock, a slow database) holds one thread,
# not the whole worker, so the worker's other threads go on answering reads. A worker accepts
# connections whether or not a thread is free, so it needs threads to spare for the writers
# that may wait in it at once (SQLAlchemy's pool, 5 + 10 connections, covers 8 threads). Slow
# clients are nginx's to absorb (it buffers whole requests and answers), not the threads'.
worker_class = "deploy.gunicorn_worker.Worker"  # gthread, with JSON for an unreadable header
threads = int(os.environ.get("SCOREKEEPER_THREADS") or 8)

# A SQLite writer waits at most app.SQLITE_WAIT_MS (10 s) for the lock, then answers 503. A
# gthread worker's heartbeat comes from its main loop, not from a request, so a slow request
# never gets its worker killed; the timeout only catches a worker that is stuck altogether.
timeout = 60
graceful_timeout = 30

# Forwarded headers are the app's to trust (ProxyFix, SCOREKEEPER_PROXIES), never gunicorn's:
# by default gunicorn believes X-Forwarded-Proto from 127.0.0.1 and from any unix-socket peer,
# so a client on the same machine could pass plain HTTP off as HTTPS (HSTS, Secure cookies).
forwarded_allow_ips = ""
secure_scheme_headers: dict[str, str] = {}
forwarder_headers = ""

# gunicorn's own 414/431/400 answers are HTML pages, so nothing nginx lets through may meet
# them. With its limits at their maximum, any URL up to 8190 bytes reaches Flask, which answers a
# too-long one (over security.LONGEST_URL, 4096) with the JSON error shape itself. nginx takes a
# header line up to its 8 KB buffer (errors.HEADER_BUFFER) and as many as fit in four of them,
# more than gunicorn's 8190 bytes and 100 fields: those go to Flask too (LONGEST_HEADERS, 16 KB
# in all). A method of 1-2 or over 20 letters is nginx's to pass and the app's to refuse (405).
limit_request_line = 8190
limit_request_field_size = 16 * 1024
limit_request_fields = 32768
permit_unconventional_http_method = True

# gunicorn 23+ would open a control socket in $HOME, one path shared by every gunicorn there.
control_socket_disable = True

accesslog = os.environ.get("SCOREKEEPER_ACCESS_LOG", "-") or None
errorlog = "-"


def post_worker_init(worker: Any) -> None:
    """Start the worker's search processes (advice and reviews, web/workers.py) as it starts:
    otherwise the first advice after a start spent most of its budget starting one."""
    from scorekeeper.web.workers import warm

    warm(worker.wsgi)
