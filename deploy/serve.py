"""`make serve`: the production setup in the foreground (`python -m deploy.serve`).

nginx listens on SCOREKEEPER_HOST:PORT (127.0.0.1:8000) and, given SCOREKEEPER_TLS_CERT and
SCOREKEEPER_TLS_KEY, on SCOREKEEPER_TLS_PORT (8443) with TLS. It buffers and compresses, and
passes requests to gunicorn (deploy/gunicorn.conf.py) on a unix socket that only nginx can
reach. memcached, on a unix socket too, keeps the rate limits (SCOREKEEPER_LIMITS_STORAGE),
unless that variable names a storage already. Runtime files go in SCOREKEEPER_RUN_DIR
(instance/serve/). Ctrl-C or SIGTERM stops nginx, then gunicorn, then memcached; if any of
them stops by itself, so do the others, and this exits non-zero.
"""

from __future__ import annotations

import ctypes
import grp
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn

from deploy.errors import HEADER_BUFFER, UNFIT_TARGET, error_pages, quoted

ROOT = Path(__file__).resolve().parent.parent
APP = "scorekeeper:create_app()"
TEMPLATE = Path(__file__).with_name("nginx.conf")
BROTLI = Path("/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so")
PACKAGES = "nginx-light libnginx-mod-http-brotli-filter memcached"
TEXT_TYPES = [
    "application/json",
    "text/javascript",
    "application/javascript",
    "text/css",
    "image/svg+xml",
    "application/manifest+json",
    "text/csv",  # a session's export (/s/<id>/export.csv)
]
SOCKET_PATH_MAX = 107  # sun_path holds 108 bytes with the terminating zero
WORKER_USERS = ("www-data", "nobody")  # nginx's and memcached's user when started as root


@dataclass(frozen=True)
class Settings:
    """What to start, from the environment."""

    host: str
    port: int
    run: Path
    proxies: int
    limits_storage: str | None  # None: start memcached and use it
    access_log: str
    tls: tuple[str, str, int] | None  # certificate, key, port
    user: pwd.struct_passwd | None  # the workers' user when started as root

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> Settings:
        """Read the settings; SystemExit with a sentence when one is wrong."""
        user = worker_user() if os.geteuid() == 0 else None
        port = number(env, "PORT", 8000)
        given = env.get("SCOREKEEPER_RUN_DIR")
        run = Path(given).resolve() if given else default_run(user, port)
        cert, key = env.get("SCOREKEEPER_TLS_CERT"), env.get("SCOREKEEPER_TLS_KEY")
        if bool(cert) != bool(key):
            fail("Set both SCOREKEEPER_TLS_CERT and SCOREKEEPER_TLS_KEY, or neither.")
        tls = None
        if cert and key:
            tls_port = number(env, "SCOREKEEPER_TLS_PORT", 8443)
            tls = (str(Path(cert).resolve()), str(Path(key).resolve()), tls_port)
        proxies = number(env, "SCOREKEEPER_PROXIES", 1)
        if proxies < 1:
            fail("SCOREKEEPER_PROXIES counts nginx too: at least 1 under make serve.")
        return cls(
            host=env.get("SCOREKEEPER_HOST") or "127.0.0.1",
            port=port,
            run=run,
            proxies=proxies,
            limits_storage=env.get("SCOREKEEPER_LIMITS_STORAGE") or None,
            access_log=env.get("SCOREKEEPER_ACCESS_LOG", "-"),
            tls=tls,
            user=user,
        )

    @property
    def app_socket(self) -> Path:
        """gunicorn's socket, in a directory only nginx's workers (and root) may enter."""
        return self.run / "app" / "gunicorn.sock"

    @property
    def memcached_socket(self) -> Path:
        """memcached's socket."""
        return self.run / "memcached" / "memcached.sock"


def number(env: Mapping[str, str], name: str, default: int) -> int:
    """An integer setting."""
    value = env.get(name) or str(default)
    if not value.isdigit():
        fail(f"{name} must be a whole number, not {value!r}.")
    return int(value)


def default_run(user: pwd.struct_passwd | None, port: int) -> Path:
    """instance/serve, unless nginx's workers cannot reach it (a clone under /root, run as
    root): then a directory of this port's under /run, so one command still serves."""
    inside = (ROOT / "instance" / "serve").resolve()
    if user is None or passable(inside, user):
        return inside
    return Path("/run/scorekeeper") / str(port)


def worker_user() -> pwd.struct_passwd:
    """The unprivileged user nginx's workers and memcached run as under root."""
    for name in WORKER_USERS:
        try:
            return pwd.getpwnam(name)
        except KeyError:
            continue
    fail(f"None of the users {', '.join(WORKER_USERS)} exists for nginx's workers.")


def fail(message: str) -> NoReturn:
    """Stop with a sentence, not a traceback."""
    raise SystemExit(f"make serve: {message}")


def say(message: str) -> None:
    """A line on stderr, beside the servers' own."""
    print(f"make serve: {message}", file=sys.stderr, flush=True)


# -- preparing the run directory ----------------------------------------------------------------


def check_packages() -> None:
    """nginx, its brotli module and memcached must be installed (the Makefile installs them)."""
    missing = [name for name in ("nginx", "memcached") if shutil.which(name) is None]
    if missing or not BROTLI.exists():
        fail(f"Install Debian's {PACKAGES} (sudo apt-get install {PACKAGES}).")


def prepare(settings: Settings) -> None:
    """The run directory: nginx's temporary files, the sockets' directories, the config."""
    run = settings.run
    for path in (settings.app_socket, settings.memcached_socket):
        if len(str(path)) > SOCKET_PATH_MAX:
            fail(f"{path} is too long for a unix socket: set SCOREKEEPER_RUN_DIR to a shorter one.")
    run.mkdir(parents=True, exist_ok=True)
    run.chmod(0o755)
    if running(run / "nginx.pid"):
        fail(f"already running in {run} (set SCOREKEEPER_RUN_DIR for another one).")
    for path in (settings.app_socket, settings.memcached_socket):
        path.unlink(missing_ok=True)  # left by a run that was killed
    (run / "nginx").mkdir(exist_ok=True)
    (run / "app").mkdir(exist_ok=True)
    (run / "memcached").mkdir(exist_ok=True)
    (run / "app").chmod(0o750 if settings.user else 0o700)
    (run / "memcached").chmod(0o700)
    if settings.user:
        reachable(run, settings.user)
        os.chown(run / "nginx", settings.user.pw_uid, settings.user.pw_gid)
        os.chown(run / "app", 0, settings.user.pw_gid)
        os.chown(run / "memcached", settings.user.pw_uid, settings.user.pw_gid)
    maps, adds = security_headers()
    (run / "security_maps.conf").write_text(maps)
    (run / "security_headers.conf").write_text(adds)
    (run / "nginx.conf").write_text(nginx_conf(settings))


def running(pid_file: Path) -> bool:
    """Whether the nginx named in a pid file is alive (not a later process given its pid)."""
    try:
        command = Path(f"/proc/{int(pid_file.read_text().strip())}/cmdline").read_bytes()
    except (OSError, ValueError):
        return False
    return b"nginx" in command


def passable(run: Path, user: pwd.struct_passwd) -> bool:
    """Whether `user` may pass through every directory above the run directory."""
    return blocking(run, user) is None


def blocking(run: Path, user: pwd.struct_passwd) -> Path | None:
    """The first directory above `run` that `user` may not pass through, if any."""
    groups = {user.pw_gid} | {g.gr_gid for g in grp.getgrall() if user.pw_name in g.gr_mem}
    for directory in run.parents:
        if not directory.exists():
            continue  # made by prepare(), with a mode that lets the workers through
        mode = directory.stat()
        allowed = (
            (mode.st_uid == user.pw_uid and mode.st_mode & 0o100)
            or (mode.st_gid in groups and mode.st_mode & 0o010)
            or mode.st_mode & 0o001
        )
        if not allowed:
            return directory
    return None


def reachable(run: Path, user: pwd.struct_passwd) -> None:
    """Fail unless `user` may pass through every directory above the run directory."""
    directory = blocking(run, user)
    if directory is not None:
        fail(
            f"nginx's workers run as {user.pw_name} and cannot enter {directory}: set "
            "SCOREKEEPER_RUN_DIR to a directory they can reach (e.g. /run/scorekeeper)."
        )


def security_headers() -> tuple[str, str]:
    """The app's security headers for nginx: (maps for the http block, add_header lines).

    Each is added to every answer (`always`, nginx's own errors too) once: the app's value when
    the app sent one (proxy_hide_header keeps it from coming twice), else the app's default.
    """
    from scorekeeper.web.security import HEADERS

    maps, adds = [], []
    for name, value in HEADERS.items():
        variable = name.lower().replace("-", "_")
        maps += [
            f"map $upstream_http_{variable} $security_{variable} {{",
            f'    "" "{quoted(value)}";',
            f"    default $upstream_http_{variable};",
            "}",
        ]
        adds.append(f"add_header {name} $security_{variable} always;")
    return "\n".join(maps) + "\n", "\n".join(adds) + "\n"


def nginx_conf(settings: Settings) -> str:
    """The template with its places filled."""
    from scorekeeper.web.security import HEADERS

    chained = settings.proxies > 1  # another proxy in front: append to what it sent
    body = largest_body()
    places = {
        "USER": f"user {settings.user.pw_name};" if settings.user else "",
        "RUN": str(settings.run),
        "BROTLI": str(BROTLI),
        "ACCESS_LOG": access_log(settings.access_log),
        "MAX_BODY": str(body),
        "HEADER_BUFFER": f"{HEADER_BUFFER // 1024}k",
        "UNFIT_TARGET": str(UNFIT_TARGET),
        "TEXT_TYPES": " ".join(TEXT_TYPES),
        "SOCKET": str(settings.app_socket),
        "LISTEN": listen(settings),
        "ERROR_PAGES": error_pages(settings.run, body),
        "FORWARDED_PROTO": '"$http_x_forwarded_proto, $scheme"' if chained else "$scheme",
        "FORWARDED_FOR": "$proxy_add_x_forwarded_for" if chained else "$remote_addr",
        "FORWARDED_HOST": '"$http_x_forwarded_host, $http_host"' if chained else "$http_host",
        "HIDE_HEADERS": "".join(f"            proxy_hide_header {name};\n" for name in HEADERS),
    }
    text = TEMPLATE.read_text()
    for name, value in places.items():
        text = text.replace(f"@{name}@", value)
    if "@" in text.replace("$", ""):
        leftover = [line for line in text.splitlines() if "@" in line]
        raise ValueError(f"unfilled places in {TEMPLATE}: {leftover}")
    return text


def largest_body() -> int:
    """The app's MAX_CONTENT_LENGTH, for nginx to refuse a larger body before it."""
    from scorekeeper import create_app

    return int(create_app().config["MAX_CONTENT_LENGTH"])


def access_log(setting: str) -> str:
    """SCOREKEEPER_ACCESS_LOG as nginx says it: "-" stderr, empty none, else a file."""
    if setting == "-":
        return "/dev/stderr"
    return setting or "off"


def listen(settings: Settings) -> str:
    """The listen lines: plain HTTP, and TLS when a certificate is given."""
    lines = [f"        listen {settings.host}:{settings.port};"]
    if settings.tls:
        cert, key, port = settings.tls
        lines += [
            f"        listen {settings.host}:{port} ssl http2;",
            f"        ssl_certificate {cert};",
            f"        ssl_certificate_key {key};",
            "        ssl_protocols TLSv1.2 TLSv1.3;",
            "        ssl_session_cache shared:tls:10m;",
        ]
    return "\n".join(lines)


# -- running ------------------------------------------------------------------------------------


def die_with_parent() -> None:
    """In a child before exec: SIGTERM when this launcher dies, even by SIGKILL."""
    libc = ctypes.CDLL("libc.so.6", use_errno=True)
    libc.prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


@dataclass
class Child:
    """A server this launcher started, and how to stop it gently."""

    name: str
    process: subprocess.Popen[bytes]
    stop_signal: signal.Signals

    def stop(self, patience: float) -> None:
        """The gentle signal, then SIGKILL after `patience` seconds."""
        if self.process.poll() is not None:
            return
        self.process.send_signal(self.stop_signal)
        try:
            self.process.wait(timeout=patience)
        except subprocess.TimeoutExpired:
            say(f"{self.name} did not stop within {patience:g} s; killing it")
            self.process.kill()
            self.process.wait()


def start(name: str, command: list[str], env: Mapping[str, str], stop: signal.Signals) -> Child:
    """Start a server in its own session (Ctrl-C reaches this launcher, which stops them in
    order) that dies with this launcher."""
    process = subprocess.Popen(
        command,
        cwd=ROOT,
        env=dict(env),
        stdin=subprocess.DEVNULL,
        start_new_session=True,
        preexec_fn=die_with_parent,  # one thread here: safe
    )
    return Child(name, process, stop)


def wait_for_socket(child: Child, path: Path, seconds: float = 60) -> None:
    """Wait until something accepts connections on the unix socket `path`."""
    give_up = time.monotonic() + seconds
    while time.monotonic() < give_up:
        if child.process.poll() is not None:
            fail(f"{child.name} stopped while starting (exit {child.process.returncode}).")
        try:
            with socket.socket(socket.AF_UNIX) as probe:
                probe.connect(str(path))
                return
        except OSError:
            time.sleep(0.1)
    fail(f"{child.name} did not open {path} within {seconds:g} s.")


def memcached(settings: Settings, env: Mapping[str, str]) -> Child:
    """memcached on its unix socket, as the workers' user under root."""
    socket_path = str(settings.memcached_socket)
    command = ["memcached", "-s", socket_path, "-a", "0700", "-m", "64", "-c", "1024"]
    if settings.user:
        command += ["-u", settings.user.pw_name]
    child = start("memcached", command, env, signal.SIGTERM)
    wait_for_socket(child, settings.memcached_socket)
    return child


def gunicorn(settings: Settings, env: Mapping[str, str]) -> Child:
    """gunicorn on its unix socket; its access log is nginx's."""
    command = [sys.executable, "-m", "gunicorn", "-c", "deploy/gunicorn.conf.py", APP]
    app_env = {**env, "SCOREKEEPER_BIND": f"unix:{settings.app_socket}"}
    app_env["SCOREKEEPER_ACCESS_LOG"] = ""
    child = start("gunicorn", command, app_env, signal.SIGTERM)
    wait_for_socket(child, settings.app_socket)
    return child


def nginx(settings: Settings, env: Mapping[str, str]) -> Child:
    """nginx with the generated config; SIGQUIT lets it finish the answers under way."""
    conf = settings.run / "nginx.conf"
    prefix = f"{settings.run / 'nginx'}/"
    test = subprocess.run(
        ["nginx", "-t", "-q", "-e", "stderr", "-p", prefix, "-c", str(conf)],
        env=dict(env),
        capture_output=True,
        text=True,
    )
    if test.returncode:
        fail(f"nginx refused {conf}:\n{test.stderr}")
    command = ["nginx", "-e", "stderr", "-p", prefix, "-c", str(conf)]
    return start("nginx", command, env, signal.SIGQUIT)


def app_env(settings: Settings) -> dict[str, str]:
    """The environment of the servers: the app trusts nginx, and keeps its limits in memcached."""
    env = dict(os.environ)
    env["SCOREKEEPER_PROXIES"] = str(settings.proxies)
    env["SCOREKEEPER_LIMITS_STORAGE"] = (
        settings.limits_storage or f"memcached://{settings.memcached_socket}"
    )
    env.setdefault("PYTHONUNBUFFERED", "1")
    return env


def serve(settings: Settings) -> int:
    """Start memcached, gunicorn and nginx; stop them all on a signal or when one stops."""
    stopping: list[int] = []

    def on_signal(number: int, _frame: object) -> None:
        stopping.append(number)

    for name in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(name, on_signal)
    env = app_env(settings)
    children: list[Child] = []
    try:
        steps: list[Callable[[Settings, Mapping[str, str]], Child]] = [gunicorn, nginx]
        if settings.limits_storage is None:
            steps.insert(0, memcached)
        for step in steps:
            if stopping:
                return 0
            children.append(step(settings, env))
        scheme = f" (and https on port {settings.tls[2]})" if settings.tls else ""
        say(f"serving on http://{settings.host}:{settings.port}/{scheme}; Ctrl-C stops it")
        return watch(children, stopping)
    finally:
        for child in reversed(children):  # nginx first: no new request reaches the app
            child.stop(patience=35 if child.name == "gunicorn" else 15)
        say("stopped")


def watch(children: list[Child], stopping: list[int]) -> int:
    """Wait for a signal (0) or for a server to stop by itself (1)."""
    while not stopping:
        for child in children:
            code = child.process.poll()
            if code is not None:
                say(f"{child.name} stopped by itself (exit {code}); stopping the others")
                return 1
        time.sleep(0.2)
    return 0


def main() -> None:
    """Check, prepare and serve."""
    check_packages()
    settings = Settings.from_env(os.environ)
    prepare(settings)
    sys.exit(serve(settings))


if __name__ == "__main__":
    main()
