"""Apps with the rate limits on (the shared fixtures turn them off), behind one proxy, and what a
refusal over a limit must look like."""

from __future__ import annotations

import socket
from typing import Any

from flask import Flask
from werkzeug.test import TestResponse

from scorekeeper import create_app

ASHA, DEV = "203.0.113.5", "198.51.100.7"  # two clients, as the proxy names them
ROOMY = "10000 per minute"  # a figure no test here reaches


def limited_app(fresh_db: str, **config: Any) -> Flask:
    """The app behind one proxy with its limits on: the figures not given are roomy."""
    figures = {"CREATE_LIMIT": ROOMY, "WRITE_LIMIT": ROOMY, "SESSION_WRITE_LIMIT": ROOMY}
    return create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "SQLALCHEMY_DATABASE_URI": fresh_db,
            "WTF_CSRF_ENABLED": False,
            "PROXIES": 1,
            "RATELIMIT_ENABLED": True,
            "READ_LIMIT": ROOMY,
            **figures,
            **config,
        }
    )


def from_(address: str) -> dict[str, str]:
    """The header the proxy adds: the client's address."""
    return {"X-Forwarded-For": address}


def assert_limited(response: TestResponse, *said: str) -> str:
    """A 429 that says each of `said` and how long to wait (Retry-After, in seconds); its text."""
    text = response.get_data(as_text=True)
    assert response.status_code == 429, text[:300]
    wait = int(response.headers["Retry-After"])
    assert 1 <= wait <= 60
    for words in (*said, "Try again in"):
        assert words in text, text[:600]
    return text


def closed_port() -> int:
    """A local port nothing listens on."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port
