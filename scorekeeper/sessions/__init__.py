"""Score keeping in the browser: start a session, enter deals, watch the standing."""

from . import handover  # noqa: F401  (its routes join the blueprint)
from .views import bp

__all__ = ["bp"]
