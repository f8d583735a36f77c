"""A session's CSV export through `make serve` comes compressed (nginx's text types include
text/csv), gzip or brotli as the client takes it, and plain to a client that takes neither."""

from __future__ import annotations

import gzip

import pytest

from tests.helpers.api import SESSIONS
from tests.helpers.serve_requests import fetch, session, whole_deal
from tests.serve.conftest import Served

pytestmark = pytest.mark.serve

DEALS = 12  # a CSV row each: well over nginx's 256-byte threshold


def test_a_session_s_csv_export_comes_compressed(served: Served) -> None:
    made = session(served)
    token = f"Bearer {made['edit_token']}"
    for _ in range(DEALS):
        deals = f"{SESSIONS}/{made['id']}/deals"
        assert served.call("POST", deals, whole_deal(), Authorization=token).status == "201"
    path = f"/s/{made['id']}/export.csv"
    status, headers, plain = fetch(served, path, "identity")
    assert status == 200 and headers["Content-Type"].startswith("text/csv")
    assert headers["Content-Encoding"] is None and plain.count(b"\n") > DEALS
    status, headers, zipped = fetch(served, path, "gzip")
    assert status == 200 and headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(zipped) == plain
    status, headers, squeezed = fetch(served, path, "br")
    assert status == 200 and headers["Content-Encoding"] == "br"
    assert 0 < len(squeezed) < len(plain)
    assert "Accept-Encoding" in headers.get_all("Vary", [])
    print(f"export.csv: {len(plain)} B, gzip {len(zipped)} B, br {len(squeezed)} B")
