"""Geometry for the SVG chart of the running lead, and the thinning every scoreboard chart
does on a long session; the templates draw them."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from flask import Flask
from markupsafe import Markup

from ..data.memo import Memo
from ..data.setup import memos
from ..rules.seep.score import Lead, SeepRow

WIDTH, HEIGHT, PAD = 320, 160, 14
# A line's points at most: 320 units wide, a phone shows no more, and the SVG stays a few KB
# at deal 5,000. Shorter lines keep every point.
MAX_POINTS = 200
# Baazi markers at most, on a line thinned: 12 units across, more would only overlap.
MAX_MARKERS = 20
MEMO_SIZE = 512  # charts kept, as standings are (data/standings.py)
Chart = TypeVar("Chart")
# Charts drawn, by the chart, the identity of the rows and the other arguments: safe to keep, as
# the rows drawn from are kept with each, so their id names them while it is kept. Listed by the
# app factory (register).
CHARTS: Memo[tuple[Any, ...], tuple[object, Any]] = Memo(MEMO_SIZE)


def register(app: Flask) -> None:
    """List the scoreboards' memo of charts with the app's memos (data/setup.py)."""
    memos(app)["charts"] = CHARTS


def drawn_once(draw: Callable[..., Chart]) -> Callable[..., Chart]:
    """A chart of a standing's rows drawn once per standing: a memoised standing is one object
    from read to read, so a long session's chart is not drawn anew at every poll."""

    @functools.wraps(draw)
    def drawn(rows: Sequence[Any], *args: Any) -> Chart:
        key = (draw.__qualname__, id(rows), *args)
        found = CHARTS.get(key)
        if found is not None and found[0] is rows:
            return found[1]  # type: ignore[no-any-return]
        chart = draw(rows, *args)
        CHARTS.keep(key, (rows, chart))
        return chart

    return drawn


@dataclass(frozen=True)
class Marker:
    """A baazi won after deal `deal`, drawn at (x, y) in the winner's colour."""

    deal: int
    x: float
    y: float
    team: int
    count: int = 1  # the baazis this marker stands for, on a thinned chart
    last: int = 0  # the last of them, when more than one


def thinned(values: Sequence[float], limit: int = MAX_POINTS) -> list[int]:
    """The indices of `values` a line keeps: every one up to `limit`; beyond, the first, the last
    and each stretch's lowest and highest, in order, so no peak or trough is lost."""
    if len(values) <= limit:
        return list(range(len(values)))
    stretches, inner = (limit - 2) // 2, len(values) - 2
    keep = [0]
    for k in range(stretches):
        stretch = range(1 + k * inner // stretches, 1 + (k + 1) * inner // stretches)
        if stretch:
            low, high = min(stretch, key=values.__getitem__), max(stretch, key=values.__getitem__)
            keep.extend(sorted({low, high}))
    return [*keep, len(values) - 1]


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

    @property
    def dot_marks(self) -> Markup:
        """The dots as SVG circles: numbers only, joined here at once rather than escaped one by
        one in the template (a tenth of a 100-deal scoreboard's drawing)."""
        return Markup(
            "".join(
                f'<circle class="dot" cx="{x}" cy="{y}" r="2.5"></circle>' for x, y in self.dots
            )
        )


def signed_lead(lead: Lead) -> int:
    """The lead as one number: positive when team 0 leads."""
    return lead["points"] if lead["team"] == 0 else -lead["points"]


@drawn_once
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

    dots = tuple((x(i), y(values[i])) for i in thinned(values))
    baazis = [(i, row["baazi"]["winner"]) for i, row in enumerate(rows, start=1) if row["baazi"]]
    markers = tuple(
        Marker(deal, x(deal), y(scale if team == 0 else -scale), team, count, last)
        for deal, team, count, last in _gathered(baazis, len(values))
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


def polyline(values: Sequence[int], x: Callable[[int], float], y: Callable[[int], float]) -> str:
    """An SVG polyline's points: value i at (x(i), y(value)), thinned to MAX_POINTS."""
    return " ".join(f"{x(i)},{y(values[i])}" for i in thinned(values))


def _gathered(baazis: list[tuple[int, int]], points: int) -> list[tuple[int, int, int, int]]:
    """Each baazi (deal, winner) as (deal, winner, 1, deal); on a line of more than MAX_POINTS
    points, one per winner and stretch of the chart, as (first deal, winner, baazis, last deal)."""
    if points <= MAX_POINTS:
        return [(deal, team, 1, deal) for deal, team in baazis]
    slots: dict[tuple[int, int], tuple[int, int, int, int]] = {}
    for deal, team in baazis:
        key = (deal * MAX_MARKERS // points, team)
        first, _, count, _ = slots.get(key, (deal, team, 0, deal))
        slots[key] = (first, team, count + 1, deal)
    return sorted(slots.values())
