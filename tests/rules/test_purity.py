"""The rules engine knows no web: importing it loads no Flask, SQLAlchemy or WTForms (STYLE.md)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from .helpers import WEB, every_module_of, loaded_by

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "scorekeeper" / "rules"


def test_import_scorekeeper_rules_loads_no_web_framework() -> None:
    modules = loaded_by("import scorekeeper.rules")
    assert "scorekeeper.rules" in modules
    assert [name for name in WEB if name in modules] == []


ENGINE_ONLY = every_module_of("scorekeeper.rules")


def test_the_engine_and_all_its_modules_load_only_the_standard_library() -> None:
    modules = loaded_by(ENGINE_ONLY)
    assert "scorekeeper.rules.seep.score" in modules  # the walk did import the submodules
    assert [name for name in WEB if name in modules] == []
    foreign = [
        name
        for name in modules
        if name.split(".")[0] not in sys.stdlib_module_names and name.split(".")[0] != "scorekeeper"
    ]
    assert foreign == []


def python_files() -> list[Path]:
    return sorted(RULES.rglob("*.py"))


@pytest.mark.parametrize("path", python_files(), ids=lambda p: str(p.relative_to(RULES)))
def test_every_import_is_stdlib_or_inside_the_engine(path: Path) -> None:
    # `.` is the file's own package; each further dot climbs one package, and the
    # climb must stop at rules/: one dot in rules/, two in rules/seep/.
    highest = len(path.parent.relative_to(RULES).parts) + 1
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                assert alias.name.split(".")[0] in sys.stdlib_module_names, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                top = (node.module or "").split(".")[0]
                assert top == "__future__" or top in sys.stdlib_module_names, node.module
            else:
                assert node.level <= highest, f"from {'.' * node.level}{node.module or ''}"
