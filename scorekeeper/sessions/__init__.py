"""Score keeping in the browser: start a session, enter deals, watch the standing."""

from . import handover, live_page, tv  # noqa: F401  (their routes join the blueprint)
from .views import bp

__all__ = ["bp"]
