"""Reading the package's raise sites with `ast`: what a name passed as a key is set to."""

from __future__ import annotations

import ast


def assigned_to(tree: ast.Module, name: str) -> list[ast.expr]:
    """Every value the module assigns to `name` (a key kept in a variable before it is raised)."""
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == name for t in node.targets)
    ]
