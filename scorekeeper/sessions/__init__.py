"""Score keeping in the browser: start a session, enter deals, watch the standing."""

from .views import bp

__all__ = ["bp"]
