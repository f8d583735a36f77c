"""The scoreboards' charts stay bounded on a long session: a line keeps every point up to
MAX_POINTS and, beyond, its extremes; Seep's baazi markers are gathered; a short session's chart
is drawn point for point as before."""

from __future__ import annotations

import random
from typing import Any

import pytest

from scorekeeper.sessions.charts import MAX_MARKERS, MAX_POINTS, lead_chart, thinned
from scorekeeper.sessions.games.casino.scoreboard import scores_chart


def seep_rows(count: int, seed: int = 3) -> list[Any]:
    """`count` rows of a Seep standing: a running lead that wanders, a baazi every 7th deal."""
    rng, rows, lead = random.Random(seed), [], 0
    for n in range(1, count + 1):
        lead = max(-99, min(99, lead + rng.randint(-30, 30)))
        baazi = {"winner": n % 2, "reason": "lead"} if n % 7 == 0 else None
        team = None if lead == 0 else (0 if lead > 0 else 1)
        rows.append({"lead": {"team": team, "points": abs(lead)}, "baazi": baazi})
    return rows


def test_a_short_line_keeps_every_point() -> None:
    assert thinned(list(range(MAX_POINTS))) == list(range(MAX_POINTS))


def test_a_long_line_keeps_its_ends_and_extremes_in_order() -> None:
    rng = random.Random(5)
    values = [rng.randint(-500, 500) for _ in range(5000)]
    kept = thinned(values)
    assert len(kept) <= MAX_POINTS
    assert kept == sorted(set(kept)) and kept[0] == 0 and kept[-1] == len(values) - 1
    assert values.index(max(values)) in kept and values.index(min(values)) in kept


@pytest.mark.parametrize("deals", [1, 12, MAX_POINTS - 1])
def test_a_short_sessions_lead_chart_has_a_dot_and_marker_per_deal(deals: int) -> None:
    rows = seep_rows(deals)
    chart = lead_chart(rows, 100)
    assert chart
    assert len(chart.dots) == deals + 1 == len(chart.points.split())
    assert [m.deal for m in chart.markers] == [n for n in range(1, deals + 1) if n % 7 == 0]
    assert all(m.count == 1 for m in chart.markers)


def test_a_long_sessions_lead_chart_is_bounded_and_counts_every_baazi() -> None:
    rows = seep_rows(2000)
    chart = lead_chart(rows, 100)
    assert chart
    assert len(chart.dots) <= MAX_POINTS and len(chart.points.split()) <= MAX_POINTS
    assert len(chart.markers) <= 2 * MAX_MARKERS  # a marker per winner and stretch, at most
    assert sum(m.count for m in chart.markers) == 2000 // 7  # each baazi in one marker
    for marker in chart.markers:
        assert (
            marker.deal <= marker.last and rows[marker.deal - 1]["baazi"]["winner"] == marker.team
        )


def test_a_long_casino_chart_is_bounded() -> None:
    rows = [{"scores": [n // 2, n // 3, n // 5]} for n in range(1, 1500)]
    chart = scores_chart(rows, 3)
    assert chart
    assert all(len(line.split()) <= MAX_POINTS for line in chart["lines"])
    short = scores_chart(rows[:30], 3)
    assert short and all(len(line.split()) == 31 for line in short["lines"])
