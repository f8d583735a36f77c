"""axe-core on every page type, light and dark, at 360 and 1280 px: no serious or critical
violation of the WCAG 2.2 A and AA rules.

One club with a session per game (tests/browser/helpers/every_page.py) and two phones, the
scorer's and a watcher's; every page is opened in turn with its folds open, and a failure lists
each violation (page, rule, element, what is wrong), also kept in test-artifacts/axe-*.txt.
To re-run it alone: `pytest tests/browser/test_accessibility.py`; `-k dark-360` for one
scheme and size."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

from .helpers import every_page
from .helpers.artifacts import artifact
from .helpers.every_page import settled
from .helpers.phones import PHONE, Phones

pytestmark = pytest.mark.browser

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
OPTIONS = {"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]}
SERIOUS = {"serious", "critical"}
SIZES = {
    "360": {"viewport": PHONE, "has_touch": True},
    "1280": {"viewport": {"width": 1280, "height": 800}, "has_touch": False},
}
AXE = Axe()


def violations(page: Page, name: str) -> list[dict[str, Any]]:
    """The serious and critical violations on the page, one entry per element."""
    found = AXE.run(page, options=OPTIONS).response["violations"]
    return [
        {
            "page": name,
            "rule": rule["id"],
            "impact": rule["impact"],
            "target": " ".join(map(str, node["target"])),
            "summary": node["failureSummary"].replace("\n", " "),
        }
        for rule in found
        if rule["impact"] in SERIOUS
        for node in rule["nodes"]
    ]


def report(found: list[dict[str, Any]]) -> str:
    """Each violation on a line, then the count per rule and page."""
    lines = [
        f"{v['page']}: {v['rule']} ({v['impact']}) {v['target']} — {v['summary']}" for v in found
    ]
    counts = Counter((v["rule"], v["page"]) for v in found)
    lines += [f"{rule} × {n} on {page}" for (rule, page), n in sorted(counts.items())]
    return "\n".join(lines)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_page_passes_axe(live_server: str, phones: Phones, scheme: str, size: str) -> None:
    scorer = phones(color_scheme=scheme, base_url=live_server, **SIZES[size])
    watcher = phones(color_scheme=scheme, base_url=live_server, **SIZES[size])
    visits = every_page.club(scorer, live_server)
    found: list[dict[str, Any]] = []
    for visit in visits:
        page = scorer if visit.scorer else watcher
        settled(page, visit)
        found += violations(page, visit.name)
    written = report(found)
    artifact(f"axe-{scheme}-{size}.txt").write_text(written + "\n")
    assert found == [], f"{len(found)} violations on {len(visits)} pages:\n" + written
