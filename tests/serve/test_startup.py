"""What `make serve` says before it starts anything (issue 34): it refuses PostgreSQL without a
shared SECRET_KEY, warns when several app servers would each count their own rate limits, and
runs gunicorn's workers unprivileged only where the files allow it."""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from deploy import serve
from deploy.app_user import obstacles
from deploy.serve import Settings

pytestmark = pytest.mark.serve

ROOT = Path(__file__).resolve().parents[2]
POSTGRES = "postgresql://scorekeeper@db.example/score"  # never reached: nothing connects here
WORKER = pwd.getpwnam("www-data")


@pytest.fixture
def open_dir() -> Iterator[Path]:
    """A directory under /tmp that the workers' user may reach (pytest's own is root's alone)."""
    made = Path(tempfile.mkdtemp(prefix="sk-startup-"))
    try:
        yield made
    finally:
        shutil.rmtree(made)


def test_make_serve_on_postgresql_without_a_secret_key_stops_with_a_sentence(
    open_dir: Path,
) -> None:
    open_dir.chmod(0o711)
    env = {k: v for k, v in os.environ.items() if k != "SECRET_KEY"}
    env |= {"DATABASE_URL": POSTGRES, "SCOREKEEPER_RUN_DIR": str(open_dir / "run")}
    done = subprocess.run(
        [sys.executable, "-m", "deploy.serve"], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 1
    assert done.stderr.startswith("make serve: On PostgreSQL, set SECRET_KEY"), done.stderr
    assert "Traceback" not in done.stderr
    assert not (open_dir / "run" / "supervisord.conf").exists()  # nothing was started


def warning(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], env: dict[str, str]
) -> str:
    """What make serve says of its limits store with this environment."""
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("SECRET_KEY", "tests/serve/test_startup")
    serve.the_app.cache_clear()
    try:
        serve.warn_of_local_limits(Settings.from_env({**os.environ, **env}))
    finally:
        serve.the_app.cache_clear()
    return capsys.readouterr().err


def test_postgresql_with_make_serve_s_own_memcached_is_said(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("SCOREKEEPER_LIMITS_STORAGE", raising=False)
    said = warning(monkeypatch, capsys, {"DATABASE_URL": POSTGRES})
    assert said.startswith("make serve: the rate limits are counted in this machine's own")
    assert "SCOREKEEPER_LIMITS_STORAGE" in said


def test_a_shared_limits_store_or_sqlite_is_not_warned_of(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    shared = {"DATABASE_URL": POSTGRES, "SCOREKEEPER_LIMITS_STORAGE": "memcached://10.0.0.5:11211"}
    assert warning(monkeypatch, capsys, shared) == ""
    monkeypatch.delenv("SCOREKEEPER_LIMITS_STORAGE")
    assert warning(monkeypatch, capsys, {"DATABASE_URL": f"sqlite:///{tmp_path}/s.db"}) == ""


def test_the_workers_user_needs_the_database_s_directory_and_file_writable(
    open_dir: Path,
) -> None:
    open_dir.chmod(0o755)
    directory = open_dir / "db"
    directory.mkdir(mode=0o755)
    database = directory / "s.sqlite"
    database.write_bytes(b"")
    url = f"sqlite:///{database}"
    assert obstacles(WORKER, [], url) == [
        f"www-data cannot write {directory}",
        f"www-data cannot write {database}",
    ]
    os.chown(directory, WORKER.pw_uid, WORKER.pw_gid)
    assert obstacles(WORKER, [], url) == [f"www-data cannot write {database}"]
    os.chown(database, WORKER.pw_uid, WORKER.pw_gid)
    assert obstacles(WORKER, [], url) == []
    assert obstacles(WORKER, [], "postgresql+psycopg://u@h/db") == []


def test_the_workers_user_needs_the_key_readable_and_the_way_to_it_open(open_dir: Path) -> None:
    open_dir.chmod(0o755)
    key = open_dir / "secret_key"
    key.write_text("k")
    key.chmod(0o600)
    assert obstacles(WORKER, [key], "postgresql://") == [f"www-data cannot read {key}"]
    key.chmod(0o644)
    assert obstacles(WORKER, [key], "postgresql://") == []
    open_dir.chmod(0o700)
    assert obstacles(WORKER, [key], "postgresql://") == [f"www-data cannot enter {open_dir}"]


def test_http2_is_said_as_the_installed_nginx_understands_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    env = {"PORT": "8000", "SCOREKEEPER_TLS_PORT": "8443", "SCOREKEEPER_RUN_DIR": "/tmp/sk-tls"}
    env |= {"SCOREKEEPER_TLS_CERT": "/etc/ssl/cert.pem", "SCOREKEEPER_TLS_KEY": "/etc/ssl/key.pem"}
    settings = Settings.from_env(env)
    monkeypatch.setattr(serve, "nginx_version", lambda: (1, 25, 1))
    lines = serve.listen(settings).splitlines()
    assert "        listen 127.0.0.1:8443 ssl;" in lines and "        http2 on;" in lines
    monkeypatch.setattr(serve, "nginx_version", lambda: (1, 22, 1))
    assert "        listen 127.0.0.1:8443 ssl http2;" in serve.listen(settings).splitlines()
