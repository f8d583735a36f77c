"""The app served over real HTTP on 127.0.0.1, requests on their own connections, many at once,
and Seep deals told apart by a tag of non-point cards."""

from __future__ import annotations

import http.client
import json
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlsplit

from flask import Flask
from werkzeug.serving import make_server

from tests.helpers.seep import captured

TAG_CARDS = ["2H", "3H", "4H", "5H", "6H", "7H"]  # not point cards: 6 bits tell 64 deals apart


Answer = tuple[int, dict[str, str], Any]


@contextmanager
def serving(app: Flask) -> Iterator[str]:
    """The app served by a threaded HTTP server on 127.0.0.1; its base URL."""
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_port}"
    finally:
        httpd.shutdown()
        thread.join(timeout=10)


def call(url: str, method: str, body: Any = None, headers: dict[str, str] | None = None) -> Answer:
    """One request on its own connection: (status, headers, JSON body or the text)."""
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.netloc, timeout=60)
    try:
        data = None if body is None else json.dumps(body).encode()
        sent = {"Content-Type": "application/json"} | (headers or {})
        connection.request(method, parts.path, body=data, headers=sent)
        response = connection.getresponse()
        text = response.read().decode()
        answer_headers = dict(response.getheaders())
        try:
            return response.status, answer_headers, json.loads(text)
        except ValueError:
            return response.status, answer_headers, text
    finally:
        connection.close()


def tagged_deal(tag: int) -> dict[str, Any]:
    """A 50/50 deal (the lead never moves, so the session never ends) told apart by `tag`."""
    team0, team1 = captured(50)
    for bit, card in enumerate(TAG_CARDS):
        (team0 if tag >> bit & 1 else team1).append(card)
    return {"captured": [team0, team1]}


def tag_of(record: dict[str, Any]) -> int:
    return sum(1 << bit for bit, card in enumerate(TAG_CARDS) if card in record["captured"][0])


def at_once(count: int, work: Callable[[int], list[Answer]]) -> list[Answer]:
    """Run `work(i)` for i in range(count) in threads released together; all answers."""
    barrier = threading.Barrier(count)

    def run(i: int) -> list[Answer]:
        barrier.wait(timeout=30)
        return work(i)

    with ThreadPoolExecutor(count) as pool:
        return [answer for answers in pool.map(run, range(count)) for answer in answers]
