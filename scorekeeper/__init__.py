"""scorekeeper: keep score, check moves and keep history for Seep, Fifty-six and Casino.

`create_app` is loaded on first use, so that importing the rules engine
(`scorekeeper.rules`) never loads Flask.
"""

from __future__ import annotations

from typing import Any

__all__ = ["create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from .app import create_app

        return create_app
    raise AttributeError(f"module 'scorekeeper' has no attribute {name!r}")
