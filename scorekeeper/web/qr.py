"""QR codes for the share panels: a phone's camera opens the link straight into its page."""

from __future__ import annotations

import segno
from markupsafe import Markup


def qr_svg(url: str, label: str) -> Markup:
    """The link as an inline SVG QR code (no script, no image request), titled for a reader."""
    code = segno.make(url, error="m", micro=False)
    svg = code.svg_inline(scale=5, border=2, dark="#000", light="#fff", title=label)
    return Markup(svg)  # segno writes it all; the URL is only encoded in the modules
