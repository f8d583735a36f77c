"""Requests to a running `make serve`: a Seep session and a long deal through nginx, a GET with
an encoding, an exchange from another client's address, and raw bytes for nginx's own answers."""

from __future__ import annotations

import http.client
import json
import socket
import threading
from collections.abc import Iterable
from typing import Any

from bench.load_http import HOST
from tests.helpers.api import SESSIONS
from tests.helpers.seep import captured
from tests.serve.conftest import Served

TWO = [{"players": ["Asha"]}, {"players": ["Dev"]}]
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
ALL_CARDS = [rank + suit for suit in "SHDC" for rank in RANKS]


def session(served: Served) -> dict[str, Any]:
    """A new Seep session through nginx: its id and edit token."""
    created = served.call("POST", SESSIONS, {"game": "seep", "teams": TWO})
    assert created.status == "201", created.body[:300]
    made: dict[str, Any] = created.json()
    return made


def whole_deal(points: int = 60) -> dict[str, Any]:
    """A Seep deal that lists all 52 cards: an answer long enough to be compressed."""
    team0, team1 = captured(points)
    rest = [card for card in ALL_CARDS if card not in team0 + team1]
    return {"captured": [team0 + rest[:18], team1 + rest[18:]]}


def fetch(served: Served, path: str, encoding: str) -> tuple[int, http.client.HTTPMessage, bytes]:
    """A GET with this Accept-Encoding: (status, all the headers, body as sent)."""
    connection = http.client.HTTPConnection(HOST, served.port, timeout=10)
    try:
        connection.request("GET", path, headers={"Accept-Encoding": encoding})
        response = connection.getresponse()
        return response.status, response.headers, response.read()
    finally:
        connection.close()


def request(
    served: Served,
    method: str,
    path: str,
    body: Any = None,
    *,
    source: str = "127.0.0.1",
    **headers: str,
) -> tuple[int, http.client.HTTPMessage, bytes]:
    """One exchange from `source`, a loopback address: nginx sees each as another client."""
    connection = http.client.HTTPConnection(
        "127.0.0.1", served.port, timeout=10, source_address=(source, 0)
    )
    sent = {name.replace("_", "-"): value for name, value in headers.items()}
    data = None
    if body is not None:
        data, sent["Content-Type"] = json.dumps(body), "application/json"
    try:
        connection.request(method, path, body=data, headers=sent)
        response = connection.getresponse()
        return response.status, response.headers, response.read()
    finally:
        connection.close()


def raw_exchange(
    served: Served, head: bytes, body: Iterable[bytes] = ()
) -> tuple[str, list[tuple[str, str]], bytes]:
    """Send raw bytes, the body's pieces from another thread (the server may answer before it
    has read them all, and stop reading); (status, headers in order, body) of the answer."""
    with socket.create_connection((HOST, served.port), timeout=30) as connection:
        connection.sendall(head)

        def send() -> None:
            try:
                for piece in body:
                    connection.sendall(piece)
            except OSError:
                pass  # nginx answered and stopped reading: what is expected

        sender = threading.Thread(target=send)
        sender.start()
        try:
            return read_answer(connection)
        finally:
            sender.join(timeout=30)


def read_answer(connection: socket.socket) -> tuple[str, list[tuple[str, str]], bytes]:
    """Read one answer until the server closes the connection (or resets it, after it)."""
    data = b""
    try:
        while chunk := connection.recv(65536):
            data += chunk
    except ConnectionResetError:
        assert data, "the connection was reset before any answer"
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = [tuple(part.strip() for part in line.split(":", 1)) for line in lines[1:]]
    return lines[0].split(" ")[1], headers, body  # type: ignore[return-value]


POST = b"POST /api/v1/sessions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
