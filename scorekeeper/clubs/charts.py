"""The players' pages' charts, drawn on the server as inline SVG: win rate over time, points
per deal, ratings over time."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

WIDTH, HEIGHT, PAD = 320, 140, 14
MAX_DOTS = 40  # beyond, the dots would merge into the line
BARS = 12  # at most, so that each bar stays wide enough to see at 360 px


@dataclass(frozen=True)
class FormChart:
    """The win rate after each finished session: a line from 0 % (bottom) to 100 % (top)."""

    width: int
    height: int
    points: str
    half: float
    dots: tuple[tuple[float, float], ...]  # each session's point, while few enough to see


@dataclass(frozen=True)
class Bar:
    """Deals whose points fell from `low` to `high`: `count` of them, drawn at x with height h."""

    low: int
    high: int
    count: int
    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class Histogram:
    """Points per deal in up to BARS ranges."""

    width: int
    height: int
    bars: tuple[Bar, ...]
    low: int
    high: int


def form_chart(form: Sequence[Mapping[str, Any]]) -> FormChart | None:
    """The win rate after each session that had a result, oldest first."""
    rates = [entry["win_rate"] for entry in form if entry["result"] is not None]
    if not rates:
        return None
    step = (WIDTH - 2 * PAD) / max(len(rates) - 1, 1)

    def y(rate: float) -> float:
        return round(HEIGHT - PAD - rate * (HEIGHT - 2 * PAD), 1)

    spots = tuple((round(PAD + i * step, 1), y(rate)) for i, rate in enumerate(rates))
    points = " ".join(f"{x},{y}" for x, y in spots)
    return FormChart(WIDTH, HEIGHT, points, y(0.5), spots if len(spots) <= MAX_DOTS else ())


def histogram(deal_points: Mapping[str, int]) -> Histogram | None:
    """How many deals scored how many points, in ranges of equal width."""
    if not deal_points:
        return None
    counts = {int(points): n for points, n in deal_points.items()}
    low, high = min(counts), max(counts)
    width = -(-(high - low + 1) // BARS)  # ceiling: at most BARS ranges
    bins = [0] * (-(-(high - low + 1) // width))
    for points, n in counts.items():
        bins[(points - low) // width] += n
    tallest, slot = max(bins), (WIDTH - 2 * PAD) / len(bins)
    bars = tuple(
        Bar(
            low + i * width,
            low + (i + 1) * width - 1,
            n,
            round(PAD + i * slot + 1, 1),
            round(HEIGHT - PAD - n * (HEIGHT - 2 * PAD) / tallest, 1),
            round(slot - 2, 1),
            round(n * (HEIGHT - 2 * PAD) / tallest, 1),
        )
        for i, n in enumerate(bins)
    )
    return Histogram(WIDTH, HEIGHT, bars, low, high)


SPARK_WIDTH, SPARK_HEIGHT, SPARK_PAD = 96, 28, 3
SPARK_POINTS = 48  # at most: more would not show at 96 px, and would only weigh the page


@dataclass(frozen=True)
class RatingLine:
    """A player's conservative rating after each of their games, oldest first, as a small
    line; every player of a game on one scale, so that the lines compare."""

    width: int
    height: int
    points: str
    zero: float | None  # where a rating of 0 is, when it is within the scale
    first: float
    last: float
    games: int


def rating_lines(histories: Mapping[Any, Sequence[float]]) -> dict[Any, RatingLine]:
    """Each one's rating over time (by key), drawn on the scale of them all."""
    values = [value for history in histories.values() for value in history]
    if not values:
        return {}
    low, high = min(values), max(values)
    span = (high - low) or 1.0
    inner = SPARK_HEIGHT - 2 * SPARK_PAD

    def y(value: float) -> float:
        return round(SPARK_HEIGHT - SPARK_PAD - (value - low) / span * inner, 1)

    lines = {}
    for key, history in histories.items():
        if not history:
            continue
        # One game: a level line, so that there is something to see.
        shown = _thinned(history) if len(history) > 1 else [history[0], history[0]]
        step = (SPARK_WIDTH - 2 * SPARK_PAD) / (len(shown) - 1)
        points = " ".join(f"{round(SPARK_PAD + i * step, 1)},{y(v)}" for i, v in enumerate(shown))
        zero = y(0.0) if low <= 0 <= high else None
        lines[key] = RatingLine(
            SPARK_WIDTH, SPARK_HEIGHT, points, zero, history[0], history[-1], len(history)
        )
    return lines


def _thinned(values: Sequence[float]) -> list[float]:
    """At most SPARK_POINTS of the values, evenly spread, the first and the last kept."""
    if len(values) <= SPARK_POINTS:
        return list(values)
    last = len(values) - 1
    return [values[round(i * last / (SPARK_POINTS - 1))] for i in range(SPARK_POINTS)]
