"""`make serve` with a certificate, as README's "TLS at the proxy" says (issue 34): the plain
port and the TLS port both answer, and over TLS (HTTP/2 offered) the app sees HTTPS through
nginx's X-Forwarded-Proto, so its cookie is Secure and it sends HSTS."""

from __future__ import annotations

import http.client
import socket
import ssl
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from bench.load import free_port
from bench.load_http import HOST
from tests.serve.conftest import Served, make_serve

pytestmark = pytest.mark.serve


def certificate(directory: Path) -> tuple[Path, Path]:
    """A throwaway certificate for 127.0.0.1: (certificate, key)."""
    cert, key = directory / "cert.pem", directory / "key.pem"
    new = ["-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "1"]
    names = ["-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"]
    made = subprocess.run(
        ["openssl", "req", *new, *names, "-keyout", str(key), "-out", str(cert)],
        capture_output=True,
        text=True,
    )
    assert made.returncode == 0, made.stderr
    return cert, key


@pytest.fixture(scope="module")
def over_tls(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Served, int, Path]]:
    """make serve with a certificate: (it, its TLS port, the certificate)."""
    cert, key = certificate(tmp_path_factory.mktemp("tls"))
    port = free_port()
    env = {"SCOREKEEPER_TLS_CERT": str(cert), "SCOREKEEPER_TLS_KEY": str(key)}
    with make_serve(env | {"SCOREKEEPER_TLS_PORT": str(port)}) as served:
        yield served, port, cert


def trusting(cert: Path) -> ssl.SSLContext:
    """A client context that trusts this certificate alone."""
    return ssl.create_default_context(cafile=str(cert))


def fetch(port: int, cert: Path, path: str) -> http.client.HTTPResponse:
    """A GET over HTTPS, checking the certificate and its name."""
    connection = http.client.HTTPSConnection(HOST, port, timeout=10, context=trusting(cert))
    connection.request("GET", path)
    response = connection.getresponse()
    response.read()
    connection.close()
    return response


def test_a_page_over_https_sets_a_secure_cookie_and_hsts(
    over_tls: tuple[Served, int, Path],
) -> None:
    _, port, cert = over_tls
    page = fetch(port, cert, "/new/seep")
    assert page.status == 200
    assert page.headers["Strict-Transport-Security"] == "max-age=31536000"
    cookie = page.headers["Set-Cookie"] or ""
    assert cookie.startswith("session=") and "secure" in cookie.lower().split("; "), cookie


def test_the_plain_port_answers_beside_it_without_hsts(over_tls: tuple[Served, int, Path]) -> None:
    served, _, _ = over_tls
    page = served.get("/new/seep")
    assert page.status == "200"
    assert "strict-transport-security" not in page.headers
    assert "secure" not in page.headers.get("set-cookie", "").lower().split("; ")


def test_http2_is_offered_over_tls(over_tls: tuple[Served, int, Path]) -> None:
    _, port, cert = over_tls
    context = trusting(cert)
    context.set_alpn_protocols(["h2", "http/1.1"])
    with (
        socket.create_connection((HOST, port), timeout=10) as raw,
        context.wrap_socket(raw, server_hostname=HOST) as tls,
    ):
        assert tls.selected_alpn_protocol() == "h2"
        assert tls.version() in ("TLSv1.2", "TLSv1.3")
