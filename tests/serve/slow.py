"""Slow clients: connections on 127.0.0.1 that send a request's header one line every few
seconds and never finish it, as a bad phone connection or a slowloris attack does. Bounded in
count and in time; every socket is closed on leaving."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable
from types import TracebackType
from typing import TypeVar

from bench.load_http import HOST

T = TypeVar("T")


class SlowClients:
    """`count` connections, each sending one more header line every `every` seconds."""

    def __init__(self, port: int, count: int = 100, every: float = 3.0) -> None:
        self.port, self.count, self.every = port, count, every
        self.sockets: list[socket.socket] = []
        self.opened = 0
        self.cut = 0  # connections the server closed while they trickled
        self._stop = threading.Event()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._trickle, name="slow-clients", daemon=True)

    def __enter__(self) -> SlowClients:
        self._thread.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self._stop.set()
        self._thread.join(timeout=30)
        for connection in self.sockets:
            connection.close()

    def wait_until_all_open(self, seconds: float = 20) -> None:
        """Until every connection is open and has sent its request line."""
        if not self._ready.wait(seconds):
            raise AssertionError(f"only {self.opened} of {self.count} slow connections opened")

    def meanwhile(
        self, send: Callable[[str], T], paths: list[str], seconds: float
    ) -> list[tuple[str, T]]:
        """Send each path in turn, one request at a time, for `seconds`; every answer."""
        answers: list[tuple[str, T]] = []
        stop = time.monotonic() + seconds
        while time.monotonic() < stop:
            for path in paths:
                answers.append((path, send(path)))
            time.sleep(0.25)
        return answers

    def _trickle(self) -> None:
        for n in range(self.count):
            if self._stop.is_set():
                return
            connection = socket.create_connection((HOST, self.port), timeout=5)
            connection.sendall(f"GET /?slow={n} HTTP/1.1\r\nHost: {HOST}\r\n".encode())
            self.sockets.append(connection)
            self.opened += 1
        self._ready.set()
        line = 0
        while not self._stop.wait(self.every):
            line += 1
            for connection in self.sockets:
                if connection.fileno() < 0:
                    continue
                try:
                    connection.sendall(f"X-Slow-{line}: {'z' * 10}\r\n".encode())
                except OSError:
                    connection.close()
                    self.cut += 1
