"""No hand-made English plurals: a count's words go through words.js's `plural` in the pages'
script and through ngettext in Python and the templates, so "1 play" is never "1 plays" and
every language can have its own forms.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import scorekeeper

ROOT = Path(scorekeeper.__file__).parent.parent
SCRIPTS = sorted((ROOT / "scorekeeper" / "static" / "js").glob("*.js"))
TEMPLATES = sorted((ROOT / "scorekeeper" / "templates").rglob("*.html"))
PYTHON = sorted((ROOT / "scorekeeper").rglob("*.py"))

# A ternary on a count of one whose two branches are plain strings: `n === 1 ? "" : "s"`,
# `n === 1 ? "point" : "points"`, `n > 1 ? "s" : ""`.
JS_PLURAL = re.compile(r"""[=!<>]=?=?\s*[12]\s*\?\s*(["'])[^"'$]*\1\s*:\s*(["'])[^"'$]*\2""")
# Jinja's `{{ 's' if n != 1 }}` and Python's `'s' if n != 1 else ''`, `'' if n == 1 else 's'`.
PY_PLURAL = re.compile(r"""(["'])s?\1\s+if\s+[^:\n]*[!=]=\s*1\b""")

# Scripts the Fifty-six and Casino helpers of issue 21 rewrite on their own branches: the lead
# empties this once their branches are merged.


def found(pattern: re.Pattern[str], path: Path) -> list[str]:
    """The lines of `path` that `pattern` finds, with their numbers."""
    text = path.read_text(encoding="utf-8")
    return [
        f"{path.name}:{n}: {line.strip()}"
        for n, line in enumerate(text.splitlines(), 1)
        if pattern.search(line)
    ]


def test_the_pattern_finds_the_plurals_it_is_for() -> None:
    for line in (
        '`${n} play${n === 1 ? "" : "s"}`',
        '`${n} card${n > 1 ? "s" : ""}`',
        '`${p} ${p === 1 ? "point" : "points"}`',
    ):
        assert JS_PLURAL.search(line), line
    assert not JS_PLURAL.search('plural(n, { one: "{n} play", other: "{n} plays" })')
    assert not JS_PLURAL.search('copies === 1 ? "twice" : `more than ${copies} times`')
    for line in ("deal{{ 's' if n != 1 }}", "f\"{n} card{'' if n == 1 else 's'}\""):
        assert PY_PLURAL.search(line), line


@pytest.mark.parametrize("script", SCRIPTS, ids=str)
def test_scripts_make_no_plurals_by_hand(script: Path) -> None:
    assert found(JS_PLURAL, script) == []


def test_templates_and_python_make_no_plurals_by_hand() -> None:
    assert [line for path in (*TEMPLATES, *PYTHON) for line in found(PY_PLURAL, path)] == []
