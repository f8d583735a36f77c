"""`make serve` under supervisord: its generated configuration, running it in the foreground,
and `python -m deploy.supervisor reload|restart` (`make reload`, `make restart`).

supervisord (PyPI `supervisor`) starts memcached, gunicorn, the stream tier (deploy/streams.py)
and nginx, restarts any of them that dies, and stops them in the opposite order on SIGTERM:
nginx first (no new request reaches the app), then the stream tier (its streams are opened again
by their clients), then gunicorn (its workers finish what they hold), then memcached. Its
control socket is in the run directory, for
`supervisorctl -c <run>/supervisord.conf restart gunicorn`.
"""

from __future__ import annotations

import ctypes
import fcntl
import grp
import os
import pwd
import shlex
import signal
import socket
import stat
import subprocess
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from typing import TextIO

from deploy.serve import APP, ROOT, Settings, say

# gunicorn's graceful_timeout (deploy/gunicorn.conf.py) and nginx's worker_shutdown_timeout,
# with a few seconds more before supervisord kills what is left.
GUNICORN_STOP_SECONDS = 30 + 5
NGINX_STOP_SECONDS = 10 + 5
STREAMS_STOP_SECONDS = 3 + 5  # deploy/streams.py's STOP_SECONDS, and a few more


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
    user: str | None = None,
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
    if user:
        lines.append(f"user={escaped(user)}")
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


# -- running it ---------------------------------------------------------------------------------


def app_env(settings: Settings) -> dict[str, str]:
    """The environment of the servers: the app trusts nginx, and keeps its limits in memcached."""
    env = dict(os.environ)
    env["SCOREKEEPER_PROXIES"] = str(settings.proxies)
    env["SCOREKEEPER_LIMITS_STORAGE"] = (
        settings.limits_storage or f"memcached://{settings.memcached_socket}"
    )
    env.setdefault("PYTHONUNBUFFERED", "1")
    return env


def programs(settings: Settings, app_user: pwd.struct_passwd | None) -> dict[str, str]:
    """supervisord's programs: memcached (unless the limits are kept elsewhere), gunicorn and
    nginx, started in that order and stopped in the opposite one."""
    found: dict[str, str] = {}
    if settings.limits_storage is None:
        command = ["memcached", "-s", str(settings.memcached_socket), "-a", "0700", "-m", "64"]
        command += ["-c", "1024", *(["-u", settings.user.pw_name] if settings.user else [])]
        found["memcached"] = program(
            "memcached", command, priority=10, stop_signal="TERM", stop_seconds=10, directory=ROOT
        )
    command = [sys.executable, "-m", "gunicorn", "-c", "deploy/gunicorn.conf.py", APP]
    if app_user is not None:
        command += ["--user", app_user.pw_name, "--group", grp.getgrgid(app_user.pw_gid).gr_name]
    found["gunicorn"] = program(
        "gunicorn",
        command,
        priority=20,
        stop_signal="TERM",  # gunicorn's graceful stop: its workers finish what they hold
        stop_seconds=GUNICORN_STOP_SECONDS,
        directory=ROOT,
        env={"SCOREKEEPER_BIND": f"unix:{settings.app_socket}", "SCOREKEEPER_ACCESS_LOG": ""},
    )
    found["streams"] = program(
        "streams",
        [sys.executable, "-m", "deploy.streams"],
        priority=25,
        stop_signal="TERM",
        stop_seconds=STREAMS_STOP_SECONDS,
        directory=ROOT,
        env={"SCOREKEEPER_STREAMS_BIND": f"unix:{settings.streams_socket}"},
        user=app_user.pw_name if app_user else None,
    )
    prefix = f"{settings.run / 'nginx'}/"
    nginx = ["-e", "stderr", "-p", prefix, "-c", str(settings.run / "nginx.conf")]
    found["nginx"] = program(
        "nginx",
        [sys.executable, "-m", "deploy.nginx_run", str(settings.run), *nginx],
        priority=30,
        stop_signal="QUIT",  # nginx finishes the answers under way
        stop_seconds=NGINX_STOP_SECONDS,
        directory=ROOT,
    )
    return found


def die_with_parent() -> None:
    """In supervisord before exec: SIGTERM (its orderly stop) when this launcher dies."""
    libc = ctypes.CDLL("libc.so.6", use_errno=True)
    libc.prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def serve(settings: Settings, app_user: pwd.struct_passwd | None) -> int:
    """Run supervisord in the foreground until a signal; its exit status."""
    conf = conf_path(settings.run)
    conf.write_text(supervisord_conf(settings.run, programs(settings, app_user)))
    conf.chmod(0o600)
    stopping: list[int] = []
    process: subprocess.Popen[bytes] | None = None

    def on_signal(number: int, _frame: object) -> None:
        stopping.append(number)
        if process is not None and process.poll() is None:
            process.send_signal(signal.SIGTERM)  # nginx, then gunicorn, then memcached

    for name in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(name, on_signal)
    appending(sys.stdout, sys.stderr)
    process = subprocess.Popen(
        [sys.executable, "-m", "supervisor.supervisord", "-c", str(conf)],
        cwd=ROOT,
        env=app_env(settings),
        stdin=subprocess.DEVNULL,
        start_new_session=True,  # Ctrl-C reaches this launcher, which stops supervisord
        preexec_fn=die_with_parent,  # one thread here: safe
    )
    if stopping:
        process.send_signal(signal.SIGTERM)
    elif listening(settings, process):
        scheme = f" (and https on port {settings.tls[2]})" if settings.tls else ""
        say(f"serving on http://{settings.host}:{settings.port}/{scheme}; Ctrl-C stops it")
    code = process.wait()
    if stopping:
        say("stopped")
        return 0
    say(f"supervisord stopped by itself (exit {code}); what it ran may still run, see above")
    return code or 1


def appending(*streams: TextIO) -> None:
    """Make output to a file append: supervisord opens /dev/stdout anew for the servers' lines,
    which must not write over what is written through the descriptor shared with make."""
    for stream in streams:
        stream.flush()
        descriptor = stream.fileno()
        if stat.S_ISREG(os.fstat(descriptor).st_mode):
            flags = fcntl.fcntl(descriptor, fcntl.F_GETFL)
            fcntl.fcntl(descriptor, fcntl.F_SETFL, flags | os.O_APPEND)


def listening(settings: Settings, process: subprocess.Popen[bytes], seconds: float = 120) -> bool:
    """Wait until nginx accepts connections on the plain port; False if supervisord stopped."""
    host = "127.0.0.1" if settings.host in ("0.0.0.0", "") else settings.host.strip("[]")
    give_up = time.monotonic() + seconds
    while time.monotonic() < give_up and process.poll() is None:
        try:
            socket.create_connection((host, settings.port), timeout=1).close()
            return True
        except OSError:
            time.sleep(0.2)
    if process.poll() is None:
        say(f"nothing listens on port {settings.port} after {seconds:g} s; see the lines above")
    return False


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
    from deploy.serve import fail

    if len(sys.argv) != 2 or sys.argv[1] not in ACTIONS:
        fail(f"say one of {', '.join(ACTIONS)}.")
    run = Settings.from_env(os.environ).run
    if not (run / "supervisord.sock").exists():
        fail(f"no make serve runs in {run} (set SCOREKEEPER_RUN_DIR to its run directory).")
    control = [sys.executable, "-m", "supervisor.supervisorctl", "-c", str(conf_path(run))]
    os.execv(sys.executable, [*control, *ACTIONS[sys.argv[1]]])


if __name__ == "__main__":
    main()
