"""`make serve`: the production setup in the foreground (`python -m deploy.serve`).

nginx listens on SCOREKEEPER_HOST:PORT (127.0.0.1:8000) and, given SCOREKEEPER_TLS_CERT and
SCOREKEEPER_TLS_KEY, on SCOREKEEPER_TLS_PORT (8443) with TLS. It buffers and compresses, and
passes requests to gunicorn (deploy/gunicorn.conf.py) on a unix socket that only nginx can
reach. memcached, on a unix socket too, keeps the rate limits (SCOREKEEPER_LIMITS_STORAGE),
unless that variable names a storage already. Runtime files go in SCOREKEEPER_RUN_DIR
(instance/serve/). supervisord (deploy/supervisor.py) runs them with the stream tier
(deploy/streams.py) and restarts any that dies; Ctrl-C or SIGTERM stops nginx, then the stream
tier, gunicorn and memcached. Started as root, nginx's workers and memcached run as www-data,
and gunicorn's workers and the stream tier too where the files allow it.
"""

from __future__ import annotations

import functools
import importlib.util
import os
import pwd
import re
import shutil
import subprocess
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from deploy.app_user import first_closed, obstacles
from deploy.errors import HEADER_BUFFER, UNFIT_TARGET, error_pages, quoted

if TYPE_CHECKING:
    from flask import Flask

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
    def streams_socket(self) -> Path:
        """The stream tier's socket (deploy/streams.py): its directory the tier's user's, which
        creates the socket itself, and nginx's workers' group's."""
        return self.run / "streams" / "streams.sock"

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
    for path in (settings.app_socket, settings.streams_socket, settings.memcached_socket):
        if len(str(path)) > SOCKET_PATH_MAX:
            fail(f"{path} is too long for a unix socket: set SCOREKEEPER_RUN_DIR to a shorter one.")
    run.mkdir(parents=True, exist_ok=True)
    run.chmod(0o755)
    if running(run / "nginx.pid", b"nginx") or running(run / "supervisord.pid", b"supervisord"):
        fail(f"already running in {run} (set SCOREKEEPER_RUN_DIR for another one).")
    for path in (settings.app_socket, settings.streams_socket, settings.memcached_socket):
        path.unlink(missing_ok=True)  # left by a run that was killed
    (run / "nginx").mkdir(exist_ok=True)
    (run / "app").mkdir(exist_ok=True)
    (run / "memcached").mkdir(exist_ok=True)
    (run / "streams").mkdir(exist_ok=True)
    (run / "streams").chmod(0o750 if settings.user else 0o700)
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


def running(pid_file: Path, name: bytes) -> bool:
    """Whether the process named in a pid file is alive (not a later one given its pid)."""
    try:
        command = Path(f"/proc/{int(pid_file.read_text().strip())}/cmdline").read_bytes()
    except (OSError, ValueError):
        return False
    return name in command


def passable(run: Path, user: pwd.struct_passwd) -> bool:
    """Whether `user` may pass through every directory above the run directory."""
    return first_closed(run, user) is None


def reachable(run: Path, user: pwd.struct_passwd) -> None:
    """Fail unless `user` may pass through every directory above the run directory."""
    directory = first_closed(run, user)
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
        "STREAMS_SOCKET": str(settings.streams_socket),
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


@functools.cache
def the_app() -> Flask:
    """The app as gunicorn will build it; its refusal to start, as a sentence."""
    from scorekeeper import create_app
    from scorekeeper.app import RefusedToStart

    try:
        return create_app()
    except RefusedToStart as refusal:
        fail(str(refusal))


def largest_body() -> int:
    """The app's MAX_CONTENT_LENGTH, for nginx to refuse a larger body before it."""
    return int(the_app().config["MAX_CONTENT_LENGTH"])


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
        # nginx 1.25.1 turned HTTP/2 into a directive of its own, and warns of the old way.
        http2 = ["ssl;", "        http2 on;"] if nginx_version() >= (1, 25, 1) else ["ssl http2;"]
        lines += [
            f"        listen {settings.host}:{port} {http2[0]}",
            *http2[1:],
            f"        ssl_certificate {cert};",
            f"        ssl_certificate_key {key};",
            "        ssl_protocols TLSv1.2 TLSv1.3;",
            "        ssl_session_cache shared:tls:10m;",
        ]
    return "\n".join(lines)


@functools.cache
def nginx_version() -> tuple[int, ...]:
    """The installed nginx's version, (1, 22, 1); (0,) if it does not say."""
    said = subprocess.run(["nginx", "-v"], capture_output=True, text=True).stderr
    found = re.search(r"nginx/(\d+(?:\.\d+)*)", said)
    return tuple(int(part) for part in found[1].split(".")) if found else (0,)


# -- before starting (deploy/supervisor.py starts it all) ------------------------------------------


def app_user(settings: Settings) -> pwd.struct_passwd | None:
    """The user gunicorn's workers run as under root: nginx's workers' one where the files
    allow it, else root, said in a line."""
    if settings.user is None:
        return None
    import scorekeeper

    app = the_app()
    # Python itself and its standard library (a pyenv under /root is closed to others), the
    # installed packages and the app's own code.
    python = [Path(sys.executable).resolve(), Path(os.__file__).resolve()]
    gunicorn = importlib.util.find_spec("gunicorn")
    assert gunicorn is not None and gunicorn.origin is not None
    readable = [*python, Path(gunicorn.origin), Path(scorekeeper.__file__)]
    instance = Path(app.instance_path)
    key_file = instance / "secret_key"
    if (instance / "config.py").exists():
        readable.append(instance / "config.py")
    if key_file.exists() and key_file.read_text().strip() == app.config["SECRET_KEY"]:
        readable.append(key_file)
    url = str(app.config["SQLALCHEMY_DATABASE_URI"])
    reasons = list(dict.fromkeys(obstacles(settings.user, readable, url)))
    if reasons:
        say(
            f"gunicorn's workers run as root: {'; '.join(reasons)} (let {settings.user.pw_name} "
            "in to run them unprivileged)"
        )
        return None
    say(f"gunicorn's workers run as {settings.user.pw_name}")
    return settings.user


def warn_of_local_limits(settings: Settings) -> None:
    """Several app servers on one PostgreSQL must share one limits store: say when they do not."""
    url = str(the_app().config["SQLALCHEMY_DATABASE_URI"])
    if settings.limits_storage is None and url.startswith("postgresql"):
        say(
            "the rate limits are counted in this machine's own memcached: with several app "
            "servers on this PostgreSQL, each counts its own, so a client may start as many "
            "sessions as there are servers times the limit; set SCOREKEEPER_LIMITS_STORAGE to "
            "one memcached they all share"
        )


def check_nginx(settings: Settings) -> None:
    """nginx's own check of the generated config, with its words when it refuses."""
    conf = settings.run / "nginx.conf"
    test = subprocess.run(
        ["nginx", "-t", "-q", "-e", "stderr", "-p", f"{settings.run / 'nginx'}/", "-c", str(conf)],
        capture_output=True,
        text=True,
    )
    if test.returncode:
        fail(f"nginx refused {conf}:\n{test.stderr}")


def main() -> None:
    """Check, prepare and serve."""
    check_packages()
    settings = Settings.from_env(os.environ)
    prepare(settings)
    check_nginx(settings)
    warn_of_local_limits(settings)
    from deploy.supervisor import serve  # it reads the settings from this module

    user = app_user(settings)
    if settings.user:  # the tier, as the app's user, creates its socket; nginx's group reaches it
        os.chown(settings.run / "streams", user.pw_uid if user else 0, settings.user.pw_gid)
    sys.exit(serve(settings, user))


if __name__ == "__main__":
    main()
