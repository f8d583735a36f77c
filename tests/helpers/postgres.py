"""A throwaway PostgreSQL cluster for the tests: initdb, start, create a database, tear down.

`throwaway_cluster()` yields a SQLAlchemy URL. TEST_POSTGRES_URL, when set, is used instead
(postgres:// and postgresql:// are given the psycopg driver). As root the server binaries run
as the `postgres` user, since PostgreSQL refuses to run as root. The server listens only on a
unix socket inside its temporary directory, so it never clashes with another server.
"""

from __future__ import annotations

import os
import pwd
import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import sqlalchemy as sa

DATABASE = "scorekeeper_test"
SEARCH = ("/usr/lib/postgresql/*/bin", "/usr/local/pgsql/bin", "/usr/pgsql-*/bin")


def driver_url(url: str) -> str:
    """The URL with the psycopg driver named, as SQLAlchemy needs it."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def find_bindir() -> Path:
    """The directory holding initdb, pg_ctl and postgres; fail the tests if there is none."""
    candidates: list[Path] = []
    if os.environ.get("PG_BINDIR"):
        candidates.append(Path(os.environ["PG_BINDIR"]))
    for pattern in SEARCH:
        found = sorted(Path("/").glob(pattern.lstrip("/")), key=_version, reverse=True)
        candidates.extend(found)
    on_path = shutil.which("initdb")
    if on_path:
        candidates.append(Path(on_path).parent)
    for bindir in candidates:
        if all((bindir / tool).is_file() for tool in ("initdb", "pg_ctl", "postgres")):
            return bindir
    pytest.fail(
        "PostgreSQL server binaries not found (looked for initdb, pg_ctl and postgres in "
        f"{', '.join(SEARCH)}, $PG_BINDIR and $PATH). Install them (Debian: apt-get install "
        "postgresql-15) or point TEST_POSTGRES_URL at a database the tests may use.",
        pytrace=False,
    )


def _version(path: Path) -> tuple[int, ...]:
    return tuple(int(n) for n in re.findall(r"\d+", str(path)))


class Cluster:
    """A PostgreSQL data directory and server in a temporary directory."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.root = Path(tempfile.mkdtemp(prefix="scorekeeper-pg-"))
        self.data = self.root / "data"
        self.log = self.root / "server.log"
        self.as_user: list[str] = []
        self.user = pwd.getpwuid(os.getuid()).pw_name
        if os.getuid() == 0:
            # PostgreSQL will not run as root: hand the directory to the postgres user.
            try:
                owner = pwd.getpwnam("postgres")
            except KeyError:
                pytest.fail(
                    "Running as root, but there is no `postgres` user to run the server as. "
                    "Create one (useradd --system postgres) or set TEST_POSTGRES_URL.",
                    pytrace=False,
                )
            os.chown(self.root, owner.pw_uid, owner.pw_gid)
            self.as_user = self._switch_user("postgres")
            self.user = "postgres"

    @staticmethod
    def _switch_user(user: str) -> list[str]:
        runuser = shutil.which("runuser")
        if runuser:
            return [runuser, "-u", user, "--"]
        return ["su", user, "-s", "/bin/sh", "-c", '"$0" "$@"']  # su runs one shell line

    def run(self, tool: str, *args: str) -> None:
        """Run a server binary as the cluster's owner; fail with its output if it fails."""
        command = [*self.as_user, str(self.bindir / tool), *args]
        env = {**os.environ, "LC_ALL": "C", "LANG": "C"}
        done = subprocess.run(
            command, cwd=self.root, env=env, capture_output=True, text=True, timeout=60, check=False
        )
        if done.returncode != 0:
            pytest.fail(
                f"{tool} failed ({done.returncode}): {' '.join(command)}\n"
                f"{done.stdout}{done.stderr}{self._server_log()}",
                pytrace=False,
            )

    def _server_log(self) -> str:
        return f"\n--- server log ---\n{self.log.read_text()}" if self.log.exists() else ""

    def start(self) -> str:
        """initdb, start the server on a unix socket only, create the database; its URL."""
        self.run(
            "initdb",
            "-D",
            str(self.data),
            "-U",
            self.user,
            "--auth=trust",
            "--encoding=UTF8",
            "--no-locale",
            "--no-sync",
            "--no-instructions",
        )
        self.resume()
        self.run("createdb", "-h", str(self.root), "-U", self.user, DATABASE)
        return f"postgresql+psycopg://{self.user}@/{DATABASE}?host={self.root}"

    def resume(self) -> None:
        """Start the server on the existing data directory; return once it accepts connections."""
        options = " ".join(
            [
                f"-k {self.root}",  # the socket lives in our directory...
                "-c listen_addresses=''",  # ...and there is no TCP at all
                "-F",  # no fsync: the data is thrown away anyway
                "-c full_page_writes=off",
                "-c synchronous_commit=off",
            ]
        )
        self.run(
            "pg_ctl",
            "-D",
            str(self.data),
            "-l",
            str(self.log),
            "-o",
            options,
            "-w",
            "-t",
            "30",
            "start",
        )

    def halt(self, mode: str = "immediate") -> None:
        """Stop the server, keeping the data for `resume`: at once, as a crash would, or
        "fast" (connections are cut, but what was committed is kept, as in a restart)."""
        self.run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "stop")

    def stop(self) -> None:
        """Stop the server (if it runs) and delete everything."""
        try:
            if (self.data / "postmaster.pid").exists():
                self.halt()
        finally:
            shutil.rmtree(self.root, ignore_errors=True)


def create_database(url: str, name: str, template: str | None = None) -> str:
    """Create database `name` on the server of `url` (a copy of `template`); its URL."""
    engine = sa.create_engine(url, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as connection:
            copy = f' TEMPLATE "{template}"' if template else ""
            connection.exec_driver_sql(f'CREATE DATABASE "{name}"{copy}')
    finally:
        engine.dispose()
    return sa.make_url(url).set(database=name).render_as_string(hide_password=False)


def drop_database(url: str) -> None:
    """Drop the database of `url`, closing whatever still holds it open."""
    name = sa.make_url(url).database
    server = sa.make_url(url).set(database="postgres")
    engine = sa.create_engine(server, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as connection:
            connection.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        engine.dispose()


@contextmanager
def throwaway_cluster() -> Iterator[str]:
    """A SQLAlchemy URL of an empty database, valid until the block ends."""
    given = os.environ.get("TEST_POSTGRES_URL")
    if given:
        yield driver_url(given)
        return
    cluster = Cluster(find_bindir())
    try:
        yield cluster.start()
    finally:
        cluster.stop()
