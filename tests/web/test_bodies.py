"""A body over the limit answers 413 naming the limit: the API in its error shape, a form with a
page; sent with a Content-Length or chunked (which the server learns only by reading)."""

from __future__ import annotations

import http.client
import io
import json
import socket
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.serving import make_server

from scorekeeper.rules.limits import MAX_BODY
from tests.helpers.api import CLUBS, SESSIONS

LIMIT_SAID = f"{MAX_BODY // 1024} KB"
BIG = 10 * 1024 * 1024  # the probe's 10 MB


def json_body(size: int) -> bytes:
    """A JSON object of `size` bytes: a club whose name pads it out."""
    head, tail = b'{"name": "', b'"}'
    return head + b"x" * (size - len(head) - len(tail)) + tail


def form_body(size: int) -> bytes:
    """A urlencoded new-session form of `size` bytes."""
    head = b"players=4&a1="
    return head + b"x" * (size - len(head))


def chunked(client: FlaskClient, path: str, body: bytes, content_type: str) -> Any:
    """POST `body` chunked, as gunicorn or werkzeug's server hands it over: no Content-Length,
    the stream ended by the server (wsgi.input_terminated)."""
    return client.post(
        path,
        input_stream=io.BytesIO(body),
        headers={"Transfer-Encoding": "chunked", "Content-Type": content_type},
        environ_overrides={"wsgi.input_terminated": True},
    )


def assert_too_large(response: Any) -> None:
    assert response.status_code == 413, response.get_data(as_text=True)[:300]
    body = response.get_json()
    assert body["error"] == "too-large"
    assert LIMIT_SAID in body["message"], body["message"]


@pytest.mark.parametrize("size", [MAX_BODY + 1, BIG])
def test_a_json_body_over_the_limit_is_413_naming_it(client: FlaskClient, size: int) -> None:
    assert_too_large(client.post(CLUBS, data=json_body(size), content_type="application/json"))


@pytest.mark.parametrize("size", [MAX_BODY + 1, BIG])
def test_a_chunked_json_body_over_the_limit_is_413_not_bad_json(
    client: FlaskClient, size: int
) -> None:
    assert_too_large(chunked(client, CLUBS, json_body(size), "application/json"))
    assert client.get(CLUBS.replace("clubs", "openapi.json")).status_code == 200


@pytest.mark.parametrize("size", [MAX_BODY, MAX_BODY - 1])
def test_a_chunked_body_up_to_the_limit_is_read_whole(client: FlaskClient, size: int) -> None:
    # A long name is refused for its length, not the body's: the body was read to its end.
    answer = chunked(client, CLUBS, json_body(size), "application/json")
    assert answer.status_code == 400 and answer.get_json()["error"] == "bad-name"
    small = chunked(client, CLUBS, b'{"name": "Thursday table"}', "application/json")
    assert small.status_code == 201, small.get_json()


@pytest.mark.parametrize("send", ["length", "chunked"])
def test_a_form_over_the_limit_is_a_413_page(client: FlaskClient, send: str) -> None:
    body, kind = form_body(BIG), "application/x-www-form-urlencoded"
    if send == "chunked":
        answer = chunked(client, "/new/seep", body, kind)
    else:
        answer = client.post("/new/seep", data=body, content_type=kind)
    assert answer.status_code == 413
    assert answer.mimetype == "text/html"
    assert LIMIT_SAID in answer.get_data(as_text=True)


@pytest.mark.parametrize("send", ["length", "chunked"])
def test_a_form_over_the_limit_with_csrf_on_is_413_not_a_csrf_refusal(
    app: Flask, send: str
) -> None:
    app.config["WTF_CSRF_ENABLED"] = True
    body, kind = form_body(BIG), "application/x-www-form-urlencoded"
    if send == "chunked":
        answer = chunked(app.test_client(), "/new/seep", body, kind)
    else:
        answer = app.test_client().post("/new/seep", data=body, content_type=kind)
    assert answer.status_code == 413
    assert LIMIT_SAID in answer.get_data(as_text=True)


# -- a real server, a real chunked body ------------------------------------------------------


@pytest.fixture
def server(app: Flask) -> Iterator[int]:
    """The app on werkzeug's server (which dechunks a body as gunicorn does); its port."""
    served = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=served.serve_forever, daemon=True)
    thread.start()
    yield served.server_port
    served.shutdown()
    thread.join()


def send_chunked(port: int, path: str, total: int) -> tuple[int, dict[str, Any]]:
    """POST a JSON body of `total` bytes in 64 KiB chunks over a socket; the answer's status and
    JSON. The server may answer before the body is all sent: sending stops there."""
    body = json_body(total)
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        head = (
            f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
        )
        sock.sendall(head.encode())
        try:
            for start in range(0, len(body), 65536):
                piece = body[start : start + 65536]
                sock.sendall(f"{len(piece):x}\r\n".encode() + piece + b"\r\n")
            sock.sendall(b"0\r\n\r\n")
        except (BrokenPipeError, ConnectionResetError):
            pass  # answered already
        answer = http.client.HTTPResponse(sock)
        answer.begin()
        return answer.status, json.loads(answer.read())


def test_a_real_chunked_body_of_10_mb_is_413(server: int) -> None:
    status, body = send_chunked(server, CLUBS, BIG)
    assert status == 413 and body["error"] == "too-large"
    assert LIMIT_SAID in body["message"]


def test_a_real_chunked_body_under_the_limit_is_taken(server: int) -> None:
    status, body = send_chunked(server, SESSIONS.replace("sessions", "clubs"), 200)
    assert status == 400 and body["error"] == "bad-name"  # read whole: 200 bytes of name
