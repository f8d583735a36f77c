"""A change stream read as a client reads it, over a socket of its own: its status and headers,
then each event or comment as it comes (shared/API.md "Changes as they happen")."""

from __future__ import annotations

import asyncio
import json
import socket
import time
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

T = TypeVar("T")


@dataclass
class Stream:
    """An open stream: the answer's status and headers, and the bytes read past them."""

    sock: socket.socket
    status: int
    headers: dict[str, str]
    raw: bytes = b""  # as received: chunked
    pending: bytes = b""  # the body read so far, not yet taken as events
    comments: list[str] = field(default_factory=list)

    def next_version(self, seconds: float = 10) -> int:
        """The next event's version; its comments (pings) kept in `comments` on the way."""
        deadline = time.monotonic() + seconds
        while True:
            self._dechunk()
            while b"\n\n" in self.pending:
                block, self.pending = self.pending.split(b"\n\n", 1)
                lines = block.decode().splitlines()
                data = [line[6:] for line in lines if line.startswith("data: ")]
                self.comments += [line for line in lines if line.startswith(":")]
                if data:
                    return int(json.loads(data[0])["version"])
            self.sock.settimeout(max(0.01, deadline - time.monotonic()))
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("the stream ended")
            self.raw += chunk

    def _dechunk(self) -> None:
        """Move each whole chunk of `raw` to `pending`."""
        while b"\r\n" in self.raw:
            size_line, rest = self.raw.split(b"\r\n", 1)
            size = int(size_line.split(b";")[0], 16)
            if size == 0:
                raise ConnectionError("the stream ended")
            if len(rest) < size + 2:
                return
            self.pending += rest[:size]
            self.raw = rest[size + 2 :]

    def close(self) -> None:
        self.sock.close()


def open_stream(port: int, path: str, **headers: str) -> Stream:
    """GET `path` on 127.0.0.1:`port`; `headers` with underscores for dashes."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    extra = "".join(f"{k.replace('_', '-')}: {v}\r\n" for k, v in headers.items())
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{extra}\r\n".encode())
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError("no answer")
        head += chunk
    top, rest = head.split(b"\r\n\r\n", 1)
    status_line, *lines = top.decode("latin-1").split("\r\n")
    named = {k.strip().lower(): v.strip() for k, v in (line.split(":", 1) for line in lines)}
    return Stream(sock, int(status_line.split()[1]), named, raw=rest)


def run_async(scenario: Coroutine[Any, Any, T]) -> T:
    """Run `scenario` on a thread of its own: a browser test's Playwright may hold an event loop
    on this one, where asyncio.run() refuses to start another."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, scenario).result()
