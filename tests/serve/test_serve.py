"""`make serve` as a phone on the open internet meets it: slow clients, compression, nginx's own
error answers, forwarded headers, ETags that compression weakens, and advice from the search
processes each gunicorn worker starts with it."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest

from bench.load_http import Answer
from scorekeeper.web.security import HEADERS
from tests.helpers import advice_bodies
from tests.helpers.api import SESSIONS
from tests.helpers.serve_requests import POST, fetch, raw_exchange, session, whole_deal
from tests.serve.conftest import Served
from tests.serve.parts import gunicorn, processes, wait_for
from tests.serve.slow import SlowClients

pytestmark = pytest.mark.serve


def assert_security_headers(answer: Answer, raw: list[tuple[str, str]]) -> None:
    """Each of the app's security headers, once."""
    for name, value in HEADERS.items():
        found = [v for n, v in raw if n.lower() == name.lower()]
        assert found == [value], f"{name}: {found} in {answer.status}"


# -- slow clients -------------------------------------------------------------------------------


def test_a_hundred_slow_clients_leave_other_requests_answered_within_2_s(served: Served) -> None:
    made = session(served)
    reads = ["/", f"{SESSIONS}/{made['id']}"]
    with SlowClients(served.port, count=100, every=3.0) as slow:
        slow.wait_until_all_open()
        latencies = slow.meanwhile(lambda path: served.get(path, timeout=10), reads, seconds=12)
    assert slow.opened == 100
    statuses = {answer.status for _, answer in latencies}
    assert statuses == {"200"}, statuses
    worst = max(answer.ms for _, answer in latencies)
    print(f"beside {slow.opened} slow clients: {len(latencies)} requests, worst {worst:.0f} ms")
    assert worst < 2000, f"a request waited {worst:.0f} ms beside 100 slow clients"


# -- compression --------------------------------------------------------------------------------


def compressible(served: Served) -> dict[str, str]:
    """A page, a JSON answer, a module and a style sheet, as the home page names them."""
    page = served.get("/").body.decode()
    script = re.search(r'<script type="module" src="([^"]+\.js)"', page)
    style = re.search(r'<link rel="stylesheet" href="([^"]+\.css)"', page)
    assert script and style, page[:1000]
    return {
        "page": "/",
        "json": "/api/v1/openapi.json",
        "javascript": script[1],
        "css": style[1],
    }


@pytest.mark.parametrize("kind", ["page", "json", "javascript", "css"])
def test_text_is_compressed_with_gzip_and_brotli_and_plain_without(
    served: Served, kind: str
) -> None:
    path = compressible(served)[kind]
    status, headers, plain = fetch(served, path, "identity")
    assert status == 200 and headers["Content-Encoding"] is None
    status, headers, zipped = fetch(served, path, "gzip")
    assert headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(zipped) == plain
    assert "Accept-Encoding" in headers.get_all("Vary", [])
    status, headers, squeezed = fetch(served, path, "br")
    assert headers["Content-Encoding"] == "br"
    assert 0 < len(squeezed) < len(plain)
    assert "Accept-Encoding" in headers.get_all("Vary", [])
    print(f"{kind} {path}: {len(plain)} B, gzip {len(zipped)} B, br {len(squeezed)} B")


def test_a_compressed_deal_s_etag_still_works_as_if_match(served: Served) -> None:
    made = session(served)
    url = f"{SESSIONS}/{made['id']}/deals"
    token = f"Bearer {made['edit_token']}"
    assert served.call("POST", url, whole_deal(), Authorization=token).status == "201"
    read = served.get(f"{url}/1", Accept_Encoding="gzip")
    assert read.headers.get("content-encoding") == "gzip"
    tag = read.headers["etag"]  # nginx weakens it: W/"1.1"
    changed = served.call("PUT", f"{url}/1", whole_deal(70), If_Match=tag, Authorization=token)
    assert changed.status == "200", changed.body[:300]
    stale = served.call("PUT", f"{url}/1", whole_deal(80), If_Match=tag, Authorization=token)
    assert stale.status == "412", stale.body[:300]


# -- nginx's own answers ------------------------------------------------------------------------


ERRORS: dict[str, tuple[bytes, list[bytes]]] = {
    "400": (b"GARBAGE\r\n\r\n", []),
    "414": (b"GET /api/v1/sessions?" + b"a" * 9000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", []),
    "431": (b"GET /api/v1/sessions HTTP/1.1\r\nHost: x\r\nX-Big: " + b"b" * 9000 + b"\r\n\r\n", []),
    "413": (POST + b"Content-Length: 300000\r\n\r\n", [b" " * 100_000] * 3),
}


@pytest.mark.parametrize("status", ERRORS)
def test_nginx_s_own_errors_carry_the_security_headers(served: Served, status: str) -> None:
    found, headers, body = raw_exchange(served, *ERRORS[status])
    assert found == status, body[:300]
    assert ("Server", "nginx") in headers  # nginx's answer, not the app's
    answer = Answer(found, {n.lower(): v for n, v in headers}, body, 0)
    assert_security_headers(answer, headers)
    if status in ("431", "413"):  # the URL was read: the API's error shape
        assert answer.headers["content-type"] == "application/json"
        expected = {"431": "headers-too-large", "413": "too-large"}[status]
        assert json.loads(body)["error"] == expected


def test_a_10_mb_chunked_body_answers_413(served: Served) -> None:
    chunk = b"%x\r\n%s\r\n" % (65536, b" " * 65536)
    head = POST + b"Transfer-Encoding: chunked\r\n\r\n"
    status, headers, body = raw_exchange(served, head, [chunk] * 160 + [b"0\r\n\r\n"])  # 10 MB
    assert status == "413", body[:300]
    assert json.loads(body)["error"] == "too-large"
    assert_security_headers(Answer(status, {}, body, 0), headers)


def test_the_app_s_headers_are_not_doubled_on_proxied_answers(served: Served) -> None:
    head = b"GET /api/v1/sessions/nope HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    status, headers, body = raw_exchange(served, head)
    assert status == "404" and json.loads(body)["error"] == "not-found"
    assert ("Server", "nginx") in headers
    assert_security_headers(Answer(status, {}, body, 0), headers)


# -- forwarded headers --------------------------------------------------------------------------


def test_a_client_s_x_forwarded_proto_does_not_make_plain_http_secure(served: Served) -> None:
    page = served.get("/new/seep", X_Forwarded_Proto="https", X_Forwarded_Ssl="on")
    assert page.status == "200"
    cookie = page.headers.get("set-cookie", "")
    assert cookie.startswith("session=") and "secure" not in cookie.lower().split("; ")
    assert "strict-transport-security" not in page.headers


# -- the rate limits' storage -------------------------------------------------------------------


def app_environment(served: Served) -> dict[str, str]:
    """The environment of this make serve's gunicorn (found by its run directory)."""
    for process in Path("/proc").glob("[0-9]*"):
        try:
            command = (process / "cmdline").read_bytes()
            pairs = (process / "environ").read_bytes().split(b"\0")
        except OSError:
            continue  # ended meanwhile
        environment = dict(p.decode(errors="replace").partition("=")[::2] for p in pairs if p)
        ours = environment.get("SCOREKEEPER_RUN_DIR") == str(served.run)
        if ours and b"gunicorn.conf.py" in command:
            return environment
    raise AssertionError("gunicorn of make serve not found")


def test_the_app_trusts_one_proxy_and_keeps_its_limits_in_memcached(served: Served) -> None:
    from limits import RateLimitItemPerMinute
    from limits.storage import storage_from_string
    from limits.strategies import FixedWindowRateLimiter

    environment = app_environment(served)
    assert environment["SCOREKEEPER_PROXIES"] == "1"
    uri = environment["SCOREKEEPER_LIMITS_STORAGE"]
    assert uri == f"memcached://{served.run / 'memcached' / 'memcached.sock'}"
    storage = storage_from_string(uri)
    assert storage.check()
    limiter, once = FixedWindowRateLimiter(storage), RateLimitItemPerMinute(1)
    assert [limiter.hit(once, "tests/serve"), limiter.hit(once, "tests/serve")] == [True, False]


# -- advice -------------------------------------------------------------------------------------


def test_each_worker_starts_its_search_process_with_it_and_advice_is_answered(
    served: Served,
) -> None:
    """deploy/gunicorn.conf.py's post_worker_init: each worker's forkserver and search process
    are up before any advice is asked for, so the first one spends its budget searching."""
    _, workers = gunicorn(served.run)
    assert len(workers) == 2  # WEB_CONCURRENCY

    def warmed() -> bool:
        everything = processes()
        parents = {w.pid for w in workers}
        forkservers = [p for p in everything if p.ppid in parents and b"forkserver" in p.command]
        searching = {p.ppid for p in everything}
        return len(forkservers) == len(workers) and all(f.pid in searching for f in forkservers)

    wait_for("a search process under each gunicorn worker", warmed, seconds=60)
    answer = served.call("POST", "/api/v1/advice", advice_bodies.seep_position(), timeout=30)
    assert answer.status == "200", answer.body[:300]
    advice = json.loads(answer.body)
    assert advice["moves"] and advice["samples"] >= 1
