"""The per-process memos' two shapes: a dict that empties itself when full (Memo), and a
bounded, most-recently-used memo (Recent); each memo is one named object, listed by the app
factory (data/setup.py)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Generic, Protocol, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Kept(Protocol):
    """What the app's list of memos asks of each: to be emptied, and how much it holds."""

    def clear(self) -> None: ...

    def held(self) -> int: ...


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

    def held(self) -> int:
        """How many values it holds."""
        return len(self)


class Recent(Generic[K, V]):
    """Values kept by key, at most `size` of them: the least recently used goes first."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._kept: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()  # requests share it across threads

    def get(self, key: K) -> V | None:
        """The value kept under `key`, now the most recently used; None if there is none."""
        with self._lock:
            value = self._kept.get(key)
            if value is not None:
                self._kept.move_to_end(key)
            return value

    def put(self, key: K, value: V) -> None:
        """Keep `value` under `key` as the most recently used; the least go past `size`."""
        with self._lock:
            self._kept[key] = value
            self._kept.move_to_end(key)
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)

    def clear(self) -> None:
        """Forget every value (as a restart would)."""
        with self._lock:
            self._kept.clear()

    def keys(self) -> list[K]:
        """The keys kept, the least recently used first."""
        with self._lock:
            return list(self._kept)

    def held(self) -> int:
        """How many values it holds."""
        return len(self._kept)

    def __len__(self) -> int:
        return len(self._kept)

    def __contains__(self, key: object) -> bool:
        return key in self._kept
