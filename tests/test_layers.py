"""The layers hold: each area of the package imports only the areas below it in the README's
table "Where things are" (function-level imports too), the data floor reads no HTTP, and no test
module imports another: what tests share lives in tests/helpers/ and the conftest files."""

from __future__ import annotations

import ast
from pathlib import Path

from bench.import_graph import (
    ROOT,
    area,
    declared_order,
    edges,
    imported_names,
    modules,
    nearest_module,
    upward,
)

# The imports that still run up the table: none any more. Issue 35 took out the last (data/'s
# refusals, now said as data and written by words/refusals.py); the test keeps them gone.
UPWARD: set[tuple[str, str]] = set()
# What only the web floor reads: the request and what answers it.
HTTP = {"flask.request", "flask.session", "flask.make_response", "flask.abort", "werkzeug"}
BELOW_THE_WEB = ("data", "rules")
READS_HTTP: set[tuple[str, str]] = set()  # none any more: the web floor reads the headers
TESTS = ROOT / "tests"


def test_the_readme_s_table_names_every_area_of_the_package() -> None:
    order = declared_order()
    assert order[0] == "app" and order[-1] == "rules", order
    assert sorted({area(name) for name in modules()} - set(order)) == []


def test_each_area_imports_only_the_areas_below_it_in_the_readme() -> None:
    found = {(e.importer, e.imported) for e in upward(edges(), declared_order())}
    assert sorted(found - UPWARD) == [], "an import runs up the README's table"
    assert sorted(UPWARD - found) == [], "gone at last: delete these from UPWARD"


def test_below_the_web_nothing_reads_http() -> None:
    found = {
        (name, dotted)
        for name, path in modules().items()
        if area(name) in BELOW_THE_WEB
        for dotted in external_imports(path)
        if any(dotted == h or dotted.startswith(h + ".") for h in HTTP)
    }
    assert sorted(found - READS_HTTP) == [], "only the web floor reads the request"
    assert sorted(READS_HTTP - found) == [], "gone at last: delete these from READS_HTTP"


def test_no_test_module_imports_another() -> None:
    known = modules(TESTS)
    found = [
        f"{path.relative_to(ROOT)}:{node.lineno} imports {target}"
        for name, path in known.items()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Import | ast.ImportFrom)
        for dotted in imported_names(node, name, path.name == "__init__.py")
        if (target := nearest_module(dotted, known))
        and target.rsplit(".", 1)[-1].startswith("test_")
    ]
    assert found == [], "move what they share to tests/helpers/ (a fixture to conftest.py)"


def external_imports(path: Path) -> set[str]:
    """The dotted names a module imports from outside its package, each name in full."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            found |= {f"{node.module}.{alias.name}" for alias in node.names}
    return found
