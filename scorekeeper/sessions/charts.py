"""Geometry for the SVG chart of the running lead; the template draws it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..rules.seep.score import Lead, SeepRow

WIDTH, HEIGHT, PAD = 320, 160, 14


@dataclass(frozen=True)
class Marker:
    """A baazi won after deal `deal`, drawn at (x, y) in the winner's colour."""

    deal: int
    x: float
    y: float
    team: int


@dataclass(frozen=True)
class LeadChart:
    """Where the line, the zero axis, the target lines and the baazi markers go."""

    width: int
    height: int
    points: str
    dots: tuple[tuple[float, float], ...]
    zero: float
    target_top: float
    target_bottom: float
    markers: tuple[Marker, ...]


def signed_lead(lead: Lead) -> int:
    """The lead as one number: positive when team 0 leads."""
    return lead["points"] if lead["team"] == 0 else -lead["points"]


def lead_chart(rows: Sequence[SeepRow], target: int | None) -> LeadChart | None:
    """The running lead after each deal, starting from 0 before the first."""
    if not rows:
        return None
    values = [0] + [signed_lead(row["lead"]) for row in rows]
    scale = max([target or 0, *map(abs, values), 1])
    step = (WIDTH - 2 * PAD) / len(rows)

    def x(i: int) -> float:
        return round(PAD + i * step, 1)

    def y(v: float) -> float:
        return round(HEIGHT / 2 - v * (HEIGHT / 2 - PAD) / scale, 1)

    dots = tuple((x(i), y(v)) for i, v in enumerate(values))
    markers = tuple(
        Marker(i, x(i), y(scale if row["baazi"]["winner"] == 0 else -scale), row["baazi"]["winner"])
        for i, row in enumerate(rows, start=1)
        if row["baazi"]
    )
    return LeadChart(
        WIDTH,
        HEIGHT,
        " ".join(f"{a},{b}" for a, b in dots),
        dots,
        y(0),
        y(target or scale),
        y(-(target or scale)),
        markers,
    )
