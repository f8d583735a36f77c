"""The load test's HTTP: one request per connection to 127.0.0.1, every exchange recorded."""

from __future__ import annotations

import http.client
import json
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

HOST = "127.0.0.1"  # the only address the load test ever talks to
RETRYABLE = {"503", "timeout", "reset", "refused", "disconnected", "broken pipe", "dropped"}
# A busy machine may be slow, and "dropped" is the client hanging up on purpose; a connection
# the server drops is the server's fault.
TOLERATED = {"timeout", "dropped"}


@dataclass
class Answer:
    """One exchange: its status (a word for a transport error), headers and body."""

    status: str
    headers: dict[str, str]
    body: bytes
    ms: float

    def json(self) -> Any:
        """The body as JSON."""
        return json.loads(self.body)

    @property
    def code(self) -> int:
        """The HTTP status, 0 for a transport error."""
        return int(self.status) if self.status.isdigit() else 0


@dataclass
class Stats:
    """Every exchange, by endpoint: latencies, statuses and when each ended."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    events: list[tuple[float, str, str, float]] = field(default_factory=list)
    problems: Counter[str] = field(default_factory=Counter)
    examples: dict[str, str] = field(default_factory=dict)

    def record(self, name: str, answer: Answer) -> None:
        """Count one exchange."""
        with self.lock:
            self.events.append((time.monotonic(), name, answer.status, answer.ms))

    def problem(self, kind: str, example: str) -> None:
        """Count something wrong seen by a client, keeping the first example."""
        with self.lock:
            self.problems[kind] += 1
            self.examples.setdefault(kind, example[:400])

    def total(self) -> int:
        """Exchanges so far."""
        return len(self.events)


class Client:
    """Requests to the server on 127.0.0.1, one connection each: the worst case for the server,
    and what nginx does towards gunicorn under make serve."""

    def __init__(self, port: int, timeout: float, stats: Stats) -> None:
        self.port, self.timeout, self.stats = port, timeout, stats

    def send(
        self,
        name: str,
        method: str,
        path: str,
        body: Any = None,
        headers: dict[str, str] | None = None,
        drop: bool = False,
    ) -> Answer:
        """One exchange, recorded under `name`; transport errors are answers too."""
        answer = exchange(self.port, self.timeout, method, path, body, headers or {}, drop)
        self.stats.record(name, answer)
        json_type = answer.headers.get("content-type", "").startswith("application/json")
        if path.startswith("/api/") and answer.code >= 400 and not json_type:
            self.stats.problem("API error not JSON", f"{name} {answer.status} {answer.body!r}")
        return answer


def exchange(
    port: int,
    timeout: float,
    method: str,
    path: str,
    body: Any,
    headers: dict[str, str],
    drop: bool = False,
) -> Answer:
    """Send one request to 127.0.0.1:port and read the whole answer (or hang up: `drop`)."""
    data = None if body is None else json.dumps(body).encode()
    if data is not None:
        headers = {"Content-Type": "application/json", **headers}
    connection = http.client.HTTPConnection(HOST, port, timeout=timeout)
    started = time.perf_counter()
    try:
        connection.request(method, path, body=data, headers=headers)
        if drop:
            # The request is sent whole; the answer is lost, as on a phone that lost its signal.
            return Answer("dropped", {}, b"", _since(started))
        response = connection.getresponse()
        payload = response.read()
        found = {name.lower(): value for name, value in response.getheaders()}
        return Answer(str(response.status), found, payload, _since(started))
    except (OSError, http.client.HTTPException) as error:
        return Answer(_transport_error(error), {}, b"", _since(started))
    finally:
        connection.close()


def _since(started: float) -> float:
    return (time.perf_counter() - started) * 1000


def _transport_error(error: Exception) -> str:
    if isinstance(error, TimeoutError):
        return "timeout"
    if isinstance(error, ConnectionRefusedError):
        return "refused"
    if isinstance(error, http.client.RemoteDisconnected):
        return "disconnected"  # before it comes ConnectionResetError, its base class
    if isinstance(error, ConnectionResetError):
        return "reset"
    if isinstance(error, BrokenPipeError):
        return "broken pipe"
    return type(error).__name__
