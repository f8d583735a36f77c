"""Whether gunicorn's workers may run as the unprivileged user when `make serve` runs as root.

They may when that user can read the code and the app's configuration and, over SQLite, write
the database and its directory (the journal and the WAL files go beside it). Otherwise they stay
root, and `make serve` says which file stops them.
"""

from __future__ import annotations

import grp
import pwd
from collections.abc import Iterable
from pathlib import Path

READ, WRITE, PASS = 4, 2, 1


def groups_of(user: pwd.struct_passwd) -> set[int]:
    """The user's groups, its own and those that list it."""
    return {user.pw_gid} | {g.gr_gid for g in grp.getgrall() if user.pw_name in g.gr_mem}


def allowed(path: Path, user: pwd.struct_passwd, bit: int) -> bool:
    """Whether `user` has permission `bit` (READ, WRITE, PASS) on `path` by its mode."""
    mode = path.stat()
    if mode.st_uid == user.pw_uid:
        return bool(mode.st_mode & (bit << 6))
    if mode.st_gid in groups_of(user):
        return bool(mode.st_mode & (bit << 3))
    return bool(mode.st_mode & bit)


def first_closed(path: Path, user: pwd.struct_passwd) -> Path | None:
    """The first existing directory above `path` that `user` may not pass through, if any."""
    for directory in reversed(path.parents):
        if directory.exists() and not allowed(directory, user, PASS):
            return directory
    return None


def obstacle(path: Path, user: pwd.struct_passwd, bit: int) -> str | None:
    """Why `user` cannot read (or write) `path`, or None if it can."""
    closed = first_closed(path, user)
    if closed is not None:
        return f"{user.pw_name} cannot enter {closed}"
    if path.exists() and not allowed(path, user, bit):
        verb = "write" if bit == WRITE else "read"
        return f"{user.pw_name} cannot {verb} {path}"
    return None


def sqlite_file(database_url: str) -> Path | None:
    """The file of a SQLite database URL (None for another database or one in memory)."""
    if not database_url.startswith("sqlite:///"):
        return None
    name = database_url.removeprefix("sqlite:///").split("?", 1)[0]
    return Path(name).resolve() if name and name != ":memory:" else None


def obstacles(user: pwd.struct_passwd, readable: Iterable[Path], database_url: str) -> list[str]:
    """Everything that keeps gunicorn's workers from running as `user`."""
    found = [obstacle(path, user, READ) for path in readable]
    database = sqlite_file(database_url)
    if database is not None:
        found.append(obstacle(database.parent, user, WRITE))
        for suffix in ("", "-wal", "-shm", "-journal"):
            path = database.with_name(database.name + suffix)
            if path.exists():
                found.append(obstacle(path, user, WRITE))
    return [reason for reason in found if reason]
