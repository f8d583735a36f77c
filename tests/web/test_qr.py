"""The share panels' QR codes: each link is drawn once per process, then reused (issue 23: a
keeper's page drew its two codes again at every view, 8 ms of 21)."""

from __future__ import annotations

import pytest
import segno

from scorekeeper.web import qr


def test_a_link_is_drawn_once_and_the_same_code_served_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    drawn: list[str] = []
    make = segno.make

    def counted(content: str, **options: object) -> segno.QRCode:
        drawn.append(content)
        return make(content, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(segno, "make", counted)
    qr.qr_svg.cache_clear()
    first = qr.qr_svg("https://example.org/s/abc", "QR code of the watch link")
    again = qr.qr_svg("https://example.org/s/abc", "QR code of the watch link")
    other = qr.qr_svg("https://example.org/s/abc#key=k", "QR code of the scorer link")
    assert again == first and other != first
    assert drawn == ["https://example.org/s/abc", "https://example.org/s/abc#key=k"]
    assert "QR code of the watch link" in first and "<svg" in first
