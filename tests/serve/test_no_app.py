"""nginx with make serve's configuration (deploy/serve.py prepares it) and no gunicorn behind it:
its own 503 (JSON with Retry-After under /api/, a short page elsewhere), security headers on.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from bench.load import free_port
from bench.load_http import exchange
from deploy.serve import Settings, listen, prepare
from scorekeeper.web.security import HEADERS

pytestmark = pytest.mark.serve


@pytest.fixture
def nginx_alone() -> Iterator[int]:
    """nginx on a free port, its gunicorn socket empty; the port."""
    scratch = Path(tempfile.mkdtemp(prefix="sk-nginx-"))
    scratch.chmod(0o711)
    port = free_port()
    env = {"PORT": str(port), "SCOREKEEPER_RUN_DIR": str(scratch / "run")}
    settings = Settings.from_env(env)
    prepare(settings)
    prefix = f"{settings.run / 'nginx'}/"
    command = ["nginx", "-e", "stderr", "-p", prefix, "-c", str(settings.run / "nginx.conf")]
    log = scratch / "nginx.log"
    with log.open("w") as output:
        server = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT)
    try:
        give_up = time.monotonic() + 60  # nginx alone starts in well under 1 s, unless busy
        while exchange(port, 2, "GET", "/", None, {}).status in ("refused", "reset"):
            assert server.poll() is None and time.monotonic() < give_up, log.read_text()
            time.sleep(0.1)
        yield port
    finally:
        server.terminate()
        server.wait(timeout=20)
        shutil.rmtree(scratch, ignore_errors=True)


def test_without_gunicorn_nginx_answers_503_with_retry_after(nginx_alone: int) -> None:
    api = exchange(nginx_alone, 10, "POST", "/api/v1/sessions", {"game": "seep"}, {})
    assert api.status == "503" and api.headers["retry-after"] == "2"
    assert api.headers["content-type"] == "application/json"
    answer = json.loads(api.body)
    assert answer["error"] == "unavailable" and "Idempotency-Key" in answer["message"]
    page = exchange(nginx_alone, 10, "GET", "/s/abc", None, {})
    assert page.status == "503" and page.headers["content-type"] == "text/html"
    assert b"try again in a moment" in page.body and b"Idempotency" not in page.body
    for answer_headers in (api.headers, page.headers):
        for name, value in HEADERS.items():
            assert answer_headers[name.lower()] == value


def test_settings_refuse_a_tls_key_without_its_certificate() -> None:
    with pytest.raises(SystemExit, match="SCOREKEEPER_TLS_CERT and SCOREKEEPER_TLS_KEY"):
        Settings.from_env({"SCOREKEEPER_TLS_KEY": "/etc/ssl/private/key.pem"})


def test_settings_keep_the_plain_port_beside_the_tls_one() -> None:
    """With a certificate nginx listens on both ports (it refused a duplicate listen when the
    TLS port replaced the plain one)."""
    env = {"PORT": "8000", "SCOREKEEPER_TLS_PORT": "8443", "SCOREKEEPER_RUN_DIR": "/tmp/sk-tls"}
    env |= {"SCOREKEEPER_TLS_CERT": "/etc/ssl/cert.pem", "SCOREKEEPER_TLS_KEY": "/etc/ssl/key.pem"}
    settings = Settings.from_env(env)
    assert settings.port == 8000 and settings.tls is not None and settings.tls[2] == 8443
    assert "listen 127.0.0.1:8000;" in listen(settings)
    assert "listen 127.0.0.1:8443 ssl http2;" in listen(settings)
