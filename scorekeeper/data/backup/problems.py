"""A backup refused, said as data: a problem's key and what it names, where in the file it is.

The sentences are scorekeeper/words/backup.py's, one per key, in the reader's language.
"""

from __future__ import annotations

from typing import Any


class Place:
    """Where in a backup a problem is: a key ("club", "deal" …) and what it names; a deal's
    or a live deal's `where` is the session's place it is in."""

    def __init__(self, key: str, /, **params: Any) -> None:
        self.key = key
        self.params = params

    def __repr__(self) -> str:
        return f"Place({self.key!r}, {self.params!r})"


class BackupError(ValueError):
    """A backup that cannot be restored: damaged, from a newer version, or clashing ids.

    `key` names the problem, `params` what it names (`where`: a Place; `why`: the engine's
    refusal or error, as raised).
    """

    def __init__(self, key: str, /, **params: Any) -> None:
        self.key = key
        self.params = params
        super().__init__(f"{key}: {params}")
