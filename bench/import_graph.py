"""The package's import graph, read with `ast` (function-level imports too): its modules and
import edges, the imports that run up against the README's order of areas, the import cycles,
and the largest modules. `python -m bench.import_graph` prints them; the layering test reads
the same graph."""

from __future__ import annotations

import argparse
import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "scorekeeper"
# The README's "Where things are" rows that name a Python area: `scorekeeper/app.py`,
# `scorekeeper/api/` …; `rules/<game>/` is part of rules/, templates and static hold no Python.
AREA_ROW = re.compile(r"^\| `scorekeeper/(\w+)(?:\.py|/)` \|", re.M)
# Where the modules outside the table's areas sit: the package's own __init__ beside the app
# factory it loads, the migrations with the data whose schema they change (README, data/'s row).
AREA_OF_FOLDER = {"__init__": "app", "migrations": "data"}


@dataclass(frozen=True)
class Edge:
    """One module importing another, at a line of the importer."""

    importer: str
    imported: str
    line: int


def declared_order(readme: Path = ROOT / "README.md") -> list[str]:
    """The areas in the README's table, the highest first: each may import only those after it."""
    return AREA_ROW.findall(readme.read_text(encoding="utf-8"))


def modules(package: Path = ROOT / PACKAGE) -> dict[str, Path]:
    """Every module of the package by its dotted name (a package by its __init__'s)."""
    found = {}
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package.parent).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def area(module: str) -> str:
    """The area a module belongs to: its folder under the package, or the app for app.py."""
    parts = module.split(".")
    first = parts[1] if len(parts) > 1 else "__init__"
    return AREA_OF_FOLDER.get(first, first)


def imported_names(
    node: ast.Import | ast.ImportFrom, module: str, is_package: bool
) -> Iterator[str]:
    """The dotted names an import statement reaches for, relative ones made absolute."""
    if isinstance(node, ast.Import):
        yield from (alias.name for alias in node.names)
        return
    base = node.module or ""
    if node.level:
        here = module.split(".") if is_package else module.split(".")[:-1]
        here = here[: len(here) - node.level + 1]
        base = ".".join([*here, base] if base else here)
    for alias in node.names:
        yield f"{base}.{alias.name}"  # a submodule, or else a name in `base`


def edges(package: Path = ROOT / PACKAGE) -> list[Edge]:
    """Every import of one of the package's modules by another, each statement once a module."""
    known = modules(package)
    found: dict[tuple[str, str, int], Edge] = {}
    for name, path in known.items():
        is_package = path.name == "__init__.py"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Import | ast.ImportFrom):
                continue
            for dotted in imported_names(node, name, is_package):
                target = nearest_module(dotted, known)
                if target and target != name:
                    found.setdefault((name, target, node.lineno), Edge(name, target, node.lineno))
    return list(found.values())


def nearest_module(dotted: str, known: dict[str, Path]) -> str | None:
    """The longest prefix of `dotted` that is one of the package's modules."""
    parts = dotted.split(".")
    for end in range(len(parts), 0, -1):
        if (prefix := ".".join(parts[:end])) in known:
            return prefix
    return None


def upward(found: list[Edge], order: list[str]) -> list[Edge]:
    """The imports of an area above the importer's in the declared order (or of no area in it)."""
    rank = {name: n for n, name in enumerate(order)}
    missing = len(order)
    return [
        e
        for e in found
        if area(e.importer) != area(e.imported)
        and rank.get(area(e.imported), missing) <= rank.get(area(e.importer), missing)
    ]


def cycles(found: list[Edge]) -> list[list[str]]:
    """The import cycles: each strongly connected set of two modules or more (Tarjan's)."""
    graph: dict[str, set[str]] = {}
    for e in found:
        graph.setdefault(e.importer, set()).add(e.imported)
        graph.setdefault(e.imported, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                components.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(components)


def largest(package: Path = ROOT / PACKAGE, count: int = 10) -> list[tuple[int, str]]:
    """The `count` longest modules: (lines, path from the repository's root)."""
    sizes = [
        (len(path.read_text(encoding="utf-8").splitlines()), str(path.relative_to(package.parent)))
        for path in modules(package).values()
    ]
    return sorted(sizes, reverse=True)[:count]


def report(package: Path, readme: Path) -> None:
    """Print the figures: modules, edges, upward imports, cycles and the largest modules."""
    known, found, order = modules(package), edges(package), declared_order(readme)
    pairs = {(e.importer, e.imported) for e in found}
    print(f"areas, highest first (README): {' > '.join(order)}")
    print(f"modules: {len(known)}")
    print(f"import statements between them: {len(found)}; module pairs: {len(pairs)}")
    up = sorted(upward(found, order), key=lambda e: (e.importer, e.line))
    print(f"imports running upward: {len(up)}")
    for e in up:
        print(f"  {e.importer}:{e.line} ({area(e.importer)}) -> {e.imported} ({area(e.imported)})")
    loops = cycles(found)
    print(f"import cycles: {len(loops)}")
    for loop in loops:
        print(f"  {len(loop)} modules: {', '.join(loop)}")
    print("largest modules:")
    for lines, path in largest(package):
        print(f"  {lines:6,} {path}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--package", type=Path, default=ROOT / PACKAGE)
    parser.add_argument("--readme", type=Path, default=ROOT / "README.md")
    arguments = parser.parse_args()
    report(arguments.package, arguments.readme)


if __name__ == "__main__":
    main()
