"""A bounded memo: a dict that empties itself when full, shared by the per-process caches."""

from __future__ import annotations

from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Memo(dict[K, V]):
    """Values kept by key, at most `size` of them."""

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size

    def keep(self, key: K, value: V) -> None:
        """Keep a value; when full, forget everything first."""
        if len(self) >= self.size:
            self.clear()  # simple and thread-safe; the next reads fill it again
        self[key] = value
