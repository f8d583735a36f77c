"""Production settings: `gunicorn -c gunicorn.conf.py 'scorekeeper:create_app()'`.

SCOREKEEPER_BIND (default 127.0.0.1:8000, behind a proxy) and WEB_CONCURRENCY (worker
processes, default 2 per core plus 1) come from the environment; so does DATABASE_URL, which
the app reads itself. SCOREKEEPER_ACCESS_LOG names the access log ("-" for stderr, the
default; empty for none). Edit tokens travel in URL fragments and headers, never in the
logged request line.
"""

from __future__ import annotations

import os

bind = os.environ.get("SCOREKEEPER_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("WEB_CONCURRENCY") or 2 * (os.cpu_count() or 1) + 1)

# A SQLite writer may wait up to 30 s for the lock (app.SQLITE_WAIT_MS): the worker must live
# longer than that, or it is killed mid-wait and the client gets a reset instead of an answer.
timeout = 60
graceful_timeout = 30

# gunicorn's own 414/431/400 answers are HTML pages. With its limits at their maximum, any URL
# up to 8190 bytes reaches Flask, which answers a too-long one (over security.LONGEST_URL,
# 4096) with the JSON error shape itself.
limit_request_line = 8190
limit_request_field_size = 8190

accesslog = os.environ.get("SCOREKEEPER_ACCESS_LOG", "-") or None
errorlog = "-"
