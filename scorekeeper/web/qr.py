"""QR codes for the share panels: a phone's camera opens the link straight into its page."""

from __future__ import annotations

from functools import lru_cache

import segno
from markupsafe import Markup


# A keeper's page shows two codes at every view, each costing milliseconds to draw, while its
# links change only when a scorer link is renewed: each link is drawn once per process.
@lru_cache(maxsize=1024)
def qr_svg(url: str, label: str) -> Markup:
    """The link as an inline SVG QR code (no script, no image request), titled for a reader."""
    code = segno.make(url, error="m", micro=False)
    svg = code.svg_inline(scale=5, border=2, dark="#000", light="#fff", title=label)
    return Markup(svg)  # segno writes it all; the URL is only encoded in the modules
