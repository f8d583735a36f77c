"""Screenshots and tap counts the browser tests leave in test-artifacts/ for people to look at."""

from __future__ import annotations

from pathlib import Path

ARTIFACTS = Path(__file__).resolve().parents[3] / "test-artifacts"


def artifact(name: str) -> Path:
    """The path of an artifact called `name`, its folder made."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS / name
