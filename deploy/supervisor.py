"""supervisord's configuration for `make serve`, and `python -m deploy.supervisor reload|restart`.

supervisord (PyPI `supervisor`) starts memcached, gunicorn and nginx, restarts any of them that
dies, and stops them in the opposite order on SIGTERM: nginx first (no new request reaches the
app), then gunicorn (its workers finish what they hold), then memcached. Its control socket is
in the run directory, for `supervisorctl -c <run>/supervisord.conf restart gunicorn`.
"""

from __future__ import annotations

import os
import shlex
import sys
from collections.abc import Mapping
from pathlib import Path

# gunicorn's graceful_timeout (deploy/gunicorn.conf.py) and nginx's worker_shutdown_timeout,
# with a few seconds more before supervisord kills what is left.
GUNICORN_STOP_SECONDS = 30 + 5
NGINX_STOP_SECONDS = 10 + 5


def conf_path(run: Path) -> Path:
    """Where the generated configuration goes."""
    return run / "supervisord.conf"


def supervisord_conf(run: Path, programs: Mapping[str, str]) -> str:
    """The whole configuration: supervisord itself, its control socket and `programs`."""
    head = f"""\
; Written by `make serve` (deploy/supervisor.py) at each start: edit that, not this.
[supervisord]
nodaemon=true
logfile=/dev/null
logfile_maxbytes=0
pidfile={escaped(run / "supervisord.pid")}
childlogdir={escaped(run)}
user=root

[unix_http_server]
file={escaped(run / "supervisord.sock")}
chmod=0700

[supervisorctl]
serverurl=unix://{escaped(run / "supervisord.sock")}

[rpcinterface:supervisor]
supervisor.rpcinterface_factory = supervisor.rpcinterface:make_main_rpcinterface
"""
    if os.geteuid() != 0:
        head = head.replace("user=root\n", "")
    return head + "".join(f"\n{text}" for text in programs.values())


def program(
    name: str,
    command: list[str],
    *,
    priority: int,
    stop_signal: str,
    stop_seconds: int,
    directory: Path,
    env: Mapping[str, str] | None = None,
) -> str:
    """One [program:…] section: restarted whenever it stops, its output on supervisord's."""
    lines = [
        f"[program:{name}]",
        f"command={escaped(shlex.join(command))}",
        f"directory={escaped(directory)}",
        f"priority={priority}",
        "autostart=true",
        "autorestart=true",
        "startsecs=1",
        # A part that cannot start (a port still held, a database away) keeps being tried,
        # each time a second later than the last, rather than given up after three.
        "startretries=20",
        f"stopsignal={stop_signal}",
        f"stopwaitsecs={stop_seconds}",
        "killasgroup=true",  # a worker left behind is killed with its master
        "stdout_logfile=/dev/stdout",
        "stdout_logfile_maxbytes=0",
        "redirect_stderr=true",
    ]
    if env:
        pairs = ",".join(f'{key}="{escaped(value)}"' for key, value in env.items())
        lines.append(f"environment={pairs}")
    return "\n".join(lines) + "\n"


def escaped(text: object) -> str:
    """Text for supervisord's configuration, which expands %(name)s itself."""
    value = str(text)
    if '"' in value or "\n" in value:
        raise ValueError(f"no quotes or line breaks in supervisord's configuration: {value!r}")
    return value.replace("%", "%%")


# -- controlling a running make serve -----------------------------------------------------------

ACTIONS = {
    # gunicorn's graceful reload: new workers with the new code start, the old ones finish
    # what they hold; no request is dropped.
    "reload": ["signal", "HUP", "gunicorn"],
    # A full restart of the app: meanwhile nginx answers 503 with Retry-After.
    "restart": ["restart", "gunicorn"],
}


def main() -> None:
    """`make reload` or `make restart`: supervisorctl on this checkout's make serve."""
    from deploy.serve import Settings, fail

    if len(sys.argv) != 2 or sys.argv[1] not in ACTIONS:
        fail(f"say one of {', '.join(ACTIONS)}.")
    run = Settings.from_env(os.environ).run
    if not (run / "supervisord.sock").exists():
        fail(f"no make serve runs in {run} (set SCOREKEEPER_RUN_DIR to its run directory).")
    control = [sys.executable, "-m", "supervisor.supervisorctl", "-c", str(conf_path(run))]
    os.execv(sys.executable, [*control, *ACTIONS[sys.argv[1]]])


if __name__ == "__main__":
    main()
