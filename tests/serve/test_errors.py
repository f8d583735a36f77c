"""Every error under /api/ through `make serve` is the API's JSON naming what was wrong, whichever
server answered it: nginx refusing a request it cannot read (an odd method, an HTTP version it
does not speak, a body, URL or header over a limit, named with its figure), and the malformed
requests nginx passes on that gunicorn would have refused with its own HTML page. Outside /api/
nginx answers with a short page."""

from __future__ import annotations

import json
from typing import Any

import pytest

from scorekeeper import create_app
from scorekeeper.web.security import LONGEST_HEADERS, LONGEST_URL
from tests.helpers.serve_requests import POST, raw_exchange
from tests.serve.conftest import Served

pytestmark = pytest.mark.serve

CLOSE = b"Host: x\r\nConnection: close\r\n\r\n"
MOST_BODY = int(create_app().config["MAX_CONTENT_LENGTH"]) // 1024  # 256 KB
TOO_LONG_BODY = (MOST_BODY + 10) * 1024


def line(method: bytes, target: bytes, version: bytes = b"HTTP/1.1") -> bytes:
    """A request line and the headers every request here has."""
    return method + b" " + target + b" " + version + b"\r\n" + CLOSE


def many_headers(count: int, size: int) -> bytes:
    """A GET of the API with `count` extra headers of `size` bytes each."""
    extra = b"".join(b"X-H%d: %s\r\n" % (n, b"v" * size) for n in range(count))
    return b"GET /api/v1/sessions/nope HTTP/1.1\r\n" + extra + CLOSE


# name: (the request, its body's pieces, the status, the error code, words the message has)
API: dict[str, tuple[bytes, list[bytes], str, str, list[str]]] = {
    # nginx refuses TRACE itself (405), and versions it does not speak (505).
    "TRACE": (line(b"TRACE", b"/api/v1/sessions"), [], "405", "method-not-allowed", ["TRACE"]),
    "HTTP/3.0": (line(b"GET", b"/api/v1/sessions", b"HTTP/3.0"), [], "505", "http-version", []),
    "HTTP/2.0": (line(b"GET", b"/api/v1/sessions", b"HTTP/2.0"), [], "505", "http-version", []),
    "gzip body": (
        POST + b"Transfer-Encoding: gzip\r\nConnection: close\r\n\r\n",
        [],
        "501",
        "not-implemented",
        ["Transfer-Encoding"],
    ),
    # Too large for nginx: the message names the figure.
    "8,500-byte URL": (
        line(b"GET", b"/api/v1/sessions?" + b"a" * 8500),
        [],
        "414",
        "uri-too-long",
        [f"at most {LONGEST_URL} characters"],
    ),
    "9 KB header": (
        b"GET /api/v1/sessions HTTP/1.1\r\nX-Big: " + b"b" * 9000 + b"\r\n" + CLOSE,
        [],
        "431",
        "headers-too-large",
        ["8 KB", f"{LONGEST_HEADERS // 1024} KB"],
    ),
    "long body": (
        POST + b"Content-Length: %d\r\n\r\n" % TOO_LONG_BODY,
        [b" " * 1024] * (MOST_BODY + 10),
        "413",
        "too-large",
        [f"at most {MOST_BODY} KB"],
    ),
    "long chunked body": (
        POST + b"Transfer-Encoding: chunked\r\n\r\n",
        [b"%x\r\n%s\r\n" % (65536, b" " * 65536)] * (MOST_BODY // 64 + 1) + [b"0\r\n\r\n"],
        "413",
        "too-large",
        [f"at most {MOST_BODY} KB"],
    ),
    # Malformed, but read far enough by nginx to see the /api/ path.
    "lower-case method": (line(b"get", b"/api/v1/sessions"), [], "400", "bad-request", []),
    "bad escape": (line(b"GET", b"/api/v1/sessions/%zz"), [], "400", "bad-request", []),
    # Passed on by nginx, refused by gunicorn with an HTML page before the fix.
    "non-ASCII URL": (
        line(b"GET", b"/api/v1/sessions/\xff\xfe"),
        [],
        "400",
        "bad-request",
        ["percent-encode"],
    ),
    "DEL in the URL": (line(b"GET", b"/api/v1/sessions/a\x7fb"), [], "400", "bad-request", []),
    "control character in a header": (
        b"GET /api/v1/sessions HTTP/1.1\r\nX-A: a\x01b\r\n" + CLOSE,
        [],
        "400",
        "bad-request",
        ["X-A", "control characters"],
    ),
}
# Requests gunicorn refused (HTML) that now reach the app, which answers them itself.
TO_THE_APP: dict[str, tuple[bytes, str, str]] = {
    "a two-letter method": (line(b"AB", b"/api/v1/sessions"), "405", "method-not-allowed"),
    "150 short headers": (many_headers(150, 20), "404", "not-found"),
    "200 headers of 100 bytes": (many_headers(200, 100), "431", "headers-too-large"),
    # nginx takes a header line up to its 8 KB buffer, gunicorn refused 2 bytes less.
    "an 8,184-byte header value": (many_headers(1, 8184), "404", "not-found"),
}
PAGES: dict[str, tuple[bytes, str]] = {
    "TRACE": (line(b"TRACE", b"/s/abc"), "405"),
    "HTTP/3.0": (line(b"GET", b"/", b"HTTP/3.0"), "505"),
    "8,500-byte URL": (line(b"GET", b"/s/abc?" + b"a" * 8500), "414"),
    "non-ASCII URL": (line(b"GET", b"/s/\xff"), "400"),
}


def as_json(status: str, headers: list[tuple[str, str]], body: bytes) -> dict[str, Any]:
    """The JSON error of an answer, failing with what came instead."""
    types = [value for name, value in headers if name.lower() == "content-type"]
    assert types and types[0].startswith("application/json"), (status, types, body[:300])
    answer: dict[str, Any] = json.loads(body)
    return answer


@pytest.mark.parametrize("name", API)
def test_nginx_s_errors_under_the_api_are_json_naming_the_problem(
    served: Served, name: str
) -> None:
    request, body, expected, code, words = API[name]
    status, headers, text = raw_exchange(served, request, body)
    assert status == expected, text[:300]
    answer = as_json(status, headers, text)
    assert answer["error"] == code and answer["message"].endswith("."), answer
    for word in words:
        assert word in answer["message"], answer


@pytest.mark.parametrize("name", TO_THE_APP)
def test_requests_gunicorn_refused_in_html_reach_the_app(served: Served, name: str) -> None:
    request, expected, code = TO_THE_APP[name]
    status, headers, text = raw_exchange(served, request)
    assert status == expected, text[:300]
    assert as_json(status, headers, text)["error"] == code


@pytest.mark.parametrize("name", PAGES)
def test_outside_the_api_nginx_answers_a_short_page(served: Served, name: str) -> None:
    request, expected = PAGES[name]
    status, headers, text = raw_exchange(served, request)
    assert status == expected, text[:300]
    assert ("Content-Type", "text/html") in headers, headers
    assert text.startswith(b"<!doctype html>") and b'<a href="/">' in text, text[:300]
